import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { watchInstallOffer } from '@/lib/install-prompt';
import { renderApp } from '@/testing/test-utils';
import { InstallButton } from './install-button';

function offerInstallation(outcome: 'accepted' | 'dismissed') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

describe('the Install button', () => {
  watchInstallOffer();

  it('shows while the browser offers installation and opens its dialog once', async () => {
    const { user } = renderApp(<InstallButton />);
    expect(screen.queryByRole('button', { name: 'Install' })).not.toBeInTheDocument();
    const offer = offerInstallation('accepted');
    expect(offer.defaultPrevented).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Install' }));
    expect(offer.prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Install' })).not.toBeInTheDocument();
  });

  it('goes once the app is installed', () => {
    renderApp(<InstallButton />);
    offerInstallation('dismissed');
    expect(screen.getByRole('button', { name: 'Install' })).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(screen.queryByRole('button', { name: 'Install' })).not.toBeInTheDocument();
  });
});
