import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MenuList } from '@mui/material';
import { PUSH_MESSAGES, type PushMessage } from '@/domain/push';
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
}

/** The flow's ports as a browser in the given state would answer them. */
function browser(state: Browser = {}) {
  const { permission = 'default', answer = 'granted' } = state;
  const saveToken = vi.fn(state.saveToken ?? (async () => undefined));
  const ports = (stored: NotificationPorts['stored']): NotificationPorts => ({
    notifications:
      state.notifications === 'missing' ? undefined : { permission, requestPermission: async () => answer },
    supportsServiceWorker: state.serviceWorker ?? true,
    stored,
    getToken: state.getToken ?? (async () => 'device-token'),
    saveToken,
    now: () => new Date('2026-11-22T10:00:00Z'),
    wait: async () => undefined,
  });
  return { ports, saveToken };
}

async function choose(state: Browser, stored: NotificationPorts['stored'] = {}) {
  const { ports, saveToken } = browser(state);
  const onChosen = vi.fn();
  const { user } = renderApp(
    <MenuList>
      <EnableNotificationsItem stored={stored} onChosen={onChosen} ports={ports} />
    </MenuList>,
  );
  await user.click(screen.getByRole('menuitem', { name: 'Enable notifications' }));
  expect(onChosen).toHaveBeenCalled();
  return { saveToken };
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

  it('says they are already enabled while the stored token is fresh', async () => {
    const stored = {
      messagingToken: 't',
      messagingTokenUpdated: new Date(Date.parse('2026-11-21T10:00:00Z')),
    };
    const { saveToken } = await choose({ permission: 'granted' }, stored);
    expect(await screen.findByText(PUSH_MESSAGES.alreadyEnabled)).toBeInTheDocument();
    expect(saveToken).not.toHaveBeenCalled();
  });

  it('stores a new token when the stored one is older than 7 days', async () => {
    const stored = {
      messagingToken: 't',
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

  it('says when the member denies', async () => {
    await choose({ answer: 'denied' });
    expect(await screen.findByText(PUSH_MESSAGES.denied)).toBeInTheDocument();
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

  it('stores a fresh token when the stored one is older than 7 days, and not before', async () => {
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
