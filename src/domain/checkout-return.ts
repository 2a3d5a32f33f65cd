/**
 * The address the app comes back to from a paid checkout (spec 2, section 2): `success`, `subscribed`
 * and `session_id`. Read by the app shell on every load, so it stays free of the schemas.
 */
export interface CheckoutReturn {
  sessionId: string;
  subscribed: boolean;
}

export const CHECKOUT_RETURN_PARAMS = ['success', 'subscribed', 'session_id'] as const;

/** A paid checkout's return, read from the address; null for any other address. */
export function readCheckoutReturn(search: string): CheckoutReturn | null {
  const params = new URLSearchParams(search);
  const sessionId = params.get('session_id');
  if (params.get('success') !== 'true' || !sessionId || !/^[A-Za-z0-9_]{1,200}$/.test(sessionId)) return null;
  return { sessionId, subscribed: params.get('subscribed') === 'true' };
}

/** The search string without the checkout's parameters. */
export function withoutCheckoutParams(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of CHECKOUT_RETURN_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
