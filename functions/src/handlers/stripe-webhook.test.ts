import Stripe from 'stripe';
import { describe, expect, it, vi } from 'vitest';
import { billingPath, type Billing } from '../../../src/domain/billing';
import type { AppNotification } from '../../../src/domain/notifications';
import type { Photo } from '../../../src/domain/photo';
import type { User } from '../../../src/domain/user';
import { STRIPE_API_VERSION, type PaidFor, type PaymentProvider } from '../payments/payment-provider';
import { seedMember, seedPhoto, TestClock, testContext } from '../testing';
import { addMonths, renewPremium, subscriptionPath, type Subscription } from './premium';
import {
  checkoutSessionPath,
  paymentEventPath,
  takenBackPaymentPath,
  receiveStripeWebhook,
  type CheckoutSessionRecord,
} from './stripe-webhook';

const SECRET = 'whsec_test_handler';
/** What each payment paid for, as Stripe would answer: each test names its own payment intents. */
const sold = new Map<string, PaidFor>();
const payments: PaymentProvider = {
  webhookSecret: SECRET,
  returnOrigins: ['http://localhost:5173'],
  createCheckout: async () => ({ sessionId: 'cs_unused', url: 'http://unused' }),
  cancelSubscription: async () => undefined,
  paymentOf: async (paymentIntentId) => sold.get(paymentIntentId),
  createPortal: async () => ({ url: 'http://unused' }),
};
const START = new Date('2026-11-22T10:00:00Z');
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

type Context = ReturnType<typeof testContext>;

interface StripeEvent {
  id: string;
  type: string;
  created: number;
  object: Record<string, unknown>;
  apiVersion?: string | null;
}

const envelope = (event: StripeEvent) =>
  JSON.stringify({
    id: event.id,
    object: 'event',
    api_version: event.apiVersion === undefined ? STRIPE_API_VERSION : event.apiVersion,
    created: event.created,
    livemode: false,
    type: event.type,
    data: { object: event.object },
  });

/** Delivers an event as Stripe does: its JSON signed with the secret at the clock's time. */
function deliver(context: Context, event: StripeEvent, options: { secret?: string; signedAt?: Date } = {}) {
  const payload = envelope(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? SECRET,
    timestamp: seconds(options.signedAt ?? context.clock.now()),
  });
  return receiveStripeWebhook(payload, signature, { store: context.store, clock: context.clock, payments });
}

function checkoutCompleted(
  id: string,
  session: string,
  fields: {
    product: string;
    amount?: number;
    amountTotal: number;
    uid?: string;
    subscription?: string;
    at?: Date;
  },
  type = 'checkout.session.completed',
): StripeEvent {
  const uid = fields.uid ?? 'buyer';
  return {
    id,
    type,
    created: seconds(fields.at ?? START),
    object: {
      id: session,
      object: 'checkout.session',
      mode: fields.subscription ? 'subscription' : 'payment',
      payment_status: 'paid',
      status: 'complete',
      client_reference_id: uid,
      amount_total: fields.amountTotal,
      currency: 'usd',
      metadata: {
        uid,
        product: fields.product,
        ...(fields.amount === undefined ? {} : { amount: String(fields.amount) }),
      },
      subscription: fields.subscription ?? null,
    },
  };
}

const pack = (id: string, session: string, tokens: 5 | 10 | 20, type?: string) =>
  checkoutCompleted(
    id,
    session,
    { product: 'Tokens', amount: tokens * 10, amountTotal: { 5: 99, 10: 199, 20: 349 }[tokens] },
    type,
  );

const monthly = { product: 'monthly', amountTotal: 299, subscription: 'sub_monthly' };

/** An invoice's line for its subscription's price, as Stripe bills a renewal; `proration` for a plan change's. */
function subscriptionLine(
  subscription: string,
  period: { start: Date; end: Date },
  fields: { price?: string; proration?: boolean; amount?: number } = {},
) {
  return {
    object: 'line_item',
    amount: fields.amount ?? 299,
    period: { start: seconds(period.start), end: seconds(period.end) },
    parent: {
      type: 'subscription_item_details',
      subscription_item_details: {
        subscription,
        subscription_item: `si_${subscription}`,
        invoice_item: null,
        proration: fields.proration ?? false,
        proration_details: null,
      },
      invoice_item_details: null,
    },
    pricing: {
      type: 'price_details',
      price_details: { price: fields.price ?? `price_${subscription}`, product: 'prod_premium' },
      unit_amount_decimal: String(fields.amount ?? 299),
    },
  };
}

function invoice(
  id: string,
  period: { start: Date; end: Date },
  fields: {
    amountPaid?: number;
    type?: string;
    subscription?: string;
    product?: string;
    lines?: Array<Record<string, unknown>>;
  } = {},
): StripeEvent {
  const subscription = fields.subscription ?? 'sub_monthly';
  return {
    id,
    type: fields.type ?? 'invoice.paid',
    created: seconds(period.start),
    object: {
      id: `in_${id}`,
      object: 'invoice',
      amount_paid: fields.amountPaid ?? 299,
      currency: 'usd',
      parent: {
        type: 'subscription_details',
        subscription_details: {
          subscription,
          metadata: { uid: 'buyer', product: fields.product ?? 'monthly' },
        },
      },
      lines: { data: fields.lines ?? [subscriptionLine(subscription, period)] },
    },
  };
}

const month = (n: number) => ({ start: addMonths(START, n), end: addMonths(START, n + 1) });

function subscriptionEvent(id: string, type: string, at: Date, cancelAtPeriodEnd = false): StripeEvent {
  return {
    id,
    type,
    created: seconds(at),
    object: {
      id: 'sub_monthly',
      object: 'subscription',
      status: type === 'customer.subscription.deleted' ? 'canceled' : 'active',
      cancel_at_period_end: cancelAtPeriodEnd,
      metadata: { uid: 'buyer', product: 'monthly' },
    },
  };
}

async function buyer(context: Context, overrides: Partial<User> = {}) {
  await seedMember(context.store, 'buyer', overrides);
}

const member = async (context: Context) => (await context.store.get<User>('users/buyer'))!;

async function expectRefused(context: Context, event: StripeEvent, message: RegExp) {
  const before = await context.store.contents();
  const answer = await deliver(context, event);
  expect(answer.status).toBe(400);
  expect(JSON.stringify(answer.body)).toMatch(message);
  expect(await context.store.contents()).toEqual(before);
}

/** A shuffle that the same seed repeats. */
function shuffled<T>(items: T[], seed: number): T[] {
  const copy = [...items];
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

describe('the webhook signature', () => {
  it('refuses a forged, stale, missing or tampered signature and writes nothing', async () => {
    const context = testContext();
    await buyer(context);
    const event = pack('evt_forged', 'cs_1', 10);
    const before = await context.store.contents();

    expect((await deliver(context, event, { secret: 'whsec_someone_else' })).status).toBe(400);
    const stale = await deliver(context, event, { signedAt: new Date(START.getTime() - 10 * 60_000) });
    expect(stale).toEqual({ status: 400, body: { error: expect.stringMatching(/too old/) } });
    const payload = envelope(event);
    const missing = await receiveStripeWebhook(payload, undefined, { ...context, payments });
    expect(missing.status).toBe(400);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: SECRET,
      timestamp: seconds(START),
    });
    const tampered = payload.replace('"amount_total":199', '"amount_total":1');
    expect((await receiveStripeWebhook(tampered, signature, { ...context, payments })).status).toBe(400);
    expect(await context.store.contents()).toEqual(before);
    expect((await member(context)).points).toBe(2);
  });

  it('answers 503 without a payment provider, so the provider tries again later', async () => {
    const context = testContext();
    const answer = await receiveStripeWebhook('{}', 't=1,v1=x', {
      store: context.store,
      clock: context.clock,
    });
    expect(answer.status).toBe(503);
  });
});

describe('the API version of events', () => {
  it('refuses, loudly and with a 400, an event of another version than the one the webhook reads', async () => {
    const context = testContext();
    await buyer(context);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      for (const apiVersion of ['2024-06-20', null]) {
        await expectRefused(
          context,
          { ...pack('evt_old', 'cs_old', 10), apiVersion },
          new RegExp(STRIPE_API_VERSION),
        );
        // Not even an event the webhook passes over is taken: the endpoint is set up wrongly.
        await expectRefused(
          context,
          { id: 'evt_other', type: 'customer.created', created: seconds(START), object: {}, apiVersion },
          /API version/,
        );
      }
      expect(logged).toHaveBeenCalledTimes(4);
      expect(String(logged.mock.calls[0]?.[0])).toContain('2024-06-20');
      expect(String(logged.mock.calls[0]?.[0])).toContain(STRIPE_API_VERSION);
    } finally {
      logged.mockRestore();
    }
    expect((await member(context)).points).toBe(2);
  });
});

describe('fulfilment of token packs and donations', () => {
  it('credits a paid pack once, however many times its event or another event of its session comes', async () => {
    const context = testContext();
    await buyer(context);
    for (let time = 0; time < 5; time++)
      expect((await deliver(context, pack('evt_1', 'cs_1', 10))).status).toBe(200);
    await deliver(context, pack('evt_2', 'cs_1', 10, 'checkout.session.async_payment_succeeded'));
    expect((await member(context)).points).toBe(12);
    expect(await context.store.get<CheckoutSessionRecord>(checkoutSessionPath('cs_1'))).toMatchObject({
      uid: 'buyer',
      status: 'fulfilled',
      eventId: 'evt_1',
    });
    expect(await context.store.get(paymentEventPath('evt_1'))).toMatchObject({ outcome: 'fulfilled tokens' });
    expect(await context.store.get(paymentEventPath('evt_2'))).toMatchObject({
      outcome: 'already fulfilled',
    });
  });

  it('credits once when the same event arrives many times at once', async () => {
    const context = testContext();
    await buyer(context);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => deliver(context, pack('evt_c', 'cs_c', 20))),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect(
      answers.filter((answer) => 'outcome' in answer.body && answer.body.outcome === 'fulfilled tokens'),
    ).toHaveLength(1);
    expect((await member(context)).points).toBe(22);
  });

  it('refuses a tampered amount, an unknown product or another member, and writes nothing', async () => {
    const context = testContext();
    await buyer(context);
    await expectRefused(
      context,
      checkoutCompleted('evt_cheap', 'cs_2', { product: 'Tokens', amount: 200, amountTotal: 99 }),
      /not the price of 20 tokens/,
    );
    await expectRefused(
      context,
      checkoutCompleted('evt_odd', 'cs_3', { product: 'Tokens', amount: 1000, amountTotal: 1999 }),
      /Unknown product/,
    );
    await expectRefused(
      context,
      checkoutCompleted('evt_gold', 'cs_4', { product: 'Gold', amountTotal: 100 }),
      /Unknown product/,
    );
    await expectRefused(
      context,
      { id: 'evt_empty', type: 'checkout.session.completed', created: seconds(START), object: {} },
      /no valid id/,
    );
    await expectRefused(
      context,
      checkoutCompleted('evt_nobody', 'cs_5', {
        product: 'Tokens',
        amount: 100,
        amountTotal: 199,
        uid: 'nobody',
      }),
      /no member/,
    );
  });

  it('refuses a checkout that differs from the one the server opened', async () => {
    const context = testContext();
    await buyer(context);
    const order = {
      kind: 'tokens',
      product: 'Tokens',
      amount: 50,
      description: '5 tokens (Starter)',
      amountCents: 99,
      currency: 'usd',
      tokens: 5,
    };
    await context.store.runTransaction(async (tx) =>
      tx.set(checkoutSessionPath('cs_opened'), { uid: 'buyer', order, status: 'open', createdAt: START }),
    );
    await expectRefused(context, pack('evt_swap', 'cs_opened', 20), /does not match/);
    await deliver(context, pack('evt_right', 'cs_opened', 5));
    expect((await member(context)).points).toBe(7);
  });

  it('records a donation once and credits nothing', async () => {
    const context = testContext();
    await buyer(context);
    const coffee = checkoutCompleted('evt_coffee', 'cs_coffee', {
      product: 'Donation',
      amount: 3.5,
      amountTotal: 350,
    });
    expect((await deliver(context, coffee)).body).toEqual({ received: true, outcome: 'fulfilled donation' });
    expect((await deliver(context, coffee)).body).toEqual({ received: true, outcome: 'duplicate' });
    expect((await member(context)).points).toBe(2);
    expect(await context.store.get(checkoutSessionPath('cs_coffee'))).toMatchObject({ status: 'fulfilled' });
  });

  it('waits for an unpaid (delayed) payment and fulfils on its success', async () => {
    const context = testContext();
    await buyer(context);
    const unpaid = pack('evt_pending', 'cs_later', 10);
    unpaid.object.payment_status = 'unpaid';
    expect((await deliver(context, unpaid)).body).toEqual({ received: true, outcome: 'awaiting payment' });
    expect((await member(context)).points).toBe(2);
    await deliver(context, pack('evt_paid', 'cs_later', 10, 'checkout.session.async_payment_succeeded'));
    expect((await member(context)).points).toBe(12);
  });

  it('passes over events it does not handle', async () => {
    const context = testContext();
    const before = await context.store.contents();
    const answer = await deliver(context, {
      id: 'evt_other',
      type: 'customer.created',
      created: seconds(START),
      object: { id: 'cus_1' },
    });
    expect(answer.body).toEqual({ received: true, outcome: 'ignored' });
    expect(await context.store.contents()).toEqual(before);
  });
});

describe('Premium through payments', () => {
  it('makes a member Premium with their first month of tokens, their photos first in the feed', async () => {
    const context = testContext();
    await buyer(context);
    await seedPhoto(context.store, 'buyer', 'p1', { votesCount: 3 });
    await deliver(context, checkoutCompleted('evt_sub', 'cs_sub', monthly));
    await deliver(context, invoice('evt_inv_0', month(0)));
    const user = await member(context);
    expect(user).toMatchObject({ subscribed: true, points: 7 });
    expect((await context.store.get<Photo>('users/buyer/photos/p1'))!.feedOrder).toMatch(/^0-/);
    expect(await context.store.get<Billing>(billingPath('buyer'))).toEqual({
      plan: 'monthly',
      premiumUntil: month(0).end,
      status: 'active',
      updatedAt: START,
    });
  });

  it('keeps Premium on renewal with 5 more tokens, and ends it at the period end after a cancellation', async () => {
    const context = testContext();
    await buyer(context);
    await deliver(context, checkoutCompleted('evt_sub', 'cs_sub', monthly));
    await deliver(context, invoice('evt_inv_0', month(0)));
    (context.clock as TestClock).advanceDays(31);
    await deliver(context, invoice('evt_inv_1', month(1)));
    expect(await member(context)).toMatchObject({ subscribed: true, points: 12 });
    await deliver(
      context,
      subscriptionEvent('evt_cancel', 'customer.subscription.updated', context.clock.now(), true),
    );
    expect((await context.store.get<Billing>(billingPath('buyer')))!.status).toBe('canceled');
    (context.clock as TestClock).advanceDays(15);
    await renewPremium(context.store, context.clock);
    expect(await member(context)).toMatchObject({ subscribed: true, points: 12 });
    (context.clock as TestClock).advanceDays(20);
    expect(await renewPremium(context.store, context.clock)).toEqual({ credited: 0, ended: 1 });
    expect(await member(context)).toMatchObject({ subscribed: false, points: 12 });
    expect(await renewPremium(context.store, context.clock)).toEqual({ credited: 0, ended: 0 });
  });

  it('keeps Premium until the paid time runs out after a failed renewal', async () => {
    const context = testContext();
    await buyer(context);
    await deliver(context, invoice('evt_inv_0', month(0)));
    (context.clock as TestClock).advanceDays(29);
    await deliver(context, invoice('evt_failed', month(1), { type: 'invoice.payment_failed' }));
    expect((await context.store.get<Billing>(billingPath('buyer')))!.status).toBe('past_due');
    expect((await member(context)).subscribed).toBe(true);
    (context.clock as TestClock).advanceDays(2);
    await renewPremium(context.store, context.clock);
    expect((await member(context)).subscribed).toBe(false);
  });

  it('credits a yearly plan 5 tokens a month, once each, however often the job runs', async () => {
    const context = testContext();
    await buyer(context);
    const yearly = { start: START, end: addMonths(START, 12) };
    await deliver(
      context,
      invoice('evt_year', yearly, { amountPaid: 1199, subscription: 'sub_year', product: 'yearly' }),
    );
    expect((await member(context)).points).toBe(7);
    for (let day = 0; day < 400; day += 5) {
      (context.clock as TestClock).advanceDays(5);
      await renewPremium(context.store, context.clock);
      await renewPremium(context.store, context.clock);
    }
    expect(await member(context)).toMatchObject({ subscribed: false, points: 2 + 12 * 5 });
    expect(await context.store.get<Subscription>(subscriptionPath('sub_year'))).toMatchObject({
      monthsCredited: 12,
      premium: false,
    });
  });

  it("takes a renewal at its subscription's price whatever was paid: a coupon, tax, an older price", async () => {
    const context = testContext();
    await buyer(context);
    await deliver(context, checkoutCompleted('evt_sub', 'cs_sub', monthly));
    // A 100% coupon, half off, tax added, and a subscriber kept at a price the catalogue has since changed.
    const paid = [0, 150, 329, 249];
    for (const [n, amountPaid] of paid.entries()) {
      const answer = await deliver(context, invoice(`evt_inv_${n}`, month(n), { amountPaid }));
      expect(answer).toEqual({ status: 200, body: { received: true, outcome: 'paid' } });
      (context.clock as TestClock).advanceDays(31);
    }
    expect(await member(context)).toMatchObject({ subscribed: true, points: 2 + 4 * 5 });
    expect((await context.store.get<Billing>(billingPath('buyer')))!.premiumUntil).toEqual(month(3).end);
  });

  it('gives nothing for an invoice of a subscription that is not its renewal: a proration, an extra item', async () => {
    const context = testContext();
    await buyer(context);
    await deliver(context, invoice('evt_inv_0', month(0)));
    const before = await context.store.contents();
    const later = { start: addMonths(START, 5), end: addMonths(START, 6) };
    const proration = invoice('evt_prorated', later, {
      lines: [subscriptionLine('sub_monthly', later, { proration: true })],
    });
    const extra = invoice('evt_extra', later, {
      lines: [
        {
          object: 'line_item',
          amount: 500,
          period: { start: seconds(later.start), end: seconds(later.end) },
          parent: {
            type: 'invoice_item_details',
            invoice_item_details: { invoice_item: 'ii_1', subscription: 'sub_monthly', proration: false },
            subscription_item_details: null,
          },
          pricing: null,
        },
      ],
    });
    const otherSubscription = invoice('evt_other_sub', later, {
      lines: [subscriptionLine('sub_someone_else', later)],
    });
    for (const event of [proration, extra, otherSubscription])
      expect((await deliver(context, event)).body).toEqual({ received: true, outcome: 'not a renewal' });
    expect(await context.store.contents()).toEqual(before);
  });

  it('refuses a signed invoice whose period is longer than the plan pays for, or has not begun', async () => {
    const context = testContext();
    await buyer(context);
    const decade = { start: START, end: addMonths(START, 120) };
    await expectRefused(context, invoice('evt_decade', decade), /more than the monthly plan's 1 month/);
    const yearOnMonthly = { start: START, end: addMonths(START, 12) };
    await expectRefused(context, invoice('evt_year_monthly', yearOnMonthly), /more than the monthly plan/);
    const yearly = { amountPaid: 1199, subscription: 'sub_year', product: 'yearly' };
    await expectRefused(
      context,
      invoice('evt_two_years', { start: START, end: addMonths(START, 24) }, yearly),
      /more than the yearly plan's 12 month/,
    );
    // A month that starts ten years on is ten years of Premium too.
    const later = addMonths(START, 120);
    await expectRefused(
      context,
      invoice('evt_later', { start: later, end: addMonths(later, 1) }),
      /not begun/,
    );
    expect((await member(context)).subscribed).toBe(false);
  });

  it("takes a period that runs back to the subscription's own day after a short month", async () => {
    const context = testContext(new TestClock(new Date('2027-02-28T10:00:00Z')));
    await buyer(context);
    // Anchored on the 31st: February ends on the 28th, and the next period runs to the 31st of March.
    const period = { start: new Date('2027-02-28T10:00:00Z'), end: new Date('2027-03-31T10:00:00Z') };
    expect((await deliver(context, invoice('evt_march', period))).status).toBe(200);
    expect(await context.store.get<Billing>(billingPath('buyer'))).toMatchObject({
      premiumUntil: period.end,
    });
  });

  it('reaches the same state from a renewal that comes before the checkout', async () => {
    const inOrder = testContext();
    const reversed = testContext();
    for (const context of [inOrder, reversed]) {
      await buyer(context);
      (context.clock as TestClock).advanceDays(35);
    }
    const events = [
      checkoutCompleted('evt_sub', 'cs_sub', monthly),
      invoice('evt_inv_0', month(0)),
      invoice('evt_inv_1', month(1)),
    ];
    for (const event of events) await deliver(inOrder, event);
    for (const event of [...events].reverse()) await deliver(reversed, event);
    expect(await member(reversed)).toEqual(await member(inOrder));
    expect(await member(inOrder)).toMatchObject({ subscribed: true, points: 12 });
    expect(await reversed.store.get(billingPath('buyer'))).toEqual(
      await inOrder.store.get(billingPath('buyer')),
    );
  });
});

describe('events for a member who deleted their account', () => {
  it('takes them (so the provider stops sending), records them and credits nothing', async () => {
    const context = testContext();
    await buyer(context, { points: 2 });
    expect((await deliver(context, checkoutCompleted('evt_sub', 'cs_sub', monthly))).status).toBe(200);
    await context.store.runTransaction(async (tx) =>
      tx.update('users/buyer', { deleted: true, deletedAt: START }),
    );
    const points = (await member(context)).points;
    const ended = await deliver(
      context,
      subscriptionEvent('evt_gone', 'customer.subscription.deleted', START),
    );
    expect(ended.status).toBe(200);
    const late = await deliver(context, pack('evt_pack', 'cs_pack', 10));
    expect(late.status).toBe(200);
    expect((await member(context)).points).toBe(points);
    expect(await context.store.get(paymentEventPath('evt_gone'))).toMatchObject({
      outcome: 'member deleted',
    });
    expect(await context.store.get(paymentEventPath('evt_pack'))).toMatchObject({
      outcome: 'member deleted',
    });
    expect(await context.store.get('subscriptions/sub_monthly')).toMatchObject({ premium: false });
  });
});

describe('a shuffled sequence of 20 events', () => {
  // Three packs (10 delivered three times, 5 with a second event for its session, 20 twice), a
  // donation, a monthly plan paid three times and then cancelled (a renewal delivered three times),
  // and two events the webhook does not handle.
  const now = new Date(addMonths(START, 2).getTime() + 10 * 86_400_000);
  const events = [
    pack('evt_p10', 'cs_p10', 10),
    pack('evt_p10', 'cs_p10', 10),
    pack('evt_p10', 'cs_p10', 10),
    pack('evt_p5', 'cs_p5', 5),
    pack('evt_p5_async', 'cs_p5', 5, 'checkout.session.async_payment_succeeded'),
    pack('evt_p20', 'cs_p20', 20),
    pack('evt_p20', 'cs_p20', 20),
    checkoutCompleted('evt_coffee', 'cs_coffee', { product: 'Donation', amount: 2, amountTotal: 200 }),
    checkoutCompleted('evt_sub', 'cs_sub', monthly),
    invoice('evt_inv_0', month(0)),
    invoice('evt_inv_1', month(1)),
    invoice('evt_inv_1', month(1)),
    invoice('evt_inv_1', month(1)),
    invoice('evt_inv_2', month(2)),
    subscriptionEvent('evt_cancel', 'customer.subscription.updated', addMonths(START, 2), true),
    subscriptionEvent('evt_resume_old', 'customer.subscription.updated', addMonths(START, 1), false),
    subscriptionEvent('evt_deleted', 'customer.subscription.deleted', addMonths(START, 2)),
    invoice('evt_inv_2', month(2)),
    { id: 'evt_x1', type: 'charge.succeeded', created: seconds(START), object: { id: 'ch_1' } },
    { id: 'evt_x2', type: 'customer.created', created: seconds(START), object: { id: 'cus_1' } },
  ];

  it.each([1, 2, 3, 4, 5, 6])('credits exactly what was paid for, in order %#', async (seed) => {
    expect(events).toHaveLength(20);
    const context = testContext(new TestClock(now));
    await buyer(context);
    for (const event of seed === 1 ? events : shuffled(events, seed)) {
      expect((await deliver(context, event)).status).toBe(200);
    }
    // 2 to start, packs of 10, 5 and 20, and 5 for each of the three months Premium has started.
    expect(await member(context)).toMatchObject({ points: 2 + 10 + 5 + 20 + 15, subscribed: true });
    expect(await context.store.get(billingPath('buyer'))).toMatchObject({
      plan: 'monthly',
      premiumUntil: addMonths(START, 3),
      status: 'canceled',
    });
    const sessions = (await context.store.contents()).filter((row) =>
      row.path.startsWith('checkoutSessions/'),
    );
    expect(sessions.map((row) => row.path)).toEqual(
      ['cs_coffee', 'cs_p10', 'cs_p20', 'cs_p5', 'cs_sub'].map((id) => `checkoutSessions/${id}`),
    );
  });
});

/** A charge refunded in full (or in part), as Stripe sends it. */
function refunded(
  id: string,
  paymentIntent: string,
  fields: { partial?: boolean; at?: Date } = {},
): StripeEvent {
  return {
    id,
    type: 'charge.refunded',
    created: seconds(fields.at ?? START),
    object: {
      id: `ch_${paymentIntent}`,
      object: 'charge',
      amount: 199,
      amount_refunded: fields.partial ? 50 : 199,
      refunded: !fields.partial,
      currency: 'usd',
      payment_intent: paymentIntent,
    },
  };
}

function dispute(id: string, paymentIntent: string, type: string, status: string): StripeEvent {
  return {
    id,
    type,
    created: seconds(START),
    object: {
      id: `dp_${paymentIntent}`,
      object: 'dispute',
      charge: `ch_${paymentIntent}`,
      payment_intent: paymentIntent,
      amount: 199,
      currency: 'usd',
      status,
    },
  };
}

async function notes(context: Context): Promise<string[]> {
  const rows = await context.store.query<AppNotification>('users/buyer/notifications');
  return rows.map((row) => row.data.body);
}

describe('refunds and lost disputes', () => {
  it("take back a pack's tokens once, with a note to the member, however often and by whichever event", async () => {
    const context = testContext();
    await buyer(context);
    sold.set('pi_pack', { kind: 'checkout', sessionId: 'cs_refund' });
    await deliver(context, pack('evt_buy', 'cs_refund', 10));
    expect((await member(context)).points).toBe(12);

    const refund = refunded('evt_refund', 'pi_pack');
    expect((await deliver(context, refund)).body).toEqual({ received: true, outcome: 'taken back' });
    const note = 'Your payment for 10 tokens (Most Popular) was refunded, so 10 tokens were taken back.';
    expect(await member(context)).toMatchObject({ points: 2, lastNotification: { body: note } });
    expect(await notes(context)).toEqual([note]);
    expect((await deliver(context, refund)).body).toEqual({ received: true, outcome: 'duplicate' });
    const lost = dispute('evt_lost', 'pi_pack', 'charge.dispute.closed', 'lost');
    expect((await deliver(context, lost)).body).toEqual({ received: true, outcome: 'already taken back' });
    // The checkout's own event, delivered again late, credits nothing either.
    await deliver(
      context,
      pack('evt_buy_again', 'cs_refund', 10, 'checkout.session.async_payment_succeeded'),
    );
    expect((await member(context)).points).toBe(2);
    expect(await notes(context)).toHaveLength(1);
    expect(await context.store.get(takenBackPaymentPath('pi_pack'))).toMatchObject({ reason: 'refund' });
    expect(await context.store.get(checkoutSessionPath('cs_refund'))).toMatchObject({ status: 'refunded' });
  });

  it('never takes a member below zero tokens', async () => {
    const context = testContext();
    await buyer(context);
    sold.set('pi_spent', { kind: 'checkout', sessionId: 'cs_spent' });
    await deliver(context, pack('evt_buy', 'cs_spent', 20));
    await context.store.runTransaction(async (tx) => tx.update('users/buyer', { points: 3 }));
    await deliver(context, dispute('evt_lost', 'pi_spent', 'charge.dispute.closed', 'lost'));
    expect((await member(context)).points).toBe(0);
    expect(await notes(context)).toEqual([
      'Your payment for 20 tokens (Best Value) was reversed by your bank, so 3 tokens were taken back.',
    ]);
  });

  it("takes nothing for a partial refund, an open or won dispute, or a payment that is not this app's", async () => {
    const context = testContext();
    await buyer(context);
    sold.set('pi_kept', { kind: 'checkout', sessionId: 'cs_kept' });
    await deliver(context, pack('evt_buy', 'cs_kept', 10));
    const before = await context.store.contents();
    const answers = [
      await deliver(context, refunded('evt_partial', 'pi_kept', { partial: true })),
      await deliver(context, dispute('evt_open', 'pi_kept', 'charge.dispute.created', 'needs_response')),
      await deliver(context, dispute('evt_won', 'pi_kept', 'charge.dispute.closed', 'won')),
      await deliver(context, refunded('evt_elsewhere', 'pi_elsewhere')),
    ];
    expect(answers.map((answer) => answer.body)).toEqual(
      ['partial refund', 'ignored', 'dispute won', "not this app's"].map((outcome) => ({
        received: true,
        outcome,
      })),
    );
    expect(await context.store.contents()).toEqual(before);
  });

  it("leaves nothing to credit when the refund comes before the checkout's event", async () => {
    const context = testContext();
    await buyer(context);
    const order = {
      kind: 'tokens',
      product: 'Tokens',
      amount: 100,
      description: '10 tokens (Most Popular)',
      amountCents: 199,
      currency: 'usd',
      tokens: 10,
    };
    await context.store.runTransaction(async (tx) =>
      tx.set(checkoutSessionPath('cs_early'), { uid: 'buyer', order, status: 'open', createdAt: START }),
    );
    sold.set('pi_early', { kind: 'checkout', sessionId: 'cs_early' });
    await deliver(context, refunded('evt_refund', 'pi_early'));
    expect((await deliver(context, pack('evt_buy', 'cs_early', 10))).body).toEqual({
      received: true,
      outcome: 'refunded',
    });
    expect((await member(context)).points).toBe(2);
  });

  it("ends the Premium a refunded payment paid for and takes its months' tokens; a later renewal counts", async () => {
    const context = testContext();
    await buyer(context);
    sold.set('pi_month_0', { kind: 'invoice', subscriptionId: 'sub_monthly', period: month(0) });
    await deliver(context, checkoutCompleted('evt_sub', 'cs_sub', monthly));
    await deliver(context, invoice('evt_inv_0', month(0)));
    (context.clock as TestClock).advanceDays(10);
    expect(await member(context)).toMatchObject({ subscribed: true, points: 7 });

    await deliver(context, refunded('evt_refund', 'pi_month_0'));
    expect(await member(context)).toMatchObject({ subscribed: false, points: 2 });
    expect(await notes(context)).toEqual([
      'Your payment for Photorater Premium, Monthly (1 month) was refunded, so the Premium it paid for has ended and 5 tokens were taken back.',
    ]);
    expect(await context.store.get<Billing>(billingPath('buyer'))).toMatchObject({ premiumUntil: START });
    // The refunded invoice's event again (a new delivery of it) gives nothing back.
    await deliver(context, invoice('evt_inv_0_again', month(0)));
    await renewPremium(context.store, context.clock);
    expect(await member(context)).toMatchObject({ subscribed: false, points: 2 });

    (context.clock as TestClock).advanceDays(21);
    await deliver(context, invoice('evt_inv_1', month(1)));
    expect(await member(context)).toMatchObject({ subscribed: true, points: 7 });
  });
});

describe('managing Premium on the portal', () => {
  const portalEvent = (id: string, at: Date, fields: Record<string, unknown>, type?: string): StripeEvent => {
    const event = subscriptionEvent(id, type ?? 'customer.subscription.updated', at);
    return { ...event, object: { ...event.object, customer: 'cus_buyer', ...fields } };
  };

  async function subscribed(context: Context) {
    await buyer(context);
    const completed = checkoutCompleted('evt_sub', 'cs_sub', monthly);
    await deliver(context, { ...completed, object: { ...completed.object, customer: 'cus_buyer' } });
    await deliver(context, invoice('evt_inv_0', month(0)));
  }

  it("keeps the customer the checkout made, for the member's portal", async () => {
    const context = testContext();
    await subscribed(context);
    expect(await context.store.get<Subscription>(subscriptionPath('sub_monthly'))).toMatchObject({
      customerId: 'cus_buyer',
    });
  });

  it('ends Premium at the period end once cancelled there, and renews again once resumed', async () => {
    const context = testContext();
    await subscribed(context);
    const clock = context.clock as TestClock;
    clock.advanceDays(3);
    await deliver(context, portalEvent('evt_cancel', clock.now(), { cancel_at_period_end: true }));
    expect(await context.store.get<Billing>(billingPath('buyer'))).toMatchObject({
      status: 'canceled',
      premiumUntil: month(0).end,
    });
    clock.advanceDays(1);
    await deliver(context, portalEvent('evt_resume', clock.now(), { cancel_at_period_end: false }));
    expect(await context.store.get<Billing>(billingPath('buyer'))).toMatchObject({
      status: 'active',
      premiumUntil: month(0).end,
    });
    expect(await member(context)).toMatchObject({ subscribed: true });
  });

  it('reads a cancel_at date (as the portal may set it) as a cancellation at the period end', async () => {
    const context = testContext();
    await subscribed(context);
    await deliver(
      context,
      portalEvent('evt_cancel_at', context.clock.now(), { cancel_at: seconds(month(0).end) }),
    );
    expect((await context.store.get<Billing>(billingPath('buyer')))!.status).toBe('canceled');
  });

  it('never takes back a cancellation with an older resume that arrives late', async () => {
    const context = testContext();
    await subscribed(context);
    const clock = context.clock as TestClock;
    const resumedAt = clock.now();
    clock.advanceDays(1);
    await deliver(context, portalEvent('evt_cancel', clock.now(), { cancel_at_period_end: true }));
    await deliver(context, portalEvent('evt_resume_old', resumedAt, { cancel_at_period_end: false }));
    expect((await context.store.get<Billing>(billingPath('buyer')))!.status).toBe('canceled');
  });

  it('keeps an ended subscription ended, whatever later update arrives', async () => {
    const context = testContext();
    await subscribed(context);
    const clock = context.clock as TestClock;
    clock.advanceDays(1);
    await deliver(context, portalEvent('evt_deleted', clock.now(), {}, 'customer.subscription.deleted'));
    clock.advanceDays(1);
    await deliver(context, portalEvent('evt_late', clock.now(), { cancel_at_period_end: false }));
    expect(await context.store.get<Subscription>(subscriptionPath('sub_monthly'))).toMatchObject({
      status: 'canceled',
      ended: true,
    });
    expect((await context.store.get<Billing>(billingPath('buyer')))!.status).toBe('canceled');
  });

  it('keeps the known customer when an update names one that is not an id', async () => {
    const context = testContext();
    await subscribed(context);
    await deliver(
      context,
      portalEvent('evt_odd', context.clock.now(), {
        customer: 'cus bad<script>',
        cancel_at_period_end: true,
      }),
    );
    expect((await context.store.get<Subscription>(subscriptionPath('sub_monthly')))!.customerId).toBe(
      'cus_buyer',
    );
  });
});
