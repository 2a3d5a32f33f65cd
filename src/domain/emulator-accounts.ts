/**
 * The local backend's stand-in for Google and Facebook sign-in: the Auth emulator takes plain JSON
 * claims as the provider's credential, and keeps the account under the claims' subject, which this
 * makes from the e-mail. The server makes the same subject when it restores a lost account.
 */
export type EmulatorProvider = 'google' | 'facebook';

/** The Auth provider id of each. */
export const EMULATOR_PROVIDER_IDS: Record<EmulatorProvider, string> = {
  google: 'google.com',
  facebook: 'facebook.com',
};

export const emulatorProviderSubject = (provider: EmulatorProvider, email: string): string =>
  `${provider}-${email.trim().toLowerCase()}`;
