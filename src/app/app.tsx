import { useEffect, useState, type ReactNode } from 'react';
import { DialogsProvider } from '@/components/dialogs';
import { ToastProvider } from '@/components/toast';
import { SessionProvider } from '@/data/session';
import { ColorModeProvider, ColorModeSync } from './color-mode';
import { DEBUG_MODE } from '@/config/env';
import { ConsentHost, DebugPanel, PwaPrompts } from './lazy-screens';
import { PaymentOffersProvider } from './payment-offers-provider';
import { AppRouter } from './router';

/** Renders its children once the first frame is painted, so they never hold up the landing page. */
function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted ? children : null;
}

export function App() {
  return (
    <ColorModeProvider>
      <ToastProvider>
        <DialogsProvider>
          <SessionProvider>
            <ColorModeSync />
            <PaymentOffersProvider>
              <AppRouter />
            </PaymentOffersProvider>
            <AfterFirstPaint>
              <PwaPrompts />
              <ConsentHost />
              {DEBUG_MODE && <DebugPanel />}
            </AfterFirstPaint>
          </SessionProvider>
        </DialogsProvider>
      </ToastProvider>
    </ColorModeProvider>
  );
}
