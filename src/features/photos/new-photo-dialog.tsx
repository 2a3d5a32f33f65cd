/**
 * The New Photo form: choose an image, crop it to 13:14 (zoom up to 2), add a caption, choose who sees
 * it and their ages, Post. The upload shows its real progress; success is celebrated.
 */
import { celebrate } from '@/lib/celebrate';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormLabel,
  LinearProgress,
  Radio,
  RadioGroup,
  Slider,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { ValidationError } from 'yup';
import { call } from '@/data/callables';
import type { Callables } from '@/domain/callables';
import { uploadImage } from '@/data/use-photos';
import {
  AGE_RANGE_GAP,
  AGE_RANGE_MAX,
  AGE_RANGE_MIN,
  CAPTION_MAX,
  CROP_ASPECT,
  CROP_MAX_ZOOM,
  DEFAULT_AGE_RANGE,
  PHOTO_MESSAGES,
} from '@/domain/limits';
import { newPhotoSchema } from '@/domain/schemas';
import type { ShowGender } from '@/domain/user';
import { cropToJpeg } from './crop-image';

interface Props {
  uid: string;
  onClose: () => void;
  onPosted: (result: Callables['createPhoto']['result']) => void;
}

type Stage = { kind: 'editing' } | { kind: 'uploading'; progress: number } | { kind: 'processing' };

export function NewPhotoDialog({ uid, onClose, onPosted }: Props) {
  const [source, setSource] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [caption, setCaption] = useState('');
  const [showTo, setShowTo] = useState<ShowGender>('both');
  const [ageRange, setAgeRange] = useState<[number, number]>(DEFAULT_AGE_RANGE);
  const [stage, setStage] = useState<Stage>({ kind: 'editing' });
  const [error, setError] = useState<string | null>(null);
  const [captionError, setCaptionError] = useState<string | null>(null);

  useEffect(() => () => void (source && URL.revokeObjectURL(source)), [source]);

  const choose = (file: File | undefined) => {
    setError(null);
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setError(PHOTO_MESSAGES.notAnImage);
      return;
    }
    setArea(null);
    setSource(URL.createObjectURL(file));
    setZoom(1);
    setCrop({ x: 0, y: 0 });
  };

  const post = async () => {
    setError(null);
    setCaptionError(null);
    if (!source || !area) {
      setError(PHOTO_MESSAGES.photoRequired);
      return;
    }
    let values;
    try {
      values = await newPhotoSchema.validate({ caption, showTo, ageRange });
    } catch (failure) {
      if (failure instanceof ValidationError && failure.path === 'caption') setCaptionError(failure.message);
      else setError(failure instanceof Error ? failure.message : String(failure));
      return;
    }
    try {
      setStage({ kind: 'uploading', progress: 0 });
      const image = await cropToJpeg(source, area);
      // Every upload gets a fresh name: camera blobs often come without a proper one.
      const fileName = `photo_${Date.now()}_${Math.random().toString(36).slice(2, 8)}.jpg`;
      await uploadImage(uid, fileName, image, (progress) => setStage({ kind: 'uploading', progress }));
      setStage({ kind: 'processing' });
      const result = await call('createPhoto', { ...values, caption: values.caption ?? '', fileName });
      void celebrate();
      onPosted(result);
    } catch (failure) {
      setStage({ kind: 'editing' });
      setError(failure instanceof Error && failure.message ? failure.message : PHOTO_MESSAGES.saveFailed);
    }
  };

  const busy = stage.kind !== 'editing';
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="new-photo-title"
    >
      <DialogTitle id="new-photo-title">New Photo</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {source ? (
            <>
              <Box sx={{ position: 'relative', height: 360, bgcolor: 'grey.900', borderRadius: 1 }}>
                <Cropper
                  image={source}
                  crop={crop}
                  zoom={zoom}
                  maxZoom={CROP_MAX_ZOOM}
                  aspect={CROP_ASPECT}
                  onCropChange={setCrop}
                  onZoomChange={setZoom}
                  onCropComplete={(_area, pixels) => setArea(pixels)}
                  // A file named like an image that the browser cannot draw (a text file renamed .jpg).
                  mediaProps={{
                    onError: () => {
                      setSource(null);
                      setArea(null);
                      setError(PHOTO_MESSAGES.notAnImage);
                    },
                  }}
                />
              </Box>
              <Box>
                <Typography id="zoom-label" variant="caption">
                  Zoom
                </Typography>
                <Slider
                  aria-labelledby="zoom-label"
                  min={1}
                  max={CROP_MAX_ZOOM}
                  step={0.05}
                  value={zoom}
                  onChange={(_event, value) => setZoom(value as number)}
                  disabled={busy}
                />
              </Box>
            </>
          ) : null}
          <Button variant={source ? 'text' : 'contained'} component="label" disabled={busy}>
            {source ? 'Choose another photo' : 'Choose a photo'}
            <input
              hidden
              type="file"
              accept="image/*"
              aria-label="Photo file"
              onChange={(event) => choose(event.target.files?.[0])}
            />
          </Button>
          <TextField
            label="Caption (optional)"
            value={caption}
            onChange={(event) => setCaption(event.target.value)}
            error={Boolean(captionError)}
            helperText={captionError ?? `${caption.length}/${CAPTION_MAX}`}
            slotProps={{ htmlInput: { maxLength: CAPTION_MAX } }}
            disabled={busy}
          />
          <Box>
            <FormLabel id="show-to-label">Show my photo to</FormLabel>
            <RadioGroup
              row
              aria-labelledby="show-to-label"
              value={showTo}
              onChange={(event) => setShowTo(event.target.value as ShowGender)}
            >
              <FormControlLabel value="both" control={<Radio />} label="Everyone" disabled={busy} />
              <FormControlLabel value="female" control={<Radio />} label="Women" disabled={busy} />
              <FormControlLabel value="male" control={<Radio />} label="Men" disabled={busy} />
            </RadioGroup>
          </Box>
          <Box>
            <Typography id="age-range-label">
              Aged {ageRange[0]} to {ageRange[1]}
            </Typography>
            {/* Each thumb says its own end: a shared label would name both 'Aged 18 to 37'. */}
            <Slider
              getAriaLabel={(index) => (index === 0 ? 'Youngest voter' : 'Oldest voter')}
              getAriaValueText={(value) => `${value} years`}
              min={AGE_RANGE_MIN}
              max={AGE_RANGE_MAX}
              value={ageRange}
              disableSwap
              valueLabelDisplay="auto"
              disabled={busy}
              onChange={(_event, value, thumb) => {
                const [low, high] = value as number[];
                if (high! - low! >= AGE_RANGE_GAP) setAgeRange([low!, high!]);
                else if (thumb === 0)
                  setAgeRange([
                    Math.min(low!, AGE_RANGE_MAX - AGE_RANGE_GAP),
                    Math.min(low!, AGE_RANGE_MAX - AGE_RANGE_GAP) + AGE_RANGE_GAP,
                  ]);
                else
                  setAgeRange([
                    Math.max(high!, AGE_RANGE_MIN + AGE_RANGE_GAP) - AGE_RANGE_GAP,
                    Math.max(high!, AGE_RANGE_MIN + AGE_RANGE_GAP),
                  ]);
              }}
            />
          </Box>
          {stage.kind === 'uploading' && (
            <Box>
              <Typography variant="body2">Uploading… {Math.round(stage.progress * 100)}%</Typography>
              <LinearProgress
                variant="determinate"
                value={stage.progress * 100}
                aria-label="Upload progress"
              />
            </Box>
          )}
          {stage.kind === 'processing' && (
            <Box>
              <Typography variant="body2">Checking your photo…</Typography>
              <LinearProgress aria-label="Processing" />
            </Box>
          )}
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void post()} disabled={busy || !source}>
          Post
        </Button>
      </DialogActions>
    </Dialog>
  );
}
