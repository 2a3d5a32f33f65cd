import { useEffect, useState, type ReactNode } from 'react';
import { DialogsProvider } from '@/components/dialogs';
import { ToastProvider } from '@/components/toast';
import { SessionProvider, useSession } from '@/data/session';
import { afterNextPaint } from '@/lib/after-paint';
import { ColorModeProvider, ColorModeSync } from './color-mode';
import { DEBUG_MODE } from '@/config/env';
import { ConsentHost, DebugPanel, PwaPrompts } from './lazy-screens';
import { PaymentOffersProvider } from './payment-offers-provider';
import { AppRouter } from './router';

/** How long the PWA prompts and the consent host wait at most for the first screen. */
export const FIRST_SCREEN_LIMIT_MS = 5000;

/**
 * Renders its children once the first screen is painted: a visitor's first frame, a member's first
 * frame with their record (or its failure), so they never hold up the landing page or a member's
 * screen, whose code and first read go first.
 */
function AfterFirstScreen({ children }: { children: ReactNode }) {
  const { member, user, initError } = useSession();
  const [waitedEnough, setWaitedEnough] = useState(false);
  // A start that never finishes (Auth or the record without an answer) still gets the service worker
  // and its update prompt, which may bring the fix.
  useEffect(() => {
    const timer = setTimeout(() => setWaitedEnough(true), FIRST_SCREEN_LIMIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const drawn = member === null || user !== undefined || initError !== null || waitedEnough;
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (drawn && !painted) return afterNextPaint(() => setPainted(true));
  }, [drawn, painted]);
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
            <AfterFirstScreen>
              <PwaPrompts />
              <ConsentHost />
              {DEBUG_MODE && <DebugPanel />}
            </AfterFirstScreen>
          </SessionProvider>
        </DialogsProvider>
      </ToastProvider>
    </ColorModeProvider>
  );
}
