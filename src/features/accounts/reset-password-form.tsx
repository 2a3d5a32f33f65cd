/** The reset link's page: the code is checked on load; a bad one says so and offers a new link. */
import { Alert, Button, Link, Stack, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import { useEffect, useState } from 'react';
import { useToast } from '@/components/toast';
import { checkPasswordResetCode, resetPassword } from '@/data/auth';
import { authErrorMessage } from '@/domain/auth-errors';
import { resetPasswordSchema, type ResetPasswordValues } from '@/domain/schemas';
import { FormTextField } from '@/components/form-fields';

export const PASSWORD_RESET_DONE = 'Your password was reset successfully!';
export const RESET_LINK_INVALID =
  'This password reset link is invalid or has expired. Please request a new one.';

const initialValues: ResetPasswordValues = { password: '', confirmPassword: '' };

interface Props {
  oobCode: string | null;
  onDone: () => void;
  onRequestNewLink: () => void;
}

export function ResetPasswordForm({ oobCode, onDone, onRequestNewLink }: Props) {
  const toast = useToast();
  const [state, setState] = useState<'checking' | 'valid' | 'invalid'>(oobCode ? 'checking' : 'invalid');
  const [email, setEmail] = useState('');

  useEffect(() => {
    if (!oobCode) return;
    let active = true;
    checkPasswordResetCode(oobCode).then(
      (forEmail) => {
        if (!active) return;
        setEmail(forEmail);
        setState('valid');
      },
      () => active && setState('invalid'),
    );
    return () => {
      active = false;
    };
  }, [oobCode]);

  if (state === 'invalid') {
    return (
      <Stack spacing={2}>
        <Typography variant="h5" component="h1">
          Reset password
        </Typography>
        <Alert severity="error">{RESET_LINK_INVALID}</Alert>
        <Link component="button" type="button" onClick={onRequestNewLink}>
          Send me a new link
        </Link>
      </Stack>
    );
  }

  return (
    <Formik
      initialValues={initialValues}
      validationSchema={resetPasswordSchema}
      onSubmit={async (values, { setFieldError }) => {
        try {
          await resetPassword(oobCode ?? '', values.password);
          toast({ message: PASSWORD_RESET_DONE, severity: 'success', duration: 5000 });
          onDone();
        } catch (error) {
          setFieldError('password', authErrorMessage(error) ?? undefined);
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Reset password">
          <Stack spacing={2}>
            <Typography variant="h5" component="h1">
              Reset password
            </Typography>
            {email && <Typography color="text.secondary">for {email}</Typography>}
            <FormTextField name="password" label="New password" type="password" autoComplete="new-password" />
            <FormTextField
              name="confirmPassword"
              label="Confirm password"
              type="password"
              autoComplete="new-password"
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={isSubmitting || state === 'checking'}
            >
              Reset password
            </Button>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
