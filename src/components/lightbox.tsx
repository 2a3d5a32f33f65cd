import CloseIcon from '@mui/icons-material/Close';
import { Dialog, IconButton } from '@mui/material';
import { useEffect, useState } from 'react';
import { DisplayImage } from './display-image';

export interface LightboxPhoto {
  id: string;
  imageUrl: string;
  originalUrl?: string | null;
  caption?: string | null;
}

/** Full screen; arrow keys move between the member's photos, Escape closes. */
export function Lightbox({
  photos,
  startId,
  onClose,
}: {
  photos: LightboxPhoto[];
  startId: string;
  onClose: () => void;
}) {
  const [index, setIndex] = useState(() =>
    Math.max(
      0,
      photos.findIndex((photo) => photo.id === startId),
    ),
  );
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') setIndex((current) => (current + 1) % photos.length);
      if (event.key === 'ArrowLeft') setIndex((current) => (current - 1 + photos.length) % photos.length);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [photos.length]);
  const photo = photos[index];
  if (!photo) return null;
  return (
    <Dialog
      open
      fullScreen
      onClose={onClose}

      slotProps={{ paper: { sx: { bgcolor: 'black' }, 'aria-label': 'Photo viewer' } }}
    >
      <IconButton
        aria-label="Close viewer"
        onClick={onClose}
        sx={{ position: 'absolute', top: 8, right: 8, color: 'white', zIndex: 1 }}
      >
        <CloseIcon />
      </IconButton>
      <DisplayImage
        key={photo.id}
        src={photo.imageUrl}
        fallbackSrc={photo.originalUrl}
        alt={photo.caption || 'Photo'}
        sx={{ width: '100%', height: '100%', objectFit: 'contain' }}
      />
    </Dialog>
  );
}
