/**
 * A photo's display image: the resized variant, and the original when that fails to load (spec 1
 * section 7: display images fall back to images/{userId}/{imageName}). Only when both fail does the
 * caller hear of it, to hide or skip the photo. Where the photo shows small, the small variant is
 * offered beside it (`srcset`), and the browser takes the one the screen needs; with the display
 * image's size known, its space is reserved before it loads.
 */
import { Box, type SxProps, type Theme } from '@mui/material';
import { useState } from 'react';
import { photoSrcSet, SRCSET_BOUNDS } from '@/domain/photo';

interface Props {
  src: string;
  /** The original's URL; none for photos made before it was kept. */
  fallbackSrc?: string | null;
  /** The small variant's URL; none for photos made before it was. */
  smallSrc?: string | null;
  /** The display image's size in pixels; none for photos made before it was kept. */
  width?: number | null;
  height?: number | null;
  /** How wide the image shows (the `sizes` attribute), where a small variant is offered. */
  sizes?: string;
  alt: string;
  /** The image (the display image or the original) has loaded. */
  onLoad?: () => void;
  onFailed?: () => void;
  draggable?: boolean;
  /** 'high' where the image is the screen's largest paint (the photo on /rate). */
  fetchPriority?: 'high' | 'low' | 'auto';
  sx?: SxProps<Theme>;
}

export function DisplayImage({
  src,
  fallbackSrc,
  smallSrc,
  width,
  height,
  sizes,
  alt,
  onLoad,
  onFailed,
  draggable,
  fetchPriority,
  sx,
}: Props) {
  // The display URL whose load failed; a new photo starts from its own display URL again.
  const [failed, setFailed] = useState<string | null>(null);
  const fellBack = failed === src && Boolean(fallbackSrc);
  const showing = fellBack && fallbackSrc ? fallbackSrc : src;
  const srcSet = fellBack
    ? undefined
    : photoSrcSet(
        {
          imageUrl: src,
          smallImageUrl: smallSrc ?? null,
          imageWidth: width ?? null,
          imageHeight: height ?? null,
        },
        SRCSET_BOUNDS,
      );
  return (
    <Box
      component="img"
      src={showing}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={width ?? undefined}
      height={height ?? undefined}
      alt={alt}
      draggable={draggable}
      fetchPriority={fetchPriority}
      onLoad={onLoad}
      onError={() => {
        if (!fellBack && fallbackSrc) setFailed(src);
        else onFailed?.();
      }}
      // The size attributes give the image its shape before it loads; the page's styles its size.
      sx={[{ height: 'auto' }, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}
