/**
 * `/rate` and `/rate/{photoId}`: one photo at a time from the feed. Hearts by tap, keys 1 to 5 or a
 * swipe; Skip by button, the right arrow or a swipe let go in the middle; Report and View Rating; Undo
 * of the last vote for a few seconds. Each photo starts afresh, at the top of the screen.
 */
import BlockIcon from '@mui/icons-material/Block';
import FlagIcon from '@mui/icons-material/OutlinedFlag';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Alert, Box, Button, CircularProgress, Container, Stack, Typography } from '@mui/material';
import { memo, startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useDialogs } from '@/components/dialogs';
import { DisplayImage } from '@/components/display-image';
import { PageMeta } from '@/components/page-meta';
import { usePaymentOffers } from '@/components/payment-offers';
import { useToast } from '@/components/toast';
import { call, CallError } from '@/data/callables';
import { isOffline } from '@/data/offline-copy';
import { useFeed } from '@/data/use-feed';
import {
  COMMENT_TIP,
  COMMENT_TIP_MS,
  captionOf,
  EMPTY_FEED,
  keyRating,
  NO_RATINGS_YET,
  RATE_HEADING,
  SWIPE_LIMIT,
  type FeedPhoto,
  type ReportReason,
} from '@/domain/rating';
import { BLOCK_MESSAGES } from '@/domain/blocks';
import { OFFLINE_MESSAGES } from '@/domain/errors';
import type { ratingFormSchema, RatingFormValues } from '@/domain/schemas';
import { formatScore } from '@/domain/scores';
import type { User } from '@/domain/user';
import { onDemand } from '@/lib/on-demand';
import { afterNextPaint } from '@/lib/after-paint';
import { dropFirstPhoto, meetFirstPhoto, RATE_PHOTO_WIDTH } from '@/lib/first-photo';
import { logFailure } from '@/lib/report-error';
import { storageKeys } from '@/lib/storage';
import { RatingPanel, type RatingDraft, type RatingInput } from './rating-panel';
import { SwipePreview } from './swipe-preview';
import { useSwipe, type SwipeRelease } from './use-swipe';
import { useTopForEachPhoto } from './use-top-for-each-photo';
import { useUndoVote } from './use-undo-vote';

// Shown only when asked for (Report) or once per device (the tutorial): off the first photo's path.
const ReportDialog = onDemand(() => import('./report-dialog').then((module) => module.ReportDialog));
const TutorialDialog = onDemand(() => import('./tutorial-dialog').then((module) => module.TutorialDialog));

type RatingSchema = typeof ratingFormSchema;
let ratingSchema: RatingSchema | undefined;
/**
 * The vote's check brings Yup, the comment filter and the caption check, which the photo does not need:
 * fetched when the member starts a rating, so the vote checks at once; a swipe, which chooses and sends
 * in one gesture, waits for it the first time.
 */
function loadRatingSchema(): Promise<RatingSchema> {
  return import('@/domain/schemas').then((module) => (ratingSchema = module.ratingFormSchema));
}

const EMPTY_INPUT: RatingDraft = { rate: null, comment: '', chips: [] };
/** The server's refusals that another try would meet again: the photo does not come back. */
const VOTE_REFUSED = new Set([
  'already-exists',
  'not-found',
  'failed-precondition',
  'permission-denied',
  'invalid-argument',
]);

/**
 * The photo's width (3:4), so that it and the whole rating control fit the screen without a scroll:
 * the screen's height less what sits above and below it (the title, the caption, Report and View
 * Rating, the tab bar; on phones also the hearts with Skip and Rate), never wider than the column.
 */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable)
  );
}

/** The screen's title: the same for every photo. */
const RateHeading = memo(function RateHeading() {
  return (
    <>
      <PageMeta title="Rate photos" description="Rate photos of other members." robots="noindex, nofollow" />
      <Typography variant="h5" component="h1" sx={{ textAlign: 'center', mb: 1 }}>
        {RATE_HEADING}
      </Typography>
    </>
  );
});

/** Report, Block and View Rating, under the photo: the same for every photo. */
const PhotoActions = memo(function PhotoActions({
  onReport,
  onBlock,
  onViewRating,
}: {
  onReport: () => void;
  onBlock: () => void;
  onViewRating: () => void;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
      <Stack direction="row" spacing={0.5}>
        <Button startIcon={<FlagIcon />} color="inherit" onClick={onReport}>
          Report
        </Button>
        <Button startIcon={<BlockIcon />} color="inherit" onClick={onBlock} aria-label="Block this member">
          Block
        </Button>
      </Stack>
      <Button startIcon={<VisibilityIcon />} onClick={onViewRating}>
        View Rating
      </Button>
    </Stack>
  );
});

/** `user` is the member's record, undefined while it loads: the feed does not wait for it. */
export function RatePage({ uid, user }: { uid: string; user: User | undefined }) {
  const { photoId } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const { confirm } = useDialogs();
  const feed = useFeed(uid);
  const [index, setIndex] = useState<number | null>(null);
  const [input, setInput] = useState<RatingDraft>(EMPTY_INPUT);
  const [error, setError] = useState<string | null>(null);
  const [viewedRating, setViewedRating] = useState<string | null>(null);
  const { openCheckout } = usePaymentOffers();
  const offerPremium = () =>
    openCheckout({
      type: 'subscription',
      reason:
        "View Rating shows a photo's current score before you rate it: a Premium feature, up to 10 a day.",
    });
  const [dialog, setDialog] = useState<'report' | 'tutorial' | null>(() =>
    localStorage.getItem(storageKeys.rateTutorialSeen) ? null : 'tutorial',
  );
  const [tip, setTip] = useState(false);
  const shownAt = useRef(0);
  /** Photos whose vote is on its way or given: two presses in one frame send one vote. */
  const sent = useRef<Set<string>>(new Set());

  const photos = feed.photos;
  const current = index === null ? undefined : photos?.[index];
  const currentId = current?.id;

  // The first photo paints on its own; the inputs beside it follow in a transition, which React renders
  // in slices between which the browser paints and answers input, instead of one long task before it.
  const [inputsShown, setInputsShown] = useState(false);
  const hasPhoto = current !== undefined;
  useEffect(() => {
    if (hasPhoto && !inputsShown) startTransition(() => setInputsShown(true));
  }, [hasPhoto, inputsShown]);

  // Once photos are in, start at the photo the URL names if it is among them, else the first.
  if (index === null && photos && photos.length > 0) {
    const named = photos.findIndex((photo) => photo.id === photoId);
    setIndex(named >= 0 ? named : 0);
  }

  // Input starts over with each photo, and so do the messages over it.
  const [inputFor, setInputFor] = useState(currentId);
  if (inputFor !== currentId) {
    setInputFor(currentId);
    setInput(EMPTY_INPUT);
    setError(null);
    setViewedRating(null);
    setTip(false);
  }
  useTopForEachPhoto(currentId);

  // The URL follows the photo shown, without adding to history; its viewing time starts now.
  useEffect(() => {
    if (!currentId || currentId === photoId) return;
    // Once the photo is painted, and in a transition: the address changing re-renders the screen, in
    // slices rather than one long task.
    return afterNextPaint(() =>
      startTransition(() => void navigate(`/rate/${currentId}`, { replace: true })),
    );
  }, [currentId, photoId, navigate]);
  useEffect(() => {
    shownAt.current = Date.now();
  }, [currentId]);

  const exhausted = photos !== undefined && (index === null ? photos.length === 0 : index >= photos.length);
  // The next page is asked for while the last loaded photo is shown, so one is always ready behind it.
  const atLast = exhausted || (photos !== undefined && index !== null && index >= photos.length - 1);
  useEffect(() => {
    if (atLast && feed.hasMore && !feed.loading) feed.loadMore();
  }, [atLast, feed]);
  useEffect(() => {
    if (exhausted && !feed.hasMore && photoId) navigate('/rate', { replace: true });
  }, [exhausted, feed.hasMore, photoId, navigate]);

  // Once this photo has loaded, and after a paint, the next one is put under it, where it loads and is
  // decoded while this one is rated (a hidden image is never drawn, so never decoded): a vote or a skip
  // then only uncovers it. The one after is fetched meanwhile.
  const [loaded, setLoaded] = useState<ReadonlySet<string>>(() => new Set());
  const markLoaded = useCallback(
    (photoId: string) => setLoaded((ids) => (ids.has(photoId) ? ids : new Set(ids).add(photoId))),
    [],
  );
  const next = index === null ? undefined : photos?.[index + 1];
  const nextId = next?.id;
  const currentLoaded = currentId !== undefined && loaded.has(currentId);
  const [underId, setUnderId] = useState<string | undefined>();
  useEffect(() => {
    if (currentLoaded && nextId) return afterNextPaint(() => setUnderId(nextId));
  }, [currentLoaded, nextId]);
  const under = next && next.id === underId ? next : undefined;
  const fetchedAheadUrl = under && index !== null ? photos?.[index + 2]?.imageUrl : undefined;
  useEffect(() => {
    if (!fetchedAheadUrl) return;
    const preload = new Image();
    preload.src = fetchedAheadUrl;
  }, [fetchedAheadUrl]);

  const skip = useCallback(() => setIndex((value) => (value === null ? value : value + 1)), []);
  const changeInput = useCallback(
    (change: Partial<RatingDraft>) => setInput((previous) => ({ ...previous, ...change })),
    [],
  );

  const chooseRate = useCallback((chosen: number | null) => {
    const rate = chosen !== null && Number.isFinite(chosen) ? chosen : null;
    setInput((previous) => ({ ...previous, rate }));
    if (rate !== null && !localStorage.getItem(storageKeys.commentTipSeen)) {
      localStorage.setItem(storageKeys.commentTipSeen, '1');
      setTip(true);
    }
  }, []);

  useEffect(() => {
    if (!tip) return;
    const timer = setTimeout(() => setTip(false), COMMENT_TIP_MS);
    return () => clearTimeout(timer);
  }, [tip]);

  // The vote's check is fetched once the member starts a rating (hearts, a tag or a comment).
  const started = input !== EMPTY_INPUT;
  useEffect(() => {
    if (started) loadRatingSchema().catch(() => undefined);
  }, [started]);

  const { remove: removeFromFeed, restore: restoreToFeed, putBack } = feed;
  // An undone vote's photo comes back where the member is now, to be rated again.
  const position = useRef(index);
  useEffect(() => {
    position.current = index;
  }, [index]);
  const offerUndo = useUndoVote(
    useCallback(
      (photo: FeedPhoto) => {
        sent.current.delete(photo.id);
        putBack(photo, position.current ?? 0);
      },
      [putBack],
    ),
  );
  /** Sends a vote whose photo has left the screen. */
  const vote = useCallback(
    (photo: FeedPhoto, valid: RatingFormValues, seconds: number) =>
      call('submitRating', {
        ownerId: photo.userId,
        photoId: photo.id,
        rate: valid.rate,
        comment: valid.comment,
        chips: valid.chips,
        seconds,
      }).then(
        () => {
          removeFromFeed(photo.id, {
            id: photo.id,
            ownerId: photo.userId,
            rate: valid.rate,
            ratedAt: new Date(),
          });
          offerUndo(photo);
        },
        (failure: unknown) => {
          // Said above the comment box, as the spec has it; the member stays on the photo they are on
          // now, and a vote that may pass another time brings its photo back later.
          setError(failure instanceof Error ? failure.message : String(failure));
          if (!(failure instanceof CallError && VOTE_REFUSED.has(failure.code))) {
            sent.current.delete(photo.id);
            restoreToFeed(photo);
          }
        },
      ),
    [removeFromFeed, restoreToFeed, offerUndo],
  );

  const send = useCallback(
    (photo: FeedPhoto, values: RatingInput, schema: RatingSchema) => {
      if (sent.current.has(photo.id)) return;
      let valid: RatingFormValues;
      try {
        valid = schema.validateSync(values);
      } catch (failure) {
        setError(failure instanceof Error ? failure.message : String(failure));
        return;
      }
      const seconds = Math.round((Date.now() - shownAt.current) / 100) / 10;
      // The next photo shows at once; the vote goes once it is painted, whether or not the member
      // stays on this screen.
      sent.current.add(photo.id);
      removeFromFeed(photo.id);
      afterNextPaint(() => void vote(photo, valid, seconds));
    },
    [removeFromFeed, vote],
  );

  const submit = useCallback(
    (values: RatingInput) => {
      if (!current || sent.current.has(current.id)) return;
      // Refused rather than queued: a vote sent later could meet a photo gone inactive or voted on
      // elsewhere, and the member would not see why.
      if (isOffline()) {
        setError(OFFLINE_MESSAGES.vote);
        return;
      }
      const photo = current;
      if (ratingSchema) send(photo, values, ratingSchema);
      else
        loadRatingSchema().then(
          (schema) => send(photo, values, schema),
          (failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)),
        );
    },
    [current, send],
  );

  const submitInput = useCallback(() => {
    if (input.rate !== null) submit({ ...input, rate: input.rate });
  }, [input, submit]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (dialog || isTyping(event.target) || !current) return;
      const rate = keyRating(event.key);
      if (rate !== null) chooseRate(rate);
      else if (event.key === 'ArrowRight') skip();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dialog, current, chooseRate, skip]);

  const report = async (reason: ReportReason) => {
    setDialog(null);
    if (!current) return;
    feed.remove(current.id);
    // A failed report is only logged; the photo has left this member's feed either way.
    await call('flagPhoto', { ownerId: current.userId, photoId: current.id, reason }).catch(
      (failure: unknown) =>
        logFailure(failure, { feature: 'rating', action: 'flagPhoto', photoId: current.id }),
    );
  };

  // The owner stays unnamed: the server finds them from the photo.
  const block = async () => {
    if (!current) return;
    const shown = current;
    if (
      !(await confirm({
        title: 'Block this member?',
        message: "You won't see this member's photos again, and they won't see yours.",
        confirmLabel: 'Block',
      }))
    )
      return;
    try {
      await call('blockMember', { ownerId: shown.userId, photoId: shown.id, from: 'photo' });
      for (const photo of feed.photos ?? []) if (photo.userId === shown.userId) feed.remove(photo.id);
      toast({ message: BLOCK_MESSAGES.blocked, severity: 'success' });
    } catch (failure) {
      toast({ message: failure instanceof Error ? failure.message : String(failure), severity: 'error' });
    }
  };

  const viewRating = async () => {
    if (!current) return;
    // While the record loads, the server says whether the member has Premium.
    if (user && !user.subscribed) {
      offerPremium();
      return;
    }
    // The server counts the day's uses and refuses the 11th.
    try {
      const seen = await call('viewRating', { ownerId: current.userId, photoId: current.id });
      setViewedRating(
        seen.votesCount === 0
          ? NO_RATINGS_YET
          : `Current rating: ${formatScore(seen.rate)} (${seen.votesCount} ${seen.votesCount === 1 ? 'vote' : 'votes'})`,
      );
    } catch (failure) {
      if (failure instanceof CallError && failure.reason === 'premium') offerPremium();
      else
        toast({
          message: failure instanceof Error ? failure.message : String(failure),
          severity: failure instanceof CallError && failure.code === 'resource-exhausted' ? 'info' : 'error',
        });
    }
  };

  // Stable, so the buttons under the photo are not rendered again with each photo.
  const openReport = useCallback(() => setDialog('report'), []);
  const latestViewRating = useRef(viewRating);
  const latestBlock = useRef(block);
  useEffect(() => {
    latestViewRating.current = viewRating;
    latestBlock.current = block;
  });
  const onViewRating = useCallback(() => void latestViewRating.current(), []);
  const onBlock = useCallback(() => void latestBlock.current(), []);

  const swipe = useSwipe(
    useCallback(
      (release: SwipeRelease) => {
        if ('skip' in release) skip();
        else {
          chooseRate(release.rate);
          submit({ rate: release.rate, comment: input.comment.trim(), chips: input.chips });
        }
      },
      [skip, chooseRate, submit, input],
    ),
  );
  // The photo follows the finger as far as the mapping goes, and springs back when let go.
  const dragX = Math.max(-SWIPE_LIMIT, Math.min(SWIPE_LIMIT, swipe.dragX));

  const closeTutorial = () => {
    localStorage.setItem(storageKeys.rateTutorialSeen, '1');
    setDialog(null);
  };

  const emptyAndDone = exhausted && !feed.hasMore && !feed.loading;

  // The first photo drawn before the app (src/lib/first-photo.ts) stays over this screen's only while it
  // is the same photo in the same place, until this one has loaded; it goes with the screen.
  const frame = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (currentId) meetFirstPhoto(frame.current, currentId);
    else if (emptyAndDone) dropFirstPhoto();
  }, [currentId, emptyAndDone]);
  useEffect(() => {
    if (currentLoaded) dropFirstPhoto();
  }, [currentLoaded]);
  useEffect(() => dropFirstPhoto, []);

  return (
    <Container maxWidth="md" sx={{ py: 2, pb: 4 }}>
      <RateHeading />
      {emptyAndDone ? (
        <Stack spacing={2} sx={{ alignItems: 'center', py: 6, textAlign: 'center' }}>
          <Typography>{feed.error ? feed.error.message : EMPTY_FEED}</Typography>
          <Button variant="outlined" onClick={() => navigate('/')}>
            Back to My Photos
          </Button>
        </Stack>
      ) : !current ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
          <CircularProgress aria-label="Loading photos" />
        </Box>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: `${RATE_PHOTO_WIDTH.desktop} minmax(0, 1fr)` },
            alignItems: 'start',
          }}
        >
          <Stack spacing={1.5}>
            <Typography variant="subtitle1" component="h2" sx={{ textAlign: 'center' }}>
              {captionOf(current)}
            </Typography>
            <Box
              ref={frame}
              {...swipe.handlers}
              sx={{
                position: 'relative',
                aspectRatio: '3 / 4',
                width: { xs: RATE_PHOTO_WIDTH.mobile, md: '100%' },
                alignSelf: 'center',
                borderRadius: 2,
                overflow: 'hidden',
                bgcolor: 'action.hover',
                touchAction: 'pan-y',
                userSelect: 'none',
                transform: `translateX(${dragX}px) rotate(${dragX / 25}deg)`,
                transition: dragX === 0 ? 'transform 0.2s' : 'none',
              }}
            >
              {/* Keyed by photo, so the photo under this one keeps its element (and its decoded image) when uncovered. */}
              {[current, under].map(
                (photo) =>
                  photo && (
                    <DisplayImage
                      key={photo.id}
                      src={photo.imageUrl}
                      fallbackSrc={photo.originalUrl}
                      alt={photo === current ? current.caption || 'Photo to rate' : ''}
                      draggable={false}
                      onLoad={() => markLoaded(photo.id)}
                      onFailed={() => feed.remove(photo.id)}
                      fetchPriority={photo === current ? 'high' : 'auto'}
                      sx={{
                        position: 'absolute',
                        inset: 0,
                        zIndex: photo === current ? 1 : 0,
                        width: '100%',
                        height: '100%',
                        objectFit: 'cover',
                        display: 'block',
                      }}
                    />
                  ),
              )}
              <SwipePreview armed={swipe.armed} rate={swipe.preview} />
              {/* Over the photo, not above the hearts: a message appearing never moves what is under the pointer. */}
              {(viewedRating || tip) && (
                <Stack spacing={1} sx={{ position: 'absolute', zIndex: 2, left: 8, right: 8, bottom: 8 }}>
                  {viewedRating && <Alert severity="info">{viewedRating}</Alert>}
                  {tip && <Alert severity="info">{COMMENT_TIP}</Alert>}
                </Stack>
              )}
            </Box>
            <PhotoActions onReport={openReport} onBlock={onBlock} onViewRating={onViewRating} />
          </Stack>
          {inputsShown && (
            <RatingPanel
              photoId={current.id}
              value={input}
              onChange={changeInput}
              onRateChange={chooseRate}
              error={error}
              onSubmit={submitInput}
              onSkip={skip}
            />
          )}
        </Box>
      )}
      {dialog === 'tutorial' && <TutorialDialog onClose={closeTutorial} />}
      {dialog === 'report' && (
        <ReportDialog onReport={(reason) => void report(reason)} onClose={() => setDialog(null)} />
      )}
    </Container>
  );
}
