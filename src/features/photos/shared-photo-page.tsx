/**
 * The share link's public preview: one photo its owner shared, its score, and a way to join. A member
 * who commented on the photo (a reply's notification opens here) also finds their comment with the
 * owner's replies, and may answer once, whether or not the photo is shared.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Container,
  Skeleton,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { DisplayImage } from '@/components/display-image';
import { PageMeta } from '@/components/page-meta';
import { call } from '@/data/callables';
import type { SharedPhoto } from '@/domain/photo';
import { formatScore } from '@/domain/scores';
import { useSession } from '@/data/session';
import { VOTER_SELF, type MyComment } from '@/domain/vote';
import { CommentThread } from './comment-thread';

/** Read by screen readers, not shown: the page's heading, as its title says it. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The photo's box, the same while it loads and once it shows: the card's width, three by four. */
const PHOTO_BOX = { width: '100%', aspectRatio: '3 / 4' } as const;

interface Props {
  photoId: string;
  ownerId: string | null;
  onJoin: () => void;
}

export function SharedPhotoPage({ photoId, ownerId, onJoin }: Props) {
  const [state, setState] = useState<{ photo?: SharedPhoto; error?: string }>({});
  useEffect(() => {
    let active = true;
    if (!ownerId) return;
    call('getSharedPhoto', { ownerId, photoId }).then(
      (photo) => active && setState({ photo }),
      (error: unknown) =>
        active && setState({ error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      active = false;
    };
  }, [ownerId, photoId]);
  const { member } = useSession();
  const viewerId = member?.uid;
  const [mine, setMine] = useState<MyComment | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let active = true;
    if (!ownerId || !viewerId || viewerId === ownerId) return;
    call('getMyComment', { ownerId, photoId }).then(
      (found) => active && setMine(found),
      // Only the voter's own thread is missing; the preview says the rest.
      (failure: unknown) => console.error(failure),
    );
    return () => {
      active = false;
    };
  }, [ownerId, photoId, viewerId, version]);
  const thread = mine?.thread;
  const error = ownerId ? (thread ? undefined : state.error) : 'This photo is not shared anymore.';
  const photo = state.photo;
  return (
    <Container maxWidth="sm" sx={{ py: 4 }}>
      <Typography variant="h1" sx={VISUALLY_HIDDEN}>
        Rate my photo
      </Typography>
      <PageMeta
        title="Rate my photo"
        description="See how people rate this photo, and get your own photos rated."
        image={photo?.imageUrl}
      />
      {error && <Alert severity="info">{error}</Alert>}
      {!error && !photo && (
        // The photo's card as it will be, so nothing below moves when the photo arrives.
        <Card aria-busy="true" data-testid="shared-photo-placeholder">
          <Box sx={{ ...PHOTO_BOX, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <CircularProgress aria-label="Loading" />
          </Box>
          <CardContent>
            <Typography>
              <Skeleton width="60%" />
            </Typography>
          </CardContent>
        </Card>
      )}
      {photo && (
        <Card component="article" aria-label="Shared photo">
          <DisplayImage
            src={photo.imageUrl}
            fallbackSrc={photo.originalUrl}
            width={photo.imageWidth}
            height={photo.imageHeight}
            alt={photo.caption ?? 'Shared photo'}
            sx={{ ...PHOTO_BOX, objectFit: 'cover', display: 'block' }}
          />
          <CardContent>
            {photo.caption && (
              <Typography variant="h6" component="h2">
                {photo.caption}
              </Typography>
            )}
            <Typography>
              {formatScore(photo.rate)}, rated by {photo.votesCount}{' '}
              {photo.votesCount === 1 ? 'person' : 'people'}
            </Typography>
          </CardContent>
        </Card>
      )}
      {thread && ownerId && (
        <Card component="section" aria-label="Your comment" sx={{ mt: 2 }}>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              Your comment{mine.caption ? ` on “${mine.caption}”` : ''}
            </Typography>
            <Box component="ul" sx={{ m: 0, p: 0 }}>
              <CommentThread
                vote={thread}
                ownerId={ownerId}
                photoId={photoId}
                viewerId={VOTER_SELF}
                onChanged={() => setVersion((n) => n + 1)}
                onBlockedOwner={() => setMine(null)}
              />
            </Box>
          </CardContent>
        </Card>
      )}
      <Box sx={{ textAlign: 'center', mt: 3 }}>
        <Typography sx={{ mb: 1 }}>
          Curious how people see your photos? Honest, anonymous ratings from real people.
        </Typography>
        <Button variant="contained" size="large" onClick={onJoin}>
          Get your photos rated
        </Button>
      </Box>
    </Container>
  );
}
