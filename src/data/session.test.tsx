import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { offlineCopyKey, storageKeys } from '@/lib/storage';
import type { User } from '@/domain/user';
import { encodeWire } from '@/domain/wire';
import { aMember } from '@/testing/test-utils';
import type { AuthMember } from './auth';
import { cacheFeed, deleteFeedCache, readCachedFeed } from './feed-cache';
import { SessionProvider, useSession } from './session';

// Auth as the SDK reports it: whoever calls back last decides who is signed in.
const auth = vi.hoisted(() => ({ onChange: undefined as ((member: AuthMember | null) => void) | undefined }));
vi.mock('./auth', () => ({
  watchAuth: (onChange: (member: AuthMember | null) => void) => {
    auth.onChange = onChange;
    return () => undefined;
  },
}));
// Auth as soon as the session asks, a visitor's device too (when it loads: auth-demand.test.tsx).
vi.mock('./auth-demand', () => ({ authNeeded: () => Promise.resolve() }));
const callables = vi.hoisted(() => ({ call: vi.fn<(name: string) => Promise<unknown>>() }));
vi.mock('./callables', () => callables);
const users = vi.hoisted(() => ({
  watchUser:
    vi.fn<
      (uid: string, onUser: (user: User | null) => void, onError: (error: Error) => void) => () => void
    >(),
}));
vi.mock('./backend', () => ({
  getBackend: async () => ({ presence: { trackPresence: () => () => undefined }, users }),
}));

// The session Auth kept on this device: none unless a test keeps one.
const kept = vi.hoisted(() => ({
  keptSessionAtStart:
    vi.fn<() => Promise<{ uid: string; email: string | null; idToken: string } | undefined>>(),
}));
vi.mock('./kept-session', () => kept);

const photo = {
  id: 'p1',
  userId: 'bob',
  imageUrl: 'http://files.test/p1.webp',
  originalUrl: null,
  caption: null,
};

function Who() {
  const { member, user, initError } = useSession();
  return (
    <>
      <output aria-label="member">{member === undefined ? 'unknown' : (member?.uid ?? 'nobody')}</output>
      <output aria-label="record">{user?.displayName ?? ''}</output>
      <output aria-label="error">{initError?.message ?? ''}</output>
    </>
  );
}

async function start() {
  render(
    <SessionProvider>
      <Who />
    </SessionProvider>,
  );
  await waitFor(() => expect(auth.onChange).toBeDefined());
}

const authSays = (member: AuthMember | null) => act(() => auth.onChange!(member));

beforeEach(() => {
  callables.call.mockImplementation(async () => ({ created: false }));
  users.watchUser.mockImplementation(() => () => undefined);
  localStorage.clear();
  auth.onChange = undefined;
  kept.keptSessionAtStart.mockReset().mockResolvedValue(undefined);
});
afterEach(async () => {
  await deleteFeedCache();
});

describe('the session', () => {
  it("draws the member's screen from the record this device saw last, online too, and again only when the server's differs", async () => {
    const seen = aMember({ uid: 'alice', displayName: 'Alice', complete: true });
    localStorage.setItem(offlineCopyKey('user.alice'), encodeWire(seen));
    let answer: ((user: User | null) => void) | undefined;
    users.watchUser.mockImplementation((_uid, onUser) => {
      answer = onUser;
      return () => undefined;
    });
    const renders = vi.fn();
    function Screen() {
      const { user } = useSession();
      renders(user);
      return <output aria-label="screen">{user?.displayName ?? ''}</output>;
    }
    render(
      <SessionProvider>
        <Screen />
      </SessionProvider>,
    );
    await waitFor(() => expect(auth.onChange).toBeDefined());
    await authSays({ uid: 'alice', email: 'alice@example.com' });
    // Before the server has answered at all.
    await waitFor(() => expect(screen.getByLabelText('screen')).toHaveTextContent('Alice'));
    expect(answer).toBeDefined();
    const drawn = renders.mock.calls.length;
    act(() => answer!(aMember({ uid: 'alice', displayName: 'Alice', complete: true })));
    expect(renders.mock.calls.length).toBe(drawn);
    act(() => answer!(aMember({ uid: 'alice', displayName: 'Alice B', complete: true })));
    expect(screen.getByLabelText('screen')).toHaveTextContent('Alice B');
  });

  describe('with a member Auth kept on this device', () => {
    const alice = { uid: 'alice', email: 'alice@example.com', idToken: 'kept-token' };
    beforeEach(() => {
      localStorage.setItem(storageKeys.memberHint, '1');
      kept.keptSessionAtStart.mockResolvedValue(alice);
    });

    it("draws for them before Auth answers, with their record from the device, and Auth's same answer draws nothing again", async () => {
      localStorage.setItem(
        offlineCopyKey('user.alice'),
        encodeWire(aMember({ uid: 'alice', displayName: 'Alice', complete: true })),
      );
      const renders = vi.fn();
      function Screen() {
        const { member } = useSession();
        renders(member);
        return null;
      }
      render(
        <SessionProvider>
          <Who />
          <Screen />
        </SessionProvider>,
      );
      await waitFor(() => expect(screen.getByLabelText('record')).toHaveTextContent('Alice'));
      expect(screen.getByLabelText('member')).toHaveTextContent('alice');
      await waitFor(() => expect(auth.onChange).toBeDefined());
      const drawn = renders.mock.calls.length;
      await authSays({ uid: 'alice', email: 'alice@example.com' });
      expect(renders).toHaveBeenCalledTimes(drawn);
    });

    it('signs them out and cleans up when Auth says nobody (the account was deleted or disabled)', async () => {
      await cacheFeed([photo]);
      await start();
      await waitFor(() => expect(screen.getByLabelText('member')).toHaveTextContent('alice'));
      await authSays(null);
      expect(screen.getByLabelText('member')).toHaveTextContent('nobody');
      await waitFor(async () => expect(await readCachedFeed()).toEqual([]));
      expect(localStorage.getItem(storageKeys.memberHint)).toBeNull();
    });

    it('follows Auth when it answers another member, and the kept one’s refused watch is no error', async () => {
      const refuse = new Map<string, (error: Error) => void>();
      users.watchUser.mockImplementation((uid, _onUser, onError) => {
        refuse.set(uid, onError);
        return () => undefined;
      });
      await start();
      await waitFor(() => expect(refuse.has('alice')).toBe(true));
      await authSays({ uid: 'bob', email: 'bob@example.com' });
      expect(screen.getByLabelText('member')).toHaveTextContent('bob');
      await waitFor(() => expect(refuse.has('bob')).toBe(true));
      act(() => refuse.get('alice')!(new Error("You don't have permission to perform this action.")));
      expect(screen.getByLabelText('error')).toHaveTextContent('');
    });

    it('leaves what Auth answered first as it is', async () => {
      let keep: (session: typeof alice) => void = () => undefined;
      kept.keptSessionAtStart.mockReturnValue(new Promise((resolve) => (keep = resolve)));
      await start();
      await authSays(null);
      await act(async () => keep(alice));
      expect(screen.getByLabelText('member')).toHaveTextContent('nobody');
    });

    it('is not read on a device where nobody was signed in', async () => {
      localStorage.removeItem(storageKeys.memberHint);
      await start();
      expect(kept.keptSessionAtStart).not.toHaveBeenCalled();
      expect(screen.getByLabelText('member')).toHaveTextContent('nobody');
    });
  });

  it('cleans up when the member is signed out from elsewhere: another tab, an expired session', async () => {
    await cacheFeed([photo]);
    await start();
    await authSays({ uid: 'alice', email: 'alice@example.com' });
    expect(screen.getByLabelText('member')).toHaveTextContent('alice');
    localStorage.setItem(offlineCopyKey('user.alice'), '{}');
    localStorage.setItem(storageKeys.rateTutorialSeen, '1');
    localStorage.setItem(storageKeys.colorMode, 'dark');

    await authSays(null);
    expect(screen.getByLabelText('member')).toHaveTextContent('nobody');
    await waitFor(async () => expect(await readCachedFeed()).toEqual([]));
    expect(localStorage.getItem(offlineCopyKey('user.alice'))).toBeNull();
    expect(localStorage.getItem(storageKeys.rateTutorialSeen)).toBeNull();
    expect(localStorage.getItem(storageKeys.memberHint)).toBeNull();
    // The device's own choices stay.
    expect(localStorage.getItem(storageKeys.colorMode)).toBe('dark');
  });

  it('cleans up on opening the app after the session ended while it was closed', async () => {
    localStorage.setItem(storageKeys.memberHint, '1');
    localStorage.setItem(offlineCopyKey('user.alice'), '{}');
    await cacheFeed([photo]);
    await start();
    await authSays(null);
    await waitFor(async () => expect(await readCachedFeed()).toEqual([]));
    expect(localStorage.getItem(offlineCopyKey('user.alice'))).toBeNull();
  });

  it('leaves a visitor’s device alone: nobody was signed in', async () => {
    await cacheFeed([photo]);
    localStorage.setItem(storageKeys.referrer, 'someone');
    await start();
    await authSays(null);
    expect(screen.getByLabelText('member')).toHaveTextContent('nobody');
    expect(await readCachedFeed()).toEqual([photo]);
    expect(localStorage.getItem(storageKeys.referrer)).toBe('someone');
  });

  it("shows a returning member's record from the watch while ensureUser has not answered", async () => {
    // ensureUser never answers: the record must not wait for it.
    callables.call.mockImplementation(() => new Promise(() => undefined));
    users.watchUser.mockImplementation((_uid, onUser) => {
      onUser(aMember({ displayName: 'Alex' }));
      return () => undefined;
    });
    await start();
    await authSays({ uid: 'alice', email: 'alice@example.com' });
    await waitFor(() => expect(screen.getByLabelText('record')).toHaveTextContent('Alex'));
    expect(callables.call).toHaveBeenCalledWith('ensureUser', {});
  });
});
