import { act, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { Route, Routes } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { StaticSessionProvider, type Session } from '@/data/session';
import type { FeedPhoto } from '@/domain/rating';
import { storageKeys } from '@/lib/storage';
import { aMember, aSession, renderApp } from '@/testing/test-utils';
import { ProfileCompletionForm, RatePage } from './lazy-screens';
import { RateRoute } from './routes';

const callables = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('@/data/callables', async (original) => ({ ...(await original<object>()), ...callables }));
vi.mock('@/data/backend', () => ({
  getBackend: async () => ({ votes: { readGivenVotes: async () => [] } }),
}));

const photo: FeedPhoto = {
  id: 'p1',
  userId: 'bob',
  imageUrl: 'http://files.test/p1.webp',
  originalUrl: null,
  caption: 'Sunday hike',
};

let setSession: (session: Session) => void = () => undefined;

/** /rate under a session the test changes, as the record arriving changes it. */
function RateUnder({ initial }: { initial: Session }) {
  const [session, set] = useState(initial);
  useEffect(() => {
    setSession = set;
  }, []);
  return (
    <StaticSessionProvider session={session}>
      <Routes>
        <Route path="/rate/:photoId?" element={<RateRoute />} />
      </Routes>
    </StaticSessionProvider>
  );
}

const alice = aMember({ complete: true, onBoarding: true });
const member = { uid: alice.uid, email: alice.email };

// The screens' code, loaded on demand, is loaded once here rather than within a test's wait.
beforeAll(() => Promise.all([RatePage.preload(), ProfileCompletionForm.preload()]), 20_000);

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.setItem(storageKeys.rateTutorialSeen, '1');
  callables.call.mockImplementation(async (name: string) => {
    if (name === 'getPhotos') return { photos: [photo], next: null };
    throw new Error(`unexpected call ${name}`);
  });
});

describe('/rate', () => {
  it("shows the feed's first photo while the member's record is still loading, and keeps it when it arrives", async () => {
    renderApp(<RateUnder initial={aSession({ member, user: undefined })} />, { route: '/rate' });
    expect(await screen.findByRole('img', { name: 'Sunday hike' })).toBeInTheDocument();
    act(() => setSession(aSession({ member, user: alice })));
    expect(screen.getByRole('img', { name: 'Sunday hike' })).toBeInTheDocument();
    // The same page went on: the feed was not asked for again.
    expect(callables.call.mock.calls.filter(([name]) => name === 'getPhotos')).toHaveLength(1);
  });

  it('gives way to the completion form when the record says the profile is incomplete', async () => {
    renderApp(<RateUnder initial={aSession({ member, user: undefined })} />, { route: '/rate' });
    act(() => setSession(aSession({ member, user: aMember({ complete: false }) })));
    expect(await screen.findByRole('heading', { name: 'Complete your profile' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Sunday hike' })).not.toBeInTheDocument();
  });
});
