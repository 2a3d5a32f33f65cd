/** The sign-in, sign-up and password-reset views, shown as pages or switched inside the dialog. */
export type AuthView = 'login' | 'register' | 'forgotPassword';

export interface AuthViewProps {
  /** Moves to another view: a route change on pages, a view change in the dialog. */
  onSwitch: (view: AuthView) => void;
}
