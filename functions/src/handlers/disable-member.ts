/**
 * Disabling a member: the Auth account (no sign-in, its tokens refused where they are checked for
 * revocation) and the record's `disabled` (every handler refuses them, the live channel closes their
 * sockets). Enabling restores both.
 */
import type { Store } from '../store/store';
import type { AccountAdmin, Clock } from './handler';
import { userPath, type UserDocument } from './users';

export async function setMemberDisabled(
  services: { store: Store; accounts: AccountAdmin; clock: Clock },
  uid: string,
  disabled: boolean,
): Promise<void> {
  // Auth first: once it answers, the member can start no new sign-in, whatever the record says.
  await services.accounts.setDisabled(uid, disabled);
  await services.store.runTransaction(async (tx) => {
    const path = userPath(uid);
    const record = await tx.get<UserDocument>(path);
    if (record && !record.deletedAt) tx.update(path, { disabled, updatedAt: services.clock.now() });
  });
}
