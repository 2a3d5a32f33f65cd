/** Shown once, on My Photos, until the member finishes it; finishing sets onBoarding on the server. */
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MobileStepper,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { call } from '@/data/callables';
import { NEW_MEMBER_TOKENS } from '@/domain/constants';
import { STREAK_DAY_TOKENS } from '@/domain/streak';

const STEPS = [
  {
    title: 'Welcome!',
    text: 'Upload photos of yourself and get honest, anonymous feedback from real people: hearts, comments and tags.',
  },
  {
    title: 'Tokens keep your photos rated',
    // What is credited: the tokens a member starts with, and each day's streak tokens, today's too.
    text: `You start with ${NEW_MEMBER_TOKENS} free tokens, and each day you open Photorater earns ${STREAK_DAY_TOKENS} more, today included. Each vote your photo receives uses one, and every 5 photos you rate earn you one more.`,
  },
  {
    title: 'See what people think',
    text: 'Your score, the voters’ age and gender, their comments and AI insights appear on each photo as votes arrive.',
  },
];

export function OnboardingDialog({ open }: { open: boolean }) {
  const [step, setStep] = useState(0);
  const [finishing, setFinishing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = STEPS[step] ?? STEPS[0];
  const last = step === STEPS.length - 1;
  const finish = async () => {
    setFinishing(true);
    setError(null);
    try {
      await call('finishOnboarding', {});
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setFinishing(false);
    }
  };
  return (
    <Dialog open={open} aria-labelledby="onboarding-title" fullWidth maxWidth="xs">
      <DialogTitle id="onboarding-title">{current?.title}</DialogTitle>
      <DialogContent>
        <Typography>{current?.text}</Typography>
        {error && (
          <Typography role="alert" color="error" sx={{ mt: 2 }}>
            {error}
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ flexDirection: 'column', alignItems: 'stretch' }}>
        <MobileStepper
          variant="dots"
          steps={STEPS.length}
          position="static"
          activeStep={step}
          backButton={
            <Button size="small" onClick={() => setStep(step - 1)} disabled={step === 0}>
              Back
            </Button>
          }
          nextButton={
            last ? (
              <Button size="small" variant="contained" onClick={() => void finish()} disabled={finishing}>
                Get started
              </Button>
            ) : (
              <Button size="small" onClick={() => setStep(step + 1)}>
                Next
              </Button>
            )
          }
        />
      </DialogActions>
    </Dialog>
  );
}
