import { describe, expect, it, vi } from 'vitest';
import { PUSH_MESSAGES } from '@/domain/push';
import { DENIED_TOAST_MS, enableNotifications, type NotificationPorts } from './enable-notifications';

const now = new Date('2026-11-22T10:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

function ports(
  overrides: Partial<NotificationPorts> & {
    permission?: NotificationPermission;
    answer?: NotificationPermission;
  } = {},
) {
  const { permission = 'default', answer = 'granted', ...rest } = overrides;
  return {
    notifications: { permission, requestPermission: vi.fn(async () => answer) },
    supportsServiceWorker: true,
    stored: {},
    getToken: vi.fn(async () => 'device-token'),
    saveToken: vi.fn(async () => undefined),
    now: () => now,
    wait: vi.fn(async () => undefined),
    ...rest,
  } satisfies NotificationPorts;
}

describe('enabling notifications', () => {
  it('asks, gets the token and stores it', async () => {
    const flow = ports();
    expect(await enableNotifications(flow)).toEqual({
      kind: 'toast',
      severity: 'success',
      message: PUSH_MESSAGES.enabled,
    });
    expect(flow.saveToken).toHaveBeenCalledWith('device-token');
  });

  it('says when the browser has no notifications or no service worker', async () => {
    for (const flow of [ports({ notifications: undefined }), ports({ supportsServiceWorker: false })]) {
      expect(await enableNotifications(flow)).toMatchObject({ message: PUSH_MESSAGES.notSupported });
    }
  });

  it("registers a second device although the record holds another device's fresh token", async () => {
    const second = ports({
      permission: 'granted',
      stored: { messagingToken: 'phone-token', messagingTokenUpdated: now },
      remember: vi.fn(),
    });
    expect(await enableNotifications(second)).toMatchObject({ message: PUSH_MESSAGES.enabled });
    expect(second.saveToken).toHaveBeenCalledWith('device-token');
    expect(second.remember).toHaveBeenCalledWith('device-token');
  });

  it("says they are already enabled while this device's token is fresh, and refreshes one older than 7 days", async () => {
    const fresh = ports({
      permission: 'granted',
      stored: {
        pushDevices: [
          { token: 'phone-token', updatedAt: now },
          { token: 'device-token', updatedAt: new Date(now.getTime() - 6 * DAY) },
        ],
      },
    });
    expect(await enableNotifications(fresh)).toMatchObject({ message: PUSH_MESSAGES.alreadyEnabled });
    expect(fresh.saveToken).not.toHaveBeenCalled();
    const stale = ports({
      permission: 'granted',
      stored: { messagingToken: 'device-token', messagingTokenUpdated: new Date(now.getTime() - 8 * DAY) },
    });
    expect(await enableNotifications(stale)).toMatchObject({ message: PUSH_MESSAGES.enabled });
    expect(stale.notifications.requestPermission).not.toHaveBeenCalled();
    expect(stale.saveToken).toHaveBeenCalledWith('device-token');
  });

  it('shows the blocked dialog when the site is blocked', async () => {
    expect(await enableNotifications(ports({ permission: 'denied' }))).toEqual({
      kind: 'blocked',
      title: 'Notifications Blocked',
      message: PUSH_MESSAGES.blockedInstructions,
    });
  });

  it('says when the member denies or does not answer', async () => {
    expect(await enableNotifications(ports({ answer: 'denied' }))).toEqual({
      kind: 'toast',
      severity: 'error',
      message: `${PUSH_MESSAGES.denied} ${PUSH_MESSAGES.deniedHowTo}`,
      duration: DENIED_TOAST_MS,
    });
    expect(await enableNotifications(ports({ answer: 'default' }))).toMatchObject({
      message: PUSH_MESSAGES.notGranted,
    });
  });

  it('tries for the token 3 times, 1 s apart, then says to check the connection', async () => {
    const flow = ports({ getToken: vi.fn(async () => Promise.reject(new Error('offline'))) });
    expect(await enableNotifications(flow)).toMatchObject({ message: PUSH_MESSAGES.tokenFailed });
    expect(flow.getToken).toHaveBeenCalledTimes(3);
    expect(flow.wait).toHaveBeenCalledTimes(2);
    expect(flow.wait).toHaveBeenCalledWith(1000);
    expect(flow.saveToken).not.toHaveBeenCalled();
  });

  it('takes a token on a later try', async () => {
    const getToken = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue('late-token');
    const flow = ports({ getToken });
    expect(await enableNotifications(flow)).toMatchObject({ message: PUSH_MESSAGES.enabled });
    expect(flow.saveToken).toHaveBeenCalledWith('late-token');
  });

  it('says the generic failure when storing the token fails', async () => {
    const flow = ports({ saveToken: vi.fn(async () => Promise.reject(new Error('unavailable'))) });
    expect(await enableNotifications(flow)).toMatchObject({
      severity: 'error',
      message: PUSH_MESSAGES.failed,
    });
  });
});
