/**
 * What a start of the local stack puts right in the Auth emulator once it has imported the saved
 * accounts, so that a restart is as invisible to members as Firebase's are:
 * - each account's `validSince`. The import sets it to the moment of the import, so every ID token
 *   issued before the restart was refused (TOKEN_EXPIRED at the emulator, revoked for the server's
 *   Admin SDK) and the app signed its members out; it is given back as it was saved.
 * - the accounts of members whose record the store holds but the emulator lost. The accounts are
 *   saved every few seconds while the record is written at once, so a crash of both right after a
 *   sign-up kept the one and not the other. The account is made again from the record (same uid,
 *   e-mail and providers, no password), or, where no account can be made, the record is marked
 *   orphaned.
 */
import {
  EMULATOR_PROVIDER_IDS,
  emulatorProviderSubject,
  type EmulatorProvider,
} from '../../../src/domain/emulator-accounts';
import type { User } from '../../../src/domain/user';
import type { Clock } from '../handlers/handler';
import { userPath } from '../handlers/users';
import type { Store } from '../store/store';
import { accountsIn, type EmulatorAccount } from './auth-export';

/** Where the emulator answers, and the project its accounts are in. */
export interface EmulatorProject {
  url: string;
  projectId: string;
}

/** A call to the emulator's account API, as its owner (only this machine's requests get that far). */
async function accountApi(emulator: EmulatorProject, route: string, body?: object): Promise<string> {
  const response = await fetch(
    `${emulator.url}/identitytoolkit.googleapis.com/v1/projects/${emulator.projectId}/${route}`,
    body === undefined
      ? { headers: { Authorization: 'Bearer owner' } }
      : {
          method: 'POST',
          headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        },
  );
  const text = await response.text();
  if (!response.ok)
    throw new Error(`The Auth emulator answered ${response.status} to ${route.split('?')[0]}: ${text}`);
  return text;
}

export async function listAccounts(emulator: EmulatorProject): Promise<EmulatorAccount[]> {
  return accountsIn(await accountApi(emulator, 'accounts:batchGet?maxResults=-1'));
}

/**
 * The emulator's accounts once it holds those it was started to import: it answers before its
 * import is done, and a backup or a check made before then would see none.
 */
export async function importedAccounts(
  emulator: EmulatorProject,
  saved: readonly EmulatorAccount[],
  timeoutMs = 60_000,
): Promise<EmulatorAccount[]> {
  const savedIds = new Set(saved.map((account) => account.localId));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const accounts = await listAccounts(emulator);
    // The import makes every account in one request: once one is there, all are.
    if (savedIds.size === 0 || accounts.some((account) => savedIds.has(account.localId))) return accounts;
    if (Date.now() > deadline)
      throw new Error(
        `The Auth emulator did not import the ${savedIds.size} saved accounts within ${timeoutMs / 1000} s.`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Gives each account the `validSince` it was saved with; how many it changed. */
export async function restoreTokenValidity(
  emulator: EmulatorProject,
  saved: readonly EmulatorAccount[],
  current: readonly EmulatorAccount[],
): Promise<number> {
  const now = new Map(current.map((account) => [account.localId, account.validSince]));
  const changed = saved.filter(
    (account) =>
      account.validSince !== undefined &&
      now.has(account.localId) &&
      now.get(account.localId) !== account.validSince,
  );
  // As the owner, the emulator takes the value given (a member's own update would set it to now).
  for (const { localId, validSince } of changed)
    await accountApi(emulator, 'accounts:update', { localId, validSince });
  return changed.length;
}

/** What a member's record says of their account, and the marks of records that have none by design. */
type MemberRecord = Partial<
  Pick<
    User,
    | 'email'
    | 'emailVerified'
    | 'displayName'
    | 'providers'
    | 'isAdmin'
    | 'createdAt'
    | 'deletedAt'
    | 'orphanedAt'
  >
> & { demo?: boolean; deleted?: boolean };

const PROVIDER_BY_ID = new Map(
  Object.entries(EMULATOR_PROVIDER_IDS).map(([provider, id]) => [id, provider as EmulatorProvider]),
);

/** The account a record was made for: its uid, e-mail and name, its Google or Facebook sign-ins. */
function accountOf(uid: string, record: MemberRecord, email: string): object {
  return {
    localId: uid,
    email,
    emailVerified: record.emailVerified === true,
    ...(record.displayName ? { displayName: record.displayName } : {}),
    ...(record.createdAt ? { createdAt: String(record.createdAt.getTime()) } : {}),
    providerUserInfo: (record.providers ?? []).flatMap((providerId) => {
      const provider = PROVIDER_BY_ID.get(providerId);
      return provider ? [{ providerId, rawId: emulatorProviderSubject(provider, email), email }] : [];
    }),
    // The record's mirror of the admin claim is the server's own (only the role's handler sets it).
    ...(record.isAdmin ? { customAttributes: JSON.stringify({ admin: true }) } : {}),
  };
}

export interface Reconciled {
  restored: string[];
  orphaned: string[];
}

/**
 * Makes again the accounts of records a sign-in made (not demo members', nor deleted members') that
 * the emulator no longer holds, or marks the record orphaned when no account can be: it has no
 * e-mail, or another account now has it. Says what it did of each.
 */
export async function reconcileAccounts(options: {
  emulator: EmulatorProject;
  store: Store;
  clock: Clock;
  accounts: readonly EmulatorAccount[];
  log: (line: string) => void;
}): Promise<Reconciled> {
  const { emulator, store, clock, log } = options;
  const held = new Set(options.accounts.map((account) => account.localId));
  const emails = new Set(options.accounts.flatMap((account) => account.email?.toLowerCase() ?? []));
  const reconciled: Reconciled = { restored: [], orphaned: [] };
  for (const { id: uid, data: record } of await store.query<MemberRecord>('users')) {
    const madeBySignIn = (record.providers?.length ?? 0) > 0 && !record.demo;
    const gone = record.deleted === true || record.deletedAt !== undefined;
    if (held.has(uid) || !madeBySignIn || gone || record.orphanedAt !== undefined) continue;
    const email = record.email?.trim().toLowerCase();
    const refusal = !email
      ? 'it has no e-mail to sign in with'
      : emails.has(email)
        ? `another account now has its e-mail (${email})`
        : null;
    if (!email || refusal) {
      await store.runTransaction(async (tx) => tx.update(userPath(uid), { orphanedAt: clock.now() }));
      reconciled.orphaned.push(uid);
      log(
        `The member record ${uid} has no Auth account, and none can be made for it: ${refusal}. It is marked orphaned.`,
      );
      continue;
    }
    await accountApi(emulator, 'accounts:batchCreate', { users: [accountOf(uid, record, email)] });
    emails.add(email);
    reconciled.restored.push(uid);
    const password = record.providers?.includes('password')
      ? ' A password is not kept with the record: the member sets a new one with "Forgot password?".'
      : '';
    log(
      `The Auth account of ${email} (${uid}) was lost when the stack stopped right after its sign-up; it is made again from the member's record.${password}`,
    );
  }
  return reconciled;
}
