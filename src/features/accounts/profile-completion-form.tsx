/** Shown instead of any page until the member's profile is complete (spec 1, sections 2 and 5). */
import { Button, Container, Paper, Stack, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import { PageMeta } from '@/components/page-meta';
import { CallError, call } from '@/data/callables';
import { DEFAULT_AGE } from '@/domain/constants';
import { profileSchema, type ProfileValues } from '@/domain/schemas';
import type { Gender, User } from '@/domain/user';
import { FormTextField } from '@/components/form-fields';
import { ProfileFields } from '@/components/profile-fields';

/** Gender starts unchosen: a preset answer would be sent by whoever skims past it. */
type CompletionValues = Omit<ProfileValues, 'gender'> & { gender: Gender | '' };

/** What the form says it asks: the photos the member rates here, who rates theirs with each photo. */
export const PROFILE_COMPLETION_INTRO =
  'Voters see your age and gender, never your name. Choose whose photos you rate; who rates yours you choose with each photo you post.';

export function ProfileCompletionForm({ user }: { user: User }) {
  const initialValues: CompletionValues = {
    displayName: user.displayName,
    age: user.age ?? DEFAULT_AGE,
    gender: user.gender ?? '',
    showGender: user.showGender ?? 'both',
  };
  return (
    <Container maxWidth="sm" sx={{ py: 4 }}>
      <PageMeta
        title="Complete your profile"
        description="Tell us a little about you."
        robots="noindex, nofollow"
      />
      <Paper sx={{ p: 3 }}>
        <Formik<CompletionValues>
          initialValues={initialValues}
          validationSchema={profileSchema}
          onSubmit={async (values, { setFieldError, setStatus }) => {
            setStatus(undefined);
            try {
              await call('completeProfile', profileSchema.cast(values));
            } catch (error) {
              if (error instanceof CallError && Object.keys(error.fields).length) {
                for (const [field, message] of Object.entries(error.fields)) setFieldError(field, message);
              } else {
                setStatus(error instanceof Error ? error.message : String(error));
              }
            }
          }}
        >
          {({ isSubmitting, status }) => (
            <Form noValidate aria-label="Complete your profile">
              <Stack spacing={2}>
                <Typography variant="h5" component="h1">
                  Complete your profile
                </Typography>
                <Typography color="text.secondary">{PROFILE_COMPLETION_INTRO}</Typography>
                <FormTextField name="displayName" label="Name" autoComplete="nickname" />
                <ProfileFields />
                {status && (
                  <Typography role="alert" color="error">
                    {status}
                  </Typography>
                )}
                <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
                  Continue
                </Button>
              </Stack>
            </Form>
          )}
        </Formik>
      </Paper>
    </Container>
  );
}
