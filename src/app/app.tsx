import { DialogsProvider } from '@/components/dialogs';
import { ToastProvider } from '@/components/toast';
import { SessionProvider } from '@/data/session';
import { ColorModeProvider } from './color-mode';
import { PaymentOffersProvider } from './payment-offers-provider';
import { AppRouter } from './router';

export function App() {
  return (
    <ColorModeProvider>
      <ToastProvider>
        <DialogsProvider>
          <SessionProvider>
            <PaymentOffersProvider>
              <AppRouter />
            </PaymentOffersProvider>
          </SessionProvider>
        </DialogsProvider>
      </ToastProvider>
    </ColorModeProvider>
  );
}
