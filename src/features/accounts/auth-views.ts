/** The sign-in, sign-up and password-reset views, shown as pages or switched inside the dialog. */
export type AuthView = 'login' | 'register' | 'forgotPassword';

export interface AuthViewProps {
  /** Moves to another view: a route change on pages, a view change in the dialog. */
  onSwitch: (view: AuthView) => void;
}

/** Each view's heading, which also names the dialog showing it. */
export const AUTH_VIEW_TITLES: Record<AuthView, string> = {
  login: 'Sign in',
  register: 'Create your account',
  forgotPassword: 'Forgot password',
};
