/** Maps authentication failures to the specification's messages and to the form field that shows them. */
export const AUTH_MESSAGES = {
  userNotFound: 'No account found with this email address.',
  wrongPassword: 'Incorrect password.',
  emailInUse: 'An account with this email already exists.',
  weakPassword: 'Password should be at least 6 characters.',
  invalidEmail: 'Invalid email address.',
  fallback: 'An error occurred during authentication.',
  /** Beyond the spec: an admin disabled the account (sign-in and every call say so). */
  accountDisabled: 'This account has been disabled. Contact us if you think this is a mistake.',
  registrationRecordFailed: 'Failed to complete registration. Please try again.',
  registrationFailed: 'Registration failed. Please try again.',
} as const;

const BY_CODE: Record<string, string> = {
  'auth/user-not-found': AUTH_MESSAGES.userNotFound,
  'auth/wrong-password': AUTH_MESSAGES.wrongPassword,
  'auth/invalid-credential': AUTH_MESSAGES.wrongPassword,
  'auth/invalid-login-credentials': AUTH_MESSAGES.wrongPassword,
  'auth/email-already-in-use': AUTH_MESSAGES.emailInUse,
  'auth/weak-password': AUTH_MESSAGES.weakPassword,
  'auth/invalid-email': AUTH_MESSAGES.invalidEmail,
  'auth/user-disabled': AUTH_MESSAGES.accountDisabled,
};

const SILENT_CODES = new Set([
  'auth/popup-closed-by-user',
  'auth/cancelled-popup-request',
  'auth/user-cancelled',
]);

interface CodedError {
  code?: unknown;
  message?: unknown;
}

/** The message for an authentication failure, or null when the member closed or cancelled a popup. */
export function authErrorMessage(error: unknown): string | null {
  const { code, message } = (typeof error === 'object' && error !== null ? error : {}) as CodedError;
  if (typeof code === 'string') {
    if (SILENT_CODES.has(code)) return null;
    const known = BY_CODE[code];
    if (known) return known;
  }
  if (typeof message === 'string' && message.trim()) return message.replace(/^Firebase:\s*/, '');
  return AUTH_MESSAGES.fallback;
}

/** Sign-up failures sit on the e-mail field when they are about the e-mail, else on the password field. */
export function signUpErrorField(message: string): 'email' | 'password' {
  return /e-?mail/i.test(message) ? 'email' : 'password';
}
