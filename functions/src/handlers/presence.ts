/**
 * Presence: `status/{uid}` says whether the member is connected, mirrored onto the record's `status`.
 * The local server calls this on connect and disconnect; in Firebase a database trigger does.
 */
import type { PresenceState } from '../../../src/domain/user';
import type { Store } from '../store/store';
import { presencePath, userPath, type UserDocument } from './users';

export async function setPresence(store: Store, uid: string, state: PresenceState, now: Date): Promise<void> {
  await store.runTransaction(async (tx) => {
    const user = await tx.get<UserDocument>(userPath(uid));
    tx.set(presencePath(uid), { state, lastChanged: now });
    if (user && user.status !== state) tx.update(userPath(uid), { status: state });
  });
}
