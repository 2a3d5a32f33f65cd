/** Subscription plans and token packs (spec 2, section 9), and what Premium includes. */
export const PLAN_PRODUCTS = ['yearly', 'quarterly', 'monthly'] as const;
export type PlanProduct = (typeof PLAN_PRODUCTS)[number];

export interface SubscriptionPlan {
  product: PlanProduct;
  duration: string;
  price: number;
  label: string;
  isPopular: boolean;
  savings?: string;
  perMonth?: string;
  /** How many months one payment covers: a renewal comes after them. */
  months: number;
}

export const SUBSCRIPTION_PLANS: SubscriptionPlan[] = [
  {
    product: 'yearly',
    duration: '1 year',
    price: 11.99,
    label: 'Yearly',
    isPopular: false,
    savings: 'Save 66%',
    perMonth: '0.99',
    months: 12,
  },
  {
    product: 'quarterly',
    duration: '3 months',
    price: 5.99,
    label: 'Quarterly',
    isPopular: true,
    savings: 'Save 33%',
    perMonth: '1.99',
    months: 3,
  },
  { product: 'monthly', duration: '1 month', price: 2.99, label: 'Monthly', isPopular: false, months: 1 },
];

export interface TokenPack {
  tokens: number;
  price: number;
  label: string;
  isPopular: boolean;
}

export const TOKEN_PACKS: TokenPack[] = [
  { tokens: 5, price: 0.99, label: 'Starter', isPopular: false },
  { tokens: 10, price: 1.99, label: 'Most Popular', isPopular: true },
  { tokens: 20, price: 3.49, label: 'Best Value', isPopular: false },
];

/** The Checkout dialog's two kinds: token packs ('one-time', the default) or Premium plans. */
export const PAYMENT_TYPES = ['one-time', 'subscription'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export const DEFAULT_PAYMENT_TYPE: PaymentType = 'one-time';

/** What the dialog selects first: the 'Most Popular' pack (the second) for 'one-time', else the monthly plan. */
export function defaultSelection(
  type: PaymentType,
): { type: 'one-time'; pack: TokenPack } | { type: 'subscription'; plan: SubscriptionPlan } {
  return type === 'one-time'
    ? { type, pack: TOKEN_PACKS[1]! }
    : { type, plan: SUBSCRIPTION_PLANS.find((plan) => plan.product === 'monthly')! };
}

export function planFor(product: string): SubscriptionPlan | undefined {
  return SUBSCRIPTION_PLANS.find((plan) => plan.product === product);
}

/** The checkout amount sent for a pack: tokens x 10 (spec 2, section 9). */
export const CHECKOUT_AMOUNT_PER_TOKEN = 10;
/** A checkout that names no amount buys the pack of this amount (10 tokens). */
export const DEFAULT_CHECKOUT_AMOUNT = 100;

export function checkoutAmount(pack: TokenPack): number {
  return pack.tokens * CHECKOUT_AMOUNT_PER_TOKEN;
}

export function packForAmount(amount: number): TokenPack | undefined {
  return TOKEN_PACKS.find((pack) => checkoutAmount(pack) === amount);
}

/** The profile dashboard's banner for subscribers (spec 1, section 2). */
export const PREMIUM_BANNER =
  'Premium includes unlimited photo uploads, priority ratings and advanced analytics';

export const PREMIUM_BENEFITS = [
  'Priority rating for faster feedback',
  'Unlimited votes on your own photos',
  'Unlimited photo uploads',
  'Advanced analytics and insights',
  '5 free tokens per month',
] as const;

/** 'Buy us a coffee!' (spec 2, sections 2 and 5): a donation of 0.5 to 9999, 1 to start with. */
export const DONATION_TITLE = 'Buy us a coffee!';
export const DONATION_MIN = 0.5;
export const DONATION_MAX = 9999;
export const DONATION_DEFAULT = 1;
/** The item the digital-goods billing request asks for. */
export const DONATION_SKU = 'coffees';

/** The profile's offer to non-subscribers: the monthly plan's price. */
export const UPGRADE_PRICE = 2.99;

export const formatPrice = (price: number) => `$${price.toFixed(2)}`;

/** Cents, as the payment provider counts money. */
export const toCents = (price: number) => Math.round(price * 100);
