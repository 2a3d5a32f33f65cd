/**
 * Push on this device, whichever the backend: its token for the permission flow, the pushes the
 * backend hands to the page (locally, over the live channel), and forgetting the device at sign-out.
 */
import type { PushMessage } from '@/domain/push';
import type { Unsubscribe } from './auth';
import { getBackend } from './backend';

export async function devicePushToken(): Promise<string> {
  return (await getBackend()).push.deviceToken();
}

export function watchPushes(onPush: (message: PushMessage) => void): Unsubscribe {
  let stop: Unsubscribe | undefined;
  let stopped = false;
  void getBackend().then((backend) => {
    if (!stopped) stop = backend.push.watchPushes(onPush);
  });
  return () => {
    stopped = true;
    stop?.();
  };
}

export async function forgetPushDevice(): Promise<void> {
  await (await getBackend()).push.forgetDevice();
}
