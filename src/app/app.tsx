import { RouterProvider } from 'react-router-dom';
import { DialogsProvider } from '@/components/dialogs';
import { ToastProvider } from '@/components/toast';
import { SessionProvider } from '@/data/session';
import { ColorModeProvider } from './color-mode';
import { router } from './router';

export function App() {
  return (
    <ColorModeProvider>
      <ToastProvider>
        <DialogsProvider>
          <SessionProvider>
            <RouterProvider router={router} />
          </SessionProvider>
        </DialogsProvider>
      </ToastProvider>
    </ColorModeProvider>
  );
}
