import { describe, expect, it } from 'vitest';
import { authErrorMessage, signUpErrorField } from './auth-errors';

describe('authentication messages', () => {
  it.each([
    ['auth/user-not-found', 'No account found with this email address.'],
    ['auth/wrong-password', 'Incorrect password.'],
    ['auth/email-already-in-use', 'An account with this email already exists.'],
    ['auth/weak-password', 'Password should be at least 6 characters.'],
    ['auth/invalid-email', 'Invalid email address.'],
    ['auth/user-disabled', 'This account has been disabled. Contact us if you think this is a mistake.'],
  ])('%s says %s', (code, message) => {
    expect(authErrorMessage({ code, message: 'Firebase: Error' })).toBe(message);
  });

  it('says nothing when the popup was closed or cancelled', () => {
    expect(authErrorMessage({ code: 'auth/popup-closed-by-user' })).toBeNull();
    expect(authErrorMessage({ code: 'auth/cancelled-popup-request' })).toBeNull();
  });

  it("falls back to the provider's message, then to the generic one", () => {
    expect(
      authErrorMessage({ code: 'auth/too-many-requests', message: 'Firebase: Too many attempts.' }),
    ).toBe('Too many attempts.');
    expect(authErrorMessage({})).toBe('An error occurred during authentication.');
    expect(authErrorMessage('weird')).toBe('An error occurred during authentication.');
  });

  it('puts sign-up failures about the e-mail on the e-mail field', () => {
    expect(signUpErrorField('An account with this email already exists.')).toBe('email');
    expect(signUpErrorField('Invalid email address.')).toBe('email');
    expect(signUpErrorField('Password should be at least 6 characters.')).toBe('password');
  });
});
