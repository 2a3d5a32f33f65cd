/**
 * The member's billing record, `billing/{uid}`: what payments left of their Premium. Theirs to read
 * (the profile shows until when Premium runs); only the payment webhook and its jobs write it.
 */
import type { PlanProduct } from './plans';

export interface Billing {
  plan: PlanProduct;
  /** The end of the last paid period: Premium lasts until then. */
  premiumUntil: Date;
  /** 'past_due' after a failed renewal, 'canceled' once cancelled: either way it ends at premiumUntil. */
  status: 'active' | 'past_due' | 'canceled';
  updatedAt: Date;
}

export const billingPath = (uid: string) => `billing/${uid}`;
