/** The spinner shown while the app does not yet know who the member is; after 5 s it offers Try Again. */
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { LOADING_RETRY_AFTER_MS } from '@/domain/constants';
import { WAITING_SCREEN_ATTRIBUTE } from '@/lib/screen-marks';

export function LoadingScreen({ onTryAgain }: { onTryAgain: () => void }) {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), LOADING_RETRY_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Box
      // A screen kept on the device may stay drawn over the spinner, not over Try Again.
      {...(slow ? {} : { [WAITING_SCREEN_ATTRIBUTE]: true })}
      role="status"
      aria-label="Loading"
      sx={{
        minHeight: '60vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
      }}
    >
      <CircularProgress />
      {slow && (
        <>
          <Typography>Loading is taking longer than usual...</Typography>
          <Button variant="outlined" onClick={onTryAgain}>
            Try Again
          </Button>
        </>
      )}
    </Box>
  );
}
