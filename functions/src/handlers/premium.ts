/**
 * Premium as payments make it: each subscription's paid time (`subscriptions/{id}`, the server's),
 * the member's billing record (`billing/{uid}`, theirs to read) and `subscribed` on their record.
 * Paid time only grows (the latest period end of any payment), except that a refunded or reversed
 * payment takes its period back for good, so events in any order and any number of times leave the
 * same state; the 5 tokens of each month Premium has started are counted
 * on the subscription and credited in the same transaction, so each month is credited once.
 */
import { billingPath, type Billing } from '../../../src/domain/billing';
import { photosPath, photoPath, type Photo } from '../../../src/domain/photo';
import { feedOrder } from '../../../src/domain/rating';
import type { PlanProduct } from '../../../src/domain/plans';
import { PREMIUM_MONTHLY_TOKENS } from '../../../src/domain/tokens';
import type { User } from '../../../src/domain/user';
import type { Clock } from './handler';
import type { Store, Transaction } from '../store/store';
import { userPath } from './users';

export type SubscriptionStatus = Billing['status'];

export interface Subscription {
  uid: string;
  plan: PlanProduct;
  /** The start of the first paid period: Premium's month n starts n months after it. */
  anchor?: Date;
  /** The end of the latest paid period. */
  paidThrough?: Date;
  /** Paid time up to here was refunded or reversed: a payment for a period starting before it counts for nothing. */
  revokedThrough?: Date;
  /** Months whose tokens have been credited. */
  monthsCredited: number;
  status: SubscriptionStatus;
  /** The provider ended it for good (deleted): no later word brings it back, unlike a cancellation at period end. */
  ended?: boolean;
  /** The provider's customer it bills: the member manages it on the provider's portal. */
  customerId?: string;
  /** When the provider made the event that set the status: an older event never undoes a newer one. */
  statusAt: Date;
  /** Still to be looked after by the hourly job: Premium or tokens may be due. */
  premium: boolean;
}

export const subscriptionPath = (id: string) => `subscriptions/${id}`;

/** `months` calendar months after `date`, on the same day or the month's last (as the provider bills). */
export function addMonths(date: Date, months: number): Date {
  const target = new Date(date);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target;
}

/** Months of Premium already credited whose start falls in `period`: a refund of it takes their tokens back. */
export function monthsCreditedIn(
  subscription: Pick<Subscription, 'anchor' | 'monthsCredited'>,
  period: { start: Date; end: Date },
): number {
  const { anchor, monthsCredited } = subscription;
  if (!anchor) return 0;
  let months = 0;
  for (let month = 0; month < monthsCredited; month++) {
    const start = addMonths(anchor, month);
    if (start >= period.start && start < period.end) months++;
  }
  return months;
}

/** Months of Premium that have started by `now` within the paid time: each is worth 5 tokens. */
export function monthsStarted(subscription: Pick<Subscription, 'anchor' | 'paidThrough'>, now: Date): number {
  const { anchor, paidThrough } = subscription;
  if (!anchor || !paidThrough) return 0;
  let months = 0;
  for (;;) {
    const start = addMonths(anchor, months);
    if (start > now || start >= paidThrough) return months;
    months++;
  }
}

/** What changes a subscription: a payment for a period, a new status from the provider, or a payment taken back. */
export interface SubscriptionChange {
  uid: string;
  plan: PlanProduct;
  paid?: { start: Date; end: Date };
  /** `ended`: the provider deleted the subscription; otherwise a cancellation at period end can be undone. */
  status?: { value: SubscriptionStatus; at: Date; ended?: boolean };
  customerId?: string;
  /** The period of a payment that was refunded or reversed. */
  revoked?: { start: Date; end: Date };
}

const earlier = (a: Date | undefined, b: Date) => (a && a < b ? a : b);
const later = (a: Date | undefined, b: Date) => (a && a > b ? a : b);

export function changedSubscription(
  previous: Subscription | undefined,
  change: SubscriptionChange,
  now: Date,
): Subscription {
  const next: Subscription = previous
    ? { ...previous }
    : {
        uid: change.uid,
        plan: change.plan,
        monthsCredited: 0,
        status: 'active',
        statusAt: new Date(0),
        premium: false,
      };
  if (change.paid && !(next.revokedThrough && change.paid.start < next.revokedThrough)) {
    next.anchor = earlier(next.anchor, change.paid.start);
    next.paidThrough = later(next.paidThrough, change.paid.end);
  }
  // Paid time that ends with the revoked period goes back to its start; a later period's stays.
  if (change.revoked) {
    next.revokedThrough = later(next.revokedThrough, change.revoked.end);
    if (next.paidThrough && next.paidThrough <= next.revokedThrough)
      next.paidThrough = earlier(next.paidThrough, change.revoked.start);
  }
  if (change.customerId) next.customerId = change.customerId;
  // An ended subscription stays ended; otherwise the newest word on it wins (a member may cancel at
  // the period's end and resume before it).
  if (change.status && !next.ended && (change.status.ended || change.status.at >= next.statusAt)) {
    next.status = change.status.ended ? 'canceled' : change.status.value;
    next.statusAt = later(next.statusAt, change.status.at);
    if (change.status.ended) next.ended = true;
  }
  next.premium = Boolean(next.paidThrough && next.paidThrough > now);
  return next;
}

/** Everything a change to a member's Premium reads, read before any write (as transactions want). */
export interface PremiumReads {
  user: User | undefined;
  billing: Billing | undefined;
  photos: Array<{ id: string; data: Photo }>;
}

export async function readPremium(tx: Transaction, uid: string): Promise<PremiumReads> {
  const [user, billing, photos] = await Promise.all([
    tx.get<User>(userPath(uid)),
    tx.get<Billing>(billingPath(uid)),
    tx.query<Photo>(photosPath(uid)),
  ]);
  return { user, billing, photos };
}

/**
 * Writes a subscription as it now stands, with what follows from it: the tokens of the months started
 * and not yet credited, the member's billing record, and `subscribed` (with their photos' place in the
 * feed, which puts Premium owners first) while any paid time is left. Returns the tokens credited.
 * `ledUntil` is the subscription's paid time before a refund took some of it back.
 */
export function writeSubscription(
  tx: Transaction,
  id: string,
  subscription: Subscription,
  reads: PremiumReads,
  now: Date,
  ledUntil?: Date,
): number {
  const { user, billing, photos } = reads;
  const months = Math.max(subscription.monthsCredited, monthsStarted(subscription, now));
  const tokens = (months - subscription.monthsCredited) * PREMIUM_MONTHLY_TOKENS;
  tx.set(subscriptionPath(id), { ...subscription, monthsCredited: months });
  if (!user || user.deletedAt || !subscription.paidThrough) return 0;

  // A subscription whose paid time was taken back still leads the billing record it led before.
  const leads =
    !billing ||
    subscription.paidThrough >= billing.premiumUntil ||
    Boolean(ledUntil && billing.premiumUntil <= ledUntil);
  const next: Billing = leads
    ? {
        plan: subscription.plan,
        premiumUntil: subscription.paidThrough,
        status: subscription.status,
        updatedAt: now,
      }
    : { ...billing, updatedAt: now };
  tx.set(billingPath(subscription.uid), { ...next });
  const subscribed = next.premiumUntil > now;
  writeMember(tx, user, photos, { subscribed, tokens }, now);
  return tokens;
}

/** The member's tokens and Premium flag; their photos move in the feed when the flag changes. */
function writeMember(
  tx: Transaction,
  user: User,
  photos: PremiumReads['photos'],
  change: { subscribed: boolean; tokens: number },
  now: Date,
): void {
  if (change.tokens === 0 && change.subscribed === user.subscribed) return;
  tx.update(userPath(user.uid), {
    points: user.points + change.tokens,
    subscribed: change.subscribed,
    updatedAt: now,
  });
  if (change.subscribed === user.subscribed) return;
  for (const { id, data: photo } of photos)
    tx.update(photoPath(user.uid, id), { feedOrder: feedOrder(photo, change.subscribed) });
}

/**
 * The hourly job: credits the tokens of each month Premium has started (a quarterly or yearly plan
 * pays once for several), and ends Premium once the paid time of every subscription has run out.
 */
export async function renewPremium(store: Store, clock: Clock): Promise<{ credited: number; ended: number }> {
  const due = await store.query<Subscription>('subscriptions', {
    where: [{ field: 'premium', equals: true }],
  });
  let credited = 0;
  let ended = 0;
  for (const { id } of due) {
    await store.runTransaction(async (tx) => {
      const now = clock.now();
      const subscription = await tx.get<Subscription>(subscriptionPath(id));
      if (!subscription?.premium) return;
      const reads = await readPremium(tx, subscription.uid);
      const next = {
        ...subscription,
        premium: Boolean(subscription.paidThrough && subscription.paidThrough > now),
      };
      credited += writeSubscription(tx, id, next, reads, now);
      if (reads.user?.subscribed && reads.billing && reads.billing.premiumUntil <= now) ended++;
    });
  }
  return { credited, ended };
}
