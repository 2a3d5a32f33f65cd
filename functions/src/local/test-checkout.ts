/**
 * The local backend's payment provider: a checkout page of the local server that stands in for
 * Stripe's hosted one, offline. It shows the order, takes Stripe's test card numbers (4242 4242 4242
 * 4242 pays, 4000 0000 0000 0002 is declined with Stripe's message), and on payment delivers the
 * events Stripe would send, signed as Stripe signs them with this server's test secret, to the same
 * webhook handler as production; then it returns the member to the app as Stripe does. Its portal
 * page stands in for Stripe's Customer Portal: a subscriber cancels at the period's end, resumes, or
 * pays with another card, and the webhook gets the events Stripe would send for each.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { formatPrice, planFor } from '../../../src/domain/plans';
import type { Clock } from '../handlers/handler';
import { addMonths } from '../handlers/premium';
import {
  STRIPE_API_VERSION,
  type CheckoutRequest,
  type PaidFor,
  type PaymentProvider,
  type PortalRequest,
} from '../payments/payment-provider';
import type { Store } from '../store/store';

/**
 * What the stand-in provider keeps of a session, `testCheckoutSessions/{id}` (the server's alone): the
 * session as the checkout callable asked for it, where it stands, its latest payment, and the last
 * event it delivered (to deliver again, as Stripe retries).
 */
interface TestSession extends CheckoutRequest {
  id: string;
  status: 'open' | 'complete';
  createdAt: Date;
  subscriptionId?: string;
  /** The latest payment: the pack's, or the subscription's latest invoice's. */
  paymentIntentId?: string;
  /** The period the subscription's latest invoice paid for. */
  period?: { start: Date; end: Date };
  lastEvent?: string;
  /** A subscription's customer, and the card it pays with (its last four digits). */
  customerId?: string;
  cardLast4?: string;
  /** Set to end at the period's end (from the portal); resumed, it renews again. */
  cancelAtPeriodEnd?: boolean;
  /** Ended at once (the member deleted their account). */
  ended?: boolean;
}

/** A visit to the test portal, `testPortalSessions/{id}`: which checkout's subscription, and the way back. */
interface TestPortalSession extends PortalRequest {
  sessionId: string;
  createdAt: Date;
}
const portalPath = (id: string) => `testPortalSessions/${id}`;
const PORTAL_PATH = /^\/checkout\/portal\/(bps_test_[a-f0-9]{24})$/;

/** What the portal page's buttons do. */
export const PORTAL_ACTIONS = {
  cancel: 'Cancel plan',
  resume: 'Renew plan',
  card: 'Update card',
} as const;
type PortalAction = keyof typeof PORTAL_ACTIONS;
const isPortalAction = (value: string): value is PortalAction => Object.hasOwn(PORTAL_ACTIONS, value);

/** What each payment paid for, `testCheckoutPayments/{paymentIntentId}`, as Stripe's API would answer. */
const paymentPath = (id: string) => `testCheckoutPayments/${id}`;
const sessionPath = (id: string) => `testCheckoutSessions/${id}`;
const SESSION_PATH = /^\/checkout\/(cs_test_[a-f0-9]{24})(\/events)?$/;

/** What the test events page sends for a paid session, as Stripe would later in its life. */
export const LATER_EVENTS = {
  renewal: 'Renew: the next period is paid (invoice.paid)',
  'failed-renewal': 'Fail the next renewal (invoice.payment_failed)',
  refund: 'Refund the latest payment in full (charge.refunded)',
  'lost-dispute': 'Lose a dispute of the latest payment (charge.dispute.closed, lost)',
  retry: 'Deliver the last event again (a retry, same event id)',
} as const;
export type LaterEvent = keyof typeof LATER_EVENTS;
const isLaterEvent = (value: string): value is LaterEvent => Object.hasOwn(LATER_EVENTS, value);

/** One event as the webhook answered it. */
interface Delivery {
  type: string;
  id: string;
  answer: string;
}
const MAX_FORM_BYTES = 4096;

/** Stripe's test cards and what Stripe answers for them (https://docs.stripe.com/testing). */
const TEST_CARDS: Record<string, string | null> = {
  '4242424242424242': null,
  '4000056655665556': null,
  '5555555555554444': null,
  '2223003122003222': null,
  '378282246310005': null,
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000009987': 'Your card was declined.',
  '4000000000000069': 'Your card has expired.',
  '4000000000000127': "Your card's security code is incorrect.",
  '4000000000000119': 'An error occurred while processing your card. Try again in a little bit.',
};

const NOT_A_TEST_CARD =
  'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.';

function luhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export interface CardForm {
  card: string;
  expiry: string;
  cvc: string;
}

/** Why the card is not taken, in Stripe's words, or null when it pays. */
export function cardProblem(form: CardForm, now: Date): string | null {
  const number = form.card.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(number)) return 'Your card number is incomplete.';
  if (!luhn(number)) return 'Your card number is invalid.';
  const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(form.expiry.trim());
  if (!expiry) return "Your card's expiration date is incomplete.";
  const month = Number(expiry[1]);
  const year = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  if (month < 1 || month > 12) return "Your card's expiration date is invalid.";
  if (year < now.getUTCFullYear()) return "Your card's expiration year is in the past.";
  if (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
    return "Your card's expiration date is in the past.";
  if (!/^\d{3,4}$/.test(form.cvc.trim())) return "Your card's security code is incomplete.";
  return number in TEST_CARDS ? (TEST_CARDS[number] ?? null) : NOT_A_TEST_CARD;
}

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

function page(session: TestSession, form: Partial<CardForm>, problem: string | null): string {
  const { order } = session;
  const plan = order.plan ? planFor(order.plan) : undefined;
  const price = formatPrice(order.amountCents / 100);
  const every = plan ? (plan.months === 1 ? ' per month' : ` every ${plan.months} months`) : '';
  const field = (name: keyof CardForm, label: string, placeholder: string, autocomplete: string) => `
      <label>${label}
        <input name="${name}" value="${escape(form[name] ?? '')}" placeholder="${placeholder}"
          autocomplete="${autocomplete}" inputmode="numeric" required>
      </label>`;
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>Checkout: ${escape(order.description)}</title>
  <style>
    body { font-family: system-ui, sans-serif; background: #f6f8fa; margin: 0; padding: 24px; color: #1a1f36; }
    main { max-width: 420px; margin: 0 auto; background: #fff; border-radius: 8px; padding: 24px;
      box-shadow: 0 2px 8px rgba(0, 0, 0, .08); }
    .test { background: #fff4e5; color: #8a4b00; border-radius: 4px; padding: 8px 12px; font-size: 14px; }
    .order { display: flex; justify-content: space-between; font-size: 18px; margin: 16px 0; }
    label { display: block; margin: 12px 0 4px; font-size: 14px; }
    input { display: block; width: 100%; box-sizing: border-box; padding: 10px; font-size: 16px;
      border: 1px solid #cfd7df; border-radius: 4px; margin-top: 4px; }
    .row { display: flex; gap: 12px; } .row label { flex: 1; }
    button { width: 100%; margin-top: 20px; padding: 12px; font-size: 16px; border: 0; border-radius: 4px;
      background: #635bff; color: #fff; cursor: pointer; }
    [role=alert] { color: #df1b41; margin-top: 12px; }
    a { display: block; text-align: center; margin-top: 16px; color: #635bff; }
  </style>
</head>
<body>
  <main>
    <p class="test">Test mode: no card is charged. Pay with 4242 4242 4242 4242; 4000 0000 0000 0002 is declined.</p>
    <h1>Photorater</h1>
    <section aria-label="Order" class="order">
      <span>${escape(order.description)}</span>
      <strong>${price}${every}</strong>
    </section>
    ${session.email ? `<p>${escape(session.email)}</p>` : ''}
    <form method="post" aria-label="Pay with card">
      ${field('card', 'Card number', '1234 1234 1234 1234', 'cc-number')}
      <div class="row">
        ${field('expiry', 'Expiration', 'MM / YY', 'cc-exp')}
        ${field('cvc', 'CVC', 'CVC', 'cc-csc')}
      </div>
      ${problem ? `<p role="alert">${escape(problem)}</p>` : ''}
      <button type="submit">${plan ? 'Subscribe' : 'Pay'} ${price}</button>
    </form>
    <a href="${escape(session.cancelUrl)}">Cancel and go back</a>
  </main>
</body>
</html>`;
}

function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_FORM_BYTES) {
        reject(new Error('The form is too large.'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    request.on('error', reject);
  });
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const newId = (prefix: string, bytes = 12) => `${prefix}${randomBytes(bytes).toString('hex')}`;

export interface TestCheckoutOptions {
  store: Store;
  clock: Clock;
  /** Where the local server is reached: the checkout page and the webhook are its routes. */
  serverUrl: string;
  webhookPath: string;
  returnOrigins: readonly string[];
  log: (line: string) => void;
}

export class TestCheckout implements PaymentProvider {
  /** A new secret each start: only this server signs the events its webhook takes. */
  readonly webhookSecret = newId('whsec_test_', 24);
  readonly returnOrigins: readonly string[];

  constructor(private readonly options: TestCheckoutOptions) {
    this.returnOrigins = options.returnOrigins;
  }

  async createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }> {
    const id = newId('cs_test_');
    const session: TestSession = {
      ...request,
      id,
      status: 'open',
      createdAt: this.options.clock.now(),
    };
    await this.options.store.runTransaction(async (tx) => tx.set(sessionPath(id), { ...session }));
    return { sessionId: id, url: `${this.options.serverUrl}/checkout/${id}` };
  }

  /** Whether the request is for the checkout page; the server sends those here. */
  static handles(pathname: string): boolean {
    return pathname.startsWith('/checkout/');
  }

  async handle(request: IncomingMessage, response: ServerResponse, pathname: string): Promise<void> {
    const portal = PORTAL_PATH.exec(pathname);
    if (portal) {
      await this.handlePortal(request, response, portal[1]!);
      return;
    }
    const match = SESSION_PATH.exec(pathname);
    const id = match?.[1];
    const session = id ? await this.options.store.get<TestSession>(sessionPath(id)) : undefined;
    if (!session) {
      this.answer(
        response,
        404,
        '<!doctype html><title>Checkout not found</title><p>This checkout does not exist.</p>',
      );
      return;
    }
    if (match?.[2]) {
      await this.handleLaterEvents(request, response, session);
      return;
    }
    if (session.status === 'complete') {
      this.returnToApp(response, session);
      return;
    }
    if (request.method === 'GET') {
      this.answer(response, 200, page(session, {}, null));
      return;
    }
    if (request.method !== 'POST') {
      this.answer(response, 405, '<!doctype html><title>Not allowed</title>');
      return;
    }
    const body = await readForm(request);
    const form: CardForm = {
      card: body.get('card') ?? '',
      expiry: body.get('expiry') ?? '',
      cvc: body.get('cvc') ?? '',
    };
    const problem = cardProblem(form, this.options.clock.now());
    if (problem) {
      this.answer(response, 402, page(session, form, problem));
      return;
    }
    const completed = await this.complete(session.id, form.card.replace(/\D/g, '').slice(-4));
    if (completed) await this.deliver(completed);
    this.returnToApp(response, completed ?? session);
  }

  private answer(response: ServerResponse, status: number, html: string): void {
    const forms = ["'self'", ...this.returnOrigins].join(' ');
    response.writeHead(status, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      // After a payment the form's answer redirects to the app, which form-action must allow.
      'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; form-action ${forms}; frame-ancestors 'none'; base-uri 'none'`,
    });
    response.end(html);
  }

  private returnToApp(response: ServerResponse, session: TestSession): void {
    response.writeHead(303, { Location: session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id) });
    response.end();
  }

  /** Marks the session paid, once: a second submission finds it complete and only returns. */
  private complete(id: string, cardLast4: string): Promise<TestSession | null> {
    return this.options.store.runTransaction(async (tx) => {
      const session = await tx.get<TestSession>(sessionPath(id));
      if (!session || session.status !== 'open') return null;
      const now = this.options.clock.now();
      const plan = session.order.plan ? planFor(session.order.plan) : undefined;
      const paymentIntentId = newId('pi_test_');
      const paid: TestSession = plan
        ? {
            ...session,
            status: 'complete',
            subscriptionId: newId('sub_test_'),
            customerId: newId('cus_test_'),
            cardLast4,
            paymentIntentId,
            period: { start: now, end: addMonths(now, plan.months) },
          }
        : { ...session, status: 'complete', paymentIntentId };
      tx.set(sessionPath(id), { ...paid });
      tx.set(paymentPath(paymentIntentId), paidFor(paid));
      return paid;
    });
  }

  /** The events Stripe sends for a paid session: the checkout's, and a subscription's first invoice. */
  events(session: TestSession): Array<{ type: string; object: Record<string, unknown> }> {
    const { order } = session;
    const checkout = {
      type: 'checkout.session.completed',
      object: {
        id: session.id,
        object: 'checkout.session',
        mode: order.kind === 'subscription' ? 'subscription' : 'payment',
        status: 'complete',
        payment_status: 'paid',
        client_reference_id: session.uid,
        customer_email: session.email,
        amount_total: order.amountCents,
        currency: order.currency,
        metadata: session.metadata,
        subscription: session.subscriptionId ?? null,
        customer: session.customerId ?? null,
        payment_intent: session.subscriptionId ? null : (session.paymentIntentId ?? null),
        created: seconds(session.createdAt),
        success_url: session.successUrl,
        cancel_url: session.cancelUrl,
        url: null,
      },
    };
    if (!session.subscriptionId || !session.period) return [checkout];
    return [checkout, invoiceEvent(session, 'invoice.paid', session.period, 'subscription_create')];
  }

  /** Ends a subscription at once, as Stripe does when asked to: its deletion event reaches the webhook. */
  async cancelSubscription(subscriptionId: string): Promise<void> {
    const [found] = await this.options.store.query<TestSession>('testCheckoutSessions', {
      where: [{ field: 'subscriptionId', equals: subscriptionId }],
    });
    if (!found) throw new Error(`No test subscription ${subscriptionId}.`);
    await this.options.store.runTransaction(async (tx) => tx.update(sessionPath(found.id), { ended: true }));
    await this.deliverEvents([
      {
        type: 'customer.subscription.deleted',
        object: {
          id: subscriptionId,
          object: 'subscription',
          status: 'canceled',
          cancel_at_period_end: false,
          customer: found.data.customerId ?? null,
          metadata: found.data.metadata,
        },
      },
    ]);
  }

  private async deliver(session: TestSession): Promise<void> {
    await this.deliverEvents(this.events(session), session.id);
  }

  /** Opens the test portal for a subscription this provider sold. */
  async createPortal(request: PortalRequest): Promise<{ url: string }> {
    const [found] = await this.options.store.query<TestSession>('testCheckoutSessions', {
      where: [{ field: 'subscriptionId', equals: request.subscriptionId }],
    });
    if (!found || (request.customerId && found.data.customerId !== request.customerId))
      throw new Error(`No test subscription ${request.subscriptionId} of ${request.customerId}.`);
    const id = newId('bps_test_');
    const portal: TestPortalSession = {
      ...request,
      sessionId: found.id,
      createdAt: this.options.clock.now(),
    };
    await this.options.store.runTransaction(async (tx) => tx.set(portalPath(id), { ...portal }));
    return { url: `${this.options.serverUrl}/checkout/portal/${id}` };
  }

  /**
   * The portal page: the plan, when it renews or ends, and its card; cancelling at the period's end,
   * resuming and a new card each send Stripe's event for the change to the webhook.
   */
  private async handlePortal(request: IncomingMessage, response: ServerResponse, id: string): Promise<void> {
    const portal = await this.options.store.get<TestPortalSession>(portalPath(id));
    const session = portal && (await this.options.store.get<TestSession>(sessionPath(portal.sessionId)));
    if (!portal || !session) {
      this.answer(
        response,
        404,
        '<!doctype html><title>Not found</title><p>This portal session does not exist.</p>',
      );
      return;
    }
    if (request.method === 'GET') {
      this.answer(response, 200, portalPage(session, portal, {}, null));
      return;
    }
    if (request.method !== 'POST') {
      this.answer(response, 405, '<!doctype html><title>Not allowed</title>');
      return;
    }
    const body = await readForm(request);
    const action = body.get('action') ?? '';
    if (!isPortalAction(action) || session.ended) {
      const why = session.ended ? 'This subscription has ended.' : 'Choose one of the actions.';
      this.answer(response, 400, portalPage(session, portal, {}, why));
      return;
    }
    if (action === 'card') {
      const form: CardForm = {
        card: body.get('card') ?? '',
        expiry: body.get('expiry') ?? '',
        cvc: body.get('cvc') ?? '',
      };
      const problem = cardProblem(form, this.options.clock.now());
      if (problem) {
        this.answer(response, 402, portalPage(session, portal, form, problem));
        return;
      }
      const cardLast4 = form.card.replace(/\D/g, '').slice(-4);
      await this.options.store.runTransaction(async (tx) =>
        tx.update(sessionPath(session.id), { cardLast4 }),
      );
      await this.deliverEvents(
        [
          {
            type: 'payment_method.attached',
            object: { id: newId('pm_test_'), object: 'payment_method', customer: session.customerId ?? null },
          },
        ],
        session.id,
      );
      this.answer(response, 200, portalPage({ ...session, cardLast4 }, portal, {}, null));
      return;
    }
    const cancelAtPeriodEnd = action === 'cancel';
    const changed: TestSession = { ...session, cancelAtPeriodEnd };
    if (session.cancelAtPeriodEnd !== cancelAtPeriodEnd) {
      await this.options.store.runTransaction(async (tx) =>
        tx.update(sessionPath(session.id), { cancelAtPeriodEnd }),
      );
      await this.deliverEvents([subscriptionUpdated(changed)], session.id);
    }
    this.answer(response, 200, portalPage(changed, portal, {}, null));
  }

  /** What a payment paid for, as Stripe's API answers it: from this provider's own records. */
  async paymentOf(paymentIntentId: string): Promise<PaidFor | undefined> {
    return this.options.store.get<PaidFor>(paymentPath(paymentIntentId));
  }

  /**
   * Signs each event with the test secret and posts it to the webhook, as Stripe delivers them; the
   * session (when there is one) keeps the last, to be delivered again.
   */
  private async deliverEvents(
    events: Array<{ type: string; object: Record<string, unknown> }>,
    sessionId?: string,
  ): Promise<Delivery[]> {
    const now = this.options.clock.now();
    const deliveries: Delivery[] = [];
    for (const { type, object } of events) {
      const payload = JSON.stringify({
        id: newId('evt_test_'),
        object: 'event',
        api_version: STRIPE_API_VERSION,
        created: seconds(now),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object },
      });
      if (sessionId)
        await this.options.store.runTransaction(async (tx) =>
          tx.update(sessionPath(sessionId), { lastEvent: payload }),
        );
      deliveries.push(await this.post(payload));
    }
    return deliveries;
  }

  /** Posts one event, signed now (a retry is signed again, as Stripe signs each attempt). */
  private async post(payload: string): Promise<Delivery> {
    const now = this.options.clock.now();
    const { id, type } = JSON.parse(payload) as { id: string; type: string };
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: this.webhookSecret,
      timestamp: seconds(now),
    });
    const answer = await fetch(`${this.options.serverUrl}${this.options.webhookPath}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
      body: payload,
    }).catch((error: unknown) => error as Error);
    const said = answer instanceof Error ? answer.message : `${answer.status} ${await answer.text()}`;
    if (answer instanceof Error || !answer.ok)
      this.options.log(`test checkout: the webhook did not take ${type}: ${said}`);
    return { type, id, answer: said };
  }

  /**
   * The test events page of a paid session, `/checkout/{id}/events`: it sends what Stripe would send
   * later in the session's life (a renewal, a failed renewal, a refund, a lost dispute) or a retry of
   * the last event, so the local backend meets what production will.
   */
  private async handleLaterEvents(
    request: IncomingMessage,
    response: ServerResponse,
    session: TestSession,
  ): Promise<void> {
    if (session.status !== 'complete') {
      this.answer(response, 409, eventsPage(session, [], 'This checkout is not paid yet.'));
      return;
    }
    if (request.method === 'GET') {
      this.answer(response, 200, eventsPage(session, [], null));
      return;
    }
    if (request.method !== 'POST') {
      this.answer(response, 405, '<!doctype html><title>Not allowed</title>');
      return;
    }
    const event = (await readForm(request)).get('event') ?? '';
    if (!isLaterEvent(event)) {
      this.answer(response, 400, eventsPage(session, [], 'Choose one of the events.'));
      return;
    }
    const outcome = await this.sendLater(session, event);
    const latest = (await this.options.store.get<TestSession>(sessionPath(session.id))) ?? session;
    if (typeof outcome === 'string') this.answer(response, 400, eventsPage(latest, [], outcome));
    else this.answer(response, 200, eventsPage(latest, outcome, null));
  }

  /** Sends one later event for a paid session: what the webhook answered, or why it cannot be sent. */
  async sendLater(session: TestSession, event: LaterEvent): Promise<Delivery[] | string> {
    const now = this.options.clock.now();
    if (event === 'retry') {
      if (!session.lastEvent) return 'No event has been delivered for this checkout yet.';
      return [await this.post(session.lastEvent)];
    }
    if (event === 'refund' || event === 'lost-dispute') {
      if (!session.paymentIntentId) return 'This checkout has no payment.';
      const charge = `ch_${session.paymentIntentId.slice('pi_'.length)}`;
      const amount = session.order.amountCents;
      return this.deliverEvents(
        [
          event === 'refund'
            ? {
                type: 'charge.refunded',
                object: {
                  id: charge,
                  object: 'charge',
                  amount,
                  amount_refunded: amount,
                  refunded: true,
                  currency: session.order.currency,
                  payment_intent: session.paymentIntentId,
                },
              }
            : {
                type: 'charge.dispute.closed',
                object: {
                  id: newId('dp_test_'),
                  object: 'dispute',
                  charge,
                  payment_intent: session.paymentIntentId,
                  amount,
                  currency: session.order.currency,
                  status: 'lost',
                },
              },
        ],
        session.id,
      );
    }
    const plan = session.order.plan ? planFor(session.order.plan) : undefined;
    if (!plan || !session.period || !session.subscriptionId) return 'Only a subscription renews.';
    const next = { start: session.period.end, end: addMonths(session.period.end, plan.months) };
    if (event === 'failed-renewal')
      return this.deliverEvents(
        [invoiceEvent(session, 'invoice.payment_failed', next, 'subscription_cycle', now)],
        session.id,
      );
    const renewed: TestSession = { ...session, paymentIntentId: newId('pi_test_'), period: next };
    await this.options.store.runTransaction(async (tx) => {
      tx.update(sessionPath(session.id), { paymentIntentId: renewed.paymentIntentId, period: next });
      tx.set(paymentPath(renewed.paymentIntentId!), paidFor(renewed));
    });
    return this.deliverEvents(
      [invoiceEvent(renewed, 'invoice.paid', next, 'subscription_cycle', now)],
      session.id,
    );
  }
}

/** `customer.subscription.updated` as Stripe sends it when the portal sets or clears the end of a subscription. */
function subscriptionUpdated(session: TestSession): { type: string; object: Record<string, unknown> } {
  const end = session.period ? seconds(session.period.end) : null;
  return {
    type: 'customer.subscription.updated',
    object: {
      id: session.subscriptionId,
      object: 'subscription',
      status: 'active',
      customer: session.customerId ?? null,
      cancel_at_period_end: Boolean(session.cancelAtPeriodEnd),
      cancel_at: session.cancelAtPeriodEnd ? end : null,
      canceled_at: session.cancelAtPeriodEnd ? seconds(new Date()) : null,
      metadata: session.metadata,
    },
  };
}

function portalPage(
  session: TestSession,
  portal: TestPortalSession,
  form: Partial<CardForm>,
  problem: string | null,
): string {
  const { order } = session;
  const date = session.period
    ? session.period.end.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' })
    : '';
  const standing = session.ended
    ? 'This subscription has ended.'
    : session.cancelAtPeriodEnd
      ? `Your plan will be canceled on ${date}.`
      : `Your plan renews on ${date}.`;
  const action = (name: PortalAction) =>
    `<button type="submit" name="action" value="${name}">${PORTAL_ACTIONS[name]}</button>`;
  const field = (name: keyof CardForm, label: string, placeholder: string) => `
      <label>${label} <input name="${name}" value="${escape(form[name] ?? '')}" placeholder="${placeholder}" inputmode="numeric" required></label>`;
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>Manage your subscription</title>
  <style>
    body { font-family: system-ui, sans-serif; background: #f6f8fa; margin: 0; padding: 24px; color: #1a1f36; }
    main { max-width: 480px; margin: 0 auto; background: #fff; border-radius: 8px; padding: 24px; }
    .test { background: #fff4e5; color: #8a4b00; border-radius: 4px; padding: 8px 12px; font-size: 14px; }
    label { display: block; margin: 8px 0; font-size: 14px; }
    input { display: block; width: 100%; box-sizing: border-box; padding: 8px; font-size: 16px; }
    button { margin-top: 12px; padding: 10px 14px; font-size: 15px; }
    [role=alert] { color: #df1b41; }
  </style>
</head>
<body>
  <main>
    <p class="test">Test mode: this page stands in for Stripe's Customer Portal. No card is charged.</p>
    <h1>Photorater</h1>
    <section aria-label="Current plan">
      <h2>${escape(order.description)}</h2>
      <p>${standing}</p>
      ${session.cardLast4 ? `<p>Card ending in ${escape(session.cardLast4)}</p>` : ''}
      ${session.ended ? '' : `<form method="post" aria-label="Plan">${session.cancelAtPeriodEnd ? action('resume') : action('cancel')}</form>`}
    </section>
    ${
      session.ended
        ? ''
        : `<form method="post" aria-label="Payment method">
      <h2>Payment method</h2>
      ${field('card', 'Card number', '1234 1234 1234 1234')}
      ${field('expiry', 'Expiration', 'MM / YY')}
      ${field('cvc', 'CVC', 'CVC')}
      ${action('card')}
    </form>`
    }
    ${problem ? `<p role="alert">${escape(problem)}</p>` : ''}
    <p><a href="${escape(portal.returnUrl)}">Return to Photorater</a></p>
  </main>
</body>
</html>`;
}

/** What a session's latest payment paid for. */
function paidFor(session: TestSession): PaidFor {
  return session.subscriptionId && session.period
    ? { kind: 'invoice', subscriptionId: session.subscriptionId, period: session.period }
    : { kind: 'checkout', sessionId: session.id };
}

/** A subscription's invoice for a period, paid or failed, as Stripe sends it. */
function invoiceEvent(
  session: TestSession,
  type: 'invoice.paid' | 'invoice.payment_failed',
  period: { start: Date; end: Date },
  reason: 'subscription_create' | 'subscription_cycle',
  created = period.start,
): { type: string; object: Record<string, unknown> } {
  const { order, subscriptionId } = session;
  const paid = type === 'invoice.paid';
  return {
    type,
    object: {
      id: newId('in_test_'),
      object: 'invoice',
      status: paid ? 'paid' : 'open',
      billing_reason: reason,
      amount_due: order.amountCents,
      amount_paid: paid ? order.amountCents : 0,
      currency: order.currency,
      created: seconds(created),
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscriptionId, metadata: session.metadata },
      },
      lines: {
        object: 'list',
        has_more: false,
        data: [
          {
            object: 'line_item',
            amount: order.amountCents,
            currency: order.currency,
            period: { start: seconds(period.start), end: seconds(period.end) },
            parent: {
              type: 'subscription_item_details',
              invoice_item_details: null,
              subscription_item_details: {
                subscription: subscriptionId,
                subscription_item: `si_${String(subscriptionId)}`,
                invoice_item: null,
                proration: false,
                proration_details: null,
              },
            },
            pricing: {
              type: 'price_details',
              price_details: {
                price: `price_${String(subscriptionId)}`,
                product: `prod_${String(order.plan)}`,
              },
              unit_amount_decimal: String(order.amountCents),
            },
          },
        ],
      },
    },
  };
}

function eventsPage(session: TestSession, deliveries: Delivery[], problem: string | null): string {
  const subscription = Boolean(session.subscriptionId);
  const choices = (Object.keys(LATER_EVENTS) as LaterEvent[]).filter(
    (event) => subscription || (event !== 'renewal' && event !== 'failed-renewal'),
  );
  const until = session.period ? `<p>Paid through ${session.period.end.toISOString()}</p>` : '';
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="robots" content="noindex">
  <title>Test events: ${escape(session.order.description)}</title>
  <style>
    body { font-family: system-ui, sans-serif; margin: 24px; color: #1a1f36; }
    button { display: block; margin: 8px 0; padding: 8px 12px; font-size: 15px; }
    [role=alert] { color: #df1b41; }
  </style>
</head>
<body>
  <h1>Test events: ${escape(session.order.description)}</h1>
  <p>What Stripe would send later for this checkout, signed with the test secret, to the same webhook.</p>
  ${until}
  <form method="post" aria-label="Send an event">
    ${choices.map((event) => `<button type="submit" name="event" value="${event}">${escape(LATER_EVENTS[event])}</button>`).join('\n    ')}
  </form>
  ${problem ? `<p role="alert">${escape(problem)}</p>` : ''}
  ${deliveries.length ? `<ul aria-label="Delivered">${deliveries.map((delivery) => `<li>${escape(delivery.type)} ${escape(delivery.id)}: ${escape(delivery.answer)}</li>`).join('')}</ul>` : ''}
</body>
</html>`;
}
