/** What the screens read, as interfaces; `local/` and `firebase/` implement each one. */
import type { User } from '@/domain/user';
import type { Unsubscribe } from './auth';

export interface UserRepository {
  /** The member's record, live; null while it does not exist. */
  watchUser(uid: string, onUser: (user: User | null) => void, onError: (error: Error) => void): Unsubscribe;
}

export interface PresenceRepository {
  /** Keeps the member online while this page is connected, offline when it disconnects. */
  trackPresence(uid: string): Unsubscribe;
}

export interface Backend {
  users: UserRepository;
  presence: PresenceRepository;
}
