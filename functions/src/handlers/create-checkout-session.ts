/**
 * The two checkout callables (spec 2, section 7): a Premium plan, or a token pack or a donation.
 * The server makes the order from its own catalogue (the client's amount only names a pack), opens
 * a session at the payment provider for the caller alone, and records what it sold, so the webhook
 * can check the payment against it.
 */
import { HttpsError } from 'firebase-functions/v2/https';
import type { Callables } from '../../../src/domain/callables';
import {
  checkoutSchema,
  orderFor,
  PAYMENT_MESSAGES,
  subscribeCheckoutSchema,
  type CheckoutOrder,
  type CheckoutSession,
} from '../../../src/domain/payments';
import { billingPath, type Billing } from '../../../src/domain/billing';
import type { User } from '../../../src/domain/user';
import { checkoutMetadata } from '../payments/payment-provider';
import { requireCaller, validate, type Handler, type HandlerContext } from './handler';
import { checkoutSessionPath, type CheckoutSessionRecord } from './stripe-webhook';
import { assertMember, userPath } from './users';

export const ALREADY_PREMIUM = 'You are already a Premium member.';

async function openCheckout(
  context: HandlerContext,
  input: { redirectUrl: string; clientReferenceId: string; returnPath?: string | undefined },
  order: CheckoutOrder | undefined,
): Promise<CheckoutSession> {
  const caller = requireCaller(context);
  if (input.clientReferenceId !== caller.uid)
    throw new HttpsError('permission-denied', PAYMENT_MESSAGES.otherMember);
  if (!order) throw new HttpsError('invalid-argument', PAYMENT_MESSAGES.choosePack);
  const { payments, store, clock } = context;
  if (!payments) throw new HttpsError('failed-precondition', PAYMENT_MESSAGES.notAvailable);
  if (!payments.returnOrigins.includes(input.redirectUrl))
    throw new HttpsError('invalid-argument', PAYMENT_MESSAGES.returnAddress);
  const user = await store.get<User>(userPath(caller.uid));
  assertMember(user);
  if (order.kind === 'subscription' && user.subscribed) {
    const billing = await store.get<Billing>(billingPath(caller.uid));
    // A cancelled Premium runs out at its period's end; a new plan may follow it.
    if (billing?.status !== 'canceled') throw new HttpsError('failed-precondition', ALREADY_PREMIUM);
  }
  // Back to the page the member started from (a path of this app, checked by the schema).
  const page = `${input.redirectUrl}${input.returnPath ?? '/'}`;
  const returned = `${page}?success=true&bought=${order.kind}${order.kind === 'subscription' ? '&subscribed=true' : ''}`;
  let session: { sessionId: string; url: string };
  try {
    session = await payments.createCheckout({
      order,
      uid: caller.uid,
      email: user.email,
      successUrl: `${returned}&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${page}?checkout=cancelled`,
      metadata: checkoutMetadata(caller.uid, order),
    });
  } catch {
    throw new HttpsError('unavailable', PAYMENT_MESSAGES.notAvailable);
  }
  await store.runTransaction(async (tx) => {
    tx.set(checkoutSessionPath(session.sessionId), {
      uid: caller.uid,
      order,
      status: 'open',
      createdAt: clock.now(),
    } satisfies CheckoutSessionRecord);
  });
  return session;
}

export const createSubscribeCheckoutSession: Handler<Callables['createSubscribeCheckoutSession']['result']> =
  {
    async run(data, context) {
      requireCaller(context);
      const input = await validate(subscribeCheckoutSchema, data);
      return openCheckout(context, input, orderFor(input.product));
    },
  };

export const createCheckoutSession: Handler<Callables['createCheckoutSession']['result']> = {
  async run(data, context) {
    requireCaller(context);
    const input = await validate(checkoutSchema, data);
    return openCheckout(context, input, orderFor(input.product, input.amount));
  },
};
