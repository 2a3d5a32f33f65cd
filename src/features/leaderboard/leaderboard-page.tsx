/**
 * `/leaderboard`: the 8 top rated photos of all time among those shown to the member (ranked by the
 * smoothed score, `smoothedScore`, which the help text under the title explains), a gold badge
 * with the score on the ten-point scale, a crown for first place, the top three gently animated, a
 * lightbox on click. A photo whose image fails to load is hidden. Everyone's, women's or men's photos:
 * the member's show-me choice first.
 */
import { Box, CircularProgress, Container, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import { startTransition, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { DisplayImage } from '@/components/display-image';
import { Lightbox } from '@/components/lightbox';
import { PageMeta } from '@/components/page-meta';
import { LEADERBOARD_RULE, LEADERBOARD_TITLE, type LeaderboardPhoto } from '@/domain/rating';
import { formatScore, scoreParts } from '@/domain/scores';
import type { ShowGender, User } from '@/domain/user';
import {
  BOARD_COLUMNS,
  BOARD_PHOTO_SIZES,
  dropFirstBoard,
  FIRST_BOARD_PLACES,
  FIRST_PLACE_BORDER,
  meetFirstBoard,
} from '@/lib/first-board';
import { logFailure } from '@/lib/report-error';
import { askLeaderboard, takePrefetchedLeaderboard } from './leaderboard-prefetch';

const float = keyframes`
  0%, 100% { transform: translateY(0); }
  50% { transform: translateY(-6px); }
`;

const PLACES = ['1st', '2nd', '3rd'];

const FILTERS: Array<[ShowGender, string]> = [
  ['both', 'Everyone'],
  ['female', 'Women'],
  ['male', 'Men'],
];

export function LeaderboardPage({ user }: { user: Pick<User, 'uid' | 'showGender'> }) {
  const [shownGender, setShownGender] = useState<ShowGender>(user.showGender ?? 'both');
  // Each answer with the filter it answers, so a switch shows the loader until its own answer is in.
  const [answer, setAnswer] = useState<{ for: ShowGender; photos: LeaderboardPhoto[] } | undefined>();
  const photos = answer?.for === shownGender ? answer.photos : undefined;
  const [broken, setBroken] = useState<Set<string>>(new Set());
  const [viewing, setViewing] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    (takePrefetchedLeaderboard(user.uid, shownGender) ?? askLeaderboard(shownGender))
      // In a transition: the board renders in slices between which the browser answers input, rather
      // than in one long task.
      .then(
        (result) => active && startTransition(() => setAnswer({ for: shownGender, photos: result.photos })),
      )
      .catch((error: unknown) => {
        logFailure(error, { feature: 'leaderboard' });
        if (active) setAnswer({ for: shownGender, photos: [] });
      });
    return () => {
      active = false;
    };
  }, [shownGender, user.uid]);

  const shown = photos?.filter((photo) => !broken.has(photo.id));

  // The first photos drawn before the app (src/lib/first-board.ts) stay over this board's only while
  // they are the same photos in the same place, until these have loaded; they go with the page.
  const firstFrame = useRef<HTMLButtonElement>(null);
  const settledFirst = useRef(new Set<string>());
  useLayoutEffect(() => {
    if (!photos) return;
    if (photos.length === 0) dropFirstBoard();
    else
      meetFirstBoard(
        firstFrame.current,
        photos.map((photo) => photo.id),
      );
  }, [photos]);
  useEffect(() => dropFirstBoard, []);
  const firstSettled = (id: string) => {
    settledFirst.current.add(id);
    const first = (shown ?? []).slice(0, FIRST_BOARD_PLACES);
    if (first.every((photo) => settledFirst.current.has(photo.id))) dropFirstBoard();
  };

  return (
    <Container maxWidth="lg" sx={{ py: 3, pb: 10 }}>
      <PageMeta title="Leaderboard" description={LEADERBOARD_TITLE} robots="noindex, nofollow" />
      <Typography variant="h5" component="h1" sx={{ textAlign: 'center', mb: 1 }}>
        {LEADERBOARD_TITLE}
      </Typography>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ textAlign: 'center', mb: 2, maxWidth: 640, mx: 'auto' }}
      >
        {LEADERBOARD_RULE}
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'center', mb: 3 }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          aria-label="Whose photos"
          value={shownGender}
          onChange={(_event, value: ShowGender | null) => value && setShownGender(value)}
        >
          {FILTERS.map(([value, label]) => (
            <ToggleButton key={value} value={value}>
              {label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      {!shown ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
          <CircularProgress aria-label="Loading the leaderboard" />
        </Box>
      ) : shown.length === 0 ? (
        <Typography sx={{ textAlign: 'center' }} color="text.secondary">
          No photo has enough votes for the leaderboard yet: a photo needs at least 5.
        </Typography>
      ) : (
        <Box
          component="ol"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: BOARD_COLUMNS.mobile, md: BOARD_COLUMNS.desktop },
          }}
        >
          {shown.map((photo, place) => (
            <Box
              component="li"
              key={photo.id}
              aria-label={`Place ${place + 1}`}
              sx={{
                position: 'relative',
                '@media (prefers-reduced-motion: no-preference)':
                  place < 3 ? { animation: `${float} 3s ease-in-out ${place * 0.3}s infinite` } : {},
              }}
            >
              <Box
                component="button"
                type="button"
                ref={place === 0 ? firstFrame : undefined}
                onClick={() => setViewing(photo.id)}
                aria-label={`View photo in place ${place + 1}`}
                sx={{
                  p: 0,
                  border: place === 0 ? FIRST_PLACE_BORDER : 'none',
                  borderRadius: 2,
                  overflow: 'hidden',
                  width: '100%',
                  aspectRatio: '3 / 4',
                  cursor: 'pointer',
                  display: 'block',
                  bgcolor: 'action.hover',
                }}
              >
                <DisplayImage
                  src={photo.imageUrl}
                  fallbackSrc={photo.originalUrl}
                  smallSrc={photo.smallImageUrl}
                  width={photo.imageWidth}
                  height={photo.imageHeight}
                  sizes={BOARD_PHOTO_SIZES}
                  // The first row on a phone holds the largest paint.
                  fetchPriority={place < 2 ? 'high' : undefined}
                  alt={photo.caption || `Photo in place ${place + 1}`}
                  onLoad={() => firstSettled(photo.id)}
                  onFailed={() => {
                    firstSettled(photo.id);
                    setBroken((current) => new Set(current).add(photo.id));
                  }}
                  sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
                />
              </Box>
              {place === 0 && (
                <Box
                  role="img"
                  aria-label="Crown"
                  sx={{
                    position: 'absolute',
                    top: -18,
                    left: '50%',
                    transform: 'translateX(-50%)',
                    fontSize: 32,
                  }}
                >
                  👑
                </Box>
              )}
              <Box
                aria-label={`Score ${formatScore(photo.rate)}`}
                sx={{
                  position: 'absolute',
                  top: 8,
                  right: 8,
                  px: 1,
                  py: 0.25,
                  borderRadius: 2,
                  fontWeight: 700,
                  color: '#3b2a00',
                  background: 'linear-gradient(135deg, #f9e27d, #d4af37)',
                  textAlign: 'right',
                  lineHeight: 1.2,
                }}
              >
                {scoreParts(photo.rate).outOfTen}
                <Box component="span" sx={{ display: 'block', fontSize: 11, fontWeight: 600 }}>
                  {scoreParts(photo.rate).verdict}
                </Box>
              </Box>
              {place < 3 && (
                <Typography
                  variant="caption"
                  sx={{
                    position: 'absolute',
                    bottom: 8,
                    left: 8,
                    px: 1,
                    borderRadius: 1,
                    // On a dark chip: white alone was unreadable on light photos.
                    bgcolor: 'rgba(0, 0, 0, 0.72)',
                    color: 'white',
                    fontWeight: 700,
                  }}
                >
                  {PLACES[place]}
                </Typography>
              )}
            </Box>
          ))}
        </Box>
      )}
      {viewing && shown && <Lightbox photos={shown} startId={viewing} onClose={() => setViewing(null)} />}
    </Container>
  );
}
