import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OFFLINE_MESSAGES } from '@/domain/errors';
import { renderApp } from '@/testing/test-utils';
import { OfflineBanner } from './offline-banner';

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('the offline banner', () => {
  afterEach(() => setOnline(true));

  it('says the app is offline while the connection is gone, and goes when it is back', () => {
    renderApp(<OfflineBanner />);
    expect(screen.queryByText(OFFLINE_MESSAGES.banner)).not.toBeInTheDocument();
    setOnline(false);
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_MESSAGES.banner);
    setOnline(true);
    expect(screen.queryByText(OFFLINE_MESSAGES.banner)).not.toBeInTheDocument();
  });
});
