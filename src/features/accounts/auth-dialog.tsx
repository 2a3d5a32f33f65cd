/** The same sign-in, sign-up and forgot-password views in a modal dialog; it closes once signed in. */
import CloseIcon from '@mui/icons-material/Close';
import { Dialog, DialogContent, IconButton } from '@mui/material';
import { useEffect } from 'react';
import { useSession } from '@/data/session';
import { AUTH_VIEW_TITLES, type AuthView } from './auth-views';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

interface Props {
  view: AuthView | null;
  onViewChange: (view: AuthView | null) => void;
}

export function AuthDialog({ view, onViewChange }: Props) {
  const { member } = useSession();
  useEffect(() => {
    if (member && view) onViewChange(null);
  }, [member, view, onViewChange]);
  return (
    <Dialog
      open={view !== null && !member}
      onClose={() => onViewChange(null)}
      fullWidth
      maxWidth="xs"
      slotProps={{ paper: { 'aria-label': view ? AUTH_VIEW_TITLES[view] : undefined } }}
    >
      <IconButton
        aria-label="Close"
        onClick={() => onViewChange(null)}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent sx={{ pt: 5 }}>
        {view === 'login' && <LoginForm onSwitch={onViewChange} />}
        {view === 'register' && <RegisterForm onSwitch={onViewChange} />}
        {view === 'forgotPassword' && <ForgotPasswordForm onSwitch={onViewChange} />}
      </DialogContent>
    </Dialog>
  );
}
