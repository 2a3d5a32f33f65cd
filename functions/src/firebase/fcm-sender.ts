/**
 * Push through Firebase Cloud Messaging with the Admin SDK. The message carries data only, so the
 * app's own service worker shows it (tag and page included); a token the service reports as no
 * longer registered, or as not a token at all, is dead and the caller drops it.
 */
import type { Message } from 'firebase-admin/messaging';
import type { PushMessage } from '../../../src/domain/push';
import type { PushSender } from '../handlers/push';

/** The Admin SDK's answers that mean the token will never work again. */
export const DEAD_TOKEN_CODES = new Set([
  'messaging/registration-token-not-registered',
  'messaging/invalid-registration-token',
]);

/** The FCM message for a push: data only (strings), sent at once and kept a day for an offline device. */
export function fcmMessage(token: string, message: PushMessage): Message {
  const data: Record<string, string> = { title: message.title, body: message.body, url: message.url };
  if (message.tag) data.tag = message.tag;
  return { token, data, webpush: { headers: { Urgency: 'high', TTL: String(24 * 60 * 60) } } };
}

export function fcmSender(messaging: { send(message: Message): Promise<string> }): PushSender {
  return {
    async send(_uid, token, message) {
      try {
        await messaging.send(fcmMessage(token, message));
        return 'sent';
      } catch (error) {
        const code = (error as { code?: unknown } | null)?.code;
        if (typeof code === 'string' && DEAD_TOKEN_CODES.has(code)) return 'gone';
        throw error;
      }
    },
  };
}
