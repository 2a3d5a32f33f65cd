/**
 * The local test checkout as a browser uses it: the app's callable opens a session, the page shows the
 * order, the card form posts from the page's own origin, and a paid session's signed events reach the
 * webhook route, which credits the member once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Billing } from '../../../src/domain/billing';
import type { AppNotification } from '../../../src/domain/notifications';
import type { User } from '../../../src/domain/user';
import type { TestClock } from '../testing';
import { seedMember } from '../testing';
import { cardProblem } from './test-checkout';
import { startTestServer, TEST_PROJECT, TEST_REGION, type TestServer } from './test-server';

const APP = 'http://localhost:5173';
let test: TestServer;

beforeAll(async () => {
  test = await startTestServer();
  await seedMember(test.context.store, 'buyer', { email: 'buyer@example.com' });
});

afterAll(async () => {
  await test.close();
});

async function openCheckout(
  name: string,
  data: Record<string, unknown>,
): Promise<{ sessionId: string; url: string }> {
  const answer = await test.post(
    name,
    { data: { redirectUrl: APP, clientReferenceId: 'buyer', ...data } },
    'token-buyer',
  );
  expect(answer.status).toBe(200);
  return answer.body.result as { sessionId: string; url: string };
}

/** The card form as the page posts it: from the server's own origin. */
function pay(url: string, card: string, origin = new URL(url).origin) {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
    body: new URLSearchParams({ card, expiry: '12 / 34', cvc: '123' }).toString(),
  });
}

const points = async () => (await test.context.store.get<User>('users/buyer'))!.points;

describe('the local test checkout', () => {
  it('shows the order and takes the success card: one webhook, one credit, back to the app', async () => {
    const { sessionId, url } = await openCheckout('createCheckoutSession', {
      product: 'Tokens',
      amount: 100,
    });
    expect(url).toBe(`${test.server.url}/checkout/${sessionId}`);
    const page = await fetch(url);
    expect(page.headers.get('content-security-policy')).toContain(`form-action 'self' ${APP}`);
    const html = await page.text();
    expect(html).toContain('10 tokens (Most Popular)');
    expect(html).toContain('$1.99');

    const paid = await pay(url, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${APP}/?success=true&bought=tokens&session_id=${sessionId}`);
    expect(await points()).toBe(12);
    // Submitted again (a second tab, a back button): back to the app, nothing more.
    expect((await pay(url, '4242 4242 4242 4242')).status).toBe(303);
    expect(await points()).toBe(12);
    const events = (await test.context.store.contents()).filter((row) =>
      row.path.startsWith('paymentEvents/'),
    );
    expect(events).toHaveLength(1);
  });

  it("declines the decline card with Stripe's message and changes nothing", async () => {
    const { url } = await openCheckout('createCheckoutSession', { product: 'Tokens', amount: 50 });
    const before = await points();
    const declined = await pay(url, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    expect(await points()).toBe(before);
  });

  it('makes a subscriber Premium through the checkout and the first invoice', async () => {
    const { url } = await openCheckout('createSubscribeCheckoutSession', { product: 'monthly' });
    expect(await (await fetch(url)).text()).toContain('$2.99 per month');
    const paid = await pay(url, '4242424242424242');
    expect(paid.headers.get('location')).toMatch(/subscribed=true/);
    const user = (await test.context.store.get<User>('users/buyer'))!;
    expect(user.subscribed).toBe(true);
  });

  it('refuses a card form posted by another site, and a webhook not signed with its secret', async () => {
    const { url } = await openCheckout('createCheckoutSession', { product: 'Tokens', amount: 200 });
    const before = await test.context.store.contents();
    expect((await pay(url, '4242424242424242', 'https://evil.example')).status).toBe(403);
    const forged = await fetch(`${test.server.url}/${TEST_PROJECT}/${TEST_REGION}/stripeWebhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=forged' },
      body: '{"id":"evt_forged","object":"event","type":"checkout.session.completed","data":{"object":{}}}',
    });
    expect(forged.status).toBe(400);
    expect(await test.context.store.contents()).toEqual(before);
  });

  it('answers an unknown session with 404', async () => {
    expect((await fetch(`${test.server.url}/checkout/cs_test_000000000000000000000000`)).status).toBe(404);
    expect((await fetch(`${test.server.url}/checkout/not-a-session`)).status).toBe(404);
  });
});

describe('a subscriber who deletes their account', () => {
  it('has the subscription ended at the test provider, whose event the webhook takes', async () => {
    await seedMember(test.context.store, 'leaver', { email: 'leaver@example.com' });
    const opened = await test.post(
      'createSubscribeCheckoutSession',
      { data: { redirectUrl: APP, clientReferenceId: 'leaver', product: 'monthly' } },
      'token-leaver',
    );
    const { url } = opened.body.result as { url: string };
    await pay(url, '4242424242424242');
    expect((await test.context.store.get<User>('users/leaver'))?.subscribed).toBe(true);
    const subscriptions = await test.context.store.query<{ uid: string; status: string }>('subscriptions', {
      where: [{ field: 'uid', equals: 'leaver' }],
    });
    expect(subscriptions.map(({ data }) => data.status)).toEqual(['active']);

    const deleted = await test.post(
      'deleteAccount',
      { data: { reason: 'Moving on to other things' } },
      'token-leaver',
    );
    expect(deleted.status).toBe(200);
    const [ended] = await test.context.store.query<{ status: string }>('subscriptions', {
      where: [{ field: 'uid', equals: 'leaver' }],
    });
    expect(ended?.data.status).toBe('canceled');
  });
});

/** A button of the test events page, pressed from the page itself. */
async function send(url: string, event: string, origin = new URL(url).origin) {
  const answer = await fetch(`${url}/events`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
    body: new URLSearchParams({ event }).toString(),
  });
  return { status: answer.status, html: await answer.text() };
}

async function subscriber(uid: string): Promise<string> {
  await seedMember(test.context.store, uid, { email: `${uid}@example.com` });
  const opened = await test.post(
    'createSubscribeCheckoutSession',
    { data: { redirectUrl: APP, clientReferenceId: uid, product: 'monthly' } },
    `token-${uid}`,
  );
  const { url } = opened.body.result as { url: string };
  await pay(url, '4242424242424242');
  return url;
}

const memberOf = async (uid: string) => (await test.context.store.get<User>(`users/${uid}`))!;
const billingOf = async (uid: string) => (await test.context.store.get<Billing>(`billing/${uid}`))!;

describe("the test events page: what Stripe sends later in a payment's life", () => {
  it('refunds a pack, and delivers the last event again, which the webhook takes once', async () => {
    await seedMember(test.context.store, 'refunded', { email: 'refunded@example.com' });
    const opened = await test.post(
      'createCheckoutSession',
      { data: { redirectUrl: APP, clientReferenceId: 'refunded', product: 'Tokens', amount: 200 } },
      'token-refunded',
    );
    const { url } = opened.body.result as { url: string };
    await pay(url, '4242424242424242');
    expect((await memberOf('refunded')).points).toBe(22);
    const page = await (await fetch(`${url}/events`)).text();
    expect(page).toContain('Refund the latest payment in full');
    expect(page).not.toContain('Renew');

    expect((await send(url, 'retry')).html).toMatch(
      /checkout.session.completed evt_test_\w+: 200 .*duplicate/,
    );
    expect((await send(url, 'refund')).html).toMatch(/charge.refunded evt_test_\w+: 200 .*taken back/);
    expect(await memberOf('refunded')).toMatchObject({
      points: 2,
      lastNotification: {
        body: 'Your payment for 20 tokens (Best Value) was refunded, so 20 tokens were taken back.',
      },
    });
    expect((await send(url, 'retry')).html).toMatch(/charge.refunded evt_test_\w+: 200 .*duplicate/);
    expect((await send(url, 'lost-dispute')).html).toMatch(/already taken back/);
    expect((await memberOf('refunded')).points).toBe(2);
    const notes = await test.context.store.query<AppNotification>('users/refunded/notifications');
    expect(notes).toHaveLength(1);
  });

  it('renews a subscription, fails its next renewal, and refunds the latest period', async () => {
    const url = await subscriber('renewer');
    const firstEnd = (await billingOf('renewer')).premiumUntil;
    expect((await send(url, 'renewal')).html).toMatch(/invoice.paid evt_test_\w+: 200 .*paid/);
    const renewed = await billingOf('renewer');
    expect(renewed.premiumUntil.getTime()).toBeGreaterThan(firstEnd.getTime());
    expect((await send(url, 'failed-renewal')).html).toMatch(/invoice.payment_failed evt_test_\w+: 200/);
    expect((await billingOf('renewer')).status).toBe('past_due');
    expect((await send(url, 'refund')).html).toMatch(/taken back/);
    // The refunded renewal's month is gone; the first, paid and not refunded, still runs.
    expect(await billingOf('renewer')).toMatchObject({ premiumUntil: firstEnd });
    expect((await memberOf('renewer')).subscribed).toBe(true);
    (test.context.clock as TestClock).advanceDays(40);
    expect((await send(url, 'retry')).html).toMatch(/duplicate/);
  });

  it('ends Premium for a lost dispute of the only payment', async () => {
    const url = await subscriber('disputer');
    expect((await memberOf('disputer')).points).toBe(7);
    expect((await send(url, 'lost-dispute')).html).toMatch(
      /charge.dispute.closed evt_test_\w+: 200 .*taken back/,
    );
    expect(await memberOf('disputer')).toMatchObject({ subscribed: false, points: 2 });
  });

  it('refuses an unknown event, an unpaid checkout, and a button pressed from another site', async () => {
    const url = await subscriber('careful');
    const { url: unpaid } = await openCheckout('createCheckoutSession', { product: 'Tokens', amount: 50 });
    const before = await test.context.store.contents();
    expect((await send(url, 'free-money')).status).toBe(400);
    expect((await send(url, 'refund', 'https://evil.example')).status).toBe(403);
    expect((await send(unpaid, 'refund')).status).toBe(409);
    expect(await test.context.store.contents()).toEqual(before);
    expect((await memberOf('careful')).subscribed).toBe(true);
  });
});

describe('the test cards', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  const card = (number: string, expiry = '12/30', cvc = '123') =>
    cardProblem({ card: number, expiry, cvc }, now);

  it("answers as Stripe's test mode does", () => {
    expect(card('4242 4242 4242 4242')).toBeNull();
    expect(card('4000 0000 0000 0002')).toBe('Your card was declined.');
    expect(card('4000 0000 0000 9995')).toBe('Your card has insufficient funds.');
    expect(card('4242 4242 4242 4241')).toBe('Your card number is invalid.');
    expect(card('4242')).toBe('Your card number is incomplete.');
    expect(card('4111 1111 1111 1111')).toMatch(/^Your card was declined. Your request was in test mode/);
    expect(card('4242424242424242', '10/26')).toBe("Your card's expiration date is in the past.");
    expect(card('4242424242424242', '12/25')).toBe("Your card's expiration year is in the past.");
    expect(card('4242424242424242', '1')).toBe("Your card's expiration date is incomplete.");
    expect(card('4242424242424242', '12/30', '1')).toBe("Your card's security code is incomplete.");
  });
});

/** A button of the test portal, pressed from the page itself. */
async function press(url: string, fields: Record<string, string>, origin = new URL(url).origin) {
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: answer.status, html: await answer.text() };
}

async function openPortal(uid: string): Promise<string> {
  const answer = await test.post(
    'createBillingPortalSession',
    { data: { redirectUrl: APP } },
    `token-${uid}`,
  );
  expect(answer.status).toBe(200);
  return (answer.body.result as { url: string }).url;
}

describe("the test portal: Stripe's Customer Portal offline", () => {
  it('cancels at the period end and resumes, each through the webhook, and takes a new card', async () => {
    await subscriber('portal');
    const url = await openPortal('portal');
    expect(url).toMatch(new RegExp(`^${test.server.url}/checkout/portal/bps_test_[a-f0-9]{24}$`));
    const page = await (await fetch(url)).text();
    expect(page).toContain('Your plan renews on');
    expect(page).toContain('Card ending in 4242');
    expect(page).toContain(`href="${APP}/profile"`);

    const cancelled = await press(url, { action: 'cancel' });
    expect(cancelled.html).toContain('Your plan will be canceled on');
    expect(await billingOf('portal')).toMatchObject({ status: 'canceled' });
    expect((await memberOf('portal')).subscribed).toBe(true);

    const resumed = await press(url, { action: 'resume' });
    expect(resumed.html).toContain('Your plan renews on');
    expect(await billingOf('portal')).toMatchObject({ status: 'active' });

    const declined = await press(url, {
      action: 'card',
      card: '4000000000000002',
      expiry: '12/34',
      cvc: '123',
    });
    expect(declined.status).toBe(402);
    expect(declined.html).toContain('Your card was declined.');
    const updated = await press(url, {
      action: 'card',
      card: '5555 5555 5555 4444',
      expiry: '12/34',
      cvc: '123',
    });
    expect(updated.html).toContain('Card ending in 4444');
  });

  it('refuses an unknown portal, an unknown action and a form from another site, changing nothing', async () => {
    await subscriber('portal2');
    const url = await openPortal('portal2');
    const before = await test.context.store.contents();
    expect((await fetch(`${test.server.url}/checkout/portal/bps_test_000000000000000000000000`)).status).toBe(
      404,
    );
    expect((await press(url, { action: 'refund-me' })).status).toBe(400);
    expect((await press(url, { action: 'cancel' }, 'https://evil.example')).status).toBe(403);
    expect(await test.context.store.contents()).toEqual(before);
  });

  it('has nothing to open for a member without a subscription', async () => {
    await seedMember(test.context.store, 'nosub', { email: 'nosub@example.com' });
    const answer = await test.post(
      'createBillingPortalSession',
      { data: { redirectUrl: APP } },
      'token-nosub',
    );
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('You have no Premium subscription to manage.');
  });
});
