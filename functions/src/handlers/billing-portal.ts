/**
 * The member's way to manage Premium: the payment provider's portal (Stripe's Customer Portal on
 * Firebase, the local server's test portal offline), opened for the customer their running
 * subscription bills, and coming back to a page of the app. What they change there reaches the
 * webhook as the provider's events, which update their billing record.
 */
import { HttpsError } from 'firebase-functions/v2/https';
import type { Callables } from '../../../src/domain/callables';
import { billingPortalSchema, PAYMENT_MESSAGES } from '../../../src/domain/payments';
import type { User } from '../../../src/domain/user';
import { requireCaller, validate, type Handler } from './handler';
import type { Subscription } from './premium';
import { assertMember, userPath } from './users';

/** The page the portal returns to unless the member came from another. */
export const PORTAL_RETURN_PATH = '/profile';

export const createBillingPortalSession: Handler<Callables['createBillingPortalSession']['result']> = {
  async run(data, context) {
    const caller = requireCaller(context);
    const input = await validate(billingPortalSchema, data);
    const { payments, store, clock } = context;
    if (!payments) throw new HttpsError('failed-precondition', PAYMENT_MESSAGES.notAvailable);
    if (!payments.returnOrigins.includes(input.redirectUrl))
      throw new HttpsError('invalid-argument', PAYMENT_MESSAGES.returnAddress);
    assertMember(await store.get<User>(userPath(caller.uid)));
    // The subscription with paid time left that the provider has not ended: the latest paid, if several.
    const now = clock.now();
    const [running] = (
      await store.query<Subscription>('subscriptions', { where: [{ field: 'uid', equals: caller.uid }] })
    )
      .filter(({ data: subscription }) => {
        const { ended, paidThrough } = subscription;
        return !ended && paidThrough && paidThrough > now;
      })
      .sort((a, b) => b.data.paidThrough!.getTime() - a.data.paidThrough!.getTime());
    if (!running) throw new HttpsError('failed-precondition', PAYMENT_MESSAGES.noSubscription);
    try {
      return await payments.createPortal({
        ...(running.data.customerId ? { customerId: running.data.customerId } : {}),
        subscriptionId: running.id,
        returnUrl: `${input.redirectUrl}${input.returnPath ?? PORTAL_RETURN_PATH}`,
      });
    } catch {
      throw new HttpsError('unavailable', PAYMENT_MESSAGES.notAvailable);
    }
  },
};
