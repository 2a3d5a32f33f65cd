/**
 * The session: who is signed in and their live record. On every sign-in the record is ensured
 * (created when missing, refreshed) through the server and watched meanwhile; presence runs while
 * signed in.
 */
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { DATABASE_DELETION_BLOCKED } from '@/domain/errors';
import type { User } from '@/domain/user';
import { logFailure } from '@/lib/report-error';
import { hasMemberHint, setMemberHint } from '@/lib/member-hint';
import { clearMemberStorage, readReferrer } from '@/lib/storage';
import type { AuthMember } from './auth';
import { authNeeded } from './auth-demand';
import { getBackend } from './backend';
import { call } from './callables';
import { keptSessionAtStart } from './kept-session';

export interface Session {
  /** undefined while authentication is starting, null when signed out. */
  member: AuthMember | null | undefined;
  /** undefined while the record is loading. */
  user: User | null | undefined;
  /** Set when the record could not be initialised; `retry` clears it and tries again. */
  initError: Error | null;
  retry(): void;
  signOut(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

/** The same record, as the device keeps it (its copy is JSON). */
function sameRecord(shown: User | null, next: User | null): boolean {
  return JSON.stringify(shown) === JSON.stringify(next);
}

/** Auth's module, once the page needs it (src/data/auth-demand.ts: at once on a member's device). */
const loadAuth = () => authNeeded().then(() => import('./auth'));

const ensured = new Map<string, Promise<unknown>>();

/** Creates or refreshes the member's record once per sign-in; the register form awaits the same call. */
export function ensureMemberRecord(uid: string): Promise<unknown> {
  let pending = ensured.get(uid);
  if (!pending) {
    const referrerId = readReferrer();
    pending = call('ensureUser', referrerId ? { referrerId } : {});
    pending.catch(() => ensured.delete(uid));
    ensured.set(uid, pending);
  }
  return pending;
}

const signedInListeners = new Set<(uid: string) => void>();

/**
 * Calls back each time authentication knows a member, before their record is ensured and watched, so a
 * screen's first read can go out beside it (the feed on /rate). The function returned stops it.
 */
export function whenSignedIn(listener: (uid: string) => void): () => void {
  signedInListeners.add(listener);
  return () => signedInListeners.delete(listener);
}

let cleaning: Promise<void> | undefined;

/**
 * Signed out, however it happened (the menu, another tab, an expired session, a disabled account):
 * the member's stored keys, offline copies and the feed cache go (spec 2 section 4). One clean-up at
 * a time; the device's own keys stay (see `clearMemberStorage`).
 */
function cleanUpAfterSignOut(): Promise<void> {
  cleaning ??= (async () => {
    clearMemberStorage();
    // The feed cache belongs to the member who signed out; Dexie loads only for this.
    const { deleteFeedCache } = await import('./feed-cache');
    await deleteFeedCache();
  })().finally(() => {
    cleaning = undefined;
  });
  return cleaning;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  // Auth loads after the first paint. Until it answers, a device where nobody was signed in shows the
  // landing page, and one where someone was shows the loader.
  const [member, setMember] = useState<AuthMember | null | undefined>(() =>
    hasMemberHint() ? undefined : null,
  );
  // Kept with the uid it belongs to, so a new sign-in never shows the previous member's record.
  const [record, setRecord] = useState<{ uid: string; user: User | null } | null>(null);
  const [initError, setInitError] = useState<Error | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let stop: (() => void) | undefined;
    let active = true;
    // The member Auth kept on this device, read from Auth's own storage, is drawn for once Auth's module
    // has loaded rather than after Auth has also asked its server whether the account still exists: a
    // round trip to another origin before every member screen. Loaded, Auth is what the calls and the
    // reads wait for before they go out (the local live channel holds its watches until Auth's answer).
    // Auth's first answer takes over: the same member, or nobody (the account was deleted or disabled
    // meanwhile), which cleans up as any sign-out does. The server checks the token on every call.
    const authLoaded = loadAuth();
    if (hasMemberHint())
      Promise.all([keptSessionAtStart(), authLoaded]).then(
        ([kept]) => {
          if (!kept || !active) return;
          const keptMember = { uid: kept.uid, email: kept.email };
          startTransition(() => setMember((current) => (current === undefined ? keptMember : current)));
        },
        () => undefined,
      );
    authLoaded.then(
      ({ watchAuth }) => {
        if (!active) return;
        stop = watchAuth(
          (next) => {
            if (next) {
              setMemberHint(true);
              // A record ensured for anyone else (the member kept on the device, when Auth answers
              // another) went out under this member's token: it is ensured again should they sign in.
              for (const uid of ensured.keys()) if (uid !== next.uid) ensured.delete(uid);
              for (const listener of [...signedInListeners]) listener(next.uid);
            } else {
              // Someone was signed in on this device: whatever ended it, what they left goes.
              const hadMember = hasMemberHint();
              setMemberHint(false);
              ensured.clear();
              if (hadMember)
                cleanUpAfterSignOut().catch((error: unknown) =>
                  logFailure(error, { component: 'session', action: 'signed-out clean-up' }),
                );
            }
            // A member in a transition, as the record's answers below: the screen they bring is drawn in
            // slices between which the page answers input, rather than one long task. A sign-out at once:
            // in a transition, the screens it takes away kept the landing page from ever showing.
            // The member already drawn for (the one kept on the device) is kept as is: nothing draws again.
            if (next)
              startTransition(() =>
                setMember((current) =>
                  current?.uid === next.uid && current.email === next.email ? current : next,
                ),
              );
            else setMember(null);
          },
          (error) => setInitError(error),
        );
      },
      (error: unknown) => setInitError(error instanceof Error ? error : new Error(String(error))),
    );
    return () => {
      active = false;
      stop?.();
    };
  }, []);

  const uid = member?.uid;
  useEffect(() => {
    if (!uid) return;
    let active = true;
    const stops: Array<() => void> = [];
    const copyName = `user.${uid}`;
    // Started from the offline copy: once the connection is back, start again from the server.
    const reconnect = () => setAttempt((value) => value + 1);
    (async () => {
      // Loaded here rather than with the landing page, which has no member.
      const copies = await import('./offline-copy');
      // Offline, the record this device saw last stands in until the connection is back.
      const offlineCopy = () => (copies.isOffline() ? copies.readOfflineCopy<User>(copyName) : undefined);
      const copy = offlineCopy();
      if (copy && active) window.addEventListener('online', reconnect, { once: true });
      // Online too, the screen is drawn from it at once rather than after the server's first answer,
      // which replaces it only if it differs. In a transition, as those answers: outside one, React
      // draws the whole screen the record brings in one task (some 300 ms on /profile, CPU slowed 4x).
      const lastSeen = copy ?? copies.readOfflineCopy<User>(copyName);
      if (lastSeen && active) startTransition(() => setRecord({ uid, user: lastSeen }));
      // The record is watched while ensureUser runs rather than after it: a returning member's record
      // comes with the watch's first answer, a new member's as soon as ensureUser has made it.
      const ensured = ensureMemberRecord(uid);
      const backend = await getBackend();
      if (!active) return;
      stops.push(
        backend.users.watchUser(
          uid,
          (next) => {
            copies.keepOfflineCopy(copyName, next);
            // An answer that changes nothing draws nothing again.
            startTransition(() =>
              setRecord((shown) =>
                shown?.uid === uid && sameRecord(shown.user, next) ? shown : { uid, user: next },
              ),
            );
          },
          (error) => {
            if (active && !offlineCopy()) setInitError(error);
          },
        ),
      );
      await ensured.catch((error: unknown) => {
        if (!copy) throw error;
      });
      if (active) stops.push(backend.presence.trackPresence(uid));
    })().catch((error: unknown) => {
      if (active) setInitError(error instanceof Error ? error : new Error(String(error)));
    });
    return () => {
      active = false;
      window.removeEventListener('online', reconnect);
      for (const stop of stops) stop();
    };
  }, [uid, attempt]);

  const retry = useCallback(() => {
    setInitError(null);
    setAttempt((value) => value + 1);
  }, []);

  const signOut = useCallback(async () => {
    // This device's push token stops working, so the next member here is not sent this one's pushes.
    await import('./push')
      .then(({ forgetPushDevice }) => forgetPushDevice())
      .catch((error: unknown) => logFailure(error, { component: 'session', action: 'forget push device' }));
    const { signOut: authSignOut } = await import('./auth');
    await authSignOut();
    await cleanUpAfterSignOut().catch((error: unknown) => {
      logFailure(error, { component: 'session', action: 'sign-out' });
      // Another tab holds the cache open: the member is told, so they can close it and sign out again.
      if (error instanceof Error && error.message === DATABASE_DELETION_BLOCKED) throw error;
    });
  }, []);

  const user = member ? (record?.uid === member.uid ? record.user : undefined) : null;
  const session = useMemo<Session>(
    () => ({ member, user, initError, retry, signOut }),
    [member, user, initError, retry, signOut],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider.');
  return session;
}

/** For component tests: a fixed session without any backend. */
export function StaticSessionProvider({ session, children }: { session: Session; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
