import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '../../../src/domain/payments';
import type { CheckoutRequest, PaymentProvider } from '../payments/payment-provider';
import { caller, seedMember, testContext } from '../testing';
import {
  ALREADY_PREMIUM,
  createCheckoutSession,
  createSubscribeCheckoutSession,
} from './create-checkout-session';
import { SIGNED_OUT, type HandlerContext } from './handler';
import { checkoutSessionPath } from './stripe-webhook';

const APP = 'http://localhost:5173';

/** A provider that opens numbered sessions and remembers what it was asked for. */
function recordingProvider() {
  const requests: CheckoutRequest[] = [];
  const provider: PaymentProvider = {
    webhookSecret: 'whsec_unused',
    returnOrigins: [APP],
    cancelSubscription: async () => undefined,
    paymentOf: async () => undefined,
    createPortal: async () => ({ url: 'https://pay.example/portal' }),
    async createCheckout(request) {
      requests.push(request);
      const sessionId = `cs_${requests.length}`;
      return { sessionId, url: `https://pay.example/${sessionId}` };
    },
  };
  return { provider, requests };
}

async function setUp(overrides: Record<string, unknown> = {}) {
  const context = testContext();
  await seedMember(context.store, 'buyer', overrides);
  const { provider, requests } = recordingProvider();
  const as = (uid: string | null): HandlerContext => ({
    ...context.as(uid ? caller(uid) : null),
    payments: provider,
  });
  return { context, as, requests };
}

const tokens = (fields: Record<string, unknown> = {}) => ({
  redirectUrl: APP,
  clientReferenceId: 'buyer',
  ...fields,
});

describe('createCheckoutSession', () => {
  it('sells the pack the amount names at the catalogue price, and records the session', async () => {
    const { context, as, requests } = await setUp();
    const session = await createCheckoutSession.run(tokens({ product: 'Tokens', amount: 200 }), as('buyer'));
    expect(session).toEqual({ sessionId: 'cs_1', url: 'https://pay.example/cs_1' });
    expect(requests[0]).toEqual({
      order: {
        kind: 'tokens',
        product: 'Tokens',
        amount: 200,
        description: '20 tokens (Best Value)',
        amountCents: 349,
        currency: 'usd',
        tokens: 20,
      },
      uid: 'buyer',
      email: 'buyer@example.com',
      successUrl: `${APP}/?success=true&bought=tokens&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${APP}/?checkout=cancelled`,
      metadata: { uid: 'buyer', product: 'Tokens', amount: '200' },
    });
    expect(await context.store.get(checkoutSessionPath('cs_1'))).toMatchObject({
      uid: 'buyer',
      status: 'open',
    });
  });

  it('buys the 10-token pack when product and amount are missing', async () => {
    const { as, requests } = await setUp();
    await createCheckoutSession.run(tokens(), as('buyer'));
    expect(requests[0]!.order).toMatchObject({ tokens: 10, amountCents: 199 });
  });

  it('takes a donation of 0.5 to 9999 in whole cents', async () => {
    const { as, requests } = await setUp();
    await createCheckoutSession.run(tokens({ product: 'Donation', amount: 3.5 }), as('buyer'));
    expect(requests[0]!.order).toMatchObject({ kind: 'donation', amountCents: 350 });
    for (const [amount, message] of [
      [0.4, 'Amount must be at least 0.5'],
      [10000, 'Amount must be at most 9999'],
      [1.234, 'Amount must be in whole cents'],
    ] as const) {
      await expect(
        createCheckoutSession.run(tokens({ product: 'Donation', amount }), as('buyer')),
      ).rejects.toThrow(message);
    }
  });

  it('refuses an amount that is no pack, another member, a foreign return address and a signed-out caller', async () => {
    const { context, as, requests } = await setUp();
    const before = await context.store.contents();
    await expect(createCheckoutSession.run(tokens({ amount: 150 }), as('buyer'))).rejects.toThrow(
      PAYMENT_MESSAGES.choosePack,
    );
    await expect(createCheckoutSession.run(tokens({ product: 'Gold' }), as('buyer'))).rejects.toThrow(
      PAYMENT_MESSAGES.choosePack,
    );
    await expect(
      createCheckoutSession.run(tokens({ clientReferenceId: 'someone' }), as('buyer')),
    ).rejects.toMatchObject({ code: 'permission-denied', message: PAYMENT_MESSAGES.otherMember });
    for (const redirectUrl of ['https://evil.example', `${APP}/profile`, 'javascript:alert(1)'])
      await expect(createCheckoutSession.run(tokens({ redirectUrl }), as('buyer'))).rejects.toThrow(
        PAYMENT_MESSAGES.returnAddress,
      );
    await expect(createCheckoutSession.run(tokens(), as(null))).rejects.toMatchObject({
      code: 'unauthenticated',
      message: SIGNED_OUT,
    });
    expect(requests).toHaveLength(0);
    expect(await context.store.contents()).toEqual(before);
  });

  it('says payments are unavailable when the host has no provider, or the provider fails', async () => {
    const { context, as } = await setUp();
    await expect(createCheckoutSession.run(tokens(), context.as(caller('buyer')))).rejects.toMatchObject({
      code: 'failed-precondition',
      message: PAYMENT_MESSAGES.notAvailable,
    });
    const failing = { ...as('buyer') };
    failing.payments = {
      ...failing.payments!,
      createCheckout: async () => Promise.reject(new Error('offline')),
    };
    await expect(createCheckoutSession.run(tokens(), failing)).rejects.toMatchObject({ code: 'unavailable' });
  });
});

describe('createSubscribeCheckoutSession', () => {
  it('opens a subscription to the plan at its price, returning with subscribed', async () => {
    const { as, requests } = await setUp();
    await createSubscribeCheckoutSession.run(tokens({ product: 'quarterly' }), as('buyer'));
    expect(requests[0]).toMatchObject({
      order: { kind: 'subscription', plan: 'quarterly', amountCents: 599 },
      successUrl: `${APP}/?success=true&bought=subscription&subscribed=true&session_id={CHECKOUT_SESSION_ID}`,
      metadata: { uid: 'buyer', product: 'quarterly' },
    });
  });

  it('refuses an unknown plan, and a second plan while Premium runs unless it was cancelled', async () => {
    const { context, as } = await setUp({ subscribed: true });
    await expect(
      createSubscribeCheckoutSession.run(tokens({ product: 'weekly' }), as('buyer')),
    ).rejects.toThrow(PAYMENT_MESSAGES.choosePlan);
    await expect(
      createSubscribeCheckoutSession.run(tokens({ product: 'monthly' }), as('buyer')),
    ).rejects.toThrow(ALREADY_PREMIUM);
    await context.store.runTransaction(async (tx) =>
      tx.set('billing/buyer', { plan: 'monthly', status: 'canceled', premiumUntil: new Date('2026-12-01') }),
    );
    await expect(
      createSubscribeCheckoutSession.run(tokens({ product: 'yearly' }), as('buyer')),
    ).resolves.toMatchObject({
      sessionId: 'cs_1',
    });
  });
});

describe('the page a checkout returns to', () => {
  it('returns to the page the member started from, paid or cancelled', async () => {
    const { as, requests } = await setUp();
    await createCheckoutSession.run(tokens({ returnPath: '/rate' }), as('buyer'));
    expect(requests[0]).toMatchObject({
      successUrl: `${APP}/rate?success=true&bought=tokens&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${APP}/rate?checkout=cancelled`,
    });
  });

  it('refuses any return path that is not a page of this app, opening nothing', async () => {
    const { context, as, requests } = await setUp();
    const before = await context.store.contents();
    for (const returnPath of [
      '//evil.example/x',
      'https://evil.example',
      '/rate?x=1',
      '/a/../b\\c',
      'rate',
      `/${'a'.repeat(300)}`,
      42,
      { toString: '/rate' },
    ])
      await expect(createCheckoutSession.run(tokens({ returnPath }), as('buyer'))).rejects.toMatchObject({
        code: 'invalid-argument',
      });
    expect(requests).toEqual([]);
    expect(await context.store.contents()).toEqual(before);
  });
});
