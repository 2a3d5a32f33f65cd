/**
 * Deleting the account: a confirmation, then the reason (12 to 255 characters), then the server's
 * deletion. A sign-in that is not recent gets the spec's advice; failures show for 5 seconds with a
 * way to contact us.
 */
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { Form, Formik } from 'formik';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useDialogs } from '@/components/dialogs';
import { useToast } from '@/components/toast';
import { call } from '@/data/callables';
import { useSession } from '@/data/session';
import { ACCOUNT_DELETION, DELETION_REASON_MAX } from '@/domain/account';
import { FormTextField } from '@/components/form-fields';
import type { deleteAccountSchema } from '@/domain/schemas';
import { schemaOnDemand } from '@/lib/schema-on-demand';

/** The dialog's check, fetched when the member first types or confirms (src/lib/schema-on-demand.ts). */
const deletionCheck = schemaOnDemand<{ reason: string }, typeof deleteAccountSchema>(() =>
  import('@/domain/schemas').then((module) => module.deleteAccountSchema),
);

export const DELETION_ERROR_MS = 5000;

/** What deleting the account does to Premium: the server ends the subscription first, so no renewal follows. */
export const PREMIUM_CANCELLED_NOTE =
  'Your Premium subscription is cancelled with it: it ends at once and is never charged again.';

export function DeleteAccountSection() {
  const { confirm } = useDialogs();
  const { signOut, user } = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!failure) return;
    const timer = setTimeout(() => setFailure(null), DELETION_ERROR_MS);
    return () => clearTimeout(timer);
  }, [failure]);

  const start = async () => {
    const sure = await confirm({
      title: 'Delete your account?',
      message: `Your photos, votes and tokens will be gone for good. This cannot be undone.${user?.subscribed ? ` ${PREMIUM_CANCELLED_NOTE}` : ''}`,
      confirmLabel: 'Continue',
    });
    if (sure) setAsking(true);
  };

  return (
    <Paper sx={{ p: 3, mt: 2 }} component="section" aria-label="Delete account">
      <Typography variant="h6" component="h2" gutterBottom>
        Delete account
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Removing your data may take up to 24 hours.
      </Typography>
      {user?.subscribed && <Typography sx={{ mb: 2 }}>{PREMIUM_CANCELLED_NOTE}</Typography>}
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure} <Link href="/contact">Contact us</Link>
        </Alert>
      )}
      <Button color="error" variant="outlined" onClick={() => void start()}>
        Delete Account
      </Button>
      {asking && (
        <Dialog
          open
          onClose={() => setAsking(false)}
          aria-labelledby="delete-account-title"
          fullWidth
          maxWidth="sm"
        >
          <Formik
            initialValues={{ reason: '' }}
            validate={deletionCheck.validate}
            onSubmit={async (values) => {
              try {
                await call('deleteAccount', (await deletionCheck.load()).cast(values));
                setAsking(false);
                await signOut();
                toast({ message: ACCOUNT_DELETION.done, severity: 'success' });
                navigate('/');
              } catch (error) {
                setAsking(false);
                setFailure(error instanceof Error && error.message ? error.message : ACCOUNT_DELETION.failed);
              }
            }}
          >
            {({ isSubmitting }) => (
              <Form noValidate aria-label="Why are you leaving?">
                <DialogTitle id="delete-account-title">Why are you leaving?</DialogTitle>
                <DialogContent>
                  <Stack spacing={1} sx={{ pt: 1 }}>
                    <Typography color="text.secondary">
                      Tell us in a few words: it helps us make Photorater better.
                    </Typography>
                    <FormTextField
                      name="reason"
                      label="Reason"
                      multiline
                      minRows={3}
                      slotProps={{ htmlInput: { maxLength: DELETION_REASON_MAX } }}
                    />
                  </Stack>
                </DialogContent>
                <DialogActions>
                  <Button onClick={() => setAsking(false)}>Cancel</Button>
                  <Button type="submit" color="error" disabled={isSubmitting}>
                    Delete my account
                  </Button>
                </DialogActions>
              </Form>
            )}
          </Formik>
        </Dialog>
      )}
    </Paper>
  );
}
