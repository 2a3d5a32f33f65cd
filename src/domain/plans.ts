/** Subscription plans and token packs (spec 2, section 9). */
export interface SubscriptionPlan {
  product: 'yearly' | 'quarterly' | 'monthly';
  duration: string;
  price: number;
  label: string;
  isPopular: boolean;
  savings?: string;
  perMonth?: string;
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
  },
  {
    product: 'quarterly',
    duration: '3 months',
    price: 5.99,
    label: 'Quarterly',
    isPopular: true,
    savings: 'Save 33%',
    perMonth: '1.99',
  },
  { product: 'monthly', duration: '1 month', price: 2.99, label: 'Monthly', isPopular: false },
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

export const formatPrice = (price: number) => `$${price.toFixed(2)}`;
