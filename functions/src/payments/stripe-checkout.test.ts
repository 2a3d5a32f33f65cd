/**
 * The Stripe client as the webhook uses it, against a stand-in for Stripe's API on this machine: it
 * asks in the pinned API version, and finds what a refunded payment paid for.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_API_VERSION } from './payment-provider';
import { stripeCheckout } from './stripe-checkout';

const requests: Array<{ path: string; version: string | undefined; body: string }> = [];
let server: Server;

const list = (data: unknown[]) => ({ object: 'list', data, has_more: false, url: '/v1/x' });
const seconds = (iso: string) => Date.parse(iso) / 1000;

/** Stripe's answers: pi_sub paid a subscription's invoice, pi_pack a checkout, pi_other nothing here. */
function answer(request: IncomingMessage): unknown {
  const url = new URL(request.url ?? '/', 'http://stripe');
  const paymentIntent =
    url.searchParams.get('payment[payment_intent]') ?? url.searchParams.get('payment_intent');
  if (url.pathname === '/v1/invoice_payments')
    return list(
      paymentIntent === 'pi_sub'
        ? [
            {
              object: 'invoice_payment',
              invoice: {
                id: 'in_1',
                object: 'invoice',
                parent: { subscription_details: { subscription: 'sub_1' } },
                lines: list([
                  {
                    period: { start: seconds('2026-11-01T00:00:00Z'), end: seconds('2026-12-01T00:00:00Z') },
                    parent: { subscription_item_details: { subscription: 'sub_1' } },
                  },
                ]),
              },
            },
          ]
        : [],
    );
  if (url.pathname === '/v1/subscriptions/sub_1')
    return { id: 'sub_1', object: 'subscription', customer: 'cus_1' };
  if (url.pathname === '/v1/billing_portal/sessions')
    return { id: 'bps_1', object: 'billing_portal.session', url: 'https://billing.stripe.com/p/session/x' };
  if (url.pathname === '/v1/checkout/sessions')
    return list(paymentIntent === 'pi_pack' ? [{ id: 'cs_1', object: 'checkout.session' }] : []);
  return { error: { message: 'unknown' } };
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({
        path: request.url ?? '',
        version: request.headers['stripe-version'] as string,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer(request)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const provider = () =>
  stripeCheckout(
    { secretKey: 'sk_test_x', webhookSecret: 'whsec_x', returnOrigins: [], priceIds: {} },
    { host: '127.0.0.1', port: (server.address() as AddressInfo).port, protocol: 'http' },
  );

describe('the Stripe client', () => {
  it('finds what a payment paid for, asking in the pinned API version', async () => {
    expect(await provider().paymentOf('pi_sub')).toEqual({
      kind: 'invoice',
      subscriptionId: 'sub_1',
      period: { start: new Date('2026-11-01T00:00:00Z'), end: new Date('2026-12-01T00:00:00Z') },
    });
    expect(await provider().paymentOf('pi_pack')).toEqual({ kind: 'checkout', sessionId: 'cs_1' });
    expect(await provider().paymentOf('pi_other')).toBeUndefined();
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((request) => request.version === STRIPE_API_VERSION)).toBe(true);
  });

  it("opens the Customer Portal for the member's customer, returning to the app, in the pinned version", async () => {
    requests.length = 0;
    const portal = await provider().createPortal({
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      returnUrl: 'https://app.example/profile',
    });
    expect(portal).toEqual({ url: 'https://billing.stripe.com/p/session/x' });
    const [request] = requests;
    expect(request).toMatchObject({ path: '/v1/billing_portal/sessions', version: STRIPE_API_VERSION });
    expect(new URLSearchParams(request!.body).get('customer')).toBe('cus_1');
    expect(new URLSearchParams(request!.body).get('return_url')).toBe('https://app.example/profile');
  });

  it('asks Stripe for the customer of a subscription whose customer was not kept', async () => {
    requests.length = 0;
    await provider().createPortal({ subscriptionId: 'sub_1', returnUrl: 'https://app.example/profile' });
    expect(requests.map((request) => request.path.split('?')[0])).toEqual([
      '/v1/subscriptions/sub_1',
      '/v1/billing_portal/sessions',
    ]);
    expect(new URLSearchParams(requests[1]!.body).get('customer')).toBe('cus_1');
  });
});
