import { DialogsProvider } from '@/components/dialogs';
import { ToastProvider } from '@/components/toast';
import { SessionProvider } from '@/data/session';
import { ColorModeProvider } from './color-mode';
import { AppRouter } from './router';

export function App() {
  return (
    <ColorModeProvider>
      <ToastProvider>
        <DialogsProvider>
          <SessionProvider>
            <AppRouter />
          </SessionProvider>
        </DialogsProvider>
      </ToastProvider>
    </ColorModeProvider>
  );
}
