import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '../../../src/domain/payments';
import type { PaymentProvider, PortalRequest } from '../payments/payment-provider';
import { caller, seedMember, testContext } from '../testing';
import { createBillingPortalSession } from './billing-portal';
import type { HandlerContext } from './handler';
import { subscriptionPath, type Subscription } from './premium';

const APP = 'http://localhost:5173';
const DAY = 24 * 3_600_000;

function portalProvider() {
  const requests: PortalRequest[] = [];
  const provider: PaymentProvider = {
    webhookSecret: 'whsec_unused',
    returnOrigins: [APP],
    cancelSubscription: async () => undefined,
    paymentOf: async () => undefined,
    createCheckout: async () => ({ sessionId: 'cs_unused', url: 'https://pay.example/cs' }),
    async createPortal(request) {
      requests.push(request);
      return { url: `https://pay.example/portal/${requests.length}` };
    },
  };
  return { provider, requests };
}

async function setUp() {
  const context = testContext();
  await seedMember(context.store, 'buyer');
  await seedMember(context.store, 'other');
  const now = context.clock.now();
  const subscription = (fields: Partial<Subscription>): Subscription => ({
    uid: 'buyer',
    plan: 'monthly',
    monthsCredited: 1,
    status: 'active',
    statusAt: now,
    premium: true,
    customerId: 'cus_buyer',
    anchor: new Date(now.getTime() - 5 * DAY),
    paidThrough: new Date(now.getTime() + 25 * DAY),
    ...fields,
  });
  const { provider, requests } = portalProvider();
  const as = (uid: string | null): HandlerContext => ({
    ...context.as(uid ? caller(uid) : null),
    payments: provider,
  });
  return { context, as, requests, subscription, now };
}

describe('createBillingPortalSession', () => {
  it("opens the portal for the customer of the member's running subscription, back to the profile", async () => {
    const { context, as, requests, subscription, now } = await setUp();
    await context.store.runTransaction(async (tx) => {
      tx.set(subscriptionPath('sub_old'), {
        ...subscription({ customerId: 'cus_old', paidThrough: new Date(now.getTime() - DAY) }),
      });
      tx.set(subscriptionPath('sub_now'), { ...subscription({}) });
    });
    const before = await context.store.contents();
    await expect(createBillingPortalSession.run({ redirectUrl: APP }, as('buyer'))).resolves.toEqual({
      url: 'https://pay.example/portal/1',
    });
    expect(requests).toEqual([
      { customerId: 'cus_buyer', subscriptionId: 'sub_now', returnUrl: `${APP}/profile` },
    ]);
    expect(await context.store.contents()).toEqual(before);
  });

  it('comes back to the page the member names, when it is a page of this app', async () => {
    const { context, as, requests, subscription } = await setUp();
    await context.store.runTransaction(async (tx) =>
      tx.set(subscriptionPath('sub_now'), { ...subscription({}) }),
    );
    await createBillingPortalSession.run({ redirectUrl: APP, returnPath: '/photos' }, as('buyer'));
    expect(requests[0]!.returnUrl).toBe(`${APP}/photos`);
  });

  it('opens the portal for a subscription from before its customer was kept: the provider finds it', async () => {
    const { context, as, requests, subscription } = await setUp();
    const withoutCustomer: Partial<Subscription> = subscription({});
    delete withoutCustomer.customerId;
    await context.store.runTransaction(async (tx) => tx.set(subscriptionPath('sub_older'), withoutCustomer));
    await createBillingPortalSession.run({ redirectUrl: APP }, as('buyer'));
    expect(requests).toEqual([{ subscriptionId: 'sub_older', returnUrl: `${APP}/profile` }]);
  });

  it('refuses a member with no subscription to manage: none, ended, run out, or another member’s', async () => {
    const { context, as, requests, subscription, now } = await setUp();
    await expect(createBillingPortalSession.run({ redirectUrl: APP }, as('buyer'))).rejects.toThrow(
      PAYMENT_MESSAGES.noSubscription,
    );
    await context.store.runTransaction(async (tx) => {
      tx.set(subscriptionPath('sub_ended'), { ...subscription({ ended: true, status: 'canceled' }) });
      tx.set(subscriptionPath('sub_past'), {
        ...subscription({ paidThrough: new Date(now.getTime() - DAY) }),
      });
    });
    await expect(createBillingPortalSession.run({ redirectUrl: APP }, as('buyer'))).rejects.toMatchObject({
      code: 'failed-precondition',
      message: PAYMENT_MESSAGES.noSubscription,
    });
    // Another member cannot reach the buyer's customer.
    await context.store.runTransaction(async (tx) =>
      tx.set(subscriptionPath('sub_now'), { ...subscription({}) }),
    );
    await expect(createBillingPortalSession.run({ redirectUrl: APP }, as('other'))).rejects.toThrow(
      PAYMENT_MESSAGES.noSubscription,
    );
    expect(requests).toEqual([]);
  });

  it('refuses hostile input with a 4xx and asks the provider nothing', async () => {
    const { context, as, requests, subscription } = await setUp();
    await context.store.runTransaction(async (tx) =>
      tx.set(subscriptionPath('sub_now'), { ...subscription({}) }),
    );
    await expect(createBillingPortalSession.run({ redirectUrl: APP }, as(null))).rejects.toMatchObject({
      code: 'unauthenticated',
    });
    for (const input of [
      {},
      { redirectUrl: 'https://evil.example' },
      { redirectUrl: `${APP}/profile` },
      { redirectUrl: 42 },
      { redirectUrl: APP, returnPath: '//evil.example' },
      { redirectUrl: APP, returnPath: 'https://evil.example/profile' },
      { redirectUrl: APP, returnPath: `/${'x'.repeat(5000)}` },
      JSON.parse('{"__proto__": {"redirectUrl": "http://localhost:5173"}}') as unknown,
      null,
      'http://localhost:5173',
    ])
      await expect(createBillingPortalSession.run(input, as('buyer'))).rejects.toMatchObject({
        code: 'invalid-argument',
      });
    expect(requests).toEqual([]);
  });

  it('says payments are unavailable when the provider cannot open the portal', async () => {
    const { context, as, subscription } = await setUp();
    await context.store.runTransaction(async (tx) =>
      tx.set(subscriptionPath('sub_now'), { ...subscription({}) }),
    );
    const failing = as('buyer');
    failing.payments = {
      ...failing.payments!,
      createPortal: async () => Promise.reject(new Error('offline')),
    };
    await expect(createBillingPortalSession.run({ redirectUrl: APP }, failing)).rejects.toMatchObject({
      code: 'unavailable',
      message: PAYMENT_MESSAGES.notAvailable,
    });
    const none = { ...as('buyer'), payments: undefined };
    await expect(createBillingPortalSession.run({ redirectUrl: APP }, none)).rejects.toMatchObject({
      code: 'failed-precondition',
    });
  });
});
