/**
 * What letting go of a swipe will do, over the photo while it is dragged: the hearts it will give, or
 * Skip in the middle. Nothing while the drag is still a flick, which does nothing.
 */
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import { Box, Rating, Typography } from '@mui/material';

export const swipeHeartsText = (rate: number) => `${rate} ${rate === 1 ? 'heart' : 'hearts'}`;

export function SwipePreview({ armed, rate }: { armed: boolean; rate: number | null }) {
  if (!armed) return null;
  return (
    <Box
      role="status"
      aria-label="Swipe"
      aria-live="polite"
      sx={{
        position: 'absolute',
        zIndex: 2,
        top: 16,
        left: '50%',
        transform: 'translateX(-50%)',
        px: 1.5,
        py: 0.5,
        borderRadius: 1,
        bgcolor: 'rgba(0,0,0,0.6)',
        color: 'white',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        whiteSpace: 'nowrap',
      }}
    >
      {rate !== null && (
        <Rating
          aria-hidden
          readOnly
          value={rate}
          precision={0.5}
          max={5}
          icon={<FavoriteIcon fontSize="inherit" color="error" />}
          emptyIcon={<FavoriteBorderIcon fontSize="inherit" sx={{ color: 'white' }} />}
        />
      )}
      <Typography variant="body2" sx={{ fontWeight: 700 }}>
        {rate === null ? 'Skip' : swipeHeartsText(rate)}
      </Typography>
    </Box>
  );
}
