/**
 * The Cloud Functions host: every handler exported as a v2 callable over Firestore, plus the
 * trigger that mirrors Realtime Database presence onto the member's record.
 */
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { onValueWritten } from 'firebase-functions/v2/database';
import { onCall } from 'firebase-functions/v2/https';
import type { PresenceState } from '../../../src/domain/user';
import { callerFromToken } from '../caller-from-token';
import { handlers } from '../handlers';
import { systemClock, toHttpsError, type Handler } from '../handlers/handler';
import { setPresence } from '../handlers/presence';
import { FirestoreStore } from '../store/firestore-store';

initializeApp();
const firestore = getFirestore();
firestore.settings({ ignoreUndefinedProperties: true });
const store = new FirestoreStore(firestore);

function callable<Result>(handler: Handler<Result>) {
  return onCall(async (request) => {
    try {
      const caller = request.auth ? callerFromToken(request.auth.token) : null;
      return await handler.run(request.data, { caller, store, clock: systemClock });
    } catch (error) {
      throw toHttpsError(error);
    }
  });
}

export const ensureUser = callable(handlers.ensureUser);
export const completeProfile = callable(handlers.completeProfile);
export const finishOnboarding = callable(handlers.finishOnboarding);

export const mirrorPresence = onValueWritten('/status/{uid}', async (event) => {
  const value = event.data.after.val() as { state?: PresenceState } | null;
  await setPresence(
    store,
    event.params.uid,
    value?.state === 'online' ? 'online' : 'offline',
    systemClock.now(),
  );
});
