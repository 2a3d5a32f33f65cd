import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallError } from '@/data/callables';
import { cacheFeed, deleteFeedCache } from '@/data/feed-cache';
import { feedCacheWritten } from '@/data/use-feed';
import type { Callables } from '@/domain/callables';
import { OFFLINE_MESSAGES } from '@/domain/errors';
import { formatScore } from '@/domain/scores';
import {
  COMMENT_TIP,
  DEFAULT_CAPTION,
  EMPTY_FEED,
  RATING_MESSAGES,
  UNDO_MESSAGES,
  type FeedPhoto,
} from '@/domain/rating';
import { FIRST_PHOTO_ID, resetFirstPhoto, showFirstPhoto } from '@/lib/first-photo';
import { storageKeys } from '@/lib/storage';
import { aMember, renderApp } from '@/testing/test-utils';
import { RatePage } from './rate-page';

const callables = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('@/data/callables', async (original) => ({ ...(await original<object>()), ...callables }));
const backend = vi.hoisted(() => ({ readGivenVotes: vi.fn(async () => [] as unknown[]) }));
vi.mock('@/data/backend', () => ({
  getBackend: async () => ({ votes: { readGivenVotes: backend.readGivenVotes } }),
}));

const photo = (id: string, caption: string | null = null): FeedPhoto => ({
  id,
  userId: `owner-${id}`,
  imageUrl: `http://files.test/${id}.webp`,
  originalUrl: null,
  caption,
});

type Handlers = {
  [Name in keyof Callables]?: (input: Callables[Name]['input']) => Promise<Callables[Name]['result']>;
};

function serve(handlers: Handlers) {
  callables.call.mockImplementation(async (name: keyof Callables, input: unknown) => {
    const handler = handlers[name] as ((input: unknown) => Promise<unknown>) | undefined;
    if (!handler) throw new Error(`unexpected call ${name}`);
    return handler(input);
  });
}

function Location() {
  return <output aria-label="location">{useLocation().pathname}</output>;
}

function renderRate(route = '/rate', user = aMember({ complete: true, onBoarding: true })) {
  return renderApp(
    <Routes>
      <Route
        path="/rate/:photoId?"
        element={
          <>
            <RatePage uid={user.uid} user={user} />
            <Location />
          </>
        }
      />
      <Route path="*" element={<Location />} />
    </Routes>,
    { route },
  );
}

const location = () => screen.getByLabelText('location').textContent;
const swipePreview = () => screen.queryByRole('status', { name: 'Swipe' });
/** A drag over the photo shown, through the given offsets, let go at the last (or where it began). */
function swipe(offsets: number[]) {
  const target = shownPhoto().parentElement!;
  fireEvent.pointerDown(target, { clientX: 300, pointerId: 1 });
  for (const offset of offsets) fireEvent.pointerMove(target, { clientX: 300 + offset, pointerId: 1 });
  fireEvent.pointerUp(target, { clientX: 300 + (offsets.at(-1) ?? 0), pointerId: 1 });
}
const shownPhoto = () => screen.getByRole('img', { name: /Photo to rate|Caption/ });

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.setItem(storageKeys.rateTutorialSeen, '1');
  localStorage.setItem(storageKeys.commentTipSeen, '1');
});

afterEach(async () => {
  resetFirstPhoto();
  // A write asked for in one test lands in the next one's cache otherwise.
  await act(feedCacheWritten);
  await deleteFeedCache();
});

describe('the rating feed', () => {
  it('shows one photo with the default caption, rewrites the URL, and rates it with a key and Rate', async () => {
    const submitRating = vi.fn(async () => ({ rate: 4, votesCount: 1, tokensEarned: 0 }));
    serve({
      getPhotos: async () => ({ photos: [photo('a'), photo('b', 'Caption b')], next: null }),
      submitRating,
    });
    const { user } = renderRate();
    expect(await screen.findByText(DEFAULT_CAPTION)).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/rate/a'));
    // The screen's largest paint: asked for ahead of the page's other images.
    expect(shownPhoto()).toHaveAttribute('fetchpriority', 'high');
    const rate = screen.getByRole('button', { name: 'Rate' });
    expect(rate).toBeDisabled();
    await user.keyboard('4');
    expect(screen.getByRole('radio', { name: '4 Hearts' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'friendly' }));
    const comment = screen.getByLabelText('Comment (optional)');
    // A plain textarea sized by CSS: MUI's autosizing one forces the page's layout as it mounts.
    expect(comment).toHaveAttribute('rows', '2');
    expect(comment.style.getPropertyValue('field-sizing')).toBe('content');
    expect(document.querySelectorAll('textarea')).toHaveLength(1);
    await user.type(comment, 'Warm smile');
    await user.click(rate);
    await waitFor(() => expect(location()).toBe('/rate/b'));
    expect(submitRating).toHaveBeenCalledWith(
      expect.objectContaining({
        ownerId: 'owner-a',
        photoId: 'a',
        rate: 4,
        comment: 'Warm smile',
        chips: ['friendly'],
      }),
    );
    expect(screen.getByText('Caption b')).toBeInTheDocument();
    // The next photo starts with empty input.
    expect(screen.getByRole('button', { name: 'Rate' })).toBeDisabled();
    expect(screen.getByLabelText('Comment (optional)')).toHaveValue('');
  });

  it('starts at the photo the URL names, skips with the arrow key and ends with the empty state', async () => {
    serve({ getPhotos: async () => ({ photos: [photo('a'), photo('b', 'Caption b')], next: null }) });
    const { user } = renderRate('/rate/b');
    expect(await screen.findByText('Caption b')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByText(EMPTY_FEED)).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/rate'));
  });

  it('loads the next page when the loaded photos run out', async () => {
    const getPhotos = vi.fn(async (input: { startAfter?: string }) =>
      input.startAfter
        ? { photos: [photo('c', 'Caption c')], next: null }
        : { photos: [photo('a')], next: 'cursor-1' },
    );
    serve({ getPhotos });
    const { user } = renderRate();
    await screen.findByText(DEFAULT_CAPTION);
    // The first batch is 2; the next page is asked for while the last loaded photo is shown.
    expect(getPhotos).toHaveBeenNthCalledWith(1, { limit: 2 });
    await waitFor(() => expect(getPhotos).toHaveBeenLastCalledWith({ startAfter: 'cursor-1' }));
    // The inputs render just after the photo has painted.
    await user.click(await screen.findByRole('button', { name: 'Skip' }));
    expect(await screen.findByText('Caption c')).toBeInTheDocument();
    expect(getPhotos).toHaveBeenCalledTimes(2);
  });

  it('waits for the next page only once the member reaches the last photo loaded', async () => {
    const getPhotos = vi.fn(async (input: { startAfter?: string }) =>
      input.startAfter
        ? { photos: [photo('c', 'Caption c')], next: null }
        : { photos: [photo('a', 'Caption a'), photo('b', 'Caption b')], next: 'cursor-1' },
    );
    serve({ getPhotos });
    const { user } = renderRate();
    await screen.findByText('Caption a');
    expect(getPhotos).toHaveBeenCalledTimes(1);
    await user.keyboard('{ArrowRight}');
    await screen.findByText('Caption b');
    await waitFor(() => expect(getPhotos).toHaveBeenLastCalledWith({ startAfter: 'cursor-1' }));
  });

  it('says the score the hearts chosen give, out of 10 with its verdict, as the owner will see it', async () => {
    serve({ getPhotos: async () => ({ photos: [photo('a')], next: null }) });
    const { user } = renderRate();
    await screen.findByText(DEFAULT_CAPTION);
    const hearts = await screen.findByRole('radiogroup', { name: 'Hearts' });
    expect(hearts).toBeInTheDocument();
    for (const [key, label] of [
      ['1', '2.0/10 · Needs Work'],
      ['2', '4.0/10 · Below Average'],
      ['3', '6.0/10 · Above Average'],
      ['4', '8.0/10 · Very Attractive'],
      ['5', '10.0/10 · Absolutely Stunning!'],
    ]) {
      await user.keyboard(key!);
      expect(screen.getByText(label!, { exact: true })).toBeInTheDocument();
    }
  });

  it("shows the next photo before the vote's answer arrives", async () => {
    let answer: (result: { rate: number; votesCount: number; tokensEarned: number }) => void = () => {};
    const submitRating = vi.fn(
      () =>
        new Promise<{ rate: number; votesCount: number; tokensEarned: number }>((resolve) => {
          answer = resolve;
        }),
    );
    serve({
      getPhotos: async () => ({ photos: [photo('a'), photo('b', 'Caption b')], next: null }),
      submitRating,
    });
    const { user } = renderRate();
    await screen.findByText(DEFAULT_CAPTION);
    await user.keyboard('4');
    // The vote's check, fetched once the hearts are chosen, has arrived.
    await act(() => import('@/domain/schemas'));
    act(() => screen.getByRole('button', { name: 'Rate' }).click());
    // The next photo is there at once, and the vote goes once it is painted.
    expect(screen.getByText('Caption b')).toBeInTheDocument();
    expect(submitRating).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(submitRating).toHaveBeenCalledWith(expect.objectContaining({ photoId: 'a', rate: 4 })),
    );
    // No answer yet, and the next photo is ready to rate.
    await user.keyboard('3');
    expect(screen.getByRole('radio', { name: '3 Hearts' })).toBeChecked();
    await act(async () => answer({ rate: 4, votesCount: 1, tokensEarned: 0 }));
    expect(screen.getByText('Caption b')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '3 Hearts' })).toBeChecked();
    await waitFor(() => expect(location()).toBe('/rate/b'));
  });

  it('puts the next photo under the one shown once that has loaded, so a vote only uncovers it', async () => {
    serve({
      getPhotos: async () => ({
        photos: [photo('a', 'Caption a'), photo('b', 'Caption b'), photo('c', 'Caption c')],
        next: null,
      }),
      submitRating: async () => ({ rate: 4, votesCount: 1, tokensEarned: 0 }),
    });
    const { user } = renderRate();
    await screen.findByText('Caption a');
    const images = () => Array.from(document.querySelectorAll('img'));
    // Not before the photo shown has loaded: the next one would compete with it.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(images()).toHaveLength(1);
    fireEvent.load(shownPhoto());
    await waitFor(() => expect(images()).toHaveLength(2));
    const under = images().find((image) => image.src.endsWith('/b.webp'))!;
    // Hidden from assistive technology and from the pointer's way, under the photo shown.
    expect(under).toHaveAttribute('alt', '');
    expect(screen.getAllByRole('img')).toHaveLength(1);
    await user.keyboard('4');
    // The vote's check, fetched once the hearts are chosen, has arrived.
    await act(() => import('@/domain/schemas'));
    act(() => screen.getByRole('button', { name: 'Rate' }).click());
    expect(shownPhoto()).toBe(under);
    expect(shownPhoto()).toHaveAccessibleName('Caption b');
  });

  it('takes over the first photo drawn before the app once its own has loaded, at once when it shows another', async () => {
    serve({ getPhotos: async () => ({ photos: [photo('a', 'Caption a'), photo('b')], next: null }) });
    showFirstPhoto({ id: 'a', imageUrl: 'http://files.test/a.webp', caption: 'Caption a' }, '/rate');
    const drawn = () => document.getElementById(FIRST_PHOTO_ID);
    const { unmount } = renderRate();
    // The screen's own photo: the layer's caption has the same text, its image no name.
    await screen.findByRole('img', { name: 'Caption a' });
    // The same photo in the same place: the layer stays over the screen's until that has loaded.
    expect(drawn()).not.toBeNull();
    fireEvent.load(shownPhoto());
    await waitFor(() => expect(drawn()).toBeNull());
    unmount();

    resetFirstPhoto();
    showFirstPhoto({ id: 'b', imageUrl: 'http://files.test/b.webp', caption: DEFAULT_CAPTION }, '/rate');
    const second = renderRate();
    await screen.findByRole('img', { name: 'Caption a' });
    expect(drawn()).toBeNull();
    second.unmount();

    // The screen gone before its photo loaded takes the layer with it.
    resetFirstPhoto();
    showFirstPhoto({ id: 'a', imageUrl: 'http://files.test/a.webp', caption: 'Caption a' }, '/rate');
    const third = renderRate();
    await screen.findByRole('img', { name: 'Caption a' });
    expect(drawn()).not.toBeNull();
    third.unmount();
    expect(drawn()).toBeNull();
  });

  it('sends a vote given just before the member leaves the screen', async () => {
    const submitRating = vi.fn(async () => ({ rate: 4, votesCount: 1, tokensEarned: 0 }));
    serve({ getPhotos: async () => ({ photos: [photo('a'), photo('b')], next: null }), submitRating });
    const { user, unmount } = renderRate();
    await screen.findByText(DEFAULT_CAPTION);
    await user.keyboard('4');
    await act(() => import('@/domain/schemas'));
    act(() => screen.getByRole('button', { name: 'Rate' }).click());
    unmount();
    await waitFor(() => expect(submitRating).toHaveBeenCalledWith(expect.objectContaining({ photoId: 'a' })));
  });

  it('sends the vote exactly once on a double press', async () => {
    const submitRating = vi.fn(async () => ({ rate: 4, votesCount: 1, tokensEarned: 0 }));
    serve({
      getPhotos: async () => ({
        photos: [photo('a'), photo('b', 'Caption b'), photo('c', 'Caption c')],
        next: null,
      }),
      submitRating,
    });
    const { user } = renderRate();
    await screen.findByText(DEFAULT_CAPTION);
    await user.keyboard('4');
    const rate = screen.getByRole('button', { name: 'Rate' });
    // Both presses land before React draws again, so the second one still sees photo a and its hearts.
    act(() => {
      rate.click();
      rate.click();
    });
    expect(await screen.findByText('Caption b')).toBeInTheDocument();
    await waitFor(() => expect(submitRating).toHaveBeenCalledWith(expect.objectContaining({ photoId: 'a' })));
    // Past the frame the vote waited for, and a second one.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(submitRating).toHaveBeenCalledTimes(1);
  });

  it('reports a failed vote without moving the member, and brings its photo back later', async () => {
    let fail: (failure: Error) => void = () => {};
    const submitRating = vi.fn(
      () =>
        new Promise<never>((_resolve, reject) => {
          fail = reject;
        }),
    );
    serve({
      getPhotos: async () => ({
        photos: [photo('a', 'Caption a'), photo('b', 'Caption b'), photo('c', 'Caption c')],
        next: null,
      }),
      submitRating,
    });
    const { user } = renderRate();
    await screen.findByText('Caption a');
    await user.keyboard('4');
    await user.click(screen.getByRole('button', { name: 'Rate' }));
    await screen.findByText('Caption b');
    await user.keyboard('2');
    await act(async () =>
      fail(new CallError('unavailable', 'Service is temporarily unavailable. Please try again.')),
    );
    const failed = await screen.findByRole('alert');
    expect(failed).toHaveTextContent('Failed to submit photo rating');
    expect(failed).toHaveTextContent('Service is temporarily unavailable. Please try again.');
    // Still on b, with the hearts chosen there.
    expect(screen.getByText('Caption b')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '2 Hearts' })).toBeChecked();
    expect(location()).toBe('/rate/b');
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await screen.findByText('Caption c');
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    expect(await screen.findByText('Caption a')).toBeInTheDocument();
    await user.keyboard('5');
    await user.click(screen.getByRole('button', { name: 'Rate' }));
    await waitFor(() => expect(submitRating).toHaveBeenCalledTimes(2));
    expect(submitRating).toHaveBeenLastCalledWith(expect.objectContaining({ photoId: 'a', rate: 5 }));
  });

  it('does not bring back a photo whose vote the server refused for good', async () => {
    serve({
      getPhotos: async () => ({ photos: [photo('a', 'Caption a'), photo('b', 'Caption b')], next: null }),
      submitRating: async () => {
        throw new CallError('already-exists', 'You have already rated this photo');
      },
    });
    const { user } = renderRate();
    await screen.findByText('Caption a');
    await user.keyboard('4');
    await user.click(screen.getByRole('button', { name: 'Rate' }));
    const refused = await screen.findByRole('alert');
    expect(refused).toHaveTextContent('Failed to submit photo rating');
    expect(refused).toHaveTextContent('You have already rated this photo');
    expect(screen.getByText('Caption b')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    expect(await screen.findByText(EMPTY_FEED)).toBeInTheDocument();
    expect(screen.queryByText('Caption a')).not.toBeInTheDocument();
  });

  it('refuses an abusive comment with the same rule as the server, before sending', async () => {
    const submitRating = vi.fn();
    serve({ getPhotos: async () => ({ photos: [photo('a')], next: null }), submitRating });
    const { user } = renderRate();
    await screen.findByText(DEFAULT_CAPTION);
    await user.keyboard('3');
    await user.type(screen.getByLabelText('Comment (optional)'), 'you b1tch');
    await user.click(screen.getByRole('button', { name: 'Rate' }));
    expect(await screen.findByText(/Please keep your comment respectful/)).toBeInTheDocument();
    expect(submitRating).not.toHaveBeenCalled();
  });

  it('reports with a reason and moves on without a vote', async () => {
    const flagPhoto = vi.fn(async () => ({ reported: true as const }));
    serve({
      getPhotos: async () => ({ photos: [photo('a'), photo('b', 'Caption b')], next: null }),
      flagPhoto,
    });
    const { user } = renderRate();
    await screen.findByText(DEFAULT_CAPTION);
    await user.click(screen.getByRole('button', { name: 'Report' }));
    // The dialog's code loads when it is first asked for.
    const dialog = await screen.findByRole('dialog', { name: 'Report this photo' });
    const confirm = screen.getAllByRole('button', { name: 'Report' }).at(-1)!;
    expect(confirm).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Off-topic' }));
    await user.click(confirm);
    expect(dialog).not.toBeInTheDocument();
    expect(await screen.findByText('Caption b')).toBeInTheDocument();
    expect(flagPhoto).toHaveBeenCalledWith({ ownerId: 'owner-a', photoId: 'a', reason: 'Off-topic' });
  });

  it("blocks the photo's owner, asked first and unnamed, and every photo of theirs leaves the feed", async () => {
    const blockMember = vi.fn(async () => ({ blockId: 'b1' }));
    const same = { ...photo('a2', 'Same owner'), userId: 'owner-a' };
    serve({
      getPhotos: async () => ({ photos: [photo('a'), same, photo('b', 'Caption b')], next: null }),
      blockMember,
    });
    const { user } = renderRate();
    await screen.findByText(DEFAULT_CAPTION);
    await user.click(screen.getByRole('button', { name: 'Block this member' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Block this member?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('Caption b')).toBeInTheDocument();
    expect(screen.queryByText('Same owner')).not.toBeInTheDocument();
    expect(blockMember).toHaveBeenCalledWith({ ownerId: 'owner-a', photoId: 'a', from: 'photo' });
  });

  it('offers Premium for View Rating to free members and shows subscribers the current rate', async () => {
    const viewRating = vi.fn(async () => ({ rate: 0, votesCount: 0 }));
    serve({ getPhotos: async () => ({ photos: [photo('a')], next: null }), viewRating });
    const free = renderRate();
    await screen.findByText(DEFAULT_CAPTION);
    await free.user.click(screen.getByRole('button', { name: 'View Rating' }));
    expect(await screen.findByRole('dialog', { name: 'Go Premium' })).toBeInTheDocument();
    expect(viewRating).not.toHaveBeenCalled();
    free.unmount();

    const premium = renderRate('/rate', aMember({ complete: true, onBoarding: true, subscribed: true }));
    await screen.findByText(DEFAULT_CAPTION);
    await premium.user.click(screen.getByRole('button', { name: 'View Rating' }));
    expect(await screen.findByText('No ratings yet')).toBeInTheDocument();
    expect(viewRating).toHaveBeenCalledTimes(1);
  });

  it("shows a subscriber the photo's current score as its owner sees it", async () => {
    const viewRating = vi.fn(async () => ({ rate: 4.3, votesCount: 8 }));
    serve({ getPhotos: async () => ({ photos: [photo('a')], next: null }), viewRating });
    const { user } = renderRate('/rate', aMember({ complete: true, onBoarding: true, subscribed: true }));
    await screen.findByText(DEFAULT_CAPTION);
    await user.click(screen.getByRole('button', { name: 'View Rating' }));
    expect(await screen.findByText('Current rating: 8.6/10 · Very Attractive (8 votes)')).toBeInTheDocument();
  });

  it('rates with a swipe past the arming distance, and a swipe brought back to the middle skips', async () => {
    const submitRating = vi.fn(async () => ({ tokensEarned: 0 }));
    serve({
      getPhotos: async () => ({
        photos: [photo('a'), photo('b', 'Caption b'), photo('c', 'Caption c')],
        next: null,
      }),
      submitRating,
    });
    renderRate();
    await screen.findByText(DEFAULT_CAPTION);
    swipe([150]);
    await screen.findByText('Caption b');
    await waitFor(() => expect(submitRating).toHaveBeenCalled());
    expect(submitRating).toHaveBeenCalledWith(expect.objectContaining({ photoId: 'a', rate: 4 }));
    // Past the arming distance and back: let go in the middle, it skips, as the spec's release at 0.
    swipe([-120, 10]);
    expect(await screen.findByText('Caption c')).toBeInTheDocument();
    expect(submitRating).toHaveBeenCalledTimes(1);
    // All the way left is the lowest rating, not an invalid 0.
    swipe([-300]);
    await waitFor(() => expect(submitRating).toHaveBeenCalledTimes(2));
    expect(submitRating).toHaveBeenLastCalledWith(expect.objectContaining({ photoId: 'c', rate: 0.5 }));
    expect(await screen.findByText(EMPTY_FEED)).toBeInTheDocument();
    expect(screen.queryByText('Failed to submit photo rating')).not.toBeInTheDocument();
  });

  it('does nothing for a short flick: the photo springs back, with no vote and no skip', async () => {
    const submitRating = vi.fn(async () => ({ tokensEarned: 0 }));
    serve({
      getPhotos: async () => ({ photos: [photo('a', 'Caption a'), photo('b', 'Caption b')], next: null }),
      submitRating,
    });
    renderRate();
    await screen.findByText('Caption a');
    // The flicks that cast 2 hearts, or moved on, by accident; and a tap.
    for (const flick of [[-60], [-40], [60], [15], [-99], []]) {
      swipe(flick);
      expect(swipePreview()).not.toBeInTheDocument();
    }
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByText('Caption a')).toBeInTheDocument();
    expect(screen.queryByText('Caption b')).not.toBeInTheDocument();
    expect(
      (await screen.findByRole('radiogroup', { name: 'Hearts' })).querySelectorAll('.MuiRating-iconFilled'),
    ).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Rate' })).toBeDisabled();
    expect(submitRating).not.toHaveBeenCalled();
  });

  it('shows the hearts a swipe will give while it is dragged, once past the arming distance', async () => {
    const submitRating = vi.fn(async () => ({ tokensEarned: 0 }));
    serve({
      getPhotos: async () => ({ photos: [photo('a', 'Caption a'), photo('b', 'Caption b')], next: null }),
      submitRating,
    });
    renderRate();
    await screen.findByText('Caption a');
    const target = shownPhoto().parentElement!;
    fireEvent.pointerDown(target, { clientX: 300, pointerId: 1 });
    fireEvent.pointerMove(target, { clientX: 240, pointerId: 1 });
    // Still a flick: nothing said, as letting go would do nothing.
    expect(swipePreview()).not.toBeInTheDocument();
    fireEvent.pointerMove(target, { clientX: 190, pointerId: 1 });
    expect(swipePreview()).toHaveTextContent('1.5 hearts');
    fireEvent.pointerMove(target, { clientX: 450, pointerId: 1 });
    expect(swipePreview()).toHaveTextContent('4 hearts');
    fireEvent.pointerMove(target, { clientX: 310, pointerId: 1 });
    expect(swipePreview()).toHaveTextContent('Skip');
    fireEvent.pointerMove(target, { clientX: 360, pointerId: 1 });
    expect(swipePreview()).toHaveTextContent('3 hearts');
    expect(submitRating).not.toHaveBeenCalled();
    fireEvent.pointerUp(target, { clientX: 360, pointerId: 1 });
    await screen.findByText('Caption b');
    await waitFor(() =>
      expect(submitRating).toHaveBeenCalledWith(expect.objectContaining({ photoId: 'a', rate: 3 })),
    );
    expect(swipePreview()).not.toBeInTheDocument();
  });

  it('starts each photo afresh: no band named, no comment hint, at the top of the screen', async () => {
    localStorage.removeItem(storageKeys.commentTipSeen);
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    serve({
      getPhotos: async () => ({ photos: [photo('a', 'Caption a'), photo('b', 'Caption b')], next: null }),
      submitRating: async () => ({ tokensEarned: 0 }),
    });
    const { user } = renderRate();
    await screen.findByText('Caption a');
    expect(scrollTo).not.toHaveBeenCalled();
    // A touch leaves the heart it chose pointed at, with no pointer to leave it.
    const hearts = await screen.findByRole('radiogroup', { name: 'Hearts' });
    hearts.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 0, width: 200, height: 48 });
    fireEvent.mouseMove(hearts, { clientX: 150 });
    await user.keyboard('4');
    expect(screen.getByText(formatScore(4))).toBeInTheDocument();
    expect(screen.getByText(COMMENT_TIP)).toBeInTheDocument();
    await act(() => import('@/domain/schemas'));
    act(() => screen.getByRole('button', { name: 'Rate' }).click());
    expect(await screen.findByText('Caption b')).toBeInTheDocument();
    expect(screen.queryByText(/\/10 · /)).not.toBeInTheDocument();
    expect(screen.queryByText(COMMENT_TIP)).not.toBeInTheDocument();
    const nextHearts = screen.getByRole('radiogroup', { name: 'Hearts' });
    expect(nextHearts.querySelectorAll('.MuiRating-iconFilled')).toHaveLength(0);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    scrollTo.mockRestore();
  });

  it('offers Undo after a vote: the server takes it back and the photo returns to be rated again', async () => {
    const submitRating = vi.fn(async () => ({ tokensEarned: 0 }));
    const undoVote = vi.fn(async () => ({ undone: true as const }));
    serve({
      getPhotos: async () => ({ photos: [photo('a', 'Caption a'), photo('b', 'Caption b')], next: null }),
      submitRating,
      undoVote,
    });
    const { user } = renderRate();
    await screen.findByText('Caption a');
    await user.keyboard('4');
    await user.click(screen.getByRole('button', { name: 'Rate' }));
    await screen.findByText('Caption b');
    expect(await screen.findByText(UNDO_MESSAGES.offered)).toBeInTheDocument();
    expect(undoVote).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(undoVote).toHaveBeenCalledWith({ ownerId: 'owner-a', photoId: 'a' }));
    expect(undoVote).toHaveBeenCalledTimes(1);
    // Back where the member is, to be rated again, with nothing of the vote left in it.
    expect(await screen.findByText('Caption a')).toBeInTheDocument();
    expect(await screen.findByText(UNDO_MESSAGES.undone)).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/rate/a'));
    expect(screen.getByRole('button', { name: 'Rate' })).toBeDisabled();
    await user.keyboard('2');
    await user.click(screen.getByRole('button', { name: 'Rate' }));
    await screen.findByText('Caption b');
    await waitFor(() => expect(submitRating).toHaveBeenCalledTimes(2));
    expect(submitRating).toHaveBeenLastCalledWith(expect.objectContaining({ photoId: 'a', rate: 2 }));
  });

  it('says so when the server can no longer undo the vote, and leaves the member where they are', async () => {
    serve({
      getPhotos: async () => ({ photos: [photo('a', 'Caption a'), photo('b', 'Caption b')], next: null }),
      submitRating: async () => ({ tokensEarned: 0 }),
      undoVote: async () => {
        throw new CallError('failed-precondition', RATING_MESSAGES.undoGone);
      },
    });
    const { user } = renderRate();
    await screen.findByText('Caption a');
    await user.keyboard('4');
    await user.click(screen.getByRole('button', { name: 'Rate' }));
    await screen.findByText(UNDO_MESSAGES.offered);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText(RATING_MESSAGES.undoGone)).toBeInTheDocument();
    expect(screen.getByText('Caption b')).toBeInTheDocument();
    expect(screen.queryByText('Caption a')).not.toBeInTheDocument();
  });

  it('says in the tutorial what the far left of a swipe gives', async () => {
    localStorage.removeItem(storageKeys.rateTutorialSeen);
    serve({ getPhotos: async () => ({ photos: [photo('a')], next: null }) });
    renderRate();
    const tutorial = await screen.findByRole('dialog', { name: 'How rating works' });
    expect(tutorial).toHaveTextContent('all the way left gives 0.5');
    expect(tutorial).toHaveTextContent('letting go of a swipe in the middle');
  });

  it('shows only what the server offers now, and the device cache when the server cannot be reached', async () => {
    serve({
      getPhotos: async () => ({ photos: [photo('a', 'Caption a'), photo('b', 'Caption b')], next: null }),
    });
    const first = renderRate();
    expect(await screen.findByText('Caption a')).toBeInTheDocument();
    first.unmount();

    // Photo a left the feed meanwhile (its owner deleted the account): the old copy is not shown.
    serve({ getPhotos: async () => ({ photos: [photo('b', 'Caption b')], next: null }) });
    const second = renderRate();
    expect(await screen.findByText('Caption b')).toBeInTheDocument();
    expect(screen.queryByText('Caption a')).not.toBeInTheDocument();
    // The device's copy is written once the browser is idle: waited for, as a busy machine may take long.
    await act(feedCacheWritten);
    second.unmount();

    serve({
      getPhotos: async () => {
        throw new Error('Network error. Please check your connection and try again.');
      },
    });
    renderRate();
    expect(await screen.findByText('Caption b')).toBeInTheDocument();
  });

  it('shows the original when the display image fails, and skips the photo only when that fails too', async () => {
    serve({
      getPhotos: async () => ({
        photos: [
          { ...photo('a', 'Caption a'), originalUrl: 'http://files.test/a.jpg' },
          photo('b', 'Caption b'),
        ],
        next: null,
      }),
    });
    renderRate();
    const image = await screen.findByRole('img', { name: 'Caption a' });
    fireEvent.error(image);
    expect(screen.getByRole('img', { name: 'Caption a' })).toHaveAttribute('src', 'http://files.test/a.jpg');
    fireEvent.error(screen.getByRole('img', { name: 'Caption a' }));
    expect(await screen.findByText('Caption b')).toBeInTheDocument();
  });

  it('skips a photo whose image fails to load', async () => {
    serve({
      getPhotos: async () => ({ photos: [photo('a', 'Caption a'), photo('b', 'Caption b')], next: null }),
    });
    renderRate();
    fireEvent.error(await screen.findByRole('img', { name: 'Caption a' }));
    expect(await screen.findByText('Caption b')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/rate/b'));
  });

  it("leaves out of the saved feed photos already voted on, from the member's votes when the device has none cached", async () => {
    await cacheFeed([photo('a', 'Caption a'), photo('b', 'Caption b')]);
    backend.readGivenVotes.mockResolvedValueOnce([
      { id: 'a', ownerId: 'owner-a', rate: 4, ratedAt: new Date('2026-11-20T10:00:00Z') },
    ]);
    // The server leaves voted photos out itself; the saved feed stands in when it cannot be reached.
    serve({
      getPhotos: async () => {
        throw new Error('Network error. Please check your connection and try again.');
      },
    });
    renderRate();
    expect(await screen.findByText('Caption b')).toBeInTheDocument();
    expect(screen.queryByText('Caption a')).not.toBeInTheDocument();
    expect(backend.readGivenVotes).toHaveBeenCalledWith('alice');
  });

  it('teaches first-time raters, and hints at the comment box after the first hearts for 5 seconds', async () => {
    localStorage.clear();
    serve({ getPhotos: async () => ({ photos: [photo('a')], next: null }) });
    const { user } = renderRate();
    await user.click(await screen.findByRole('button', { name: 'Got it' }));
    expect(localStorage.getItem(storageKeys.rateTutorialSeen)).toBe('1');
    await screen.findByText(DEFAULT_CAPTION);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await user.keyboard('5');
      expect(screen.getByText(COMMENT_TIP)).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(5000));
      expect(screen.queryByText(COMMENT_TIP)).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('offline', () => {
  const goOffline = (offline: boolean) =>
    Object.defineProperty(navigator, 'onLine', { value: !offline, configurable: true });

  afterEach(() => goOffline(false));

  it('refuses a vote with a clear message and sends nothing, so nothing is sent twice', async () => {
    const submitRating = vi.fn(async () => ({ rate: 4, votesCount: 1, tokensEarned: 0 }));
    serve({ getPhotos: async () => ({ photos: [photo('a'), photo('b')], next: null }), submitRating });
    const { user } = renderRate();
    expect(await screen.findByText(DEFAULT_CAPTION)).toBeInTheDocument();
    await user.keyboard('4');
    goOffline(true);
    await user.click(screen.getByRole('button', { name: 'Rate' }));
    expect(await screen.findByText(OFFLINE_MESSAGES.vote)).toBeInTheDocument();
    expect(submitRating).not.toHaveBeenCalled();
    expect(location()).toBe('/rate/a');
    expect(screen.getByRole('radio', { name: '4 Hearts' })).toBeChecked();
  });

  it('says it is offline, not an error, when no feed is saved on the device', async () => {
    serve({
      getPhotos: async () => {
        goOffline(true);
        throw new TypeError('Failed to fetch');
      },
    });
    renderRate();
    expect(await screen.findByText(OFFLINE_MESSAGES.feed)).toBeInTheDocument();
  });
});
