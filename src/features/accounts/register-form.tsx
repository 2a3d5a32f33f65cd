import { Button, Divider, Link, Stack, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import { signUpWithEmail } from '@/data/auth';
import { ensureMemberRecord } from '@/data/session';
import { AUTH_MESSAGES, authErrorMessage, signUpErrorField } from '@/domain/auth-errors';
import { signUpSchema, type SignUpValues } from '@/domain/schemas';
import { AUTH_VIEW_TITLES, type AuthViewProps } from './auth-views';
import { FormTextField } from '@/components/form-fields';
import { SocialButtons } from './social-buttons';

const initialValues: SignUpValues = { email: '', password: '' };

export function RegisterForm({ onSwitch }: AuthViewProps) {
  return (
    <Formik
      initialValues={initialValues}
      validationSchema={signUpSchema}
      onSubmit={async (values, { setFieldError }) => {
        let uid: string;
        try {
          uid = (await signUpWithEmail(values.email, values.password)).uid;
        } catch (error) {
          const found = authErrorMessage(error);
          if (found === null) return;
          const message = found === AUTH_MESSAGES.fallback ? AUTH_MESSAGES.registrationFailed : found;
          setFieldError(signUpErrorField(message), message);
          return;
        }
        try {
          await ensureMemberRecord(uid);
        } catch {
          setFieldError('password', AUTH_MESSAGES.registrationRecordFailed);
        }
      }}
    >
      {({ isSubmitting, setFieldError, setFieldTouched }) => (
        <Form noValidate aria-label="Sign up">
          <Stack spacing={2}>
            <Typography variant="h5" component="h1">
              {AUTH_VIEW_TITLES.register}
            </Typography>
            <SocialButtons
              onError={(message) => {
                const field = signUpErrorField(message);
                void setFieldTouched(field, true, false);
                setFieldError(field, message);
              }}
            />
            <Divider>or</Divider>
            <FormTextField name="email" label="Email" type="email" autoComplete="email" />
            <FormTextField name="password" label="Password" type="password" autoComplete="new-password" />
            <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
              Create Account
            </Button>
            <Link component="button" type="button" onClick={() => onSwitch('login')}>
              Already have an account? Sign in
            </Link>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
