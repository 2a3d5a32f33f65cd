import { Box, Button, Divider, Link, Stack, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import { signInWithEmail } from '@/data/auth';
import { authErrorMessage } from '@/domain/auth-errors';
import { signInSchema, type SignInValues } from '@/domain/schemas';
import { AUTH_VIEW_TITLES, type AuthViewProps } from './auth-views';
import { FormTextField } from '@/components/form-fields';
import { SocialButtons } from './social-buttons';

const initialValues: SignInValues = { email: '', password: '' };

export function LoginForm({ onSwitch }: AuthViewProps) {
  return (
    <Formik
      initialValues={initialValues}
      validationSchema={signInSchema}
      onSubmit={async (values, { setFieldError }) => {
        try {
          await signInWithEmail(values.email, values.password);
        } catch (error) {
          // Sign-in failures sit under the e-mail field.
          setFieldError('email', authErrorMessage(error) ?? undefined);
        }
      }}
    >
      {({ isSubmitting, setFieldError, setFieldTouched }) => (
        <Form noValidate aria-label="Sign in">
          <Stack spacing={2}>
            <Typography variant="h5" component="h1">
              {AUTH_VIEW_TITLES.login}
            </Typography>
            <SocialButtons
              onError={(message) => {
                void setFieldTouched('email', true, false);
                setFieldError('email', message);
              }}
            />
            <Divider>or</Divider>
            <FormTextField name="email" label="Email" type="email" autoComplete="email" />
            <FormTextField name="password" label="Password" type="password" autoComplete="current-password" />
            <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
              Sign in
            </Button>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
              <Link component="button" type="button" onClick={() => onSwitch('forgotPassword')}>
                Forgot password?
              </Link>
              <Link component="button" type="button" onClick={() => onSwitch('register')}>
                Don&apos;t have an account? Sign up
              </Link>
            </Box>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
