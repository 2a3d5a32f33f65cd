/**
 * The local backend's stand-in for the Google and Facebook popups: the same choice the Auth emulator's
 * own page offers (an e-mail and a name for a new or existing provider account), without the network.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
} from '@mui/material';
import { Form, Formik } from 'formik';
import * as yup from 'yup';
import type { SocialProvider } from '@/data/auth';
import { FIELD_MAX } from '@/domain/constants';
import { FormTextField } from '@/components/form-fields';

const PROVIDER_NAMES: Record<SocialProvider, string> = { google: 'Google.com', facebook: 'Facebook.com' };

const accountSchema = yup.object({
  email: yup.string().trim().email('Must be a valid email').max(FIELD_MAX).required('Email is required'),
  displayName: yup.string().trim().max(FIELD_MAX).default(''),
});

interface Props {
  provider: SocialProvider;
  onSignIn: (account: { email: string; displayName: string }) => Promise<void>;
  onCancel: () => void;
}

export function EmulatorAccountDialog({ provider, onSignIn, onCancel }: Props) {
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="xs" aria-labelledby="emulator-account-title">
      <Formik
        initialValues={{ email: '', displayName: '' }}
        validationSchema={accountSchema}
        onSubmit={(values) => onSignIn(accountSchema.cast(values))}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <DialogTitle id="emulator-account-title">Sign in with {PROVIDER_NAMES[provider]}</DialogTitle>
            <DialogContent>
              <DialogContentText sx={{ mb: 2 }}>
                Local mode: the Auth emulator stands in for {PROVIDER_NAMES[provider]}. Use any e-mail; the
                same e-mail signs in to the same account.
              </DialogContentText>
              <Stack spacing={1}>
                <FormTextField
                  id="emulator-account-email"
                  name="email"
                  label="Email"
                  type="email"
                  autoFocus
                />
                <FormTextField id="emulator-account-name" name="displayName" label="Display name" />
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={onCancel}>Cancel</Button>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                Sign in with {PROVIDER_NAMES[provider]}
              </Button>
            </DialogActions>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}
