/** Google and Facebook sign-in; a closed or cancelled popup says nothing. */
import FacebookIcon from '@mui/icons-material/Facebook';
import GoogleIcon from '@mui/icons-material/Google';
import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { env } from '@/config/env';
import { signInWithEmulatorAccount, signInWithProvider, type SocialProvider } from '@/data/auth';
import { authErrorMessage } from '@/domain/auth-errors';
import { EmulatorAccountDialog } from './emulator-account-dialog';

export function SocialButtons({ onError }: { onError: (message: string) => void }) {
  const [busy, setBusy] = useState<SocialProvider | null>(null);
  const [choosing, setChoosing] = useState<SocialProvider | null>(null);

  const attempt = async (provider: SocialProvider, signIn: () => Promise<unknown>) => {
    setBusy(provider);
    try {
      await signIn();
    } catch (error) {
      const message = authErrorMessage(error);
      if (message) onError(message);
    } finally {
      setBusy(null);
    }
  };

  const start = (provider: SocialProvider) => {
    if (env.backend === 'local') setChoosing(provider);
    else void attempt(provider, () => signInWithProvider(provider));
  };

  return (
    <Stack spacing={1.5}>
      <Button
        variant="outlined"
        startIcon={<FacebookIcon />}
        onClick={() => start('facebook')}
        disabled={busy !== null}
      >
        Continue with Facebook
      </Button>
      <Button
        variant="outlined"
        startIcon={<GoogleIcon />}
        onClick={() => start('google')}
        disabled={busy !== null}
      >
        Continue with Google
      </Button>
      {choosing && (
        <EmulatorAccountDialog
          provider={choosing}
          onCancel={() => setChoosing(null)}
          onSignIn={async (account) => {
            const provider = choosing;
            setChoosing(null);
            await attempt(provider, () => signInWithEmulatorAccount(provider, account));
          }}
        />
      )}
    </Stack>
  );
}
