/** Authentication, the one SDK both backends share: e-mail and password, Google and Facebook popups, password reset. */
import {
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  FacebookAuthProvider,
  GoogleAuthProvider,
  onAuthStateChanged,
  onIdTokenChanged,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut as firebaseSignOut,
  verifyPasswordResetCode,
  type User as FirebaseUser,
} from 'firebase/auth';
import { auth } from '@/lib/firebase';

/** Who is signed in, as far as authentication knows; the member's record is separate. */
export interface AuthMember {
  uid: string;
  email: string | null;
}

export type Unsubscribe = () => void;

const toMember = (user: FirebaseUser): AuthMember => ({ uid: user.uid, email: user.email });

export function watchAuth(
  onChange: (member: AuthMember | null) => void,
  onError: (error: Error) => void,
): Unsubscribe {
  return onAuthStateChanged(auth, (user) => onChange(user ? toMember(user) : null), onError);
}

/** Calls back with a fresh ID token whenever it changes (sign-in, refresh, sign-out). */
export function watchIdToken(onToken: (token: string | null) => void): Unsubscribe {
  return onIdTokenChanged(auth, (user) => {
    if (!user) onToken(null);
    else user.getIdToken().then(onToken, () => onToken(null));
  });
}

export async function signInWithEmail(email: string, password: string): Promise<AuthMember> {
  return toMember((await signInWithEmailAndPassword(auth, email.trim(), password)).user);
}

export async function signUpWithEmail(email: string, password: string): Promise<AuthMember> {
  return toMember((await createUserWithEmailAndPassword(auth, email.trim(), password)).user);
}

export type SocialProvider = 'google' | 'facebook';

export async function signInWithProvider(provider: SocialProvider): Promise<AuthMember> {
  const authProvider = provider === 'google' ? new GoogleAuthProvider() : new FacebookAuthProvider();
  const { browserPopupRedirectResolver } = await import('./popup-resolver');
  return toMember((await signInWithPopup(auth, authProvider, browserPopupRedirectResolver)).user);
}

export async function requestPasswordReset(email: string): Promise<void> {
  await sendPasswordResetEmail(auth, email.trim());
}

/** Resolves to the e-mail the reset code belongs to; rejects when the code is invalid or used. */
export function checkPasswordResetCode(code: string): Promise<string> {
  return verifyPasswordResetCode(auth, code);
}

export async function resetPassword(code: string, password: string): Promise<void> {
  await confirmPasswordReset(auth, code, password);
}

export async function signOut(): Promise<void> {
  await firebaseSignOut(auth);
}
