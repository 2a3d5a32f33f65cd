/** The local backend's adapters: reads arrive over the local server's live channel. */
import { env } from '@/config/env';
import type { User } from '@/domain/user';
import { watchIdToken } from '../auth';
import type { Backend } from '../repositories';
import { LiveClient } from './live-client';

export function createLocalBackend(): Backend {
  const live = new LiveClient({ url: `${env.localServerUrl.replace(/^http/, 'ws')}/live`, watchIdToken });
  return {
    users: {
      watchUser: (uid, onUser, onError) =>
        live.watch(`users/${uid}`, (data) => onUser(data as User | null), onError),
    },
    // The live channel itself is the presence: the server marks the member online while it is open.
    presence: { trackPresence: () => () => undefined },
  };
}
