/**
 * The address the app comes back to from a checkout (spec 2, section 2): paid, `success`, `bought`
 * (what kind of thing), `subscribed` and `session_id`; left without paying, `checkout=cancelled`.
 * Read by the app shell on every load, so it stays free of the schemas.
 */
export type CheckoutBought = 'tokens' | 'subscription' | 'donation';

export type CheckoutReturn =
  | { kind: 'paid'; sessionId: string; subscribed: boolean; bought: CheckoutBought | null }
  | { kind: 'cancelled' };

export const CHECKOUT_RETURN_PARAMS = ['success', 'subscribed', 'session_id', 'bought', 'checkout'] as const;

const BOUGHT: readonly string[] = ['tokens', 'subscription', 'donation'] satisfies CheckoutBought[];
const isBought = (value: string | null): value is CheckoutBought => value !== null && BOUGHT.includes(value);

/** A checkout's return, paid or cancelled, read from the address; null for any other address. */
export function readCheckoutReturn(search: string): CheckoutReturn | null {
  const params = new URLSearchParams(search);
  if (params.get('checkout') === 'cancelled') return { kind: 'cancelled' };
  const sessionId = params.get('session_id');
  if (params.get('success') !== 'true' || !sessionId || !/^[A-Za-z0-9_]{1,200}$/.test(sessionId)) return null;
  const subscribed = params.get('subscribed') === 'true';
  const bought = params.get('bought');
  return {
    kind: 'paid',
    sessionId,
    subscribed,
    bought: isBought(bought) ? bought : subscribed ? 'subscription' : null,
  };
}

/** The search string without the checkout's parameters. */
export function withoutCheckoutParams(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of CHECKOUT_RETURN_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
