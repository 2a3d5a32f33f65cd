import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchInstallOffer } from '@/lib/install-prompt';
import { storageKeys } from '@/lib/storage';
import { aMember, aSession, renderApp } from '@/testing/test-utils';
import { OFFLINE_READY_MESSAGE, PwaPrompts, UPDATE_PROMPT } from './pwa-prompts';
import type { ServiceWorkerControls, ServiceWorkerEvents } from './service-worker';

const worker = vi.hoisted(() => ({
  events: null as ServiceWorkerEvents | null,
  controls: { checkForUpdate: vi.fn(async () => undefined), takeOver: vi.fn() },
  unregister: vi.fn(async () => undefined),
}));

vi.mock(import('./service-worker'), async (original) => ({
  ...(await original()),
  registerServiceWorker: vi.fn(async (events: ServiceWorkerEvents): Promise<ServiceWorkerControls> => {
    worker.events = events;
    return worker.controls;
  }),
  unregisterServiceWorkers: worker.unregister,
}));

const MINUTE = 60 * 1000;
const member = aMember({ uid: 'alice', complete: true });
const signedIn = aSession({ member: { uid: member.uid, email: member.email }, user: member });

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

function renderPrompts(options: { withServiceWorker?: boolean; session?: ReturnType<typeof aSession> } = {}) {
  return renderApp(<PwaPrompts withServiceWorker={options.withServiceWorker ?? true} />, {
    session: options.session ?? aSession(),
  });
}

async function registered(): Promise<ServiceWorkerEvents> {
  await waitFor(() => expect(worker.events).not.toBeNull());
  return worker.events!;
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  worker.events = null;
  worker.controls.checkForUpdate.mockClear();
  worker.controls.takeOver.mockClear();
  worker.unregister.mockClear();
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
});

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('the update prompt', () => {
  it('asks when a new version waits, and accepting lets it take over', async () => {
    const { user } = renderPrompts();
    const events = await registered();
    act(() => events.onWaiting());
    expect(await screen.findByText(UPDATE_PROMPT.message)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: UPDATE_PROMPT.confirmLabel }));
    expect(worker.controls.takeOver).toHaveBeenCalledTimes(1);
  });

  it('asks again an hour after it was declined', async () => {
    const { user } = renderPrompts();
    const events = await registered();
    act(() => events.onWaiting());
    await user.click(await screen.findByRole('button', { name: UPDATE_PROMPT.cancelLabel }));
    await waitFor(() => expect(screen.queryByText(UPDATE_PROMPT.message)).not.toBeInTheDocument());
    await advance(59 * MINUTE);
    expect(screen.queryByText(UPDATE_PROMPT.message)).not.toBeInTheDocument();
    await advance(MINUTE);
    expect(await screen.findByText(UPDATE_PROMPT.message)).toBeInTheDocument();
    expect(worker.controls.takeOver).not.toHaveBeenCalled();
  });

  it('checks for a new version every 15 minutes', async () => {
    renderPrompts();
    await registered();
    await waitFor(() => expect(worker.controls.checkForUpdate).not.toHaveBeenCalled());
    await advance(15 * MINUTE);
    expect(worker.controls.checkForUpdate).toHaveBeenCalledTimes(1);
    await advance(15 * MINUTE);
    expect(worker.controls.checkForUpdate).toHaveBeenCalledTimes(2);
  });

  it('says the app is ready offline after the first install, once on the device', async () => {
    localStorage.removeItem(storageKeys.offlineReadyShown);
    const first = renderPrompts();
    const events = await registered();
    act(() => events.onOfflineReady());
    expect(await screen.findByText(OFFLINE_READY_MESSAGE)).toBeInTheDocument();
    expect(localStorage.getItem(storageKeys.offlineReadyShown)).toBe('1');
    first.unmount();
    worker.events = null;
    // The worker installed anew (its registration gone, the page's storage kept): no news.
    renderPrompts();
    const again = await registered();
    act(() => again.onOfflineReady());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(OFFLINE_READY_MESSAGE)).not.toBeInTheDocument();
    localStorage.removeItem(storageKeys.offlineReadyShown);
  });

  it('after a reload into a new version, shows the toast 1 s later for 6 seconds', async () => {
    sessionStorage.setItem(storageKeys.appUpdated, '1');
    renderPrompts();
    await advance(900);
    expect(screen.queryByText('App successfully updated to the latest version!')).not.toBeInTheDocument();
    await advance(100);
    expect(await screen.findByText('App successfully updated to the latest version!')).toBeInTheDocument();
    expect(sessionStorage.getItem(storageKeys.appUpdated)).toBeNull();
    await advance(5800);
    expect(screen.getByText('App successfully updated to the latest version!')).toBeInTheDocument();
    await advance(1000);
    await waitFor(() =>
      expect(screen.queryByText('App successfully updated to the latest version!')).not.toBeInTheDocument(),
    );
  });

  it('without a built service worker registers nothing and removes one left behind', async () => {
    renderPrompts({ withServiceWorker: false });
    await waitFor(() => expect(worker.unregister).toHaveBeenCalledTimes(1));
    expect(worker.events).toBeNull();
  });
});

describe('the install popover', () => {
  const title = 'Install Photorater';
  watchInstallOffer();

  it('does not show on a member’s first visit', async () => {
    renderPrompts({ session: signedIn });
    await advance(3000);
    expect(screen.queryByText(title)).not.toBeInTheDocument();
    expect(localStorage.getItem(storageKeys.visits)).toBe('1');
  });

  it('shows on the second visit after 1.5 s, and once closed never again', async () => {
    localStorage.setItem(storageKeys.visits, '1');
    const { user, unmount } = renderPrompts({ session: signedIn });
    await advance(1400);
    expect(screen.queryByText(title)).not.toBeInTheDocument();
    await advance(100);
    expect(await screen.findByText(title)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(localStorage.getItem(storageKeys.installPopoverShown)).toBe('1');
    unmount();

    sessionStorage.clear();
    renderPrompts({ session: signedIn });
    await advance(3000);
    expect(screen.queryByText(title)).not.toBeInTheDocument();
    expect(localStorage.getItem(storageKeys.visits)).toBe('3');
  });

  it('counts a browser session once, however many pages it loads', async () => {
    localStorage.setItem(storageKeys.visits, '1');
    sessionStorage.setItem(storageKeys.visitCounted, '1');
    renderPrompts({ session: signedIn });
    await advance(3000);
    expect(screen.queryByText(title)).not.toBeInTheDocument();
    expect(localStorage.getItem(storageKeys.visits)).toBe('1');
  });

  it('is not shown in the installed app', async () => {
    localStorage.setItem(storageKeys.visits, '1');
    // jsdom has no matchMedia: the installed app's display mode is given here.
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(display-mode: standalone)' }));
    renderPrompts({ session: signedIn });
    await advance(3000);
    expect(screen.queryByText(title)).not.toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it('installs in one tap where the browser offers it, and closing that way counts as shown', async () => {
    localStorage.setItem(storageKeys.visits, '1');
    const { user } = renderPrompts({ session: signedIn });
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: vi.fn(async () => undefined),
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    act(() => {
      window.dispatchEvent(offer);
    });
    await advance(1500);
    const popover = await screen.findByRole('dialog', { name: title });
    await user.click(within(popover).getByRole('button', { name: 'Install' }));
    expect(offer.prompt).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(storageKeys.installPopoverShown)).toBe('1');
  });

  it('is not shown to visitors', async () => {
    localStorage.setItem(storageKeys.visits, '1');
    renderPrompts();
    await advance(3000);
    expect(screen.queryByText(title)).not.toBeInTheDocument();
  });
});
