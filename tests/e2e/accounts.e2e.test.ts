/** Accounts journeys: register, complete the profile, sign out and in, passwords, guards and the 404. */
import { describe, expect, it } from 'vitest';
import type { Presence, User } from '../../src/domain/user';
import { browserForFile } from './support/browser';
import {
  Member,
  appUrl,
  eventually,
  passwordResetCode,
  readDocument,
  readUserByEmail,
} from './support/member';

const browser = browserForFile();

describe('a new member', () => {
  it('registers, completes the profile, sees My Photos, signs out and signs in again', async () => {
    const member = await Member.open(browser());
    const { page } = member;
    await member.register();

    const created = await eventually(
      () => readUserByEmail<User>(member.email),
      (user) => user !== undefined,
    );
    expect(created).toMatchObject({ complete: false, onBoarding: false, points: 2 });
    expect(created?.displayName).toMatch(/^Guest /);

    await member.completeProfile({ name: 'Alex Morgan', age: 27, gender: 'Female', showMe: 'Men' });
    await page.getByRole('dialog').getByText('Welcome!').waitFor();
    await member.finishOnboarding();
    await page.getByRole('heading', { name: 'My Photos' }).waitFor();

    const completed = readUserByEmail<User>(member.email);
    expect(completed).toMatchObject({
      displayName: 'Alex Morgan',
      age: 27,
      gender: 'female',
      showGender: 'male',
      complete: true,
      onBoarding: true,
      birthyear: new Date().getUTCFullYear() - 27,
    });
    await page.getByRole('navigation', { name: 'Tabs' }).getByText('Leaderboard').waitFor();

    await member.signOut();
    await member.signIn();
    await page.getByRole('heading', { name: 'My Photos' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await member.close();
  });

  it('is online while the app is open and offline once it is closed', async () => {
    const member = await Member.open(browser());
    await member.register();
    const uid = (await eventually(
      () => readUserByEmail<User>(member.email),
      (user) => user !== undefined,
    ))!.uid;
    await eventually(
      () => readDocument<Presence>(`status/${uid}`),
      (presence) => presence?.state === 'online',
    );
    await member.close();
    const offline = await eventually(
      () => readDocument<Presence>(`status/${uid}`),
      (presence) => presence?.state === 'offline',
    );
    expect(offline?.lastChanged).toBeInstanceOf(Date);
    expect(readDocument<User>(`users/${uid}`)?.status).toBe('offline');
  });
});

describe('sign-in and sign-up errors', () => {
  it('shows the authentication messages on the e-mail field', async () => {
    const existing = await Member.open(browser());
    await existing.register();
    await existing.close();

    const member = await Member.open(browser(), existing.email);
    const { page } = member;
    await member.signIn('wrong password');
    await page.getByText('Incorrect password.').waitFor();

    await member.fillCredentials('nobody-here@example.com', 'whatever1');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('No account found with this email address.').waitFor();

    await member.visit('/register');
    await member.fillCredentials(existing.email, 'long enough 1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('An account with this email already exists.').waitFor();
    await member.close();
  });

  it('validates every form with the specification messages', async () => {
    const member = await Member.open(browser());
    const { page } = member;

    await member.visit('/login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByText('Password is required').waitFor();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Email').blur();
    await page.getByText('Must be a valid email').waitFor();

    await member.visit('/register');
    await member.fillCredentials('someone@example.com', 'short');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Password must be at least 8 characters').waitFor();

    await member.visit('/forgotPassword');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Email is required').waitFor();

    await member.register();
    const form = page.getByRole('form', { name: 'Complete your profile' });
    await form.getByLabel('Name').fill('');
    await form.getByLabel('Age').fill('15');
    await form.getByRole('button', { name: 'Continue' }).click();
    await form.getByText('Name is required').waitFor();
    await form.getByText('You must be at least 16 years old').waitFor();
    await form.getByLabel('Age').fill('');
    await form.getByLabel('Age').blur();
    await form.getByText('Age is required').waitFor();
    expect(readUserByEmail<User>(member.email)?.complete).toBe(false);
    await member.close();
  });
});

describe('password reset', () => {
  it('sends a reset link, takes a new password through the code, and signs in with it', async () => {
    const account = await Member.open(browser());
    await account.register();
    await account.close();

    const member = await Member.open(browser(), account.email);
    const { page } = member;
    await member.visit('/forgotPassword');
    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Password reset link has been sent to your email').waitFor();

    const code = await passwordResetCode(member.email);
    await member.visit(`/resetPassword?oobCode=${code}`);
    await page.getByText(`for ${member.email}`).waitFor();
    await page.getByLabel('New password').fill('a brand new one');
    await page.getByLabel('Confirm password').fill('a different one');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText("Passwords don't match").waitFor();
    await page.getByLabel('Confirm password').fill('a brand new one');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Your password was reset successfully!').waitFor();
    await page.waitForURL(`${appUrl()}/login`);

    await member.signIn('a brand new one');
    await page.getByRole('heading', { name: 'Complete your profile' }).waitFor();
    await member.close();
  });

  it('says when the reset link is not valid', async () => {
    const member = await Member.open(browser());
    await member.visit('/resetPassword?oobCode=not-a-real-code');
    await member.page
      .getByText('This password reset link is invalid or has expired. Please request a new one.')
      .waitFor();
    await member.close();
  });
});

describe('routes', () => {
  it('sends a visitor from a guarded page to / and back there after sign-in', async () => {
    const account = await Member.open(browser());
    await account.register();
    await account.completeProfile();
    await account.finishOnboarding();
    await account.close();

    const member = await Member.open(browser(), account.email);
    const { page } = member;
    await member.visit('/photos');
    await page.waitForURL(`${appUrl()}/?origin=%2Fphotos`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(member.email);
    await dialog.getByLabel('Password', { exact: true }).fill(member.password);
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${appUrl()}/photos`);
    await page.getByRole('heading', { name: 'My Photos' }).waitFor();
    await member.close();
  });

  it('shows the 404 page for unknown paths and sends /__cypress/ paths home', async () => {
    const member = await Member.open(browser());
    const { page } = member;
    await member.visit('/no/such/page');
    await page.waitForURL(`${appUrl()}/404`);
    await page.getByText('Oops, the page you are looking for does not exist.').waitFor();
    await member.visit('/__cypress/runner');
    await page.waitForURL(`${appUrl()}/`);
    await page.getByRole('button', { name: 'Get started' }).waitFor();
    await member.close();
  });

  it('removes tracking parameters from the address and keeps the referrer for sign-up', async () => {
    const member = await Member.open(browser());
    const { page } = member;
    await member.visit('/?utm_source=news&referrer=friend123&gclid=x');
    await page.waitForURL(`${appUrl()}/?referrer=friend123`);
    await page.getByRole('button', { name: 'Get started' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(member.email);
    await dialog.getByLabel('Password', { exact: true }).fill(member.password);
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    const user = await eventually(
      () => readUserByEmail<User>(member.email),
      (found) => found !== undefined,
    );
    expect(user?.referrerId).toBe('friend123');
    await member.close();
  });
});

describe('social sign-in', () => {
  it('signs in with Google at the Auth emulator and creates the record with the provider name', async () => {
    const member = await Member.open(browser());
    const { page } = member;
    await member.visit('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const chooser = page.getByRole('dialog', { name: 'Sign in with Google.com' });
    await chooser.getByLabel('Email').fill(member.email);
    await chooser.getByLabel('Display name').fill('Grace Google');
    await chooser.getByRole('button', { name: 'Sign in with Google.com' }).click();
    await page.getByRole('heading', { name: 'Complete your profile' }).waitFor();
    const user = await eventually(
      () => readUserByEmail<User>(member.email),
      (found) => found !== undefined,
    );
    expect(user).toMatchObject({ displayName: 'Grace Google', providers: ['google.com'], complete: false });
    await member.signOut();

    await member.visit('/register');
    await page.getByRole('button', { name: 'Continue with Facebook' }).click();
    const again = page.getByRole('dialog', { name: 'Sign in with Facebook.com' });
    await again.getByLabel('Email').fill(`fb-${member.email}`);
    await again.getByRole('button', { name: 'Sign in with Facebook.com' }).click();
    await page.getByRole('heading', { name: 'Complete your profile' }).waitFor();
    const facebook = await eventually(
      () => readUserByEmail<User>(`fb-${member.email}`),
      (found) => found !== undefined,
    );
    expect(facebook?.providers).toEqual(['facebook.com']);
    expect(facebook?.displayName).toMatch(/^Guest /);
    await member.close();
  });

  it('says nothing when the chooser is cancelled', async () => {
    const member = await Member.open(browser());
    const { page } = member;
    await member.visit('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page
      .getByRole('dialog', { name: 'Sign in with Google.com' })
      .getByRole('button', { name: 'Cancel' })
      .click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await page.locator('.Mui-error').count()).toBe(0);
    await member.close();
  });
});
