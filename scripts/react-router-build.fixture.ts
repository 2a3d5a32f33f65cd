// A module importing the router as the app does: through react-router-dom and react-router.
export { createBrowserRouter } from 'react-router-dom';
export { useLocation } from 'react-router';
