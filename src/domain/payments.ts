/**
 * Buying tokens, Premium and coffees (spec 2, sections 3, 4, 5, 7 and 9): what the two checkout
 * callables take, the order the server makes of it at its own prices, and what a member's billing
 * record says. The client's amount only names a pack; the price is always the catalogue's.
 */
import * as yup from 'yup';
import {
  DEFAULT_CHECKOUT_AMOUNT,
  DONATION_MAX,
  DONATION_MIN,
  packForAmount,
  PLAN_PRODUCTS,
  planFor,
  toCents,
  type PlanProduct,
} from './plans';

export const PAYMENT_MESSAGES = {
  /** The toast on return from a paid checkout. */
  processing: 'Your payment is being processed. Your account will be updated shortly.',
  /** What the checkout logs, and does nothing else, without a signed-in member. */
  notAuthenticated: 'User not authenticated',
  otherMember: 'You can only check out for yourself.',
  returnAddress: "The return address must be this app's address.",
  choosePlan: 'Choose a plan',
  choosePack: 'Choose one of the token packs',
  notAvailable: 'Payments are not available right now. Please try again later.',
  donationFailed: 'Your donation could not be started. Please try again.',
  returnPath: 'The return path must be a page of this app.',
  /** Back from a checkout the member left without paying. */
  cancelled: 'Checkout cancelled. Nothing was charged.',
  noSubscription: 'You have no Premium subscription to manage.',
  portalFailed: 'Your subscription could not be opened. Please try again.',
} as const;

/** What the member is told once the webhook has credited what they bought. */
export const ARRIVED_MESSAGES = {
  tokens: (tokens: number, balance: number) => `${tokens} tokens arrived. You now have ${balance} tokens.`,
  premium: 'Premium is on. Thank you for subscribing!',
  donation: 'Thank you for your donation!',
} as const;

/** How long the checkout's return watches the member's record for what they bought. */
export const ARRIVAL_WAIT_MS = 60_000;

export const PAYMENT_PROCESSING_TOAST_MS = 3000;

export const TOKENS_PRODUCT = 'Tokens';
export const DONATION_PRODUCT = 'Donation';
const ONE_TIME_PRODUCTS = [TOKENS_PRODUCT, DONATION_PRODUCT] as const;
export type OneTimeProduct = (typeof ONE_TIME_PRODUCTS)[number];

export { DONATION_DEFAULT, DONATION_MAX, DONATION_MIN, DONATION_SKU, DONATION_TITLE } from './plans';

/** An origin as `location.origin` gives it: scheme, host and port, nothing after. */
export function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
  } catch {
    return false;
  }
}

const redirectUrl = yup
  .string()
  .max(200, PAYMENT_MESSAGES.returnAddress)
  .required(PAYMENT_MESSAGES.returnAddress)
  .test('origin', PAYMENT_MESSAGES.returnAddress, (value) => isOrigin(value));

/**
 * A page of this app to come back to: one path, no scheme, host, query or fragment, so a checkout
 * can only return to this site (`//evil.example` is a host, and refused).
 */
export function isAppPath(value: string): boolean {
  return /^\/(?!\/)[A-Za-z0-9/_-]{0,199}$/.test(value) && !value.includes('//');
}

const returnPath = yup
  .string()
  .max(200, PAYMENT_MESSAGES.returnPath)
  .test('path', PAYMENT_MESSAGES.returnPath, (value) => value === undefined || isAppPath(value));

const clientReferenceId = yup
  .string()
  .matches(/^[A-Za-z0-9_-]{1,128}$/, PAYMENT_MESSAGES.notAuthenticated)
  .required(PAYMENT_MESSAGES.notAuthenticated);

/** The donation form's amount, and a donation's amount at checkout. */
export const donationAmountSchema = yup
  .number()
  .typeError('Amount must be a number')
  .required('Amount is required')
  .min(DONATION_MIN, `Amount must be at least ${DONATION_MIN}`)
  .max(DONATION_MAX, `Amount must be at most ${DONATION_MAX}`)
  .test(
    'cents',
    'Amount must be in whole cents',
    (amount) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6,
  );

export const donationSchema = yup.object({ amount: donationAmountSchema });
export type DonationValues = yup.InferType<typeof donationSchema>;

/** createSubscribeCheckoutSession: product (yearly, quarterly or monthly), redirectUrl, clientReferenceId. */
export const subscribeCheckoutSchema = yup.object({
  product: yup
    .mixed<PlanProduct>()
    .oneOf(PLAN_PRODUCTS, PAYMENT_MESSAGES.choosePlan)
    .required(PAYMENT_MESSAGES.choosePlan),
  redirectUrl,
  clientReferenceId,
  returnPath,
});
export type SubscribeCheckoutInput = yup.InferType<typeof subscribeCheckoutSchema>;

/**
 * createCheckoutSession: product ('Tokens' unless missing, or 'Donation'), amount (tokens x 10,
 * 100 when missing; a donation's dollars), redirectUrl, clientReferenceId.
 */
export const checkoutSchema = yup.object({
  product: yup
    .mixed<OneTimeProduct>()
    .oneOf(ONE_TIME_PRODUCTS, PAYMENT_MESSAGES.choosePack)
    .default(TOKENS_PRODUCT),
  amount: yup
    .number()
    .default(DEFAULT_CHECKOUT_AMOUNT)
    .test('known', PAYMENT_MESSAGES.choosePack, function (amount) {
      if (this.parent.product !== DONATION_PRODUCT) return packForAmount(amount) !== undefined;
      try {
        donationAmountSchema.validateSync(amount);
        return true;
      } catch (error) {
        return this.createError({ message: (error as yup.ValidationError).message });
      }
    }),
  redirectUrl,
  clientReferenceId,
  returnPath,
});
export type CheckoutInput = yup.InferType<typeof checkoutSchema>;

/** createBillingPortalSession: the app's origin and the page to come back to (the profile by default). */
export const billingPortalSchema = yup.object({
  redirectUrl,
  returnPath,
});
export type BillingPortalInput = yup.InferType<typeof billingPortalSchema>;

export type CheckoutKind = 'tokens' | 'subscription' | 'donation';

/** What a checkout sells, at the server's price. */
export interface CheckoutOrder {
  kind: CheckoutKind;
  /** As the payloads name it: 'Tokens', 'Donation', or the plan. */
  product: OneTimeProduct | PlanProduct;
  /** The payload's amount (tokens x 10, or a donation's dollars); none for a plan. */
  amount?: number;
  description: string;
  amountCents: number;
  currency: 'usd';
  tokens?: number;
  plan?: PlanProduct;
}

/** The order for a product and amount, or undefined when the catalogue has no such thing. */
export function orderFor(product: string, amount?: number): CheckoutOrder | undefined {
  const plan = planFor(product);
  if (plan)
    return {
      kind: 'subscription',
      product: plan.product,
      description: `Photorater Premium, ${plan.label} (${plan.duration})`,
      amountCents: toCents(plan.price),
      currency: 'usd',
      plan: plan.product,
    };
  if (product === TOKENS_PRODUCT) {
    const pack = packForAmount(amount ?? DEFAULT_CHECKOUT_AMOUNT);
    if (!pack) return undefined;
    return {
      kind: 'tokens',
      product,
      amount: amount ?? DEFAULT_CHECKOUT_AMOUNT,
      description: `${pack.tokens} tokens (${pack.label})`,
      amountCents: toCents(pack.price),
      currency: 'usd',
      tokens: pack.tokens,
    };
  }
  if (product === DONATION_PRODUCT && amount !== undefined && donationAmountSchema.isValidSync(amount))
    return {
      kind: 'donation',
      product,
      amount,
      description: 'A coffee for Photorater',
      amountCents: toCents(amount),
      currency: 'usd',
    };
  return undefined;
}

/** Why a payment was taken back: the member was refunded, or their bank reversed it (a lost dispute). */
export type TakenBackReason = 'refund' | 'dispute';

/** The note to a member whose payment was taken back, saying what went with it. */
export function takenBackNotice(
  reason: TakenBackReason,
  description: string,
  taken: { tokens: number; premium: boolean },
): string {
  const how = reason === 'refund' ? 'was refunded' : 'was reversed by your bank';
  const what = [
    ...(taken.premium ? ['the Premium it paid for has ended'] : []),
    ...(taken.tokens > 0 ? [`${taken.tokens} tokens were taken back`] : []),
  ];
  return `Your payment for ${description} ${how}${what.length ? `, so ${what.join(' and ')}` : ''}.`;
}

/** What a checkout callable answers: the provider's session, and its hosted page to go to. */
export interface CheckoutSession {
  sessionId: string;
  url: string;
}
