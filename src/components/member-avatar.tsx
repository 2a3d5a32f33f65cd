/**
 * A member's avatar: the 256-pixel square the server made of their profile photo (or their sign-in
 * provider's picture), drawn at the size it shows, its width and height given so nothing moves as it
 * loads. Never a photo's display image.
 */
import { Avatar } from '@mui/material';

interface Props {
  src: string | null | undefined;
  alt: string;
  /** Its size in pixels on screen. */
  size: number;
}

export function MemberAvatar({ src, alt, size }: Props) {
  return (
    <Avatar
      src={src ?? undefined}
      alt={alt}
      sx={{ width: size, height: size }}
      slotProps={{ img: { width: size, height: size, decoding: 'async' } }}
    />
  );
}
