/**
 * The analytics events of the payments (spec 2, section 7). Every event goes through one function on
 * the client (`src/lib/analytics.ts`), so consent can gate them in one place.
 */
import type { PlanProduct } from './plans';

export type AnalyticsEvent =
  | { name: 'subscription viewed' }
  | { name: 'subscription started'; params: { plan: string; product: PlanProduct } }
  | { name: 'points purchased'; params: { value: number; amount: number; currency: 'USD' } };

/** A purchase's value is its amount x 0.02 USD. */
export const PURCHASE_VALUE_PER_AMOUNT = 0.02;

export function pointsPurchased(amount: number): AnalyticsEvent {
  return {
    name: 'points purchased',
    params: { value: Math.round(amount * PURCHASE_VALUE_PER_AMOUNT * 100) / 100, amount, currency: 'USD' },
  };
}
