import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_ALLOWED, consentOf, NECESSARY_ONLY } from '@/domain/consent';
import { readConsent } from '@/lib/consent';
import { openCookieSettings } from '@/lib/cookie-settings';
import { storageKeys } from '@/lib/storage';
import { aMember, aSession, renderApp } from '@/testing/test-utils';
import { ConsentHost } from './consent-host';

const callables = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('@/data/callables', async (original) => ({ ...(await original<object>()), ...callables }));

const day = 24 * 60 * 60 * 1000;
const banner = () => screen.queryByRole('region', { name: 'Cookie consent' });

beforeEach(() => {
  vi.clearAllMocks();
  callables.call.mockResolvedValue({ timestamp: new Date().toISOString() });
});

describe('the cookie banner', () => {
  it('asks a new visitor and keeps "Necessary only" on the device with its time', async () => {
    const { user } = renderApp(<ConsentHost />);
    expect(banner()).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Necessary only' }));
    expect(banner()).not.toBeInTheDocument();
    expect(readConsent()).toMatchObject({ hasConsented: true, preferences: NECESSARY_ONLY });
    expect(callables.call).not.toHaveBeenCalled();
  });

  it('keeps "Accept all", and for a member saves it on their record', async () => {
    const member = aMember();
    const { user } = renderApp(<ConsentHost />, {
      session: aSession({ member: { uid: member.uid, email: member.email }, user: member }),
    });
    await user.click(screen.getByRole('button', { name: 'Accept all' }));
    expect(readConsent()?.preferences).toEqual(ALL_ALLOWED);
    expect(callables.call).toHaveBeenCalledWith('saveCookieConsent', { preferences: ALL_ALLOWED });
  });

  it('sets preferences one by one, necessary always on', async () => {
    const { user } = renderApp(<ConsentHost />);
    await user.click(screen.getByRole('button', { name: 'Preferences' }));
    // The dialog's code loads when it opens.
    expect(await screen.findByRole('switch', { name: 'Necessary' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Necessary' })).toBeChecked();
    await user.click(screen.getByRole('switch', { name: 'Functional' }));
    await user.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(readConsent()?.preferences).toEqual({ ...NECESSARY_ONLY, functional: true });
    expect(banner()).not.toBeInTheDocument();
  });

  it('stays away while a choice is current, returns after 30 days, and Cookie settings reopens the choice', async () => {
    localStorage.setItem(storageKeys.cookieConsent, JSON.stringify(consentOf(ALL_ALLOWED, new Date())));
    const first = renderApp(<ConsentHost />);
    expect(banner()).not.toBeInTheDocument();
    act(() => openCookieSettings());
    expect(await screen.findByRole('switch', { name: 'Analytics' })).toBeChecked();
    await first.user.click(screen.getByRole('switch', { name: 'Analytics' }));
    await first.user.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(readConsent()?.preferences.analytics).toBe(false);
    first.unmount();

    localStorage.setItem(
      storageKeys.cookieConsent,
      JSON.stringify(consentOf(ALL_ALLOWED, new Date(Date.now() - 31 * day))),
    );
    renderApp(<ConsentHost />);
    expect(banner()).toBeInTheDocument();
  });

  it("takes a member's newer choice from their record, and saves the device's newer one to it", async () => {
    const onRecord = consentOf(ALL_ALLOWED, new Date(Date.now() - day));
    const member = aMember({ cookieConsent: onRecord });
    const signedIn = aSession({ member: { uid: member.uid, email: member.email }, user: member });
    const first = renderApp(<ConsentHost />, { session: signedIn });
    expect(banner()).not.toBeInTheDocument();
    expect(readConsent()).toEqual(onRecord);
    expect(callables.call).not.toHaveBeenCalled();
    first.unmount();

    localStorage.setItem(storageKeys.cookieConsent, JSON.stringify(consentOf(NECESSARY_ONLY, new Date())));
    renderApp(<ConsentHost />, { session: signedIn });
    expect(callables.call).toHaveBeenCalledWith('saveCookieConsent', { preferences: NECESSARY_ONLY });
  });
});
