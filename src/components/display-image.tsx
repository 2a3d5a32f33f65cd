/**
 * A photo's display image: the resized variant, and the original when that fails to load (spec 1
 * section 7: display images fall back to images/{userId}/{imageName}). Only when both fail does the
 * caller hear of it, to hide or skip the photo.
 */
import { Box, type SxProps, type Theme } from '@mui/material';
import { useState } from 'react';

interface Props {
  src: string;
  /** The original's URL; none for photos made before it was kept. */
  fallbackSrc?: string | null;
  alt: string;
  onFailed?: () => void;
  draggable?: boolean;
  /** 'high' where the image is the screen's largest paint (the photo on /rate). */
  fetchPriority?: 'high' | 'low' | 'auto';
  sx?: SxProps<Theme>;
}

export function DisplayImage({
  src,
  fallbackSrc,
  alt,
  onFailed,
  draggable,
  fetchPriority,
  sx,
}: Props) {
  // The display URL whose load failed; a new photo starts from its own display URL again.
  const [failed, setFailed] = useState<string | null>(null);
  const showing = failed === src && fallbackSrc ? fallbackSrc : src;
  return (
    <Box
      component="img"
      src={showing}
      alt={alt}
      draggable={draggable}
      fetchPriority={fetchPriority}
      onError={() => {
        if (showing === src && fallbackSrc) setFailed(src);
        else onFailed?.();
      }}
      sx={sx}
    />
  );
}
