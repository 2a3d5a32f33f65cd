/** When a device's push token is worth using, refreshing or dropping (spec 2 section 9). */
import { PUSH_TOKEN_EXPIRY_MS, PUSH_TOKEN_REFRESH_MS } from './constants';

export type PushTokenState = 'missing' | 'fresh' | 'stale' | 'expired';

export function pushTokenState(
  token: { messagingToken?: string; messagingTokenUpdated?: Date },
  now: Date,
): PushTokenState {
  if (!token.messagingToken || !token.messagingTokenUpdated) return 'missing';
  const age = now.getTime() - token.messagingTokenUpdated.getTime();
  if (age > PUSH_TOKEN_EXPIRY_MS) return 'expired';
  if (age > PUSH_TOKEN_REFRESH_MS) return 'stale';
  return 'fresh';
}
