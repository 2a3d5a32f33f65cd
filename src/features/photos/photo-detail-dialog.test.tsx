import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CallError } from '@/data/callables';
import { DAILY_LIMIT_MESSAGES } from '@/domain/daily-counter';
import type { PhotoStanding } from '@/domain/photo-standing';
import { advancedAnalytics, type Vote } from '@/domain/vote';
import { moveVoteTotals } from '@/domain/vote-totals';
import { SNAPSHOT_LOOK } from '@/lib/screen-snapshot';
import { storageKeys } from '@/lib/storage';
import { drawnDetail, forgetDrawnCopy, takeKeptDetail } from '@/testing/screen-copy';
import { aPhoto, renderApp } from '@/testing/test-utils';
import { PhotoDetailDialog } from './photo-detail-dialog';
import { COMMENTS_PAGE } from './votes-sections';
import { PHOTO_MESSAGES } from '@/domain/limits';
import { UNWEIGHED_VOTES_NOTE } from '@/domain/score-quality';
import { SHARE_MESSAGES, sharePhoto } from './share';

const insights = {
  photoVibe: 'Warm and approachable',
  personalityTraits: ['friendly', 'cheerful', 'outgoing', 'optimistic', 'sociable'],
  celebrityLookAlikes: ['Ann Able', 'Ben Bold', 'Cat Cole', 'Dan Dell'],
  funFacts: ['Smiles like this are remembered longer.', 'Warm colours read as friendly.'],
  zodiacVibes: { primarySign: 'Leo', reason: 'Bright energy.', compatibility: 'Aries and Libra' },
  datingAppOptimization: { swipeability: 'High', strengths: ['A genuine smile'], suggestions: ['Keep it.'] },
  mysticalReadings: { aura: 'Golden yellow', element: 'Fire', spirit_animal: 'Dolphin' },
  styleAnalysis: { vibe: 'Casual', standoutFeature: 'Your smile', colors: ['navy', 'white'] },
  emotions: { primary: 'happy', energy: 'Bright and upbeat' },
};

const handlers = {
  onClose: vi.fn(),
  onToggleActive: vi.fn(),
  onDelete: vi.fn(),
  onShare: vi.fn(),
  busy: false,
};

const voteFeed = vi.hoisted(() => ({ votes: [] as Vote[], asked: [] as number[] }));
// As both adapters answer: the commented votes, newest first, at most the count asked for.
vi.mock('@/data/use-comments', () => ({
  useComments: (_ownerId: string, _photoId: string, count: number) => {
    voteFeed.asked.push(count);
    const comments = voteFeed.votes.filter((vote) => vote.commented).slice(0, count);
    return { comments, more: comments.length === count, error: null };
  },
}));
const site = vi.hoisted(() => ({ standing: undefined as PhotoStanding | undefined }));
// The server counts the daily view: here, free while `freeViews` lasts, as it would answer.
const server = vi.hoisted(() => ({ freeViews: Infinity, calls: 0 }));
vi.mock('@/data/callables', async (original) => ({
  ...(await original<object>()),
  call: async (name: string) => {
    if (name !== 'getAdvancedAnalytics') throw new Error(`unexpected call ${name}`);
    server.calls++;
    if (server.calls > server.freeViews)
      throw new CallError('permission-denied', DAILY_LIMIT_MESSAGES.advancedAnalytics, {}, 'premium');
    return advancedAnalytics(voteFeed.votes);
  },
}));
vi.mock('@/data/use-photo-standing', () => ({ usePhotoStanding: () => site.standing }));

function aVote(id: string, overrides: Partial<Vote> = {}): Vote {
  return {
    id,
    rate: 4,
    comment: '',
    chips: [],
    ageDecade: 20,
    gender: 'male',
    viewingTimeSeconds: 8,
    ratedAt: new Date(),
    evaluated: true,
    reactions: [],
    replies: [],
    ...overrides,
    commented: (overrides.comment ?? '').trim() !== '',
  };
}

/** A phone's screen, narrower than MUI's `sm`: the dialog is full-screen. */
const phoneScreen = (query: string) => ({
  matches: query.includes('max-width'),
  media: query,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
});

describe('PhotoDetailDialog', () => {
  it('shows the score out of 10 with one decimal, the verdict, votes, the badge and viewing-time messages', async () => {
    const photo = aPhoto('a', {
      rate: 4.26,
      votesCount: 14,
      leaderboardDays: [1, 2],
      averageViewingTimeSeconds: 130,
      totalViewingTimeSeconds: 2000,
    });
    renderApp(<PhotoDetailDialog photo={photo} photos={[photo]} {...handlers} />);
    const score = await screen.findByRole('region', { name: 'Score' });
    // The 0-5 average of hearts, 4.26, on the one scale every screen uses.
    expect(score).toHaveTextContent('8.5/10Very Attractive');
    expect(score).not.toHaveTextContent('4.3');
    expect(score).toHaveTextContent('14 votes');
    expect(score).toHaveTextContent('Leaderboard');
    expect(score).toHaveTextContent('People look at your photo for over 2 minutes on average!');
    expect(score).toHaveTextContent('Your photo has been looked at for over 30 minutes in total!');
  });

  it("states the percentile and the fair score beside the raw average from the photo's standing", async () => {
    // In the top 8% of the site's photos, the site's votes averaging 3.
    site.standing = { topPercent: 8, peer: null, siteAverage: 3 };
    const photo = aPhoto('a', {
      rate: 4.6,
      votesCount: 12,
      qualityVotes: 12,
      qualitySum: 12 * 4.4,
      qualitySquares: 12 * 4.4 * 4.4 + 2,
    });
    const { unmount } = renderApp(<PhotoDetailDialog photo={photo} photos={[photo]} {...handlers} />);
    const score = await screen.findByRole('region', { name: 'Score' });
    expect(score).toHaveTextContent('Incredible shot Your photo is in the top 8%!');
    expect(screen.getByLabelText('Fair score')).toHaveTextContent(
      /^Fair score 8\.\d\/10 · Very Attractive \(90% sure between [78]\.\d and [89]\.\d\), weighing each voter's habits, from all 12 votes$/,
    );
    unmount();
    // Under 3 votes there is no percentile to state.
    const early = aPhoto('b', {
      rate: 4.6,
      votesCount: 2,
      qualityVotes: 2,
      qualitySum: 9,
      qualitySquares: 40.5,
    });
    renderApp(<PhotoDetailDialog photo={early} photos={[early]} {...handlers} />);
    expect(await screen.findByRole('region', { name: 'Score' })).not.toHaveTextContent('top');
    site.standing = undefined;
  });

  it('shows no fair score until 5 weighed votes, saying why, and counts the votes it leaves out', async () => {
    site.standing = { topPercent: null, peer: null, siteAverage: 3 };
    // One vote of 4 hearts: a fair score now would read 8.2, not the 8.0 given.
    const single = aPhoto('a', {
      rate: 4,
      votesCount: 1,
      qualityVotes: 1,
      qualitySum: 4,
      qualitySquares: 16,
    });
    const { unmount } = renderApp(<PhotoDetailDialog photo={single} photos={[single]} {...handlers} />);
    const fair = await screen.findByLabelText('Fair score');
    expect(fair).toHaveTextContent(/^Fair score: shown from 5 weighed votes \(1 so far\)$/);
    unmount();
    // Seven of its eight votes were added by the team: the count says so.
    const seeded = aPhoto('b', {
      rate: 4,
      votesCount: 8,
      qualityVotes: 1,
      qualitySum: 4,
      qualitySquares: 16,
    });
    renderApp(<PhotoDetailDialog photo={seeded} photos={[seeded]} {...handlers} />);
    expect(await screen.findByLabelText('Fair score')).toHaveTextContent(
      `Fair score: shown from 5 weighed votes (1 so far, of 8 votes) ${UNWEIGHED_VOTES_NOTE}`,
    );
    site.standing = undefined;
  });

  it('says how first votes come, not a waiting time', async () => {
    const photo = aPhoto('a', { votesCount: 0 });
    renderApp(<PhotoDetailDialog photo={photo} photos={[photo]} {...handlers} />);
    const score = await screen.findByRole('region', { name: 'Score' });
    expect(score).toHaveTextContent(PHOTO_MESSAGES.firstVotes);
    expect(score).not.toHaveTextContent(/hours/);
  });

  it('shows the first 4 traits and 3 look-alikes of the insights, or that they are coming', async () => {
    const photo = aPhoto('a', { aiInsights: insights });
    const { unmount } = renderApp(<PhotoDetailDialog photo={photo} photos={[photo]} {...handlers} />);
    const panel = await screen.findByRole('region', { name: 'AI Insights' });
    expect(within(panel).getByText('optimistic')).toBeInTheDocument();
    expect(within(panel).queryByText('sociable')).not.toBeInTheDocument();
    expect(panel).toHaveTextContent('Looks like: Ann Able, Ben Bold, Cat Cole');
    expect(panel).not.toHaveTextContent('Dan Dell');
    expect(within(panel).getByRole('button', { name: 'Like the insights' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    const facts = within(panel).getByRole('list', { name: 'Fun facts' });
    expect(
      within(facts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(insights.funFacts);
    unmount();
    const plain = aPhoto('b');
    renderApp(<PhotoDetailDialog photo={plain} photos={[plain]} {...handlers} />);
    expect(await screen.findByText('Your AI insights are on their way…')).toBeInTheDocument();
    expect(screen.getByText('No ratings yet')).toBeInTheDocument();
  });

  it('shows the AI comments an admin generated, and no such part without them', async () => {
    const photo = aPhoto('a', { genComments: ['Love the smile', 'Great light'] });
    const { unmount } = renderApp(<PhotoDetailDialog photo={photo} photos={[photo]} {...handlers} />);
    const list = await screen.findByRole('list', { name: 'AI comments' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Love the smile', 'Great light']);
    unmount();
    const plain = aPhoto('b');
    renderApp(<PhotoDetailDialog photo={plain} photos={[plain]} {...handlers} />);
    await screen.findByRole('region', { name: 'AI Insights' });
    expect(screen.queryByRole('region', { name: 'AI comments' })).not.toBeInTheDocument();
  });

  it('shows on the back of the photo only what the face models and the pixels measure', async () => {
    const photo = aPhoto('a', {
      faceDetail: {
        AgeRange: { Low: 27, High: 33 },
        Gender: { Value: 'Female', Confidence: 97 },
        Smile: { Value: true, Confidence: 88 },
        Emotions: [
          { Type: 'HAPPY', Confidence: 88 },
          { Type: 'CALM', Confidence: 9 },
        ],
        Pose: { Roll: 3 },
        Quality: { Brightness: 61, Sharpness: 70 },
        Beard: { Value: true, Confidence: 95 },
      },
    });
    const { user } = renderApp(<PhotoDetailDialog photo={photo} photos={[photo]} {...handlers} />);
    await user.click(screen.getByRole('button', { name: 'Face analysis' }));
    const card = screen.getByLabelText('Face analysis');
    expect(card).toHaveTextContent('Age range27-33');
    expect(card).toHaveTextContent('GenderFemale (97%)');
    expect(card).toHaveTextContent('SmileYes (88%)');
    expect(card).not.toHaveTextContent('Beard');
  });

  it('paints the photo and its controls first, and the score and all under it once that is painted', async () => {
    const photo = aPhoto('a', { aiInsights: insights, votesCount: 1, rate: 4 });
    renderApp(<PhotoDetailDialog photo={photo} photos={[photo]} {...handlers} />);
    expect(screen.getByRole('img', { name: photo.caption! })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Score' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'AI Insights' })).not.toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Score' })).toHaveTextContent('1 vote');
    expect(await screen.findByRole('region', { name: 'AI Insights' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Overview of ratings' })).toBeInTheDocument();
  });

  it('is there at once, not faded in, with its backdrop', () => {
    const photo = aPhoto('a');
    renderApp(<PhotoDetailDialog photo={photo} photos={[photo]} {...handlers} />);
    const container = screen.getByRole('dialog').parentElement!;
    expect(container).not.toHaveStyle({ opacity: '0' });
    expect(container.style.transition).toBe('');
    const backdrop = document.querySelector('.MuiBackdrop-root')!;
    expect(backdrop).not.toHaveStyle({ opacity: '0' });
  });

  it('keeps the page from scrolling behind it only where it does not cover the page', () => {
    const photo = aPhoto('a');
    const { unmount } = renderApp(<PhotoDetailDialog photo={photo} photos={[photo]} {...handlers} />);
    expect(document.body).toHaveStyle({ overflow: 'hidden' });
    unmount();
    // A phone: the dialog is full-screen.
    vi.stubGlobal('matchMedia', phoneScreen);
    try {
      renderApp(<PhotoDetailDialog photo={photo} photos={[photo]} {...handlers} />);
      expect(screen.getByRole('dialog')).toHaveClass('MuiDialog-paperFullScreen');
      expect(document.body).not.toHaveStyle({ overflow: 'hidden' });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("takes over from the copy of itself the page's head drew once its photo has loaded, and keeps its look on a phone", async () => {
    vi.stubGlobal('matchMedia', phoneScreen);
    const drawn = drawnDetail();
    try {
      const photo = aPhoto('a', { caption: 'Harbour walk' });
      renderApp(<PhotoDetailDialog photo={photo} photos={[photo]} {...handlers} keptFor="maya" />);
      const image = screen.getByRole('img', { name: 'Harbour walk' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(drawn.isConnected).toBe(true);
      expect(takeKeptDetail()).toBeNull();
      Object.defineProperty(image, 'naturalWidth', { value: 720 });
      fireEvent.load(image);
      await waitFor(() => expect(drawn.isConnected).toBe(false));
      // Kept once the browser is idle: the frame and the card, not the photo or its caption.
      await waitFor(() => expect(localStorage.getItem(SNAPSHOT_LOOK.detail.key)).not.toBeNull());
      const kept = takeKeptDetail();
      expect(kept?.uid).toBe('maya');
      expect(kept?.html).toContain('MuiDialog-paperFullScreen');
      expect(kept?.html).not.toContain('Harbour walk');
      expect(kept?.html).not.toContain('Share');
    } finally {
      vi.unstubAllGlobals();
      forgetDrawnCopy();
    }
  });

  it('keeps no look where it is not full-screen, or for a member not named', async () => {
    localStorage.setItem(storageKeys.memberHint, '1');
    const photo = aPhoto('a');
    const loaded = () => {
      const image = screen.getByRole('img', { name: photo.caption! });
      Object.defineProperty(image, 'naturalWidth', { value: 720 });
      fireEvent.load(image);
    };
    const wide = renderApp(<PhotoDetailDialog photo={photo} photos={[photo]} {...handlers} keptFor="maya" />);
    loaded();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(takeKeptDetail()).toBeNull();
    wide.unmount();
    vi.stubGlobal('matchMedia', phoneScreen);
    try {
      const nobody = renderApp(<PhotoDetailDialog photo={photo} photos={[photo]} {...handlers} />);
      loaded();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(takeKeptDetail()).toBeNull();
      nobody.unmount();
      // The same phone with the member named keeps it: the two above were left out for their reasons.
      renderApp(<PhotoDetailDialog photo={photo} photos={[photo]} {...handlers} keptFor="maya" />);
      loaded();
      await waitFor(() => expect(takeKeptDetail()).not.toBeNull());
    } finally {
      vi.unstubAllGlobals();
      forgetDrawnCopy();
    }
  });

  it('offers the small image beside the large one, for a photo column narrower than the screen', () => {
    const photo = aPhoto('a', {
      smallImageUrl: 'http://files.test/a-small.webp',
      imageWidth: 720,
      imageHeight: 960,
    });
    renderApp(<PhotoDetailDialog photo={photo} photos={[photo]} {...handlers} />);
    const image = screen.getByRole('img', { name: photo.caption! });
    expect(image).toHaveAttribute(
      'srcset',
      'http://files.test/a-small.webp 360w, http://files.test/a.webp 720w',
    );
    expect(image).toHaveAttribute('sizes', '(min-width: 900px) 340px, 100vw');
  });

  it('moves through the photos in the lightbox with the arrow keys', async () => {
    const photos = [aPhoto('a'), aPhoto('b'), aPhoto('c')];
    const { user } = renderApp(<PhotoDetailDialog photo={photos[1]!} photos={photos} {...handlers} />);
    await user.click(screen.getByRole('button', { name: 'View full screen' }));
    const viewer = await screen.findByRole('dialog', { name: 'Photo viewer' });
    expect(within(viewer).getByRole('img')).toHaveAttribute('src', 'http://files.test/b.webp');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(within(viewer).getByRole('img')).toHaveAttribute('src', 'http://files.test/c.webp');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(within(viewer).getByRole('img')).toHaveAttribute('src', 'http://files.test/a.webp');
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(within(viewer).getByRole('img')).toHaveAttribute('src', 'http://files.test/c.webp');
  });
});

describe('sharing', () => {
  it('is offered only for an active photo with a vote', async () => {
    const unrated = aPhoto('a');
    const { unmount } = renderApp(<PhotoDetailDialog photo={unrated} photos={[unrated]} {...handlers} />);
    expect(screen.getByRole('button', { name: 'Share' })).toBeDisabled();
    unmount();
    const rated = aPhoto('b', { votesCount: 1, rate: 4 });
    const { user } = renderApp(<PhotoDetailDialog photo={rated} photos={[rated]} {...handlers} />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(handlers.onShare).toHaveBeenCalled();
  });

  it('copies {host}/photo/{id}?referrer={uid} when there is no share sheet, and says when it cannot', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const photo = aPhoto('p1', { votesCount: 2 });
    expect(await sharePhoto(photo, 'alice', 'https://photorater.test')).toBe('copied');
    expect(writeText).toHaveBeenCalledWith('https://photorater.test/photo/p1?referrer=alice');
    writeText.mockRejectedValueOnce(new Error('denied'));
    expect(await sharePhoto(photo, 'alice', 'https://photorater.test')).toBe('failed');
    expect(SHARE_MESSAGES).toEqual({
      copied: 'Link Copied to clipboard!',
      copyFailed: 'Failed to copy link.',
    });
  });
});

describe('what votes show', () => {
  const tagged = ['kind', 'stylish', 'confident', 'friendly', 'attractive', 'trustworthy'];

  it('shows the overview in pairs, 5 tags before Show all, and the comments', async () => {
    voteFeed.votes = [
      aVote('v1', { rate: 5, chips: tagged, comment: 'Great light!' }),
      aVote('v2', { rate: 4.5, chips: ['kind'] }),
      aVote('v3', { rate: 1, comment: 'Too dark for me' }),
    ];
    // The overview and tags come from the totals the fold keeps on the photo, not from reading every vote.
    const photo = aPhoto('a', {
      votesCount: 3,
      rate: 3.5,
      voteTotals: moveVoteTotals(undefined, voteFeed.votes),
    });
    const { user } = renderApp(<PhotoDetailDialog photo={photo} photos={[photo]} {...handlers} />);
    const overview = await screen.findByRole('region', { name: 'Overview of ratings' });
    expect(within(overview).getByLabelText('9-10: 2 votes')).toBeInTheDocument();
    expect(within(overview).getByLabelText('1-2: 1 votes')).toBeInTheDocument();
    // The pairs are scores out of 10, as the photo's own score: said so, with the hearts they come from.
    expect(overview).toHaveTextContent('Votes by score out of 10 (each heart is 2 points)');
    const tags = screen.getByRole('region', { name: 'Tags' });
    expect(within(tags).getByText('kind 2')).toBeInTheDocument();
    expect(within(tags).getAllByText(/ 1$/)).toHaveLength(4);
    await user.click(within(tags).getByRole('button', { name: 'Show all' }));
    expect(within(tags).getAllByText(/ 1$/)).toHaveLength(5);
    const comments = screen.getByRole('region', { name: 'Comments' });
    expect(comments).toHaveTextContent('Great light!');
    expect(comments).toHaveTextContent('Too dark for me');
    expect(comments).toHaveTextContent('2.0/10 · Needs Work · male, 20s');
    expect(within(comments).queryByRole('button', { name: 'Show more comments' })).not.toBeInTheDocument();
  });

  it('shows the newest comments a page at a time', async () => {
    voteFeed.votes = Array.from({ length: COMMENTS_PAGE + 3 }, (_, n) =>
      aVote(`v${n}`, { comment: `Comment number ${n}` }),
    );
    voteFeed.asked = [];
    const photo = aPhoto('a', { votesCount: COMMENTS_PAGE + 3, rate: 4 });
    const { user } = renderApp(<PhotoDetailDialog photo={photo} photos={[photo]} {...handlers} />);
    // The votes' sections render once the browser is idle: on a busy machine, later than a second.
    const comments = await screen.findByRole('region', { name: 'Comments' }, { timeout: 10_000 });
    expect(within(comments).getAllByText(/^Comment number/)).toHaveLength(COMMENTS_PAGE);
    expect(voteFeed.asked).not.toContain(COMMENTS_PAGE * 2);
    await user.click(within(comments).getByRole('button', { name: 'Show more comments' }));
    expect(within(comments).getAllByText(/^Comment number/)).toHaveLength(COMMENTS_PAGE + 3);
    expect(voteFeed.asked.at(-1)).toBe(COMMENTS_PAGE * 2);
    expect(within(comments).queryByRole('button', { name: 'Show more comments' })).not.toBeInTheDocument();
  });

  it('shows Advanced Analytics while the server allows, then offers Premium with the plans', async () => {
    Object.assign(server, { freeViews: 1, calls: 0 });
    voteFeed.votes = [aVote('v1', { ageDecade: 20, gender: 'female' }), aVote('v2', { ageDecade: 30 })];
    const photo = aPhoto('a', { votesCount: 2, rate: 4 });
    const { user } = renderApp(<PhotoDetailDialog photo={photo} photos={[photo]} {...handlers} />);
    const section = await screen.findByRole('region', { name: 'Advanced Analytics' });
    await user.click(within(section).getByRole('button', { name: 'Advanced Analytics' }));
    expect(await within(section).findByText('Gender: 1 female, 1 male')).toBeInTheDocument();
    expect(within(section).getByLabelText('Voters by age')).toBeInTheDocument();
    // The voters' avatars: a gender and a decade each, no picture.
    expect(
      within(within(section).getByLabelText('Voters'))
        .getAllByRole('img')
        .map((avatar) => avatar.getAttribute('aria-label'))
        .sort(),
    ).toEqual(['A female voter in their 20s', 'A male voter in their 30s']);
    expect(within(section).getByLabelText('Voters').querySelector('img')).toBeNull();
    await user.click(within(section).getByRole('button', { name: 'Advanced Analytics' }));
    await user.click(within(section).getByRole('button', { name: 'Advanced Analytics' }));
    const offer = await screen.findByRole('dialog', { name: 'Go Premium' });
    expect(offer).toHaveTextContent('$11.99');
    expect(offer).toHaveTextContent('$5.99');
    expect(offer).toHaveTextContent('$2.99');
    expect(offer).toHaveTextContent('Save 66%');
    expect(offer).toHaveTextContent('Most Popular');
  });

  it('opens Advanced Analytics as often as the server allows', async () => {
    Object.assign(server, { freeViews: Infinity, calls: 0 });
    voteFeed.votes = [aVote('v1')];
    const photo = aPhoto('a', { votesCount: 1, rate: 4 });
    const { user } = renderApp(<PhotoDetailDialog photo={photo} photos={[photo]} {...handlers} />);
    const section = await screen.findByRole('region', { name: 'Advanced Analytics' });
    for (let time = 0; time < 3; time++) {
      await user.click(within(section).getByRole('button', { name: 'Advanced Analytics' }));
      expect(await within(section).findByText('Gender: 1 male')).toBeInTheDocument();
      await user.click(within(section).getByRole('button', { name: 'Advanced Analytics' }));
    }
    expect(screen.queryByRole('dialog', { name: 'Go Premium' })).not.toBeInTheDocument();
  });
});
