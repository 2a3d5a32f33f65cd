import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MenuList } from '@mui/material';
import { PUSH_MESSAGES, type PushMessage } from '@/domain/push';
import { storageKeys } from '@/lib/storage';
import { SHOW_PUSH } from '@/sw/sw-rules';
import { renderApp } from '@/testing/test-utils';
import type { NotificationPorts } from './enable-notifications';
import { EnableNotificationsItem, usePushOnThisDevice } from './notifications';

const push = vi.hoisted(() => ({
  devicePushToken: vi.fn(async () => 'device-token'),
  onPush: null as ((message: PushMessage) => void) | null,
  watchPushes: vi.fn((listener: (message: PushMessage) => void) => {
    push.onPush = listener;
    return () => (push.onPush = null);
  }),
}));
vi.mock('@/data/push', () => ({ devicePushToken: push.devicePushToken, watchPushes: push.watchPushes }));
const callables = vi.hoisted(() => ({ call: vi.fn(async () => ({ saved: true })) }));
vi.mock('@/data/callables', async (original) => ({ ...(await original<object>()), ...callables }));

const DAY = 24 * 60 * 60 * 1000;

interface Browser {
  permission?: NotificationPermission;
  answer?: NotificationPermission;
  getToken?: () => Promise<string>;
  saveToken?: (token: string) => Promise<void>;
  notifications?: 'missing';
  serviceWorker?: boolean;
  /** The token this device remembers registering. */
  registered?: string;
}

/** The flow's ports as a browser in the given state would answer them. */
function browser(state: Browser = {}) {
  const { permission = 'default', answer = 'granted' } = state;
  const saveToken = vi.fn(state.saveToken ?? (async () => undefined));
  const remember = vi.fn();
  const ports = (stored: NotificationPorts['stored']): NotificationPorts => ({
    notifications:
      state.notifications === 'missing' ? undefined : { permission, requestPermission: async () => answer },
    supportsServiceWorker: state.serviceWorker ?? true,
    stored,
    getToken: state.getToken ?? (async () => 'device-token'),
    saveToken,
    now: () => new Date('2026-11-22T10:00:00Z'),
    wait: async () => undefined,
    registered: () => state.registered ?? null,
    remember,
  });
  return { ports, saveToken, remember };
}

async function choose(state: Browser, stored: NotificationPorts['stored'] = {}) {
  const { ports, saveToken, remember } = browser(state);
  const onChosen = vi.fn();
  const { user } = renderApp(
    <MenuList>
      <EnableNotificationsItem stored={stored} onChosen={onChosen} ports={ports} />
    </MenuList>,
  );
  await user.click(screen.getByRole('menuitem', { name: 'Enable notifications' }));
  expect(onChosen).toHaveBeenCalled();
  return { saveToken, remember };
}

describe("the bell menu's Enable notifications", () => {
  it('asks the browser, stores the token and says so', async () => {
    const { saveToken } = await choose({});
    expect(await screen.findByText(PUSH_MESSAGES.enabled)).toBeInTheDocument();
    expect(saveToken).toHaveBeenCalledWith('device-token');
  });

  it('says when the browser has no notifications, or no service worker', async () => {
    await choose({ notifications: 'missing' });
    expect(await screen.findByText(PUSH_MESSAGES.notSupported)).toBeInTheDocument();
  });

  it('says when there is no service worker', async () => {
    await choose({ serviceWorker: false });
    expect(await screen.findByText(PUSH_MESSAGES.notSupported)).toBeInTheDocument();
  });

  it("says they are already enabled while this device's token is fresh on the record", async () => {
    const stored = {
      messagingToken: 'device-token',
      messagingTokenUpdated: new Date(Date.parse('2026-11-21T10:00:00Z')),
    };
    const { saveToken } = await choose({ permission: 'granted' }, stored);
    expect(await screen.findByText(PUSH_MESSAGES.alreadyEnabled)).toBeInTheDocument();
    expect(saveToken).not.toHaveBeenCalled();
  });

  it("stores this device's token again when it is older than 7 days", async () => {
    const stored = {
      messagingToken: 'device-token',
      messagingTokenUpdated: new Date(Date.parse('2026-11-22T10:00:00Z') - 8 * DAY),
    };
    const { saveToken } = await choose({ permission: 'granted' }, stored);
    expect(await screen.findByText(PUSH_MESSAGES.enabled)).toBeInTheDocument();
    expect(saveToken).toHaveBeenCalledWith('device-token');
  });

  it('shows the blocked dialog with its instructions when the site is blocked', async () => {
    await choose({ permission: 'denied' });
    const dialog = await screen.findByRole('dialog', { name: PUSH_MESSAGES.blockedTitle });
    expect(dialog).toHaveTextContent(PUSH_MESSAGES.blockedInstructions);
  });

  it('says when the member denies, how to allow them in the browser, for long enough to read', async () => {
    await choose({ answer: 'denied' });
    const said = `${PUSH_MESSAGES.denied} ${PUSH_MESSAGES.deniedHowTo}`;
    expect(await screen.findByText(said)).toBeInTheDocument();
    // Still there after the 3 s it used to last.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(screen.getByText(said)).toBeInTheDocument();
  }, 10_000);

  it('is not offered once this device allowed them and its own token is on the record', () => {
    const { ports } = browser({ permission: 'granted', registered: 'device-token' });
    const stored = {
      pushDevices: [{ token: 'device-token', updatedAt: new Date('2026-11-21T10:00:00Z') }],
    };
    renderApp(
      <MenuList>
        <EnableNotificationsItem stored={stored} onChosen={vi.fn()} ports={ports} />
      </MenuList>,
    );
    expect(screen.queryByRole('menuitem', { name: 'Enable notifications' })).not.toBeInTheDocument();
  });

  it("is offered on a second device while the record holds another device's token, and registers it", async () => {
    const stored = {
      messagingToken: 'phone-token',
      messagingTokenUpdated: new Date('2026-11-22T09:00:00Z'),
    };
    const { saveToken, remember } = await choose({ permission: 'granted' }, stored);
    expect(await screen.findByText(PUSH_MESSAGES.enabled)).toBeInTheDocument();
    expect(saveToken).toHaveBeenCalledWith('device-token');
    expect(remember).toHaveBeenCalledWith('device-token');
  });

  it('says when the member does not answer', async () => {
    await choose({ answer: 'default' });
    expect(await screen.findByText(PUSH_MESSAGES.notGranted)).toBeInTheDocument();
  });

  it('says to check the connection when no token comes after 3 tries', async () => {
    const getToken = vi.fn(async () => Promise.reject(new Error('offline')));
    const { saveToken } = await choose({ getToken });
    expect(await screen.findByText(PUSH_MESSAGES.tokenFailed)).toBeInTheDocument();
    expect(getToken).toHaveBeenCalledTimes(3);
    expect(saveToken).not.toHaveBeenCalled();
  });

  it('says the generic failure when the token cannot be stored', async () => {
    await choose({ saveToken: async () => Promise.reject(new Error('unavailable')) });
    expect(await screen.findByText(PUSH_MESSAGES.failed)).toBeInTheDocument();
  });
});

function PushProbe({ stored }: { stored: NotificationPorts['stored'] | undefined }) {
  usePushOnThisDevice(stored);
  return null;
}

describe('push on this device', () => {
  const postMessage = vi.fn();
  const message: PushMessage = { title: 'Photorater', body: 'You have 1 new vote', url: '/photos?photo=p1' };

  function setVisibility(state: DocumentVisibilityState) {
    Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  }

  beforeEach(() => {
    postMessage.mockClear();
    push.devicePushToken.mockClear();
    callables.call.mockClear();
    Object.defineProperty(navigator, 'serviceWorker', {
      value: { ready: Promise.resolve({ active: { postMessage } }) },
      configurable: true,
    });
    vi.stubGlobal('Notification', { permission: 'granted' });
  });

  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    Reflect.deleteProperty(document, 'visibilityState');
    vi.unstubAllGlobals();
  });

  it('hands a push to the service worker while the app is in the background, not while it is in front', async () => {
    renderApp(<PushProbe stored={{}} />);
    await waitFor(() => expect(push.onPush).not.toBeNull());
    setVisibility('visible');
    act(() => push.onPush!(message));
    setVisibility('hidden');
    act(() => push.onPush!(message));
    await waitFor(() => expect(postMessage).toHaveBeenCalledTimes(1));
    expect(postMessage).toHaveBeenCalledWith({ type: SHOW_PUSH, message });
  });

  it('shows nothing where notifications are not allowed, and listens to nothing when signed out', async () => {
    vi.stubGlobal('Notification', { permission: 'default' });
    const { unmount } = renderApp(<PushProbe stored={{}} />);
    await waitFor(() => expect(push.onPush).not.toBeNull());
    setVisibility('hidden');
    act(() => push.onPush!(message));
    unmount();
    renderApp(<PushProbe stored={undefined} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(push.onPush).toBeNull();
    expect(postMessage).not.toHaveBeenCalled();
  });

  it("stores a fresh token when this device's stored one is older than 7 days, and not before", async () => {
    localStorage.setItem(storageKeys.pushRegistered, 't');
    const updated = (days: number) => ({
      messagingToken: 't',
      messagingTokenUpdated: new Date(Date.now() - days * DAY),
    });
    const { unmount } = renderApp(<PushProbe stored={updated(6)} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callables.call).not.toHaveBeenCalled();
    unmount();
    renderApp(<PushProbe stored={updated(8)} />);
    await waitFor(() =>
      expect(callables.call).toHaveBeenCalledWith('saveMessagingToken', { token: 'device-token' }),
    );
  });
});
