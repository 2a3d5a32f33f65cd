/**
 * The functions' secrets, kept in Secret Manager (`firebase functions:secrets:set NAME`, README,
 * "Running on Firebase"), never in functions/.env, whose values deploy as plain environment variables.
 * Each is bound only to the functions that use it (their `secrets` option), and read at call time:
 * while firebase-tools discovers the functions, no secret has a value. The local backend reads the
 * same names from its own environment.
 */
import { defineSecret } from 'firebase-functions/params';
import type { PaymentProvider } from '../payments/payment-provider';

export const stripeSecretKey = defineSecret('STRIPE_SECRET_KEY');
export const stripeWebhookSecret = defineSecret('STRIPE_WEBHOOK_SECRET');
export const aiApiKey = defineSecret('AI_API_KEY');
export const unsplashAccessKey = defineSecret('UNSPLASH_ACCESS_KEY');

type Secret = typeof stripeSecretKey;

/** Both Stripe secrets: the checkout, the webhook and an account's deletion (it ends subscriptions). */
export const STRIPE_SECRETS = [stripeSecretKey, stripeWebhookSecret];

/** The functions' environment with the secrets' values as they are now, for the `...FromEnv` readers. */
export function envWithSecrets(...secrets: Secret[]): NodeJS.ProcessEnv {
  return { ...process.env, ...Object.fromEntries(secrets.map((secret) => [secret.name, secret.value()])) };
}

let stripe: { secrets: string; payments: PaymentProvider | undefined } | undefined;

/**
 * Stripe from its secrets as they are now (made again only when they change); none without them, and
 * then nothing is sold. The Stripe SDK is loaded here, so the functions without payments never load it.
 */
export async function paymentsFromSecrets(): Promise<PaymentProvider | undefined> {
  const env = envWithSecrets(...STRIPE_SECRETS);
  const secrets = `${env.STRIPE_SECRET_KEY}\n${env.STRIPE_WEBHOOK_SECRET}`;
  if (stripe?.secrets !== secrets) {
    const { stripeCheckout, stripeSettingsFromEnv } = await import('../payments/stripe-checkout');
    const settings = stripeSettingsFromEnv(env);
    stripe = { secrets, payments: settings ? stripeCheckout(settings) : undefined };
  }
  return stripe.payments;
}
