/**
 * The lower half of the profile dashboard: the edit-profile form, the activity notes, the blocked
 * members and deleting the account. Its own module, loaded once the upper half has painted (see `ProfilePage`), so the
 * form's code and its first render do not lengthen the page's first task.
 */
import { Button, Grid, Paper, Stack, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import { ProfileFields } from '@/components/profile-fields';
import { useToast } from '@/components/toast';
import { CallError, call } from '@/data/callables';
import type { profileSchema, ProfileValues } from '@/domain/schemas';
import type { User } from '@/domain/user';
import { openFeedback } from '@/lib/feedback';
import { schemaOnDemand } from '@/lib/schema-on-demand';
import { BlockedMembers } from './blocked-members';
import { DeleteAccountSection } from './delete-account-section';
import { profileValues } from './profile-values';

export const PROFILE_SAVED_MS = 2000;

const profileCheck = schemaOnDemand<ProfileValues, typeof profileSchema>(() =>
  import('@/domain/schemas').then((module) => module.profileSchema),
);

export function ProfileSettings({ user }: { user: User }) {
  const toast = useToast();
  const streak = user.loginStreak ?? 0;
  const saveProfile = async (values: ProfileValues) =>
    call('completeProfile', (await profileCheck.load()).cast(values));
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Paper sx={{ p: 3 }} component="section" aria-label="Edit profile">
          <Typography variant="h6" component="h2" gutterBottom>
            Edit profile
          </Typography>
          <Formik
            initialValues={profileValues(user)}
            enableReinitialize
            validate={profileCheck.validate}
            onSubmit={async (values, { setStatus, setFieldError }) => {
              setStatus(undefined);
              try {
                await saveProfile(values);
                toast({
                  message: 'Profile has been saved!',
                  severity: 'success',
                  duration: PROFILE_SAVED_MS,
                });
              } catch (error) {
                if (error instanceof CallError && Object.keys(error.fields).length) {
                  for (const [field, message] of Object.entries(error.fields)) setFieldError(field, message);
                } else setStatus(error instanceof Error ? error.message : String(error));
              }
            }}
          >
            {({ isSubmitting, status }) => (
              <Form noValidate aria-label="Edit profile">
                <Stack spacing={2}>
                  <ProfileFields />
                  {status && (
                    <Typography role="alert" color="error">
                      {status}
                    </Typography>
                  )}
                  <Button type="submit" variant="contained" disabled={isSubmitting}>
                    Save
                  </Button>
                </Stack>
              </Form>
            )}
          </Formik>
        </Paper>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Paper sx={{ p: 3 }} component="section" aria-label="Your activity">
          <Typography variant="h6" component="h2" gutterBottom>
            Your activity
          </Typography>
          <Typography>
            {streak > 0
              ? `You have come back ${streak} day${streak === 1 ? '' : 's'} in a row. Every day earns 5 tokens.`
              : 'Come back every day: each day of your streak earns 5 tokens.'}
          </Typography>
          <Typography sx={{ mt: 1 }}>
            Every 5th rating you give earns a token.
            {user.subscribed ? '' : ' Each vote your photos receive costs one.'}
          </Typography>
          <Button sx={{ mt: 2 }} variant="outlined" onClick={openFeedback}>
            {user.feedback ? 'Send more feedback' : 'Send feedback'}
          </Button>
        </Paper>
        <BlockedMembers blocks={user.blockList ?? []} />
        <DeleteAccountSection />
      </Grid>
    </Grid>
  );
}
