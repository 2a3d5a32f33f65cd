import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CallError } from '@/data/callables';
import { ACCOUNT_DELETION } from '@/domain/account';
import { drawnCopyAt, forgetDrawnCopy, takeKeptCopy } from '@/testing/screen-copy';
import { aMember, aSession, renderApp } from '@/testing/test-utils';
import { PREMIUM_CANCELLED_NOTE } from './delete-account-section';
import { avatarFileName, ProfilePage } from './profile-page';

const callables = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('@/data/callables', async (original) => ({ ...(await original<object>()), ...callables }));
const uploads = vi.hoisted(() => ({ uploadImage: vi.fn(async () => undefined) }));
vi.mock('@/data/use-photos', () => uploads);
const billing = vi.hoisted(() => ({
  useBilling: vi.fn(() => ({
    plan: 'monthly',
    premiumUntil: new Date(2026, 11, 22),
    status: 'canceled',
    updatedAt: new Date(2026, 10, 22),
  })),
}));
vi.mock('@/data/use-billing', () => billing);
// Idle work runs at once unless a test holds it; the lower half's code counts its loads.
const idle = vi.hoisted(() => ({
  whenIdle: vi.fn<(work: () => void) => () => void>((work) => {
    const timer = setTimeout(work, 0);
    return () => clearTimeout(timer);
  }),
}));
vi.mock('@/lib/idle', () => idle);
const settingsCode = vi.hoisted(() => ({ loads: 0 }));
vi.mock('./profile-settings', async (original) => {
  settingsCode.loads += 1;
  return original<object>();
});

const member = aMember({
  complete: true,
  onBoarding: true,
  displayName: 'Robin',
  age: 29,
  gender: 'female',
  showGender: 'male',
  points: 8,
  loginStreak: 9,
  votesGiven: 23,
});

function renderProfile(user = member, signOut = vi.fn(async () => undefined)) {
  return renderApp(
    <Routes>
      <Route path="/profile" element={<ProfilePage user={user} />} />
      <Route path="/rate" element={<p>Rate screen</p>} />
      <Route path="/" element={<p>Home</p>} />
    </Routes>,
    { route: '/profile', session: aSession({ signOut }) },
  );
}

beforeEach(() => vi.clearAllMocks());

describe('the profile dashboard', () => {
  it('draws its upper half first, and the edit form and the deletion once it is painted and the browser is idle', async () => {
    let idleWork: (() => void) | undefined;
    idle.whenIdle.mockImplementationOnce((work) => {
      idleWork = work;
      return () => undefined;
    });
    renderProfile();
    expect(screen.getByRole('heading', { name: 'Robin' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Tokens' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Edit profile' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Account' })).not.toBeInTheDocument();
    // First in this file, so no test has loaded the lower half's code before.
    expect(settingsCode.loads).toBe(0);
    // Idle time is waited for only after the upper half's paint.
    expect(idle.whenIdle).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(idleWork).toBeDefined());
    act(() => idleWork!());
    expect(await screen.findByRole('form', { name: 'Edit profile' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Account' })).toBeInTheDocument();
    expect(settingsCode.loads).toBe(1);
  });

  it("shows a new member's 7 tokens (2 to start, 5 for the first day) as running low, not as an error", () => {
    const { unmount } = renderProfile(aMember({ ...member, points: 7 }));
    const chip = screen.getByText('7 tokens').closest('.MuiChip-root');
    expect(chip).toHaveClass('MuiChip-colorWarning');
    expect(chip).not.toHaveClass('MuiChip-colorError');
    unmount();
    renderProfile(aMember({ ...member, points: 0 }));
    expect(screen.getByText('0 tokens').closest('.MuiChip-root')).toHaveClass('MuiChip-colorError');
  });

  it('shows tokens, the streak badge, the stat cards and Upgrade for $2.99, or the Premium banner', () => {
    const { unmount } = renderProfile();
    expect(screen.getByRole('heading', { name: 'Robin' })).toBeInTheDocument();
    expect(screen.getByLabelText('Login streak')).toHaveTextContent('9-day streak · On fire');
    expect(within(screen.getByRole('region', { name: 'Tokens' })).getByText('8')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Rated' })).getByText('23')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upgrade for $2.99' })).toBeInTheDocument();
    unmount();
    renderProfile(aMember({ ...member, subscribed: true }));
    expect(screen.queryByRole('button', { name: 'Upgrade for $2.99' })).not.toBeInTheDocument();
    expect(screen.getByRole('alert', { name: 'Premium' })).toHaveTextContent(
      'Premium includes unlimited photo uploads, priority ratings and advanced analytics',
    );
    expect(screen.getByRole('alert', { name: 'Premium' })).toHaveTextContent(
      `Premium ends on ${new Date(2026, 11, 22).toLocaleDateString(undefined, { dateStyle: 'long' })}.`,
    );
  });

  it('opens the token packs from Buy More, the plans from Upgrade, and goes to the feed from Rate More', async () => {
    const { user } = renderProfile();
    await user.click(screen.getByRole('button', { name: 'Upgrade for $2.99' }));
    expect(await screen.findByRole('dialog', { name: 'Go Premium' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Monthly plan' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Buy More' }));
    expect(await screen.findByRole('dialog', { name: 'Buy tokens' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Most Popular: 10 tokens' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Rate More' }));
    expect(await screen.findByText('Rate screen')).toBeInTheDocument();
  });

  it('renames the member and saves the edit-profile form with the spec confirmations', async () => {
    callables.call.mockResolvedValue({ birthyear: 1997 });
    const { user } = renderProfile();
    await user.click(screen.getByRole('button', { name: 'Edit username' }));
    const field = screen.getByLabelText('Username');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save username' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    await user.type(field, 'Robin Hood');
    await user.click(screen.getByRole('button', { name: 'Save username' }));
    expect(await screen.findByText('Username has been updated!')).toBeInTheDocument();
    expect(callables.call).toHaveBeenCalledWith('completeProfile', {
      displayName: 'Robin Hood',
      age: 29,
      gender: 'female',
      showGender: 'male',
    });

    const form = await screen.findByRole('form', { name: 'Edit profile' });
    const age = within(form).getByLabelText('Age');
    await user.clear(age);
    await user.type(age, '31');
    await user.click(within(form).getByRole('radio', { name: 'Both' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile has been saved!')).toBeInTheDocument();
    expect(callables.call).toHaveBeenLastCalledWith(
      'completeProfile',
      expect.objectContaining({ age: 31, showGender: 'both' }),
    );
  });

  it('uploads a new profile photo and says so; a file that is not an image is only logged', async () => {
    callables.call.mockResolvedValue({ photoURL: 'http://files.test/avatar.webp' });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderProfile();
    const input = screen.getByLabelText('Profile photo file');
    fireEvent.change(input, { target: { files: [new File(['text'], 'notes.txt', { type: 'text/plain' })] } });
    expect(errors).toHaveBeenCalled();
    expect(uploads.uploadImage).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { files: [new File(['jpeg'], 'blob', { type: 'image/jpeg' })] } });
    expect(await screen.findByText('Profile photo has been updated!')).toBeInTheDocument();
    const [, fileName] = uploads.uploadImage.mock.calls[0] as unknown as [string, string];
    expect(fileName).toMatch(/^profile_photo_\d+\.jpg$/);
    expect(callables.call).toHaveBeenCalledWith('updateAvatar', { fileName });
    errors.mockRestore();
  });

  it('asks to confirm, asks why, and deletes the account; a stale sign-in gets the spec advice', async () => {
    const signOut = vi.fn(async () => undefined);
    callables.call.mockRejectedValueOnce(
      new CallError('failed-precondition', ACCOUNT_DELETION.recentLogin, {}, 'recentLogin'),
    );
    const { user } = renderProfile(member, signOut);
    const begin = async () => {
      await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
      await user.click(await screen.findByRole('button', { name: 'Continue' }));
      return screen.findByRole('form', { name: 'Why are you leaving?' });
    };
    let form = await begin();
    await user.click(within(form).getByRole('button', { name: 'Delete my account' }));
    expect(await within(form).findByText(ACCOUNT_DELETION.reasonRequired)).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Reason'), 'Too short');
    await user.click(within(form).getByRole('button', { name: 'Delete my account' }));
    expect(await within(form).findByText('reason must be at least 12 characters')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Reason'), ' for me, bye');
    await user.click(within(form).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText(ACCOUNT_DELETION.recentLogin)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact us' })).toBeInTheDocument();
    expect(signOut).not.toHaveBeenCalled();

    callables.call.mockResolvedValueOnce({ deleted: true });
    form = await begin();
    await user.type(within(form).getByLabelText('Reason'), 'Found my match here, thanks');
    await user.click(within(form).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(signOut).toHaveBeenCalled());
    expect(callables.call).toHaveBeenLastCalledWith('deleteAccount', {
      reason: 'Found my match here, thanks',
    });
    expect(await screen.findByText('Home')).toBeInTheDocument();
  });
});

describe('avatar file names', () => {
  it('keeps a real name and names a camera blob profile_photo_{timestamp}.{ext}', () => {
    expect(avatarFileName(new File([''], 'blob', { type: 'image/png' }), 42)).toBe('profile_photo_42.png');
    expect(avatarFileName(new File([''], 'me at the beach.jpg', { type: 'image/jpeg' }), 42)).toBe(
      '42_me_at_the_beach.jpg',
    );
  });

  it('takes over from the copy the device kept, and keeps a new one when the page is hidden', async () => {
    const copy = drawnCopyAt('/profile');
    renderApp(
      <main>
        <ProfilePage user={member} />
      </main>,
      { route: '/profile' },
    );
    await waitFor(() => expect(copy.isConnected).toBe(false));
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    Reflect.deleteProperty(document, 'visibilityState');
    const kept = takeKeptCopy('/profile');
    expect(kept?.uid).toBe(member.uid);
    expect(kept?.html).toContain('Robin');
    expect(kept?.html).toContain('8 tokens');
    forgetDrawnCopy();
  });

  it('says that deleting the account of a Premium member cancels Premium, before and in the confirmation', async () => {
    const premium = aMember({ ...member, subscribed: true });
    const { user } = renderApp(
      <Routes>
        <Route path="/profile" element={<ProfilePage user={premium} />} />
      </Routes>,
      { route: '/profile', session: aSession({ user: premium }) },
    );
    const section = await screen.findByRole('region', { name: 'Delete account' });
    expect(section).toHaveTextContent(PREMIUM_CANCELLED_NOTE);
    await user.click(within(section).getByRole('button', { name: 'Delete Account' }));
    expect(await screen.findByRole('dialog', { name: 'Delete your account?' })).toHaveTextContent(
      PREMIUM_CANCELLED_NOTE,
    );
  });

  it('says nothing of Premium to a free member deleting their account', async () => {
    const { user } = renderApp(
      <Routes>
        <Route path="/profile" element={<ProfilePage user={member} />} />
      </Routes>,
      { route: '/profile', session: aSession({ user: member }) },
    );
    const section = await screen.findByRole('region', { name: 'Delete account' });
    await user.click(within(section).getByRole('button', { name: 'Delete Account' }));
    expect(await screen.findByRole('dialog', { name: 'Delete your account?' })).not.toHaveTextContent(
      PREMIUM_CANCELLED_NOTE,
    );
  });
});
