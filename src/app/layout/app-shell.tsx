/**
 * The frame around every page: header (not on /rate), drawer, footer for visitors, tab bar for
 * members with a complete profile, the auth dialog, and an error boundary per route.
 */
import { Box, Button, Container, Typography } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { ErrorBoundary } from '@/components/error-boundary';
import { usePaymentOffers } from '@/components/payment-offers';
import { useToast } from '@/components/toast';
import { useSession } from '@/data/session';
import { INIT_FAILURE_TOAST_MS } from '@/domain/constants';
import { errorToast, USER_INIT_FAILURE_MESSAGE } from '@/domain/errors';
import {
  readCheckoutReturn,
  withoutCheckoutParams,
  type CheckoutReturn as CheckoutReturnAddress,
} from '@/domain/checkout-return';
import type { AuthView } from '@/features/accounts/auth-views';
import { onFeedbackRequest } from '@/lib/feedback';
import {
  AuthDialog,
  BottomTabs,
  CheckoutReturn,
  FeedbackDialog,
  Footer,
  LoginStreak,
  NavDrawer,
} from '../lazy-screens';
import { UNDER_TAB_BAR_HEIGHT } from '@/lib/bottom-bars';
import { SCREEN_SNAPSHOT_ID } from '@/lib/screen-marks';
import { AtIdle } from './at-idle';
import { Header } from './header';

export interface ShellOutletContext {
  openAuth: (view: AuthView) => void;
}

function InitErrorScreen({ onRetry }: { onRetry: () => void }) {
  return (
    <Container maxWidth="sm" sx={{ py: 8, textAlign: 'center' }} role="alert">
      <Typography variant="h6" gutterBottom>
        {USER_INIT_FAILURE_MESSAGE}
      </Typography>
      <Button variant="contained" onClick={onRetry}>
        Retry
      </Button>
    </Container>
  );
}

export function AppShell() {
  const session = useSession();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const { openDonation } = usePaymentOffers();
  // Kept after the address loses the checkout's parameters: the return watches for what arrives.
  // Each return is taken once (by its address), so closing it is final even before the address changes.
  const fromAddress = readCheckoutReturn(search);
  const addressKey = fromAddress ? JSON.stringify(fromAddress) : '';
  const [kept, setKept] = useState<{ key: string; value: CheckoutReturnAddress | null }>({
    key: '',
    value: null,
  });
  if (fromAddress && addressKey !== kept.key) setKept({ key: addressKey, value: fromAddress });
  const checkoutReturn = kept.value;
  const returnedHere = fromAddress !== null;
  useEffect(() => {
    if (returnedHere) navigate({ pathname, search: withoutCheckoutParams(search), hash }, { replace: true });
  }, [returnedHere, navigate, pathname, search, hash]);
  const forgetCheckout = useCallback(() => setKept((last) => ({ key: last.key, value: null })), [setKept]);
  const [menuOpen, setMenuOpen] = useState(false);
  // Mounted from the first opening on, so it can slide out as well as in.
  const [menuUsed, setMenuUsed] = useState(false);
  // Stable, so the header is not drawn again each time the session moves on at boot.
  const openMenu = useCallback(() => {
    setMenuUsed(true);
    setMenuOpen(true);
  }, []);
  const [authView, setAuthView] = useState<AuthView | null>(null);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const closeFeedback = useCallback(() => setFeedbackOpen(false), []);
  useEffect(() => onFeedbackRequest(() => setFeedbackOpen(true)), []);
  const toasted = useRef<Error | null>(null);
  // A kept screen's copy drawn before the app goes at once over any other screen (an error, a form).
  const main = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!document.getElementById(SCREEN_SNAPSHOT_ID)) return;
    let stop: (() => void) | undefined;
    let active = true;
    void import('@/lib/screen-snapshot').then(({ dropOverOtherScreens }) => {
      if (active) stop = dropOverOtherScreens(main.current);
    });
    return () => {
      active = false;
      stop?.();
    };
  }, []);

  useEffect(() => {
    if (session.initError && toasted.current !== session.initError) {
      toasted.current = session.initError;
      toast({ message: USER_INIT_FAILURE_MESSAGE, severity: 'error', duration: INIT_FAILURE_TOAST_MS });
    }
  }, [session.initError, toast]);

  const user = session.user ?? null;
  const context: ShellOutletContext = { openAuth: setAuthView };
  return (
    // The cookie banner and the offline notice stay over the page's end: it keeps their height free.
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', pb: UNDER_TAB_BAR_HEIGHT }}>
      {!pathname.startsWith('/rate') && <Header user={user} onOpenMenu={openMenu} />}
      {user?.complete && (
        // Today's visit is counted after the screen is drawn: its time zone alone is a long moment.
        <AtIdle>
          <LoginStreak uid={user.uid} />
        </AtIdle>
      )}
      {menuUsed && (
        <NavDrawer
          open={menuOpen}
          onClose={() => setMenuOpen(false)}
          signedIn={Boolean(session.member)}
          onSignOut={() =>
            session.signOut().catch((error: unknown) =>
              toast({
                message: error instanceof Error ? error.message : String(error),
                ...errorToast('high'),
              }),
            )
          }
          onDonate={openDonation}
        />
      )}
      <Box component="main" ref={main} sx={{ flexGrow: 1 }}>
        {session.initError ? (
          <InitErrorScreen onRetry={session.retry} />
        ) : (
          <ErrorBoundary resetKey={pathname}>
            <Outlet context={context} />
          </ErrorBoundary>
        )}
      </Box>
      {session.member === null && <Footer />}
      {user?.complete && <BottomTabs />}
      {feedbackOpen && session.member && <FeedbackDialog onClose={closeFeedback} />}
      {authView && <AuthDialog view={authView} onViewChange={setAuthView} />}
      {checkoutReturn && <CheckoutReturn returned={checkoutReturn} user={user} onClose={forgetCheckout} />}
    </Box>
  );
}
