import { render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppEnv } from '@/config/env';
import type { AuthMember } from '@/data/auth';
import { SessionProvider } from '@/data/session';
import { FEED_INITIAL_BATCH, type FeedPhoto } from '@/domain/rating';
import { storageKeys } from '@/lib/storage';
import { memberOrigins } from '@/config/read-env';
import { bootMemberRoute } from './boot';
import { BottomTabs, LeaderboardPage, MyPhotosPage, ProfilePage, RatePage } from './lazy-screens';

const callables = vi.hoisted(() => ({ call: vi.fn(), prepareCalls: vi.fn() }));
vi.mock('@/data/callables', async (original) => ({ ...(await original<object>()), ...callables }));
const kept = vi.hoisted(() => ({
  keptSessionAtStart: vi.fn(() =>
    Promise.resolve<{ uid: string; email: string | null; idToken: string } | undefined>(undefined),
  ),
  callWithKeptSession: vi.fn(),
}));
vi.mock('@/data/kept-session', () => kept);
const backend = vi.hoisted(() => ({ getBackend: vi.fn(() => new Promise(() => undefined)) }));
vi.mock('@/data/backend', () => backend);
// Authentication knows the member at once; each test signs in a member of its own.
const signedIn = vi.hoisted(() => ({ member: { uid: 'nobody', email: null } as AuthMember }));
vi.mock('@/data/auth', () => ({
  watchAuth: (onChange: (member: AuthMember | null) => void) => {
    onChange(signedIn.member);
    return () => undefined;
  },
}));

const photo: FeedPhoto = {
  id: 'p1',
  userId: 'bob',
  imageUrl: 'http://files.test/p1.webp',
  originalUrl: null,
  caption: null,
};

/** The images fetched from script, with the priority each was asked at. */
const images: Array<{ src: string; fetchPriority: string }> = [];

const screens = [RatePage, MyPhotosPage, LeaderboardPage, ProfilePage, BottomTabs];

beforeEach(() => {
  vi.clearAllMocks();
  images.length = 0;
  vi.stubGlobal(
    'Image',
    class {
      src = '';
      fetchPriority = 'auto';
      constructor() {
        images.push(this);
      }
    },
  );
  for (const screen of screens) vi.spyOn(screen, 'preload').mockResolvedValue(undefined);
  document.head.querySelectorAll('link[rel="preconnect"]').forEach((link) => link.remove());
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function signInAs(uid: string) {
  signedIn.member = { uid, email: `${uid}@example.com` };
  localStorage.setItem(storageKeys.memberHint, '1');
}

describe('a member screen started from the address', () => {
  it("asks for /rate's first feed page as soon as the member is known, while ensureUser has not answered", async () => {
    signInAs('alice');
    // The record's start never answers: the feed must not wait for it.
    callables.call.mockImplementation((name: string) =>
      name === 'ensureUser' ? new Promise(() => undefined) : Promise.resolve({ photos: [photo], next: null }),
    );
    // Its code already fetched, as the page's preloads have it: the order below is then the boot's, not
    // the test runner's loading of modules.
    await import('@/data/feed-prefetch');
    bootMemberRoute('/rate/p1');
    render(
      <SessionProvider>
        <p>app</p>
      </SessionProvider>,
    );
    await waitFor(() =>
      expect(callables.call).toHaveBeenCalledWith('getPhotos', { limit: FEED_INITIAL_BATCH }),
    );
    await waitFor(() => expect(callables.call).toHaveBeenCalledWith('ensureUser', {}));
    const order = (name: string) =>
      callables.call.mock.invocationCallOrder[
        callables.call.mock.calls.findIndex(([called]) => called === name)
      ];
    expect(order('getPhotos')).toBeLessThan(order('ensureUser')!);
    // The first photo is fetched at high priority as soon as the page names it.
    await waitFor(() => expect(images).toEqual([{ src: photo.imageUrl, fetchPriority: 'high' }]));
    expect(RatePage.preload).toHaveBeenCalledOnce();
    expect(BottomTabs.preload).toHaveBeenCalledOnce();
    expect(callables.prepareCalls).toHaveBeenCalledOnce();
    expect(backend.getBackend).toHaveBeenCalled();
  });

  it("asks for /rate's first feed page from Auth's first answer, before the app has rendered, and once", async () => {
    signInAs('dora');
    callables.call.mockResolvedValue({ photos: [photo], next: null });
    let answer: ((member: AuthMember | null) => void) | undefined;
    const stop = vi.fn();
    bootMemberRoute('/rate', async () => ({
      watchAuth: (onChange) => {
        answer = onChange;
        return stop;
      },
    }));
    await waitFor(() => expect(answer).toBeDefined());
    answer?.({ uid: 'dora', email: null });
    await waitFor(() =>
      expect(callables.call).toHaveBeenCalledWith('getPhotos', { limit: FEED_INITIAL_BATCH }),
    );
    await waitFor(() => expect(stop).toHaveBeenCalledOnce());
    // The session's answer, when the app renders, asks for nothing more.
    render(
      <SessionProvider>
        <p>app</p>
      </SessionProvider>,
    );
    await waitFor(() => expect(callables.call).toHaveBeenCalledWith('ensureUser', {}));
    expect(callables.call.mock.calls.filter(([name]) => name === 'getPhotos')).toHaveLength(1);
  });

  it("asks for /rate's first feed page with the token Auth kept on the device, before Auth has answered", async () => {
    signInAs('erin');
    kept.keptSessionAtStart.mockResolvedValueOnce({ uid: 'erin', email: null, idToken: 'kept-token' });
    kept.callWithKeptSession.mockResolvedValue({ photos: [photo], next: null });
    const stop = vi.fn();
    // Auth never answers here.
    bootMemberRoute('/rate', async () => ({ watchAuth: () => stop }));
    await waitFor(() =>
      expect(kept.callWithKeptSession).toHaveBeenCalledWith(
        'getPhotos',
        { limit: FEED_INITIAL_BATCH },
        { uid: 'erin', email: null, idToken: 'kept-token' },
      ),
    );
    await waitFor(() => expect(images).toEqual([{ src: photo.imageUrl, fetchPriority: 'high' }]));
    expect(callables.call).not.toHaveBeenCalledWith('getPhotos', expect.anything());
  });

  it('asks for nothing when Auth first answers that nobody is signed in', async () => {
    localStorage.setItem(storageKeys.memberHint, '1');
    let answer: ((member: AuthMember | null) => void) | undefined;
    bootMemberRoute('/rate', async () => ({
      watchAuth: (onChange) => {
        answer = onChange;
        return () => undefined;
      },
    }));
    await waitFor(() => expect(answer).toBeDefined());
    answer?.(null);
    answer?.({ uid: 'eve', email: null });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callables.call).not.toHaveBeenCalledWith('getPhotos', expect.anything());
  });

  it("fetches the code of the screen the address names, and only that screen's", async () => {
    signInAs('carol');
    bootMemberRoute('/leaderboard');
    await waitFor(() => expect(LeaderboardPage.preload).toHaveBeenCalledOnce());
    bootMemberRoute('/');
    await waitFor(() => expect(MyPhotosPage.preload).toHaveBeenCalledOnce());
    bootMemberRoute('/profile');
    await waitFor(() => expect(ProfilePage.preload).toHaveBeenCalledOnce());
    expect(RatePage.preload).not.toHaveBeenCalled();
    // Only /rate reads ahead.
    render(
      <SessionProvider>
        <p>app</p>
      </SessionProvider>,
    );
    expect(callables.call).not.toHaveBeenCalledWith('getPhotos', expect.anything());
  });

  it('connects ahead to the local server for its calls and its images, and to the Auth emulator', () => {
    signInAs('dave');
    bootMemberRoute('/rate');
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preconnect"]')].map(
      (link) => [link.href, link.getAttribute('crossorigin')],
    );
    const [server, auth] = [
      new URL(import.meta.env.VITE_LOCAL_SERVER_URL ?? 'http://127.0.0.1:5001').origin,
      new URL(import.meta.env.VITE_LOCAL_AUTH_URL ?? 'http://127.0.0.1:9099').origin,
    ];
    expect(links).toEqual([
      [`${server}/`, 'anonymous'],
      [`${server}/`, null],
      [`${auth}/`, 'anonymous'],
    ]);
  });

  it('on Firebase, connects to the functions and to Storage', () => {
    const firebase = {
      useEmulators: false,
      functionsRegion: 'europe-west1',
      firebase: { projectId: 'photorater-prod' },
    } as AppEnv;
    expect(memberOrigins(firebase)).toEqual([
      { href: 'https://europe-west1-photorater-prod.cloudfunctions.net', cors: true },
      { href: 'https://firebasestorage.googleapis.com', cors: false },
    ]);
  });

  it('starts nothing for a visitor, who is shown the landing page', async () => {
    bootMemberRoute('/rate');
    // Anything started would have been by now.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(RatePage.preload).not.toHaveBeenCalled();
    expect(callables.prepareCalls).not.toHaveBeenCalled();
    expect(backend.getBackend).not.toHaveBeenCalled();
    expect(document.head.querySelector('link[rel="preconnect"]')).toBeNull();
  });
});
