/**
 * `startAbTestSession`: the server starts the A/B session a browser session's variants follow from
 * (spec 2 section 4: the variant is the session id and the test id hashed), so events count only for
 * sessions it started. Each address starts AB_TEST_SESSIONS_PER_SENDER_PER_DAY a day, a member's too
 * (accounts are made in a second), counted where every instance sees it.
 */
import { randomUUID } from 'node:crypto';
import { HttpsError } from 'firebase-functions/v2/https';
import {
  AB_TEST_MESSAGES,
  AB_TEST_SESSION_DAYS_KEPT,
  AB_TEST_SESSIONS,
  AB_TEST_SESSIONS_PER_SENDER_PER_DAY,
  type StoredAbTestSession,
} from '../../../src/domain/ab-test-events';
import type { Callables } from '../../../src/domain/callables';
import { DAY_MS } from '../../../src/domain/constants';
import { noInputSchema } from '../../../src/domain/schemas';
import { validate, type Handler } from './handler';
import { addressSender, readShares, scaledShare } from './sender-shares';

export const startAbTestSession: Handler<Callables['startAbTestSession']['result']> = {
  async run(data, context) {
    await validate(noInputSchema, data);
    const now = context.clock.now();
    const sessionId = randomUUID();
    const session: StoredAbTestSession = {
      startedAt: now,
      expireAt: new Date(now.getTime() + AB_TEST_SESSION_DAYS_KEPT * DAY_MS),
      interactions: 0,
    };
    const started = await context.store.runTransaction(async (tx) => {
      const countShare = await readShares(
        tx,
        [
          {
            what: 'abTestSession',
            sender: addressSender(context.senderAddress),
            perDay: scaledShare(AB_TEST_SESSIONS_PER_SENDER_PER_DAY, context.senderShareScale),
          },
        ],
        now,
      );
      if (!countShare) return false;
      countShare();
      tx.set(`${AB_TEST_SESSIONS}/${sessionId}`, { ...session });
      return true;
    });
    if (!started) throw new HttpsError('resource-exhausted', AB_TEST_MESSAGES.sessionsFull);
    return { sessionId };
  },
};
