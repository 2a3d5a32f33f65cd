import { Button, Link, Stack, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import { useToast } from '@/components/toast';
import { requestPasswordReset } from '@/data/auth';
import { authErrorMessage } from '@/domain/auth-errors';
import { forgotPasswordSchema, type ForgotPasswordValues } from '@/domain/schemas';
import { AUTH_VIEW_TITLES, type AuthViewProps } from './auth-views';
import { FormTextField } from '@/components/form-fields';

export const RESET_LINK_SENT = 'Password reset link has been sent to your email';

const initialValues: ForgotPasswordValues = { email: '' };

export function ForgotPasswordForm({ onSwitch }: AuthViewProps) {
  const toast = useToast();
  return (
    <Formik
      initialValues={initialValues}
      validationSchema={forgotPasswordSchema}
      onSubmit={async (values, { setFieldError, resetForm }) => {
        try {
          await requestPasswordReset(values.email);
          resetForm();
          toast({ message: RESET_LINK_SENT, severity: 'success', duration: 5000 });
        } catch (error) {
          setFieldError('email', authErrorMessage(error) ?? undefined);
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Forgot password">
          <Stack spacing={2}>
            <Typography variant="h5" component="h1">
              {AUTH_VIEW_TITLES.forgotPassword}
            </Typography>
            <Typography color="text.secondary">
              Enter your e-mail and we will send you a link to reset your password.
            </Typography>
            <FormTextField name="email" label="Email" type="email" autoComplete="email" />
            <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
              Send reset link
            </Button>
            <Link component="button" type="button" onClick={() => onSwitch('login')}>
              Back to sign in
            </Link>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
