/** What the screens read, as interfaces; `local/` and `firebase/` implement each one. */
import type { Billing } from '@/domain/billing';
import type { PushMessage } from '@/domain/push';
import type { Photo, PhotoSort } from '@/domain/photo';
import type { User } from '@/domain/user';
import type { GivenVote, Vote } from '@/domain/vote';
import type { Unsubscribe } from './auth';

export interface UserRepository {
  /** The member's record, live; null while it does not exist. */
  watchUser(uid: string, onUser: (user: User | null) => void, onError: (error: Error) => void): Unsubscribe;
}

export interface BillingRepository {
  /** The member's Premium as payments left it (`billing/{uid}`), live; null before any payment. */
  watchBilling(
    uid: string,
    onBilling: (billing: Billing | null) => void,
    onError: (error: Error) => void,
  ): Unsubscribe;
}

export interface PresenceRepository {
  /** Keeps the member online while this page is connected, offline when it disconnects. */
  trackPresence(uid: string): Unsubscribe;
}

export interface PhotoRepository {
  /** The member's photos, newest, best rated or most voted first, live. */
  watchPhotos(
    uid: string,
    sort: PhotoSort,
    onPhotos: (photos: Photo[]) => void,
    onError: (error: Error) => void,
  ): Unsubscribe;
}

export interface VoteRepository {
  /**
   * The votes with a comment on one of the member's own photos, newest first, at most `count`, live:
   * the overview and tags are kept on the photo (`voteTotals`), so no screen reads every vote.
   */
  watchComments(
    ownerId: string,
    photoId: string,
    count: number,
    onVotes: (votes: Vote[]) => void,
    onError: (error: Error) => void,
  ): Unsubscribe;
  /** The newest light copies of the votes the member gave (GIVEN_VOTES_READ), read once (the feed cache's fallback). */
  readGivenVotes(uid: string): Promise<GivenVote[]>;
}

export interface ImageRepository {
  /** Uploads an image to the member's own folder (images/{uid}/{fileName}), reporting progress from 0 to 1. */
  uploadImage(
    uid: string,
    fileName: string,
    image: Blob,
    onProgress: (fraction: number) => void,
  ): Promise<void>;
}

export interface PushRepository {
  /** This device's push token from the backend's push service (notifications must be allowed). */
  deviceToken(): Promise<string>;
  /**
   * Pushes the backend hands to the page for this device: locally over the live channel, as the
   * browser's push service is out of reach. None on Firebase, whose pushes reach the service worker.
   */
  watchPushes(onPush: (message: PushMessage) => void): Unsubscribe;
  /** At sign-out: this device's token stops working, so the next member is not sent the last one's pushes. */
  forgetDevice(): Promise<void>;
}

export interface Backend {
  users: UserRepository;
  push: PushRepository;
  billing: BillingRepository;
  presence: PresenceRepository;
  photos: PhotoRepository;
  votes: VoteRepository;
  images: ImageRepository;
}
