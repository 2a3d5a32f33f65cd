/**
 * My Photos: the Add New Photo card first, then the member's photos in a grid (one column on mobile,
 * four on desktop), sorted by date, rate or votes, live; the no-token and maximum-active banners; the
 * first-photo celebration; Compare, with two active photos or more; and the onboarding dialog until
 * it has been finished.
 */
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import CompareIcon from '@mui/icons-material/Compare';
import { Alert, Box, Button, Card, CardActionArea, Container, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useDialogs } from '@/components/dialogs';
import { PageMeta } from '@/components/page-meta';
import { usePaymentOffers } from '@/components/payment-offers';
import { useToast } from '@/components/toast';
import { CallError, call } from '@/data/callables';
import { usePhotos } from '@/data/use-photos';
import { COMPARE_MIN_PHOTOS } from '@/domain/compare';
import { maxActivePhotos, PHOTO_MESSAGES } from '@/domain/limits';
import type { Photo, PhotoSort } from '@/domain/photo';
import { SCREENING_MESSAGES } from '@/domain/screening';
import type { User } from '@/domain/user';
import { whenIdle } from '@/lib/idle';
import { onDemand } from '@/lib/on-demand';
import { KEPT_SCREEN_ATTRIBUTE } from '@/lib/screen-marks';
import { dropDetailSnapshot } from '@/lib/screen-snapshot';
import { useScreenSnapshot } from '@/lib/use-screen-snapshot';
import { logFailure } from '@/lib/report-error';
import { hooraySeenKey } from '@/lib/storage';
import { PhotoCard } from './photo-card';

// The form brings the cropper, the schemas and the sentiment word list: loaded when opened.
const NewPhotoDialog = onDemand(() => import('./new-photo-dialog').then((module) => module.NewPhotoDialog));

// Shown once per member: loaded only for those who have not finished it.
const OnboardingDialog = onDemand(() =>
  import('./onboarding-dialog').then((module) => module.OnboardingDialog),
);

// Opened from its button only: none of it is in My Photos' first load.
const CompareDialog = onDemand(() => import('./compare-dialog').then((module) => module.CompareDialog));

const HoorayDialog = onDemand(() => import('./hooray-dialog').then((module) => module.HoorayDialog));

// Fetched while the browser is idle once the photos show, so the first photo opened waits for no code.
const PhotoDetailDialog = onDemand(() =>
  import('./photo-detail-dialog').then((module) => module.PhotoDetailDialog),
);

const SORTS: Array<[PhotoSort, string]> = [
  ['uploadedAt', 'Date'],
  ['rate', 'Rate'],
  ['votesCount', 'Votes'],
];

interface Props {
  user: User;
  /** A photo to open at once: the one a tapped notification is about. */
  openPhotoId?: string | null;
}

export function MyPhotosPage({ user, openPhotoId = null }: Props) {
  const toast = useToast();
  const { openCheckout } = usePaymentOffers();
  const buyMore = () => openCheckout({ type: 'one-time', reason: PHOTO_MESSAGES.noTokens });
  const upgrade = () => openCheckout({ type: 'subscription', reason: PHOTO_MESSAGES.maxActive });
  const { confirm } = useDialogs();
  const [sort, setSort] = useState<PhotoSort>('uploadedAt');
  const { photos, error } = usePhotos(user.uid, sort);
  const [adding, setAdding] = useState(false);
  const [comparing, setComparing] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [openId, setOpenId] = useState<string | null>(openPhotoId);
  const openPhoto = photos?.find((photo) => photo.id === openId);
  // Only after the upload that earned the bonus: the server grants it once, whatever the device.
  const [hoorayEarned, setHoorayEarned] = useState(false);
  // The New badge is judged against the time the page opened.
  const [now] = useState(() => new Date());

  const activePhotos = photos?.filter((photo) => photo.active) ?? [];
  const activeCount = activePhotos.length;
  const outOfTokens = !user.subscribed && user.points <= 0;
  const atMaxActive = activeCount >= maxActivePhotos(user.subscribed);
  const showHooray = hoorayEarned && localStorage.getItem(hooraySeenKey(user.uid)) === null;

  const refusal = (failure: unknown) => {
    const reason = failure instanceof CallError ? failure.reason : undefined;
    toast({
      message: failure instanceof Error ? failure.message : String(failure),
      severity: 'error',
      duration: 5000,
      cta:
        reason === 'noTokens'
          ? { label: 'Buy more', onClick: buyMore }
          : reason === 'maxActive'
            ? { label: 'Upgrade', onClick: upgrade }
            : undefined,
    });
  };

  const preloadCompare = () =>
    void CompareDialog.preload().catch((failure: unknown) =>
      logFailure(failure, { feature: 'photos', action: 'preloadCompare' }),
    );

  // Drawn from the copy this device kept until the photos are here (src/lib/screen-snapshot.ts).
  useScreenSnapshot(user.uid, photos !== undefined || error !== null);
  // The detail the head drew for the address's photo goes at once where no detail will take it over.
  const detailShown = Boolean(openPhoto);
  useEffect(() => {
    if ((photos !== undefined || error !== null) && !detailShown) dropDetailSnapshot();
  }, [photos, error, detailShown]);

  const photosShown = photos !== undefined && photos.length > 0;
  useEffect(() => {
    const preload = () =>
      void PhotoDetailDialog.preload().catch((failure: unknown) =>
        logFailure(failure, { feature: 'photos', action: 'preloadPhotoDetail' }),
      );
    // Opened on a photo (a link to it): its detail's code is asked for at once, beside the photos.
    if (openPhotoId !== null) preload();
    else if (photosShown) return whenIdle(preload);
  }, [photosShown, openPhotoId]);

  // Opening My Photos counts as having seen the new votes.
  useEffect(() => {
    if (user.newVotes > 0) call('markVotesSeen', {}).catch((failure: unknown) => console.error(failure));
  }, [user.newVotes]);

  const share = async (photo: Photo) => {
    const { sharePhoto, SHARE_MESSAGES } = await import('./share');
    // The server opens the photo's public preview first: the link shows nothing until then.
    try {
      await call('sharePhoto', { photoId: photo.id });
    } catch (failure) {
      toast({
        message: failure instanceof Error ? failure.message : SHARE_MESSAGES.copyFailed,
        severity: 'error',
        duration: 5000,
      });
      return;
    }
    const outcome = await sharePhoto(photo, user.uid);
    if (outcome === 'copied') toast({ message: SHARE_MESSAGES.copied, severity: 'success', duration: 3000 });
    if (outcome === 'failed')
      toast({ message: SHARE_MESSAGES.copyFailed, severity: 'error', duration: 5000 });
  };

  const toggle = async (photoId: string, active: boolean) => {
    setBusyId(photoId);
    try {
      await call('setPhotoActive', { photoId, active });
    } catch (failure) {
      refusal(failure);
    } finally {
      setBusyId(null);
    }
  };

  const remove = async (photoId: string) => {
    const sure = await confirm({
      title: 'Delete this photo?',
      message: 'The photo, its votes and comments are removed for good.',
      confirmLabel: 'Delete',
    });
    if (!sure) return;
    setBusyId(photoId);
    try {
      await call('deletePhoto', { photoId });
    } catch (failure) {
      refusal(failure);
    } finally {
      setBusyId(null);
    }
  };

  return (
    <Container maxWidth="lg" sx={{ py: 3 }} {...{ [KEPT_SCREEN_ATTRIBUTE]: true }}>
      <PageMeta
        title="My Photos"
        description="Your photos and how people rate them."
        robots="noindex, nofollow"
      />
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          gap: 1,
          mb: 2,
        }}
      >
        <Typography variant="h5" component="h1">
          My Photos
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {activeCount >= COMPARE_MIN_PHOTOS && (
            <Button
              size="small"
              variant="outlined"
              startIcon={<CompareIcon />}
              onClick={() => setComparing(true)}
              // Fetched as the pointer or focus arrives, so the click seldom waits for the code.
              onPointerEnter={preloadCompare}
              onFocus={preloadCompare}
            >
              Compare
            </Button>
          )}
          <Stack direction="row" spacing={1} role="group" aria-label="Sort photos by">
            {SORTS.map(([value, label]) => (
              <Button
                key={value}
                size="small"
                variant={sort === value ? 'contained' : 'outlined'}
                aria-pressed={sort === value}
                onClick={() => setSort(value)}
              >
                {label}
              </Button>
            ))}
          </Stack>
        </Stack>
      </Box>
      {outOfTokens && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" onClick={buyMore}>
              Buy more
            </Button>
          }
        >
          {PHOTO_MESSAGES.noTokens}
        </Alert>
      )}
      {!outOfTokens && atMaxActive && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" onClick={upgrade}>
              Upgrade
            </Button>
          }
        >
          {PHOTO_MESSAGES.maxActive}
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error.message}
        </Alert>
      )}
      {/* One column on mobile, four per row on desktop. */}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
        }}
      >
        <Box>
          <Card sx={{ height: '100%', minHeight: 240 }}>
            <CardActionArea
              onClick={() => setAdding(true)}
              sx={{
                height: '100%',
                display: 'flex',
                flexDirection: 'column',
                justifyContent: 'center',
                gap: 1,
                p: 3,
              }}
            >
              <AddPhotoAlternateIcon fontSize="large" color="primary" />
              <Typography variant="h6" component="span">
                Add New Photo
              </Typography>
              {photos?.length === 0 && (
                <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
                  Upload a photo of yourself to find out how others see you. {PHOTO_MESSAGES.firstVotes}
                </Typography>
              )}
            </CardActionArea>
          </Card>
        </Box>
        {photos?.map((photo) => (
          <Box key={photo.id}>
            <PhotoCard
              photo={photo}
              now={now}
              busy={busyId === photo.id}
              onToggleActive={(active) => void toggle(photo.id, active)}
              onDelete={() => void remove(photo.id)}
              onOpen={() => setOpenId(photo.id)}
            />
          </Box>
        ))}
      </Box>
      {adding && (
        <NewPhotoDialog
          uid={user.uid}
          onClose={() => setAdding(false)}
          onPosted={(result) => {
            setAdding(false);
            setHoorayEarned(result.firstPhoto);
            if (result.review) {
              toast({
                message: SCREENING_MESSAGES.reason[result.review],
                severity: 'info',
                duration: 10_000,
              });
              return;
            }
            if (result.inactiveReason === null) {
              toast({ message: 'Your photo is up!', severity: 'success', duration: 3000 });
              return;
            }
            // Saved, but not live: say why, with the way out.
            toast({
              message: PHOTO_MESSAGES.savedInactive(PHOTO_MESSAGES[result.inactiveReason]),
              severity: 'warning',
              duration: 10_000,
              cta:
                result.inactiveReason === 'noTokens'
                  ? { label: 'Buy more', onClick: buyMore }
                  : { label: 'Upgrade', onClick: upgrade },
            });
          }}
        />
      )}
      {openPhoto && photos && (
        <PhotoDetailDialog
          keptFor={user.uid}
          photo={openPhoto}
          photos={photos}
          busy={busyId === openPhoto.id}
          onClose={() => setOpenId(null)}
          onToggleActive={(active) => void toggle(openPhoto.id, active)}
          onDelete={() => void remove(openPhoto.id)}
          onShare={() => void share(openPhoto)}
        />
      )}
      {comparing && activeCount >= COMPARE_MIN_PHOTOS && (
        <CompareDialog photos={activePhotos} onClose={() => setComparing(false)} />
      )}
      {showHooray && (
        <HoorayDialog
          onClose={() => {
            localStorage.setItem(hooraySeenKey(user.uid), '1');
            setHoorayEarned(false);
          }}
        />
      )}
      {!user.onBoarding && <OnboardingDialog open />}
    </Container>
  );
}
