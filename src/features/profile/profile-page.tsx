/**
 * `/profile`: the member's dashboard. Avatar and username, tokens and the streak badge, Premium,
 * the TOKENS and RATED cards; then (`profile-settings.tsx`, loaded after the first paint) the
 * edit-profile form and deleting the account.
 */
import EditIcon from '@mui/icons-material/Edit';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Container,
  Grid,
  IconButton,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { startTransition, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { MemberAvatar } from '@/components/member-avatar';
import { PageMeta } from '@/components/page-meta';
import { usePaymentOffers } from '@/components/payment-offers';
import { useToast } from '@/components/toast';
import { call } from '@/data/callables';
import { uploadImage } from '@/data/use-photos';
import { FIELD_MAX } from '@/domain/constants';
import { formatPrice, PREMIUM_BANNER, UPGRADE_PRICE } from '@/domain/plans';
import { tokenColor } from '@/domain/scores';
import { streakBadge } from '@/domain/streak';
import type { User } from '@/domain/user';
import { afterNextPaint } from '@/lib/after-paint';
import { whenIdle } from '@/lib/idle';
import { onDemand } from '@/lib/on-demand';
import { KEPT_SCREEN_ATTRIBUTE } from '@/lib/screen-marks';
import { useScreenSnapshot } from '@/lib/use-screen-snapshot';
import { profileValues } from './profile-values';
import { SubscriptionSection } from './subscription-section';

const ProfileSettings = onDemand(() => import('./profile-settings').then((module) => module.ProfileSettings));

/** About the height of the lower half, kept until it is wanted. */
const LATER_SECTIONS_MIN_HEIGHT = 480;

/** A picked file keeps its name; a camera blob without a real one becomes profile_photo_{timestamp}.{ext}. */
export function avatarFileName(file: File, now: number): string {
  const extension = file.type.split('/')[1]?.replace('jpeg', 'jpg') || 'jpg';
  const safe = file.name.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^[^A-Za-z0-9]+/, '');
  return safe && /\.[A-Za-z0-9]+$/.test(safe)
    ? `${now}_${safe}`.slice(-128)
    : `profile_photo_${now}.${extension}`;
}

/**
 * The edit-profile form, the activity notes and deleting the account: loaded and drawn once the
 * upper half has painted, when the browser is idle or as soon as they scroll into view, so the
 * first task of the page (a second long on a mid-range phone when drawn at once) is split.
 */
function LaterSections({ user }: { user: User }) {
  const [wanted, setWanted] = useState(false);
  const placeholder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (wanted) return;
    let cancelIdle = () => {};
    let observer: IntersectionObserver | null = null;
    // Looked for only after the upper half is painted: on a phone the placeholder is in view at once.
    // In a transition, so the sections render in slices rather than in one long task.
    const want = () => startTransition(() => setWanted(true));
    const cancelPaint = afterNextPaint(() => {
      cancelIdle = whenIdle(want);
      const node = placeholder.current;
      observer =
        node && 'IntersectionObserver' in window
          ? new IntersectionObserver((entries) => {
              if (entries.some((entry) => entry.isIntersecting)) want();
            })
          : null;
      if (node) observer?.observe(node);
    });
    return () => {
      cancelPaint();
      cancelIdle();
      observer?.disconnect();
    };
  }, [wanted]);
  if (!wanted)
    return <Box ref={placeholder} aria-busy="true" sx={{ minHeight: LATER_SECTIONS_MIN_HEIGHT }} />;
  // Nothing follows it on the page, so its coming moves nothing.
  return <ProfileSettings user={user} />;
}

export function ProfilePage({ user }: { user: User }) {
  const toast = useToast();
  const navigate = useNavigate();
  const { openCheckout } = usePaymentOffers();
  const [editingName, setEditingName] = useState(false);
  const [name, setName] = useState(user.displayName);
  const [nameError, setNameError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  // Drawn from the copy this device kept until now (src/lib/screen-snapshot.ts).
  useScreenSnapshot(user.uid, true);

  const saveName = async () => {
    try {
      // The schemas' code (Yup) is needed only now, when the member saves.
      const { profileSchema } = await import('@/domain/schemas');
      await profileSchema.validateAt('displayName', { displayName: name });
      await call('completeProfile', profileSchema.cast({ ...profileValues(user), displayName: name.trim() }));
      setEditingName(false);
      setNameError(null);
      toast({ message: 'Username has been updated!', severity: 'success' });
    } catch (error) {
      setNameError(error instanceof Error ? error.message : String(error));
    }
  };

  const changeAvatar = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // The spec has a non-image only logged.
    if (!file.type.startsWith('image/')) {
      console.error(`Not an image: ${file.name}`);
      return;
    }
    setUploading(true);
    try {
      const fileName = avatarFileName(file, Date.now());
      await uploadImage(user.uid, fileName, file, () => undefined);
      await call('updateAvatar', { fileName });
      toast({ message: 'Profile photo has been updated!', severity: 'success' });
    } catch (error) {
      toast({ message: error instanceof Error ? error.message : String(error), severity: 'error' });
    } finally {
      setUploading(false);
    }
  };

  const streak = user.loginStreak ?? 0;
  return (
    <Container maxWidth="md" sx={{ py: 3, pb: 10 }} {...{ [KEPT_SCREEN_ATTRIBUTE]: true }}>
      <PageMeta title="Profile" description="Your Photorater profile." robots="noindex, nofollow" />
      <Paper sx={{ p: 3, mb: 3 }} component="section" aria-label="Your profile">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: 'center' }}>
          <Box sx={{ position: 'relative' }}>
            <MemberAvatar src={user.photoURL} alt={user.displayName} size={96} />
            <IconButton
              aria-label="Change profile photo"
              onClick={() => picker.current?.click()}
              disabled={uploading}
              sx={{ position: 'absolute', right: -8, bottom: -8, bgcolor: 'background.paper' }}
            >
              <PhotoCameraIcon />
            </IconButton>
            <input
              ref={picker}
              type="file"
              accept="image/*"
              hidden
              aria-label="Profile photo file"
              onChange={(event) => void changeAvatar(event)}
            />
          </Box>
          <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }}>
            {editingName ? (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  size="small"
                  label="Username"
                  value={name}
                  onChange={(event) => setName(event.target.value)}
                  error={Boolean(nameError)}
                  helperText={nameError ?? ' '}
                  slotProps={{ htmlInput: { maxLength: FIELD_MAX } }}
                />
                <Button variant="contained" onClick={() => void saveName()} aria-label="Save username">
                  Save
                </Button>
                <Button
                  onClick={() => {
                    setEditingName(false);
                    setName(user.displayName);
                    setNameError(null);
                  }}
                >
                  Cancel
                </Button>
              </Stack>
            ) : (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography variant="h5" component="h1" noWrap>
                  {user.displayName}
                </Typography>
                <IconButton aria-label="Edit username" size="small" onClick={() => setEditingName(true)}>
                  <EditIcon fontSize="small" />
                </IconButton>
              </Stack>
            )}
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Chip label={`${user.points} tokens`} color={tokenColor(user.points) ?? 'default'} />
              <Chip label={`🔥 ${streak}-day streak · ${streakBadge(streak)}`} aria-label="Login streak" />
            </Stack>
          </Stack>
          {!user.subscribed && (
            <Button
              variant="contained"
              color="secondary"
              onClick={() =>
                openCheckout({ type: 'subscription', reason: 'Go Premium for unlimited photos and votes.' })
              }
            >
              Upgrade for {formatPrice(UPGRADE_PRICE)}
            </Button>
          )}
        </Stack>
        {user.subscribed && (
          <Alert severity="success" sx={{ mt: 2 }} aria-label="Premium">
            {PREMIUM_BANNER}
            <SubscriptionSection uid={user.uid} />
          </Alert>
        )}
      </Paper>

      <Grid container spacing={2} sx={{ mb: 3 }}>
        <Grid size={{ xs: 6 }}>
          <Card component="section" aria-label="Tokens">
            <CardContent>
              <Typography variant="overline">TOKENS</Typography>
              <Typography
                variant="h4"
                component="p"
                color={tokenColor(user.points) ? `${tokenColor(user.points)}.main` : undefined}
              >
                {user.points}
              </Typography>
            </CardContent>
            <CardActions>
              <Button onClick={() => openCheckout({ type: 'one-time', reason: 'Buy tokens or go Premium.' })}>
                Buy More
              </Button>
            </CardActions>
          </Card>
        </Grid>
        <Grid size={{ xs: 6 }}>
          <Card component="section" aria-label="Rated">
            <CardContent>
              <Typography variant="overline">RATED</Typography>
              <Typography variant="h4" component="p">
                {user.votesGiven ?? 0}
              </Typography>
            </CardContent>
            <CardActions>
              <Button onClick={() => navigate('/rate')}>Rate More</Button>
            </CardActions>
          </Card>
        </Grid>
      </Grid>

      <LaterSections user={user} />
    </Container>
  );
}
