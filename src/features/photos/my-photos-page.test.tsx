import { CallError } from '@/data/callables';
import { SCREENING_MESSAGES } from '@/domain/screening';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Callables } from '@/domain/callables';
import { PHOTO_MESSAGES } from '@/domain/limits';
import type { Photo, PhotoSort } from '@/domain/photo';
import { hooraySeenKey } from '@/lib/storage';
import { drawnCopyAt, drawnDetail, forgetDrawnCopy, takeKeptCopy } from '@/testing/screen-copy';
import { aMember, aPhoto, renderApp } from '@/testing/test-utils';
import { MyPhotosPage } from './my-photos-page';

const photosFeed = vi.hoisted(() => ({
  listeners: [] as Array<{ sort: PhotoSort; onPhotos: (photos: Photo[]) => void }>,
}));
vi.mock('@/data/use-photos', async () => {
  const { useEffect, useState } = await import('react');
  return {
    usePhotos: (_uid: string, sort: PhotoSort) => {
      const [photos, setPhotos] = useState<Photo[] | undefined>(undefined);
      useEffect(() => {
        const listener = { sort, onPhotos: setPhotos };
        photosFeed.listeners.push(listener);
        return () => void photosFeed.listeners.splice(photosFeed.listeners.indexOf(listener), 1);
      }, [sort]);
      return { photos, error: null };
    },
    uploadImage: vi.fn(),
  };
});
// The form is tested on its own (new-photo-dialog.test.tsx); here it posts whatever the server answered.
const posted = vi.hoisted(() => ({ result: undefined as Callables['createPhoto']['result'] | undefined }));
vi.mock('./new-photo-dialog', () => ({
  NewPhotoDialog: ({ onPosted }: { onPosted: (result: Callables['createPhoto']['result']) => void }) => (
    <button type="button" onClick={() => onPosted(posted.result!)}>
      Post
    </button>
  ),
}));
// Idle work runs only when a test says so; the detail's code counts its loads.
const idle = vi.hoisted(() => ({ whenIdle: vi.fn<(work: () => void) => () => void>(() => () => undefined) }));
vi.mock('@/lib/idle', () => idle);
const detailCode = vi.hoisted(() => ({ loads: 0 }));
vi.mock('./photo-detail-dialog', async (original) => {
  detailCode.loads += 1;
  return original<object>();
});
const compareCode = vi.hoisted(() => ({ loads: 0 }));
vi.mock('./compare-dialog', () => {
  compareCode.loads += 1;
  return {
    CompareDialog: ({ photos }: { photos: Photo[] }) => (
      <div role="dialog" aria-label="Compare your photos">
        {photos.map((photo) => photo.id).join(' ')}
      </div>
    ),
  };
});
const callables = vi.hoisted(() => ({ call: vi.fn() }));
// The real CallError, so tests throw what the data layer throws; only the call is replaced.
vi.mock('@/data/callables', async (original) => ({ ...(await original<object>()), ...callables }));

const deliver = (photos: Photo[]) =>
  act(() => photosFeed.listeners.forEach((listener) => listener.onPhotos(photos)));
const member = aMember({ complete: true, onBoarding: true, points: 5 });

beforeEach(() => {
  vi.clearAllMocks();
  photosFeed.listeners.length = 0;
});

describe('My Photos', () => {
  it('starts with the Add New Photo card and the wait-time hint when there are no photos', async () => {
    renderApp(<MyPhotosPage user={member} />);
    deliver([]);
    const add = screen.getByRole('button', { name: /Add New Photo/ });
    expect(add).toHaveTextContent(PHOTO_MESSAGES.firstVotes);
    // No waiting time that nothing measures.
    expect(add).not.toHaveTextContent(/hours/);
  });

  it('shows score times two, votes, the New and leaderboard badges, and the inactive and error states', async () => {
    localStorage.setItem(hooraySeenKey(member.uid), '1');
    renderApp(<MyPhotosPage user={member} />);
    const old = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000);
    deliver([
      aPhoto('a', { rate: 4.25, votesCount: 12, leaderboardDays: [20400] }),
      aPhoto('b', { uploadedAt: old, leaderboardDays: [20400, 20401], active: false }),
      aPhoto('c', { uploadedAt: old, active: false, error: 'User deleted' }),
    ]);
    const first = screen.getByRole('article', { name: 'Photo a' });
    expect(within(first).getByLabelText('Score 8.5/10 · Very Attractive')).toBeInTheDocument();
    expect(within(first).getByText('12 votes')).toBeInTheDocument();
    expect(within(first).getByText('New')).toBeInTheDocument();
    expect(within(first).getByText('New on Leaderboard!')).toBeInTheDocument();
    const second = screen.getByRole('article', { name: 'Photo b' });
    expect(within(second).queryByText('New')).not.toBeInTheDocument();
    expect(within(second).getByText('Leaderboard')).toBeInTheDocument();
    expect(within(second).getByText('This photo is not active')).toBeInTheDocument();
    const third = screen.getByRole('article', { name: 'Photo c' });
    expect(
      within(third).getByText('User deleted. Please remove this photo and upload another one.'),
    ).toBeInTheDocument();
    expect(within(third).getByRole('switch')).toBeDisabled();
  });

  it('shows the no-token and maximum-active banners, whose buttons open the Checkout', async () => {
    const { unmount, user } = renderApp(<MyPhotosPage user={{ ...member, points: 0 }} />);
    deliver([]);
    expect(
      screen.getByText(
        "You can't activate your photos because you ran out of tokens, please rate other photos, or buy more",
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Buy more' }));
    const packs = await screen.findByRole('dialog', { name: 'Buy tokens' });
    expect(within(packs).getByRole('button', { name: 'Most Popular: 10 tokens' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    unmount();
    localStorage.setItem(hooraySeenKey(member.uid), '1');
    const second = renderApp(<MyPhotosPage user={member} />);
    deliver(Array.from({ length: 8 }, (_, n) => aPhoto(`p${n}`)));
    expect(
      screen.getByText(
        'You have reached the maximum number of active photos, please upgrade your account or deactivate some',
      ),
    ).toBeInTheDocument();
    await second.user.click(screen.getByRole('button', { name: 'Upgrade' }));
    const plans = await screen.findByRole('dialog', { name: 'Go Premium' });
    expect(within(plans).getByRole('button', { name: 'Monthly plan' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it("fetches the photo detail's code while the browser is idle, once the photos have shown", async () => {
    renderApp(<MyPhotosPage user={member} />);
    deliver([]);
    expect(idle.whenIdle).not.toHaveBeenCalled();
    deliver([aPhoto('a')]);
    expect(idle.whenIdle).toHaveBeenCalledTimes(1);
    expect(detailCode.loads).toBe(0);
    const work = idle.whenIdle.mock.calls[0]![0];
    act(() => work());
    await waitFor(() => expect(detailCode.loads).toBe(1));
  });

  it('takes over from the copy the device kept once the photos are here, and keeps a new one when hidden', async () => {
    const copy = drawnCopyAt('/photos');
    renderApp(
      <main>
        <MyPhotosPage user={member} />
      </main>,
      { route: '/photos' },
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Not yet: the photos have not come.
    expect(copy.isConnected).toBe(true);
    deliver([aPhoto('a', { caption: 'Harbour walk' })]);
    // Over the screen until its own photo has loaded.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(copy.isConnected).toBe(true);
    for (const image of document.querySelectorAll('main img')) image.dispatchEvent(new Event('load'));
    await waitFor(() => expect(copy.isConnected).toBe(false));
    expect(takeKeptCopy('/photos')).toBeNull();
    act(() => void window.dispatchEvent(new Event('pagehide')));
    const kept = takeKeptCopy('/photos');
    expect(kept?.uid).toBe(member.uid);
    expect(kept?.html).toContain('Harbour walk');
    forgetDrawnCopy();
  });

  it("drops the photo detail the page's head drew at once where the address's photo is not the member's", async () => {
    const detail = drawnDetail();
    renderApp(<MyPhotosPage user={member} openPhotoId="gone" />, { route: '/photos?photo=gone' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Not before the photos are here: the detail may yet open.
    expect(detail.isConnected).toBe(true);
    deliver([aPhoto('a')]);
    await waitFor(() => expect(detail.isConnected).toBe(false));
    forgetDrawnCopy();
  });

  it("leaves the photo detail the page's head drew to the detail the address opens", async () => {
    // The detail asks where its photo stands.
    callables.call.mockResolvedValue({ topPercent: null, peer: null, siteAverage: 3 });
    const detail = drawnDetail();
    try {
      const { unmount } = renderApp(<MyPhotosPage user={member} openPhotoId="a" />, {
        route: '/photos?photo=a',
      });
      deliver([aPhoto('a', { caption: 'Harbour walk' })]);
      const dialog = await screen.findByRole('dialog', { name: 'Harbour walk' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(detail.isConnected).toBe(true);
      fireEvent.load(within(dialog).getByRole('img', { name: 'Harbour walk' }));
      await waitFor(() => expect(detail.isConnected).toBe(false));
      unmount();
    } finally {
      callables.call.mockReset();
      forgetDrawnCopy();
    }
  });

  it('offers Compare with two active photos or more, its code loaded only when asked for', async () => {
    localStorage.setItem(hooraySeenKey(member.uid), '1');
    const { user } = renderApp(<MyPhotosPage user={member} />);
    deliver([aPhoto('a'), aPhoto('b', { active: false })]);
    expect(screen.queryByRole('button', { name: 'Compare' })).not.toBeInTheDocument();
    deliver([aPhoto('a'), aPhoto('b', { active: false }), aPhoto('c')]);
    expect(compareCode.loads).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Compare' }));
    expect(await screen.findByRole('dialog', { name: 'Compare your photos' })).toHaveTextContent('a c');
    expect(compareCode.loads).toBe(1);
  });

  it('sorts by Rate and Votes through the watch', async () => {
    const { user } = renderApp(<MyPhotosPage user={member} />);
    expect(photosFeed.listeners.map((listener) => listener.sort)).toEqual(['uploadedAt']);
    await user.click(screen.getByRole('button', { name: 'Rate' }));
    expect(photosFeed.listeners.map((listener) => listener.sort)).toEqual(['rate']);
    await user.click(screen.getByRole('button', { name: 'Votes' }));
    expect(photosFeed.listeners.map((listener) => listener.sort)).toEqual(['votesCount']);
  });

  it('switches a photo through the handler and shows a refusal with its way out', async () => {
    localStorage.setItem(hooraySeenKey(member.uid), '1');
    callables.call.mockRejectedValueOnce(
      new CallError(
        'failed-precondition',
        "You can't activate your photos because you ran out of tokens, please rate other photos, or buy more",
        {},
        'noTokens',
      ),
    );
    const { user } = renderApp(<MyPhotosPage user={member} />);
    deliver([aPhoto('a', { active: false })]);
    await user.click(screen.getByRole('switch', { name: 'Active: Photo a' }));
    expect(callables.call).toHaveBeenCalledWith('setPhotoActive', { photoId: 'a', active: true });
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('ran out of tokens');
    await user.click(within(toast).getByRole('button', { name: 'Buy more' }));
    expect(await screen.findByRole('dialog', { name: 'Buy tokens' })).toBeInTheDocument();
  });

  it('opens the public preview through the handler before copying the link, and says when it cannot', async () => {
    localStorage.setItem(hooraySeenKey(member.uid), '1');
    callables.call.mockResolvedValue({ shared: true });
    const { user } = renderApp(<MyPhotosPage user={member} />);
    // After rendering: user-event puts a clipboard of its own in place when it sets up.
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    deliver([aPhoto('a', { votesCount: 2, rate: 4 })]);
    await user.click(screen.getByRole('button', { name: 'Open Photo a' }));
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() => expect(writeText).toHaveBeenCalled());
    expect(callables.call).toHaveBeenCalledWith('sharePhoto', { photoId: 'a' });
    expect(await screen.findByText('Link Copied to clipboard!')).toBeInTheDocument();

    writeText.mockClear();
    callables.call.mockRejectedValueOnce(
      new CallError('failed-precondition', 'Only an active photo with at least one vote can be shared.', {}),
    );
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() =>
      expect(
        screen.getByText('Only an active photo with at least one vote can be shared.'),
      ).toBeInTheDocument(),
    );
    expect(writeText).not.toHaveBeenCalled();
  });

  it('asks before deleting, then deletes through the handler', async () => {
    localStorage.setItem(hooraySeenKey(member.uid), '1');
    callables.call.mockResolvedValue({ deleted: true });
    const { user } = renderApp(<MyPhotosPage user={member} />);
    deliver([aPhoto('a')]);
    await user.click(screen.getByRole('button', { name: 'Delete Photo a' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callables.call).toHaveBeenCalledWith('deletePhoto', { photoId: 'a' }));
  });

  it('celebrates the upload that earned the first-photo bonus, once', async () => {
    posted.result = { photoId: 'a', firstPhoto: true, active: true, inactiveReason: null, review: null };
    const { user } = renderApp(<MyPhotosPage user={member} />);
    deliver([]);
    await user.click(screen.getByRole('button', { name: /Add New Photo/ }));
    await user.click(await screen.findByRole('button', { name: 'Post' }));
    deliver([aPhoto('a')]);
    const hooray = await screen.findByRole('dialog', { name: 'Hooray!!' });
    expect(hooray).toHaveTextContent('10 extra tokens');
    expect(screen.getByText('Your photo is up!')).toBeInTheDocument();
    await user.click(within(hooray).getByRole('button', { name: 'Got it' }));
    expect(localStorage.getItem(hooraySeenKey(member.uid))).toBe('1');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Hooray!!' })).not.toBeInTheDocument());
  });

  it('does not celebrate again on a new device, nor a photo that earned no bonus', async () => {
    localStorage.removeItem(hooraySeenKey(member.uid));
    posted.result = { photoId: 'b', firstPhoto: false, active: true, inactiveReason: null, review: null };
    const { user } = renderApp(<MyPhotosPage user={member} />);
    // One photo, and this device has never seen the celebration: the bonus was granted long ago.
    deliver([aPhoto('a')]);
    await user.click(screen.getByRole('button', { name: /Add New Photo/ }));
    await user.click(await screen.findByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Your photo is up!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Hooray!!' })).not.toBeInTheDocument();
  });

  it('says plainly why a new photo is not live, with the way out', async () => {
    localStorage.setItem(hooraySeenKey(member.uid), '1');
    posted.result = {
      photoId: 'b',
      firstPhoto: false,
      active: false,
      inactiveReason: 'noTokens',
      review: null,
    };
    const { user } = renderApp(<MyPhotosPage user={{ ...member, points: 0 }} />);
    deliver([aPhoto('a', { active: false })]);
    await user.click(screen.getByRole('button', { name: /Add New Photo/ }));
    await user.click(await screen.findByRole('button', { name: 'Post' }));
    const message = await screen.findByText(/^Your photo is saved but not active yet/);
    const toast = message.closest<HTMLElement>('[role="alert"]')!;
    expect(message).toHaveTextContent(
      "Your photo is saved but not active yet. You can't activate your photos because you ran out of tokens, please rate other photos, or buy more",
    );
    expect(screen.queryByText('Your photo is up!')).not.toBeInTheDocument();
    await user.click(within(toast).getByRole('button', { name: 'Buy more' }));
    expect(await screen.findByRole('dialog', { name: 'Buy tokens' })).toBeInTheDocument();
  });

  it('says plainly why a new photo is held for review, and nothing of it being up', async () => {
    localStorage.setItem(hooraySeenKey(member.uid), '1');
    posted.result = {
      photoId: 'b',
      firstPhoto: false,
      active: false,
      inactiveReason: null,
      review: 'explicit',
    };
    const { user } = renderApp(<MyPhotosPage user={member} />);
    deliver([aPhoto('a')]);
    await user.click(screen.getByRole('button', { name: /Add New Photo/ }));
    await user.click(await screen.findByRole('button', { name: 'Post' }));
    expect(await screen.findByText(SCREENING_MESSAGES.reason.explicit)).toBeInTheDocument();
    expect(screen.queryByText('Your photo is up!')).not.toBeInTheDocument();
  });
});
