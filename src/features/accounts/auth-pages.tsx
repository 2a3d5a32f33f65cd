/** /login, /register, /forgotPassword and /resetPassword as pages; each sends a signed-in member on. */
import { Container, Paper } from '@mui/material';
import type { ReactNode } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { PageMeta } from '@/components/page-meta';
import { paths, safeOrigin } from '@/config/paths';
import { useSession } from '@/data/session';
import type { AuthView } from './auth-views';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { ResetPasswordForm } from './reset-password-form';

const VIEW_PATHS: Record<AuthView, string> = {
  login: paths.login,
  register: paths.register,
  forgotPassword: paths.forgotPassword,
};

function AuthPage({ children }: { children: ReactNode }) {
  const { member } = useSession();
  const [params] = useSearchParams();
  if (member) return <Navigate to={safeOrigin(params.get('origin')) ?? paths.home} replace />;
  return (
    <Container maxWidth="xs" sx={{ py: 4 }}>
      <Paper sx={{ p: 3 }}>{children}</Paper>
    </Container>
  );
}

/** Switching views keeps the origin the visitor came for. */
function useSwitchView() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (view: AuthView) => {
    const origin = safeOrigin(params.get('origin'));
    navigate(origin ? `${VIEW_PATHS[view]}?origin=${encodeURIComponent(origin)}` : VIEW_PATHS[view]);
  };
}

export function LoginPage() {
  const onSwitch = useSwitchView();
  return (
    <AuthPage>
      <PageMeta title="Sign in" description="Sign in to get honest feedback on your photos." />
      <LoginForm onSwitch={onSwitch} />
    </AuthPage>
  );
}

export function RegisterPage() {
  const onSwitch = useSwitchView();
  return (
    <AuthPage>
      <PageMeta title="Sign up" description="Create your account and find your best photo." />
      <RegisterForm onSwitch={onSwitch} />
    </AuthPage>
  );
}

export function ForgotPasswordPage() {
  const onSwitch = useSwitchView();
  return (
    <AuthPage>
      <PageMeta
        title="Forgot password"
        description="Get a link to reset your password."
        robots="noindex, follow"
      />
      <ForgotPasswordForm onSwitch={onSwitch} />
    </AuthPage>
  );
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <AuthPage>
      <PageMeta title="Reset password" description="Choose a new password." robots="noindex, nofollow" />
      <ResetPasswordForm
        oobCode={params.get('oobCode')}
        onDone={() => navigate(paths.login, { replace: true })}
        onRequestNewLink={() => navigate(paths.forgotPassword)}
      />
    </AuthPage>
  );
}
