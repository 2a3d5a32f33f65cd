/** Authentication, the one SDK both backends share: e-mail and password, Google and Facebook popups, password reset. */
import {
  browserPopupRedirectResolver,
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  FacebookAuthProvider,
  GoogleAuthProvider,
  onAuthStateChanged,
  onIdTokenChanged,
  sendPasswordResetEmail,
  signInWithCredential,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut as firebaseSignOut,
  verifyPasswordResetCode,
  type User as FirebaseUser,
} from 'firebase/auth';
import { auth } from '@/data/firebase-auth';
import { emulatorProviderSubject } from '@/domain/emulator-accounts';
import { CATEGORY_DEFAULTS } from '@/domain/errors';
import { memberSignedIn, memberSignedOut, memberSigningOut } from './auth-analytics';
import { needAuth } from './auth-demand';

// Whatever loads Auth (a sign-in form on a visitor's device) needs the session to hear from it.
needAuth();

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
  return onAuthStateChanged(
    auth,
    (user) => {
      // The analytics side of the auth states (spec 2 section 4), with the state itself.
      if (user) memberSignedIn(user.uid, () => user.getIdToken());
      else memberSignedOut();
      onChange(user ? toMember(user) : null);
    },
    onError,
  );
}

/** Calls back with a fresh ID token whenever it changes (sign-in, refresh, sign-out). */
export function watchIdToken(onToken: (token: string | null) => void): Unsubscribe {
  return onIdTokenChanged(auth, (user) => {
    if (!user) onToken(null);
    else user.getIdToken().then(onToken, () => onToken(null));
  });
}

/**
 * The signed-in member's ID token, for the local server's upload endpoint and the admin's analytics
 * summary. Once Auth has answered: a screen may be drawn for the member it kept before then.
 */
export async function currentIdToken(): Promise<string> {
  await auth.authStateReady();
  const user = auth.currentUser;
  if (!user) throw new Error(CATEGORY_DEFAULTS.auth.message);
  return user.getIdToken();
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
  // The popup must open within the click, so nothing may be awaited before this call.
  return toMember((await signInWithPopup(auth, authProvider, browserPopupRedirectResolver)).user);
}

/**
 * Local backend only: signs in with Google or Facebook at the Auth emulator without a popup. The SDK's
 * popup needs Google's gapi script from the network, which the local backend must not depend on; the
 * emulator takes a credential made of plain JSON claims instead, and treats it as that provider's.
 */
export async function signInWithEmulatorAccount(
  provider: SocialProvider,
  account: { email: string; displayName: string },
): Promise<AuthMember> {
  const claims = JSON.stringify({
    sub: emulatorProviderSubject(provider, account.email),
    email: account.email.trim(),
    email_verified: true,
    name: account.displayName.trim(),
  });
  const credential =
    provider === 'google' ? GoogleAuthProvider.credential(claims) : FacebookAuthProvider.credential(claims);
  return toMember((await signInWithCredential(auth, credential)).user);
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
  memberSigningOut();
  await firebaseSignOut(auth);
}
