/**
 * Stripe Checkout, for the Cloud Functions host: test or live mode is the secret key's. Prices are
 * the catalogue's, sent with each session (a plan may use a price made in the Stripe dashboard
 * instead; the webhook still checks that what was paid is the catalogue's price).
 */
import Stripe from 'stripe';
import { PLAN_PRODUCTS, planFor, type PlanProduct } from '../../../src/domain/plans';
import { appOriginsFromEnv } from '../app-origins';
import {
  STRIPE_API_VERSION,
  type CheckoutRequest,
  type PaidFor,
  type PaymentProvider,
} from './payment-provider';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  returnOrigins: string[];
  priceIds: Partial<Record<PlanProduct, string>>;
}

/**
 * The settings from the functions' environment: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET
 * (without them nothing can be sold), APP_ORIGINS (the app's addresses, comma-separated; by default
 * the project's two Hosting domains) and STRIPE_PRICE_YEARLY, _QUARTERLY, _MONTHLY (optional).
 */
export function stripeSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): StripeSettings | undefined {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim();
  if (!secretKey || !webhookSecret) return undefined;
  const priceIds: StripeSettings['priceIds'] = {};
  for (const product of PLAN_PRODUCTS) {
    const id = env[`STRIPE_PRICE_${product.toUpperCase()}`]?.trim();
    if (id) priceIds[product] = id;
  }
  return {
    secretKey,
    webhookSecret,
    returnOrigins: appOriginsFromEnv(env),
    priceIds,
  };
}

function lineItem(
  request: CheckoutRequest,
  settings: StripeSettings,
): Stripe.Checkout.SessionCreateParams.LineItem {
  const { order } = request;
  const plan = order.plan ? planFor(order.plan) : undefined;
  const price = plan ? settings.priceIds[plan.product] : undefined;
  if (price) return { price, quantity: 1 };
  return {
    quantity: 1,
    price_data: {
      currency: order.currency,
      unit_amount: order.amountCents,
      product_data: { name: order.description },
      ...(plan ? { recurring: { interval: 'month', interval_count: plan.months } } : {}),
    },
  };
}

/** Where Stripe's API is reached: Stripe's own address unless a test names a stand-in. */
export type StripeApiAddress = Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'>;

export function stripeCheckout(settings: StripeSettings, address: StripeApiAddress = {}): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, { apiVersion: STRIPE_API_VERSION, ...address });
  return {
    webhookSecret: settings.webhookSecret,
    returnOrigins: settings.returnOrigins,
    async createPortal(request) {
      // The dashboard's default portal configuration says what members may change (see README).
      const known = request.customerId;
      const customer = known ?? (await stripe.subscriptions.retrieve(request.subscriptionId)).customer;
      const session = await stripe.billingPortal.sessions.create({
        customer: typeof customer === 'string' ? customer : customer.id,
        return_url: request.returnUrl,
      });
      return { url: session.url };
    },
    async cancelSubscription(subscriptionId) {
      // Already ended or unknown at Stripe (a missed event): nothing is left to cancel.
      try {
        const subscription = await stripe.subscriptions.retrieve(subscriptionId);
        if (subscription.status !== 'canceled') await stripe.subscriptions.cancel(subscriptionId);
      } catch (error) {
        if ((error as { code?: string }).code !== 'resource_missing') throw error;
      }
    },
    async paymentOf(paymentIntentId): Promise<PaidFor | undefined> {
      // A subscription's payments are its invoices'; a pack's or a coffee's is its checkout's.
      const [invoicePayment] = (
        await stripe.invoicePayments.list({
          payment: { type: 'payment_intent', payment_intent: paymentIntentId },
          expand: ['data.invoice'],
          limit: 1,
        })
      ).data;
      const invoice = invoicePayment?.invoice;
      if (invoice && typeof invoice === 'object' && !invoice.deleted) {
        const details = invoice.parent?.subscription_details;
        const subscription = details?.subscription;
        const subscriptionId = typeof subscription === 'string' ? subscription : subscription?.id;
        const period = invoice.lines.data.find(
          (line) => line.parent?.subscription_item_details?.subscription === subscriptionId,
        )?.period;
        if (subscriptionId && period)
          return {
            kind: 'invoice',
            subscriptionId,
            period: { start: new Date(period.start * 1000), end: new Date(period.end * 1000) },
          };
      }
      const [session] = (await stripe.checkout.sessions.list({ payment_intent: paymentIntentId, limit: 1 }))
        .data;
      return session ? { kind: 'checkout', sessionId: session.id } : undefined;
    },
    async createCheckout(request) {
      const subscription = request.order.kind === 'subscription';
      const session = await stripe.checkout.sessions.create({
        mode: subscription ? 'subscription' : 'payment',
        line_items: [lineItem(request, settings)],
        client_reference_id: request.uid,
        ...(request.email ? { customer_email: request.email } : {}),
        metadata: request.metadata,
        // Renewals and cancellations name the member and plan too, whatever order they arrive in.
        ...(subscription ? { subscription_data: { metadata: request.metadata } } : {}),
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      });
      if (!session.url) throw new Error('Stripe opened a session without a page.');
      return { sessionId: session.id, url: session.url };
    },
  };
}
