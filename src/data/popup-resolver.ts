/** Loaded when a member opens a Google or Facebook popup, not before. */
export { browserPopupRedirectResolver } from 'firebase/auth';
