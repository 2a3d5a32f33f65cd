/**
 * The card payment provider behind the checkout callables and the webhook: Stripe Checkout on
 * Firebase, the local server's test checkout page offline. Both sign their webhooks as Stripe does,
 * so one handler verifies and fulfils either.
 */
import type { CheckoutOrder } from '../../../src/domain/payments';

/**
 * The Stripe API version the webhook reads events in (renewals are read from `invoice.parent`, which
 * older versions do not have): the client asks for it, and the webhook endpoint must be made with it.
 * It is the installed SDK's, so the SDK's types describe what arrives.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive';

/** A checkout to open: the order at the server's price, for whom, and where the member comes back to. */
export interface CheckoutRequest {
  order: CheckoutOrder;
  uid: string;
  email: string | null;
  /** Stripe replaces `{CHECKOUT_SESSION_ID}` in it with the session's id. */
  successUrl: string;
  cancelUrl: string;
  /** Copied onto the session (and a subscription), so each event names its member and product. */
  metadata: Record<string, string>;
}

/** A visit to the provider's portal, where a member manages one subscription. */
export interface PortalRequest {
  /** The customer the subscription's events named; a subscription from before they were kept has none, and the provider finds it. */
  customerId?: string;
  subscriptionId: string;
  /** Where the portal's way back leads: a page of the app. */
  returnUrl: string;
}

export interface PaymentProvider {
  /** Opens a session at the provider; the member pays on its hosted page at `url`. */
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /**
   * Opens the provider's portal for a customer (Stripe's Customer Portal): cancel at the period's end,
   * resume, or pay with another card. What the member does there reaches the webhook as events.
   */
  createPortal(request: PortalRequest): Promise<{ url: string }>;
  /** Ends a subscription at once (its member deleted their account); the provider then sends its event. */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /**
   * What a payment (its PaymentIntent) paid for, asked when it is refunded or disputed: a checkout's
   * session, or a subscription's invoice for a period; undefined when it is not this app's.
   */
  paymentOf(paymentIntentId: string): Promise<PaidFor | undefined>;
  /** The secret the provider signs its webhooks with. */
  readonly webhookSecret: string;
  /** The app's origins, the only addresses a checkout returns to. */
  readonly returnOrigins: readonly string[];
}

export type PaidFor =
  | { kind: 'checkout'; sessionId: string }
  | { kind: 'invoice'; subscriptionId: string; period: { start: Date; end: Date } };

/** The metadata every checkout carries, read back from the provider's events. */
export interface CheckoutMetadata {
  uid: string;
  product: string;
  amount?: string;
}

export function checkoutMetadata(uid: string, order: CheckoutOrder): Record<string, string> {
  return {
    uid,
    product: order.product,
    ...(order.amount === undefined ? {} : { amount: String(order.amount) }),
  };
}
