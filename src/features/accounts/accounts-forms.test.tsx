import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { ResetPasswordForm } from './reset-password-form';

const auth = vi.hoisted(() => ({
  signInWithEmail: vi.fn(),
  signUpWithEmail: vi.fn(),
  signInWithProvider: vi.fn(),
  signInWithEmulatorAccount: vi.fn(),
  requestPasswordReset: vi.fn(),
  checkPasswordResetCode: vi.fn(),
  resetPassword: vi.fn(),
}));
vi.mock('@/data/auth', () => auth);
const config = vi.hoisted(() => ({ env: { backend: 'firebase' } }));
vi.mock('@/config/env', () => config);
const session = vi.hoisted(() => ({ ensureMemberRecord: vi.fn() }));
vi.mock('@/data/session', async (original) => ({ ...(await original<object>()), ...session }));

beforeEach(() => {
  vi.clearAllMocks();
  config.env.backend = 'firebase';
});

const onSwitch = vi.fn();

describe('LoginForm', () => {
  it('requires e-mail and password and sends nothing', async () => {
    const { user } = renderApp(<LoginForm onSwitch={onSwitch} />);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(auth.signInWithEmail).not.toHaveBeenCalled();
  });

  it('shows a failed sign-in under the e-mail field', async () => {
    auth.signInWithEmail.mockRejectedValue({
      code: 'auth/wrong-password',
      message: 'Firebase: Error (auth/wrong-password).',
    });
    const { user } = renderApp(<LoginForm onSwitch={onSwitch} />);
    await user.type(screen.getByLabelText('Email'), 'alice@example.com');
    await user.type(screen.getByLabelText('Password'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAccessibleDescription('Incorrect password.'));
    expect(auth.signInWithEmail).toHaveBeenCalledWith('alice@example.com', 'nope');
  });

  it('says nothing when the Google popup is closed', async () => {
    auth.signInWithProvider.mockRejectedValue({ code: 'auth/popup-closed-by-user' });
    const { user } = renderApp(<LoginForm onSwitch={onSwitch} />);
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(auth.signInWithProvider).toHaveBeenCalledWith('google');
    expect(screen.getByLabelText('Email')).not.toHaveAccessibleDescription(/./);
  });

  it('in local mode asks the Auth emulator for a provider account instead of opening a popup', async () => {
    config.env.backend = 'local';
    auth.signInWithEmulatorAccount.mockResolvedValue({ uid: 'g1', email: 'grace@example.com' });
    const { user } = renderApp(<LoginForm onSwitch={onSwitch} />);
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    const chooser = await screen.findByRole('dialog', { name: 'Sign in with Google.com' });
    await user.click(within(chooser).getByRole('button', { name: 'Sign in with Google.com' }));
    expect(await within(chooser).findByText('Email is required')).toBeInTheDocument();
    await user.type(within(chooser).getByLabelText('Email'), 'grace@example.com');
    await user.type(within(chooser).getByLabelText('Display name'), 'Grace');
    await user.click(within(chooser).getByRole('button', { name: 'Sign in with Google.com' }));
    await waitFor(() =>
      expect(auth.signInWithEmulatorAccount).toHaveBeenCalledWith('google', {
        email: 'grace@example.com',
        displayName: 'Grace',
      }),
    );
    expect(auth.signInWithProvider).not.toHaveBeenCalled();
  });

  it('links to forgot password and sign up', async () => {
    const { user } = renderApp(<LoginForm onSwitch={onSwitch} />);
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.click(screen.getByRole('button', { name: /Sign up/ }));
    expect(onSwitch.mock.calls).toEqual([['forgotPassword'], ['register']]);
  });
});

describe('RegisterForm', () => {
  it('wants a password of at least 8 characters', async () => {
    const { user } = renderApp(<RegisterForm onSwitch={onSwitch} />);
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(auth.signUpWithEmail).not.toHaveBeenCalled();
  });

  it('puts an e-mail failure on the e-mail field', async () => {
    auth.signUpWithEmail.mockRejectedValue({ code: 'auth/email-already-in-use' });
    const { user } = renderApp(<RegisterForm onSwitch={onSwitch} />);
    await user.type(screen.getByLabelText('Email'), 'taken@example.com');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
        'An account with this email already exists.',
      ),
    );
  });

  it('says when the record could not be saved', async () => {
    auth.signUpWithEmail.mockResolvedValue({ uid: 'u1', email: 'new@example.com' });
    session.ensureMemberRecord.mockRejectedValue(new Error('unavailable'));
    const { user } = renderApp(<RegisterForm onSwitch={onSwitch} />);
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
        'Failed to complete registration. Please try again.',
      ),
    );
    expect(session.ensureMemberRecord).toHaveBeenCalledWith('u1');
  });
});

describe('ForgotPasswordForm', () => {
  it('toasts when the link is sent and shows failures on the e-mail field', async () => {
    auth.requestPasswordReset.mockResolvedValueOnce(undefined);
    const { user } = renderApp(<ForgotPasswordForm onSwitch={onSwitch} />);
    await user.type(screen.getByLabelText('Email'), 'alice@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Password reset link has been sent to your email')).toBeInTheDocument();

    auth.requestPasswordReset.mockRejectedValueOnce({ code: 'auth/user-not-found' });
    await user.type(screen.getByLabelText('Email'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
        'No account found with this email address.',
      ),
    );
  });
});

describe('ResetPasswordForm', () => {
  it('checks the code, wants matching passwords, resets and moves on', async () => {
    auth.checkPasswordResetCode.mockResolvedValue('alice@example.com');
    auth.resetPassword.mockResolvedValue(undefined);
    const onDone = vi.fn();
    const { user } = renderApp(
      <ResetPasswordForm oobCode="code-1" onDone={onDone} onRequestNewLink={vi.fn()} />,
    );
    expect(await screen.findByText('for alice@example.com')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'new password');
    await user.type(screen.getByLabelText('Confirm password'), 'other password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'new password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(auth.resetPassword).toHaveBeenCalledWith('code-1', 'new password');
    expect(screen.getByText('Your password was reset successfully!')).toBeInTheDocument();
  });

  it('puts the service failure on the password field', async () => {
    auth.checkPasswordResetCode.mockResolvedValue('alice@example.com');
    auth.resetPassword.mockRejectedValue({ code: 'auth/weak-password' });
    const { user } = renderApp(
      <ResetPasswordForm oobCode="code-1" onDone={vi.fn()} onRequestNewLink={vi.fn()} />,
    );
    await screen.findByText('for alice@example.com');
    await user.type(screen.getByLabelText('New password'), 'abc');
    await user.type(screen.getByLabelText('Confirm password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
        'Password should be at least 6 characters.',
      ),
    );
  });

  it('says when the link is invalid', async () => {
    auth.checkPasswordResetCode.mockRejectedValue({ code: 'auth/invalid-action-code' });
    renderApp(<ResetPasswordForm oobCode="bad" onDone={vi.fn()} onRequestNewLink={vi.fn()} />);
    expect(
      await screen.findByText(
        'This password reset link is invalid or has expired. Please request a new one.',
      ),
    ).toBeInTheDocument();
  });
});
