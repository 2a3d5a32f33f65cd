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
  watchUser: vi.fn<(uid: string, onUser: (user: User | null) => void) => () => void>(),
}));
vi.mock('./backend', () => ({
  getBackend: async () => ({ presence: { trackPresence: () => () => undefined }, users }),
}));

const photo = {
  id: 'p1',
  userId: 'bob',
  imageUrl: 'http://files.test/p1.webp',
  originalUrl: null,
  caption: null,
};

function Who() {
  const { member, user } = useSession();
  return (
    <>
      <output aria-label="member">{member === undefined ? 'unknown' : (member?.uid ?? 'nobody')}</output>
      <output aria-label="record">{user?.displayName ?? ''}</output>
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
