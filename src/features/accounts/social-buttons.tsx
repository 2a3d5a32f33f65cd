/** Google and Facebook popup sign-in; a closed or cancelled popup says nothing. */
import FacebookIcon from '@mui/icons-material/Facebook';
import GoogleIcon from '@mui/icons-material/Google';
import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { signInWithProvider, type SocialProvider } from '@/data/auth';
import { authErrorMessage } from '@/domain/auth-errors';

export function SocialButtons({ onError }: { onError: (message: string) => void }) {
  const [busy, setBusy] = useState<SocialProvider | null>(null);
  const signIn = async (provider: SocialProvider) => {
    setBusy(provider);
    try {
      await signInWithProvider(provider);
    } catch (error) {
      const message = authErrorMessage(error);
      if (message) onError(message);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack spacing={1.5}>
      <Button
        variant="outlined"
        startIcon={<FacebookIcon />}
        onClick={() => void signIn('facebook')}
        disabled={busy !== null}
      >
        Continue with Facebook
      </Button>
      <Button
        variant="outlined"
        startIcon={<GoogleIcon />}
        onClick={() => void signIn('google')}
        disabled={busy !== null}
      >
        Continue with Google
      </Button>
    </Stack>
  );
}
