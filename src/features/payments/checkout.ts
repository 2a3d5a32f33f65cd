/**
 * Starting a checkout: the server opens a session at the payment provider for the signed-in member,
 * at its own price, and the browser goes to the provider's page. The purchase is remembered in this
 * tab so its analytics event is sent once the member is back from paying.
 */
import { call } from '@/data/callables';
import { pointsPurchased } from '@/domain/analytics';
import { DONATION_PRODUCT, isAppPath, PAYMENT_MESSAGES, TOKENS_PRODUCT } from '@/domain/payments';
import { checkoutAmount, type SubscriptionPlan, type TokenPack } from '@/domain/plans';
import { track } from '@/lib/analytics';
import { storageKeys } from '@/lib/storage';

export type Purchase =
  | { type: 'one-time'; pack: TokenPack }
  | { type: 'subscription'; plan: SubscriptionPlan }
  | { type: 'donation'; amount: number };

interface PendingCheckout {
  sessionId: string;
  purchase: Purchase;
  /** The member's tokens when they left: the return knows a pack arrived once the balance passes it. */
  pointsBefore?: number;
}

/** What the member left to buy, as the return reads it (the analytics event is sent by then). */
export interface ReturnedPurchase {
  purchase: Purchase;
  pointsBefore?: number;
}

/** The page the checkout comes back to: this one, when it is a plain path of the app. */
export function checkoutReturnPath(pathname: string = window.location.pathname): string {
  return isAppPath(pathname) ? pathname : '/';
}

/**
 * Opens the checkout and leaves for its page. Without a signed-in member nothing happens but the
 * specification's log line; a refusal from the server is thrown for the dialog to show.
 */
export async function startCheckout(
  uid: string | undefined,
  purchase: Purchase,
  go: (url: string) => void = (url) => window.location.assign(url),
  pointsBefore?: number,
): Promise<void> {
  if (!uid) {
    console.log(PAYMENT_MESSAGES.notAuthenticated);
    return;
  }
  const target = {
    redirectUrl: window.location.origin,
    clientReferenceId: uid,
    returnPath: checkoutReturnPath(),
  };
  const session =
    purchase.type === 'subscription'
      ? await call('createSubscribeCheckoutSession', { product: purchase.plan.product, ...target })
      : await call(
          'createCheckoutSession',
          purchase.type === 'one-time'
            ? { product: TOKENS_PRODUCT, amount: checkoutAmount(purchase.pack), ...target }
            : { product: DONATION_PRODUCT, amount: purchase.amount, ...target },
        );
  const pending: PendingCheckout = {
    sessionId: session.sessionId,
    purchase,
    ...(pointsBefore === undefined ? {} : { pointsBefore }),
  };
  sessionStorage.setItem(storageKeys.pendingCheckout, JSON.stringify(pending));
  go(session.url);
}

function readPending(): PendingCheckout | null {
  const stored = sessionStorage.getItem(storageKeys.pendingCheckout);
  if (!stored) return null;
  try {
    const pending = JSON.parse(stored) as PendingCheckout;
    return typeof pending.sessionId === 'string' && pending.purchase ? pending : null;
  } catch {
    return null;
  }
}

/**
 * Back from a paid checkout: its purchase's analytics event, once, if this tab started it; the
 * purchase is returned, so the return can say what arrived.
 */
export function trackReturnedPurchase(sessionId: string): ReturnedPurchase | null {
  const pending = readPending();
  if (!pending || pending.sessionId !== sessionId) return null;
  sessionStorage.removeItem(storageKeys.pendingCheckout);
  const { purchase } = pending;
  if (purchase.type === 'subscription')
    track({
      name: 'subscription started',
      params: { plan: purchase.plan.label, product: purchase.plan.product },
    });
  if (purchase.type === 'one-time') track(pointsPurchased(checkoutAmount(purchase.pack)));
  return { purchase, ...(pending.pointsBefore === undefined ? {} : { pointsBefore: pending.pointsBefore }) };
}
