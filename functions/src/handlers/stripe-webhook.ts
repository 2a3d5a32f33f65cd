/**
 * The payment provider's webhook: verifies Stripe's signature with the official package, then
 * fulfils each event once. Every event that changes anything leaves a record (`paymentEvents/{id}`)
 * in the same transaction as its change, and a paid checkout marks its session
 * (`checkoutSessions/{id}`) fulfilled there too: a second delivery, or a second event for the same
 * session, finds the record and changes nothing. What an event claims is checked against the
 * catalogue: an unknown product or an amount other than its price is refused, and nothing is written.
 * A renewal is known by its subscription and the line for its price, not by what was paid for it.
 * A full refund or a lost dispute takes back what its payment bought, once (`takenBackPayments/{id}`).
 * Events are read in one API version (STRIPE_API_VERSION); any other is refused.
 */
import type Stripe from 'stripe';
import { randomUUID } from 'node:crypto';
import {
  NOTIFICATION_TITLE,
  notificationsPath,
  type AppNotification,
} from '../../../src/domain/notifications';
import {
  orderFor,
  takenBackNotice,
  type CheckoutOrder,
  type TakenBackReason,
} from '../../../src/domain/payments';
import { PREMIUM_MONTHLY_TOKENS } from '../../../src/domain/tokens';
import { planFor, type PlanProduct } from '../../../src/domain/plans';
import type { User } from '../../../src/domain/user';
import type { Clock } from './handler';
import { STRIPE_API_VERSION, type PaymentProvider } from '../payments/payment-provider';
import type { Store, Transaction } from '../store/store';
import {
  addMonths,
  changedSubscription,
  monthsCreditedIn,
  readPremium,
  subscriptionPath,
  writeSubscription,
  type Subscription,
  type SubscriptionChange,
  type SubscriptionStatus,
} from './premium';
import { userPath } from './users';

/** How old a signature may be, as Stripe's own default: older deliveries are replays. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The webhook's name: the HTTPS function on Firebase, a route of the local server. */
export const STRIPE_WEBHOOK = 'stripeWebhook';

export const paymentEventPath = (id: string) => `paymentEvents/${id}`;
export const checkoutSessionPath = (id: string) => `checkoutSessions/${id}`;

/** What the server knows of a checkout it opened, `checkoutSessions/{id}`: the server's alone. */
export interface CheckoutSessionRecord {
  uid: string;
  order: CheckoutOrder;
  /** `refunded`: its payment was refunded or reversed, before or after it was fulfilled. */
  status: 'open' | 'fulfilled' | 'refunded';
  createdAt: Date;
  fulfilledAt?: Date;
  eventId?: string;
  refundedAt?: Date;
}

/** A payment taken back, `takenBackPayments/{paymentIntentId}`: a refund and a lost dispute of it take it once. */
export const takenBackPaymentPath = (paymentIntentId: string) => `takenBackPayments/${paymentIntentId}`;

export interface PaymentEventRecord {
  type: string;
  created: Date;
  receivedAt: Date;
  outcome: string;
  uid?: string;
  sessionId?: string;
  subscriptionId?: string;
}

export interface WebhookAnswer {
  status: number;
  body: { received: true; outcome: string } | { error: string };
}

export interface WebhookServices {
  store: Store;
  clock: Clock;
  payments?: PaymentProvider | undefined;
}

/** A refusal of a signed event that does not add up: a 400, and nothing written. */
class Refusal extends Error {}

const ID = /^[A-Za-z0-9_]{1,200}$/;
const UID = /^[A-Za-z0-9_-]{1,128}$/;

const refused = (error: string): WebhookAnswer => ({ status: 400, body: { error } });

export async function receiveStripeWebhook(
  rawBody: Buffer | string,
  signature: string | undefined,
  services: WebhookServices,
): Promise<WebhookAnswer> {
  const { payments, clock } = services;
  if (!payments) return { status: 503, body: { error: 'Payments are not configured on this server.' } };
  if (!signature) return refused('The Stripe-Signature header is missing.');
  // The SDK is loaded with the first event: the functions that only import this module's paths do not load it.
  const { webhooks } = (await import('stripe')).default;
  let event: Stripe.Event;
  try {
    event = webhooks.constructEvent(
      rawBody,
      signature,
      payments.webhookSecret,
      SIGNATURE_TOLERANCE_SECONDS,
      undefined,
      clock.now().getTime(),
    );
  } catch {
    return refused('The signature does not match this webhook, or it is too old.');
  }
  if (event.api_version !== STRIPE_API_VERSION) {
    // The endpoint was made with another version: every event would be misread, so none is taken.
    console.error(
      `Stripe webhook: event ${String(event.id)} (${String(event.type)}) is of API version ${String(event.api_version)}; this webhook reads ${STRIPE_API_VERSION}. Make the endpoint with ${STRIPE_API_VERSION}.`,
    );
    return refused(
      `This webhook reads events of Stripe API version ${STRIPE_API_VERSION}, not ${String(event.api_version)}.`,
    );
  }
  if (typeof event.id !== 'string' || !ID.test(event.id)) return refused('The event has no valid id.');
  if (typeof event.data?.object !== 'object' || event.data.object === null)
    return refused('The event carries no object.');
  try {
    const outcome = await fulfil(event, services);
    return { status: 200, body: { received: true, outcome } };
  } catch (error) {
    if (error instanceof Refusal) return refused(error.message);
    throw error;
  }
}

async function fulfil(event: Stripe.Event, services: WebhookServices): Promise<string> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return fulfilCheckout(event, event.data.object, services);
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return applyInvoice(event, event.data.object, services);
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return applySubscriptionStatus(event, event.data.object, services);
    case 'charge.refunded':
      // A partial refund is the operator's goodwill: the member keeps what they bought.
      if (event.data.object.refunded !== true) return 'partial refund';
      return takeBack(event, event.data.object.payment_intent, 'refund', services);
    case 'charge.dispute.closed':
      // Taken back when the bank decides for the member, not when they open a dispute, which may be won.
      if (event.data.object.status !== 'lost') return `dispute ${String(event.data.object.status)}`;
      return takeBack(event, event.data.object.payment_intent, 'dispute', services);
    default:
      return 'ignored';
  }
}

/** An object's id as an event gives it (the id, or the object expanded), when it is a valid one. */
function idOf(value: string | { id?: unknown } | null | undefined): string | undefined {
  const id = typeof value === 'string' ? value : value?.id;
  return typeof id === 'string' && ID.test(id) ? id : undefined;
}

const secondsToDate = (seconds: unknown): Date | undefined =>
  typeof seconds === 'number' && Number.isFinite(seconds) ? new Date(seconds * 1000) : undefined;

function eventRecord(event: Stripe.Event, now: Date, outcome: string, refs: Partial<PaymentEventRecord>) {
  return {
    type: event.type,
    created: secondsToDate(event.created) ?? now,
    receivedAt: now,
    outcome,
    ...refs,
  } satisfies PaymentEventRecord;
}

/** The member a checkout is for, and the order it sold, from the session's own fields. */
function checkoutOrder(session: Stripe.Checkout.Session): { uid: string; order: CheckoutOrder } {
  const metadata = session.metadata ?? {};
  const uid = session.client_reference_id ?? metadata.uid;
  if (!uid || !UID.test(uid)) throw new Refusal('The checkout names no member.');
  if (metadata.uid && metadata.uid !== uid) throw new Refusal('The checkout names two members.');
  const amount = metadata.amount === undefined ? undefined : Number(metadata.amount);
  const order = metadata.product === undefined ? undefined : orderFor(metadata.product, amount);
  if (!order) throw new Refusal(`Unknown product: ${String(metadata.product)}.`);
  const expectedMode = order.kind === 'subscription' ? 'subscription' : 'payment';
  if (session.mode !== expectedMode)
    throw new Refusal(`A ${order.kind} checkout must be in ${expectedMode} mode.`);
  if (session.amount_total !== order.amountCents || session.currency !== order.currency)
    throw new Refusal(
      `The amount paid (${String(session.amount_total)} ${String(session.currency)}) is not the price of ${order.description}.`,
    );
  return { uid, order };
}

async function fulfilCheckout(
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
  { store, clock }: WebhookServices,
): Promise<string> {
  if (typeof session.id !== 'string' || !ID.test(session.id))
    throw new Refusal('The checkout has no valid id.');
  const { uid, order } = checkoutOrder(session);
  const subscriptionId =
    typeof session.subscription === 'string' ? session.subscription : session.subscription?.id;
  if (order.kind === 'subscription' && (!subscriptionId || !ID.test(subscriptionId)))
    throw new Refusal('A subscription checkout names no subscription.');
  return store.runTransaction(async (tx) => {
    const now = clock.now();
    const [seen, record, user] = await Promise.all([
      tx.get(paymentEventPath(event.id)),
      tx.get<CheckoutSessionRecord>(checkoutSessionPath(session.id)),
      tx.get<User>(userPath(uid)),
    ]);
    if (seen) return 'duplicate';
    if (
      record &&
      (record.uid !== uid ||
        record.order.product !== order.product ||
        record.order.amountCents !== order.amountCents)
    )
      throw new Refusal('The checkout does not match the one this server opened.');
    if (!user) throw new Refusal('The checkout is for no member of this app.');
    const refs = { uid, sessionId: session.id, ...(subscriptionId ? { subscriptionId } : {}) };
    if (user.deletedAt) return takeForDeletedMember(tx, event, now, refs);
    if (record?.status === 'refunded') {
      tx.set(paymentEventPath(event.id), eventRecord(event, now, 'refunded', refs));
      return 'refunded';
    }
    if (record?.status === 'fulfilled') {
      tx.set(paymentEventPath(event.id), eventRecord(event, now, 'already fulfilled', refs));
      return 'already fulfilled';
    }
    if (session.payment_status !== 'paid') {
      tx.set(paymentEventPath(event.id), eventRecord(event, now, 'awaiting payment', refs));
      return 'awaiting payment';
    }
    const premium =
      order.kind === 'subscription' && subscriptionId
        ? await readSubscription(tx, subscriptionId, uid)
        : null;

    if (order.kind === 'tokens')
      tx.update(userPath(uid), { points: user.points + (order.tokens ?? 0), updatedAt: now });
    if (premium && subscriptionId) {
      // The period the checkout paid for starts when it completed; the first invoice says it exactly.
      const start = secondsToDate(event.created) ?? now;
      const plan = planOrThrow(order.plan);
      const customerId = idOf(session.customer);
      const change = {
        uid,
        plan,
        paid: { start, end: addMonths(start, planMonths(plan)) },
        ...(customerId ? { customerId } : {}),
      };
      writeSubscription(
        tx,
        subscriptionId,
        changedSubscription(premium.subscription, change, now),
        premium.reads,
        now,
      );
    }
    tx.set(checkoutSessionPath(session.id), {
      ...(record ?? { uid, order, createdAt: now }),
      status: 'fulfilled',
      fulfilledAt: now,
      eventId: event.id,
    } satisfies CheckoutSessionRecord);
    tx.set(paymentEventPath(event.id), eventRecord(event, now, `fulfilled ${order.kind}`, refs));
    return `fulfilled ${order.kind}`;
  });
}

/**
 * An event for a member who deleted their account is taken (a refusal would have the provider send it
 * again for days) and recorded, and credits nothing: the account and its Premium are gone.
 */
function takeForDeletedMember(
  tx: Transaction,
  event: Stripe.Event,
  now: Date,
  refs: Parameters<typeof eventRecord>[3],
): string {
  tx.set(paymentEventPath(event.id), eventRecord(event, now, 'member deleted', refs));
  return 'member deleted';
}

function planOrThrow(product: string | undefined): PlanProduct {
  const plan = product === undefined ? undefined : planFor(product);
  if (!plan) throw new Refusal(`Unknown plan: ${String(product)}.`);
  return plan.product;
}

const planMonths = (product: PlanProduct) => planFor(product)!.months;

async function readSubscription(tx: Transaction, id: string, uid: string) {
  const subscription = await tx.get<Subscription>(subscriptionPath(id));
  if (subscription && subscription.uid !== uid)
    throw new Refusal('The subscription belongs to another member.');
  return { subscription, reads: await readPremium(tx, uid) };
}

/** Who a subscription's event is for: its metadata (set at checkout), else what the server already knows. */
async function subscriptionOwner(
  store: Store,
  id: string,
  metadata: Stripe.Metadata | null | undefined,
): Promise<{ uid: string; plan: PlanProduct }> {
  if (metadata?.uid && metadata.product) return { uid: metadata.uid, plan: planOrThrow(metadata.product) };
  const known = await store.get<Subscription>(subscriptionPath(id));
  if (!known) throw new Refusal('The subscription names no member of this app.');
  return { uid: known.uid, plan: known.plan };
}

/**
 * The line that renews a subscription: its price, billed for a period (not a proration, nor an extra
 * item). What was paid for it is not read: a coupon, tax or a price the subscriber kept from before a
 * catalogue change all renew the same plan, which the subscription names.
 */
function renewalLine(invoice: Stripe.Invoice, subscriptionId: string): Stripe.InvoiceLineItem | undefined {
  const lines: Stripe.InvoiceLineItem[] = Array.isArray(invoice.lines?.data) ? invoice.lines.data : [];
  return lines.find((line) => {
    const item =
      line?.parent?.type === 'subscription_item_details' ? line.parent.subscription_item_details : null;
    return (
      item?.subscription === subscriptionId &&
      item.proration === false &&
      Boolean(line.pricing?.price_details?.price)
    );
  });
}

async function applyInvoice(
  event: Stripe.Event,
  invoice: Stripe.Invoice,
  services: WebhookServices,
): Promise<string> {
  const details = invoice.parent?.subscription_details;
  const subscriptionId =
    typeof details?.subscription === 'string' ? details.subscription : details?.subscription?.id;
  if (!subscriptionId || !ID.test(subscriptionId)) return 'ignored';
  const owner = await subscriptionOwner(services.store, subscriptionId, details?.metadata);
  let change: SubscriptionChange;
  if (event.type === 'invoice.paid') {
    const line = renewalLine(invoice, subscriptionId);
    if (!line) return 'not a renewal';
    // A renewal may be paid before its period begins, right after the one already paid for.
    const known = await services.store.get<Subscription>(subscriptionPath(subscriptionId));
    const now = services.clock.now();
    const earliest = known?.paidThrough && known.paidThrough > now ? known.paidThrough : now;
    change = { ...owner, paid: paidPeriod(line.period, owner.plan, earliest) };
  } else {
    // A failed renewal: Premium ends with the paid time, unless a later payment succeeds.
    change = {
      ...owner,
      status: { value: 'past_due', at: secondsToDate(event.created) ?? services.clock.now() },
    };
  }
  return applySubscriptionChange(event, subscriptionId, change, services);
}

const HOUR_MS = 3_600_000;
/**
 * How far a paid period may run past the plan's months: one that starts on a shorter month's last day
 * goes back to the subscription's own day (the 28th of February to the 31st of March), and no further.
 */
const PERIOD_SLACK_MS = 3 * 24 * HOUR_MS + HOUR_MS;
/**
 * How far a paid period may start after the later of the server's clock and the time already paid for
 * (an invoice made just before its period).
 */
const EARLY_START_MS = 24 * HOUR_MS;

/**
 * The period a paid invoice covers, checked against the plan's interval: no longer than its months
 * and not starting in the future. The signature vouches for the sender, not for what it says (a
 * leaked secret, or a price changed at the provider), and a ten-year period would be ten years of Premium.
 */
function paidPeriod(
  period: { start?: number; end?: number } | undefined,
  plan: PlanProduct,
  now: Date,
): { start: Date; end: Date } {
  const start = secondsToDate(period?.start);
  const end = secondsToDate(period?.end);
  if (!start || !end || end <= start) throw new Refusal('The invoice has no period.');
  if (start.getTime() > now.getTime() + EARLY_START_MS)
    throw new Refusal('The invoice pays for a period that has not begun.');
  const months = planMonths(plan);
  if (end.getTime() > addMonths(start, months).getTime() + PERIOD_SLACK_MS)
    throw new Refusal(`The invoice pays for more than the ${plan} plan's ${months} month(s).`);
  return { start, end };
}

/**
 * A subscription's status as the app keeps it: 'canceled' once it is set to end at its period's end
 * (`cancel_at_period_end`, or a `cancel_at` date, as the Customer Portal sets it), or ended.
 */
function statusOf(subscription: Stripe.Subscription, deleted: boolean): SubscriptionStatus {
  if (
    deleted ||
    subscription.status === 'canceled' ||
    subscription.cancel_at_period_end ||
    typeof subscription.cancel_at === 'number'
  )
    return 'canceled';
  if (subscription.status === 'past_due' || subscription.status === 'unpaid') return 'past_due';
  return 'active';
}

async function applySubscriptionStatus(
  event: Stripe.Event,
  subscription: Stripe.Subscription,
  services: WebhookServices,
): Promise<string> {
  if (typeof subscription.id !== 'string' || !ID.test(subscription.id))
    throw new Refusal('The subscription has no valid id.');
  const owner = await subscriptionOwner(services.store, subscription.id, subscription.metadata);
  const ended = event.type === 'customer.subscription.deleted' || subscription.status === 'canceled';
  const value = statusOf(subscription, ended);
  const at = secondsToDate(event.created) ?? services.clock.now();
  const customerId = idOf(subscription.customer);
  const change = {
    ...owner,
    status: { value, at, ...(ended ? { ended } : {}) },
    ...(customerId ? { customerId } : {}),
  };
  return applySubscriptionChange(event, subscription.id, change, services);
}

function applySubscriptionChange(
  event: Stripe.Event,
  subscriptionId: string,
  change: SubscriptionChange,
  { store, clock }: WebhookServices,
): Promise<string> {
  return store.runTransaction(async (tx) => {
    const now = clock.now();
    const seen = await tx.get(paymentEventPath(event.id));
    if (seen) return 'duplicate';
    const { subscription, reads } = await readSubscription(tx, subscriptionId, change.uid);
    if (!reads.user) throw new Refusal('The subscription is for no member of this app.');
    if (reads.user.deletedAt) {
      if (subscription) tx.update(subscriptionPath(subscriptionId), { premium: false });
      return takeForDeletedMember(tx, event, now, { uid: change.uid, subscriptionId });
    }
    writeSubscription(tx, subscriptionId, changedSubscription(subscription, change, now), reads, now);
    const outcome = change.paid ? 'paid' : `status ${change.status?.value ?? ''}`.trim();
    tx.set(paymentEventPath(event.id), eventRecord(event, now, outcome, { uid: change.uid, subscriptionId }));
    return outcome;
  });
}

/** Tells the member, in the bell (and by push on Firebase), what a refund or a reversal took back. */
function noteToMember(tx: Transaction, uid: string, body: string, at: Date): AppNotification {
  const message: AppNotification = { title: NOTIFICATION_TITLE, body, at };
  tx.set(`${notificationsPath(uid)}/${randomUUID()}`, { ...message });
  return message;
}

/**
 * A refund, or a dispute the member's bank decided for them: what the payment bought is taken back
 * once (a pack's tokens, never below zero; a subscription's period of Premium and its months' tokens),
 * and the member is told. The provider says what the payment paid for.
 */
async function takeBack(
  event: Stripe.Event,
  paymentIntent: string | Stripe.PaymentIntent | null,
  reason: TakenBackReason,
  services: WebhookServices,
): Promise<string> {
  const paymentIntentId = typeof paymentIntent === 'string' ? paymentIntent : paymentIntent?.id;
  if (!paymentIntentId || !ID.test(paymentIntentId)) return 'ignored';
  const paid = await services.payments!.paymentOf(paymentIntentId);
  if (!paid) return "not this app's";
  const { store, clock } = services;
  return store.runTransaction(async (tx) => {
    const now = clock.now();
    const [seen, taken] = await Promise.all([
      tx.get(paymentEventPath(event.id)),
      tx.get(takenBackPaymentPath(paymentIntentId)),
    ]);
    if (seen) return 'duplicate';
    const outcome =
      paid.kind === 'checkout'
        ? await takeBackCheckout(tx, paid.sessionId, reason, now, taken !== undefined)
        : await takeBackPeriod(tx, paid, reason, now, taken !== undefined);
    if (outcome.refs) tx.set(paymentEventPath(event.id), eventRecord(event, now, outcome.text, outcome.refs));
    if (outcome.refs && !taken)
      tx.set(takenBackPaymentPath(paymentIntentId), { reason, eventId: event.id, at: now, ...outcome.refs });
    return outcome.text;
  });
}

type TakeBackOutcome = { text: string; refs?: Partial<PaymentEventRecord> };

async function takeBackCheckout(
  tx: Transaction,
  sessionId: string,
  reason: TakenBackReason,
  now: Date,
  alreadyTaken: boolean,
): Promise<TakeBackOutcome> {
  const record = await tx.get<CheckoutSessionRecord>(checkoutSessionPath(sessionId));
  if (!record) return { text: "not this app's" };
  const user = await tx.get<User>(userPath(record.uid));
  const refs = { uid: record.uid, sessionId };
  if (alreadyTaken || record.status === 'refunded') return { text: 'already taken back', refs };
  // Before its fulfilment the session is marked, so a late checkout event credits nothing.
  tx.set(checkoutSessionPath(sessionId), { ...record, status: 'refunded', refundedAt: now });
  const tokens = record.status === 'fulfilled' ? (record.order.tokens ?? 0) : 0;
  if (!user || user.deletedAt || tokens === 0) return { text: 'taken back', refs };
  const taken = Math.min(tokens, user.points);
  const message = noteToMember(
    tx,
    user.uid,
    takenBackNotice(reason, record.order.description, { tokens: taken, premium: false }),
    now,
  );
  tx.update(userPath(user.uid), { points: user.points - taken, lastNotification: message, updatedAt: now });
  return { text: 'taken back', refs };
}

async function takeBackPeriod(
  tx: Transaction,
  paid: { subscriptionId: string; period: { start: Date; end: Date } },
  reason: TakenBackReason,
  now: Date,
  alreadyTaken: boolean,
): Promise<TakeBackOutcome> {
  const { subscriptionId, period } = paid;
  const subscription = await tx.get<Subscription>(subscriptionPath(subscriptionId));
  if (!subscription) return { text: "not this app's" };
  const refs = { uid: subscription.uid, subscriptionId };
  if (alreadyTaken) return { text: 'already taken back', refs };
  const reads = await readPremium(tx, subscription.uid);
  const next = changedSubscription(
    subscription,
    { uid: subscription.uid, plan: subscription.plan, revoked: period },
    now,
  );
  const user = reads.user;
  const tokens = monthsCreditedIn(subscription, period) * PREMIUM_MONTHLY_TOKENS;
  const taken = user && !user.deletedAt ? Math.min(tokens, user.points) : 0;
  const premium = Boolean(user?.subscribed && reads.billing && next.paidThrough && next.paidThrough <= now);
  if (user && !user.deletedAt) {
    const description = orderFor(subscription.plan)!.description;
    const message = noteToMember(
      tx,
      user.uid,
      takenBackNotice(reason, description, { tokens: taken, premium }),
      now,
    );
    tx.update(userPath(user.uid), { points: user.points - taken, lastNotification: message, updatedAt: now });
    reads.user = { ...user, points: user.points - taken };
  }
  writeSubscription(tx, subscriptionId, next, reads, now, subscription.paidThrough);
  return { text: 'taken back', refs };
}
