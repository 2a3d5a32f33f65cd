/**
 * The Firebase adapter against the official emulators: Firestore with the project's rules and Auth,
 * whose members the rules see, signed in through the app's own SDK. What the server's handlers would
 * write is written past the rules (`withSecurityRulesDisabled`), as the Admin SDK writes it; the
 * adapter reads it as the member would. The Realtime Database and Storage parts need emulators that
 * are not on every machine, and run where `npm run test:emulators` gives them.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { deleteApp } from 'firebase/app';
import {
  createUserWithEmailAndPassword,
  signInWithEmailAndPassword,
  signOut,
  type User as AuthUser,
} from 'firebase/auth';
import type { FirestoreError } from 'firebase/firestore';
import type { Billing } from '@/domain/billing';
import { photoPath, uploadPath, type Photo, type PhotoSort } from '@/domain/photo';
import { newUser, type User } from '@/domain/user';
import { GIVEN_VOTES_READ, votesPath, type GivenVote, type Vote } from '@/domain/vote';
import { firebaseApp } from '@/data/firebase-app';
import { auth } from '@/data/firebase-auth';
import { photoRecord } from '@/testing/photo-record';
import type { Unsubscribe } from '../auth';
import type { Backend } from '../repositories';
import { createFirebaseBackend } from './firebase-backend';
import {
  databaseEmulatorHost,
  firestoreMissing,
  startAdapterEmulators,
  storageEmulatorHost,
  type AdapterEmulators,
} from './testing/emulators';

const PROJECT = vi.hoisted(() => `demo-adapter-${Math.random().toString(36).slice(2, 10)}`);
vi.mock('@/config/env', async () => (await import('./testing/env')).adapterEnv(PROJECT));

const missing = firestoreMissing();
if (missing) console.warn(`The Firebase adapter's tests skipped: ${missing}.`);
// Their jars come only from Google's servers, which not every machine can reach.
const noDatabase =
  'FIREBASE_DATABASE_EMULATOR_HOST is not set (no Realtime Database emulator here; `npm run test:emulators` runs one where it can be downloaded)';
const noStorage =
  'FIREBASE_STORAGE_EMULATOR_HOST is not set (no Storage emulator here; `npm run test:emulators` runs one where it can be downloaded)';
if (!missing && !databaseEmulatorHost)
  console.warn(`Presence on the Realtime Database skipped: ${noDatabase}.`);
if (!missing && !storageEmulatorHost) console.warn(`Uploads to Cloud Storage skipped: ${noStorage}.`);

const PASSWORD = 'adapter-password-1';
// The emulators answer in well under a second, but on a busy machine not always within 1 s.
const eventually = (check: () => void | Promise<void>) =>
  vi.waitFor(check, { timeout: 15_000, interval: 25 });

const at = (iso: string) => new Date(iso);

/** What a subscription delivered, and its unsubscribe (run after each test). */
interface Delivered<T> {
  values: T[];
  errors: Error[];
  stop: Unsubscribe;
}

describe.skipIf(missing)(
  `the Firebase adapter against the Firestore and Auth emulators${missing ? ` (skipped: ${missing})` : ''}`,
  { timeout: 60_000 },
  () => {
    let emulators: AdapterEmulators;
    let backend: Backend;
    const members: Record<'maya' | 'noah', { email: string; uid: string }> = {
      maya: { email: '', uid: '' },
      noah: { email: '', uid: '' },
    };
    const stops: Unsubscribe[] = [];

    beforeAll(async () => {
      emulators = await startAdapterEmulators(PROJECT);
      backend = createFirebaseBackend();
      for (const name of ['maya', 'noah'] as const) {
        const email = `${name}-${PROJECT}@example.com`;
        const { user } = await createUserWithEmailAndPassword(auth, email, PASSWORD);
        members[name] = { email, uid: user.uid };
      }
      await signOut(auth);
    }, 180_000);

    afterEach(async () => {
      for (const stop of stops.splice(0)) stop();
      await signOut(auth);
    });

    afterAll(async () => {
      // The app's connections end before the emulators do, so none is left retrying.
      await deleteApp(firebaseApp);
      await emulators?.stop();
    }, 60_000);

    async function signInAs(name: keyof typeof members): Promise<AuthUser> {
      return (await signInWithEmailAndPassword(auth, members[name].email, PASSWORD)).user;
    }

    /** Subscribes through the adapter and keeps what arrives. */
    function watch<T>(
      subscribe: (onValue: (value: T) => void, onError: (error: Error) => void) => Unsubscribe,
    ): Delivered<T> {
      const delivered: Delivered<T> = { values: [], errors: [], stop: () => undefined };
      delivered.stop = subscribe(
        (value) => delivered.values.push(value),
        (error) => delivered.errors.push(error),
      );
      stops.push(delivered.stop);
      return delivered;
    }

    /** Writes as a handler would, past the rules. */
    function serverWrite(path: string, data: object | null): Promise<void> {
      return emulators.rules.withSecurityRulesDisabled(async (context) => {
        const document = context.firestore().doc(path);
        await (data ? document.set(data) : document.delete());
      });
    }

    function serverUpdate(path: string, data: Record<string, unknown>): Promise<void> {
      return emulators.rules.withSecurityRulesDisabled(async (context) => {
        await context.firestore().doc(path).update(data);
      });
    }

    /**
     * Another member's uid, whose documents this page has never read. The SDK keeps what the page read
     * (whoever was signed in) in its cache and answers a new watch from it before the server: a refusal
     * is only the first answer for a path it holds nothing of.
     */
    let strangers = 0;
    const stranger = () => `stranger-${++strangers}`;

    async function refusal(delivered: Delivered<unknown>): Promise<FirestoreError> {
      await eventually(() => expect(delivered.errors).toHaveLength(1));
      expect(delivered.values).toEqual([]);
      return delivered.errors[0] as FirestoreError;
    }

    const record = (uid: string, fields: Partial<User> = {}): User =>
      newUser({
        uid,
        email: `${uid}@example.com`,
        displayName: 'Maya',
        createdAt: at('2026-03-01T10:00:00.123Z'),
        lastLogin: at('2026-03-02T08:30:00Z'),
        lastNotification: {
          title: 'New reply',
          body: 'Someone replied to your comment on your photo.',
          photoId: 'p1',
          photoOwnerId: 'someone',
          at: at('2026-03-02T09:00:00Z'),
          fromUserId: null,
        },
        messagingTokenUpdated: null,
        ...fields,
      });

    describe('users.watchUser', () => {
      it("gives the member's record with Dates for its Timestamps, nested ones too, then each change", async () => {
        const { uid } = await signInAs('maya');
        const stored = record(uid);
        await serverWrite(`users/${uid}`, stored);
        const delivered = watch<User | null>((next, fail) => backend.users.watchUser(uid, next, fail));
        await eventually(() => expect(delivered.values).toHaveLength(1));
        const [first] = delivered.values;
        expect(first).toEqual(stored);
        expect(first?.createdAt).toBeInstanceOf(Date);
        expect(first?.lastNotification?.at).toBeInstanceOf(Date);
        expect(first?.messagingTokenUpdated).toBeNull();

        await serverUpdate(`users/${uid}`, { points: 7, lastLogin: at('2026-03-03T07:00:00Z') });
        await eventually(() => expect(delivered.values).toHaveLength(2));
        expect(delivered.values[1]).toEqual({ ...stored, points: 7, lastLogin: at('2026-03-03T07:00:00Z') });
        expect(delivered.errors).toEqual([]);
      });

      it('is null while the record does not exist, the record once the server makes it, null once deleted', async () => {
        const { uid } = await signInAs('noah');
        await serverWrite(`users/${uid}`, null);
        const delivered = watch<User | null>((next, fail) => backend.users.watchUser(uid, next, fail));
        await eventually(() => expect(delivered.values).toEqual([null]));
        await serverWrite(`users/${uid}`, record(uid));
        await eventually(() => expect(delivered.values).toEqual([null, record(uid)]));
        await serverWrite(`users/${uid}`, null);
        await eventually(() => expect(delivered.values).toEqual([null, record(uid), null]));
      });

      it('delivers nothing more once unsubscribed', async () => {
        const { uid } = await signInAs('maya');
        await serverWrite(`users/${uid}`, record(uid, { points: 1 }));
        const stopped = watch<User | null>((next, fail) => backend.users.watchUser(uid, next, fail));
        const still = watch<User | null>((next, fail) => backend.users.watchUser(uid, next, fail));
        // The cache's copy may come first; the server's is the one with 1 point.
        await eventually(() => expect(stopped.values.at(-1)?.points).toBe(1));
        const before = stopped.values.length;
        stopped.stop();
        await serverUpdate(`users/${uid}`, { points: 2 });
        // The watch still open has the change, so the stopped one would have had it by now.
        await eventually(() => expect(still.values.at(-1)?.points).toBe(2));
        expect(stopped.values).toHaveLength(before);
        expect(stopped.values.some((user) => user?.points === 2)).toBe(false);
      });

      it("refuses another member's record: the rules' refusal reaches onError, and the adapter goes on working", async () => {
        const { uid } = await signInAs('maya');
        const other = stranger();
        await serverWrite(`users/${other}`, record(other));
        const refused = watch<User | null>((next, fail) => backend.users.watchUser(other, next, fail));
        const error = await refusal(refused);
        expect(error).toBeInstanceOf(Error);
        expect(error.code).toBe('permission-denied');

        await serverWrite(`users/${uid}`, record(uid));
        const own = watch<User | null>((next, fail) => backend.users.watchUser(uid, next, fail));
        await eventually(() => expect(own.values.at(-1)).toEqual(record(uid)));
        expect(own.errors).toEqual([]);
      });

      it("refuses a visitor, and ends a member's watch with a refusal once they sign out", async () => {
        const other = stranger();
        await serverWrite(`users/${other}`, record(other));
        const visitor = watch<User | null>((next, fail) => backend.users.watchUser(other, next, fail));
        expect((await refusal(visitor)).code).toBe('permission-denied');

        const { uid } = await signInAs('maya');
        await serverWrite(`users/${uid}`, record(uid, { points: 3 }));
        const member = watch<User | null>((next, fail) => backend.users.watchUser(uid, next, fail));
        await eventually(() => expect(member.values.at(-1)?.points).toBe(3));
        await signOut(auth);
        await eventually(() => expect(member.errors).toHaveLength(1));
        expect((member.errors[0] as FirestoreError).code).toBe('permission-denied');
      });
    });

    describe('billing.watchBilling', () => {
      it("gives null before any payment, then the member's Premium with Dates", async () => {
        const { uid } = await signInAs('maya');
        await serverWrite(`billing/${uid}`, null);
        const delivered = watch<Billing | null>((next, fail) =>
          backend.billing.watchBilling(uid, next, fail),
        );
        await eventually(() => expect(delivered.values).toEqual([null]));
        const billing: Billing = {
          plan: 'monthly',
          premiumUntil: at('2026-04-01T00:00:00Z'),
          status: 'active',
          updatedAt: at('2026-03-01T12:00:00Z'),
        };
        await serverWrite(`billing/${uid}`, billing);
        await eventually(() => expect(delivered.values).toEqual([null, billing]));
        expect(delivered.values[1]?.premiumUntil).toBeInstanceOf(Date);
      });

      it("refuses another member's billing", async () => {
        await signInAs('noah');
        const other = stranger();
        await serverWrite(`billing/${other}`, {
          plan: 'yearly',
          premiumUntil: at('2027-01-01T00:00:00Z'),
          status: 'active',
          updatedAt: at('2026-01-01T00:00:00Z'),
        } satisfies Billing);
        const refused = watch<Billing | null>((next, fail) =>
          backend.billing.watchBilling(other, next, fail),
        );
        expect((await refusal(refused)).code).toBe('permission-denied');
      });
    });

    describe('photos.watchPhotos', () => {
      // Each sort puts them in a different order: newest b, best rated c, most voted a.
      const photos = (uid: string): Photo[] => [
        photoRecord('a', uid, { uploadedAt: at('2026-01-01T00:00:00Z'), rate: 3, votesCount: 40 }),
        photoRecord('b', uid, {
          uploadedAt: at('2026-03-01T00:00:00Z'),
          rate: 2.5,
          votesCount: 2,
          sharedAt: at('2026-03-02T00:00:00Z'),
        }),
        photoRecord('c', uid, { uploadedAt: at('2026-02-01T00:00:00Z'), rate: 4.5, votesCount: 10 }),
      ];

      beforeAll(async () => {
        for (const photo of photos(members.maya.uid))
          await serverWrite(photoPath(members.maya.uid, photo.id), photo);
      });

      it.each<[PhotoSort, string[]]>([
        ['uploadedAt', ['b', 'c', 'a']],
        ['rate', ['c', 'a', 'b']],
        ['votesCount', ['a', 'c', 'b']],
      ])("gives the member's photos by %s, highest first, with Dates", async (sort, order) => {
        const { uid } = await signInAs('maya');
        const delivered = watch<Photo[]>((next, fail) => backend.photos.watchPhotos(uid, sort, next, fail));
        await eventually(() => expect(delivered.values).toHaveLength(1));
        const [first] = delivered.values;
        expect(first?.map((photo) => photo.id)).toEqual(order);
        const byId = new Map(photos(uid).map((photo) => [photo.id, photo]));
        expect(first).toEqual(order.map((id) => byId.get(id)));
        expect(first?.find((photo) => photo.id === 'b')?.sharedAt).toBeInstanceOf(Date);
      });

      it('moves a photo as its score changes, and adds and removes photos as the server does', async () => {
        const { uid } = await signInAs('maya');
        const delivered = watch<Photo[]>((next, fail) => backend.photos.watchPhotos(uid, 'rate', next, fail));
        const ids = () => delivered.values.at(-1)?.map((photo) => photo.id);
        await eventually(() => expect(ids()).toEqual(['c', 'a', 'b']));

        await serverUpdate(photoPath(uid, 'b'), { rate: 5, votesCount: 3 });
        await eventually(() => expect(ids()).toEqual(['b', 'c', 'a']));
        await serverWrite(
          photoPath(uid, 'd'),
          photoRecord('d', uid, { uploadedAt: at('2026-03-05T00:00:00Z'), rate: 3.5 }),
        );
        await eventually(() => expect(ids()).toEqual(['b', 'c', 'd', 'a']));
        await serverWrite(photoPath(uid, 'd'), null);
        await serverUpdate(photoPath(uid, 'b'), { rate: 2.5, votesCount: 2 });
        await eventually(() => expect(ids()).toEqual(['c', 'a', 'b']));
        expect(delivered.errors).toEqual([]);
      });

      it("refuses another member's photos", async () => {
        await signInAs('noah');
        const other = stranger();
        for (const photo of photos(other)) await serverWrite(photoPath(other, photo.id), photo);
        const refused = watch<Photo[]>((next, fail) =>
          backend.photos.watchPhotos(other, 'uploadedAt', next, fail),
        );
        expect((await refusal(refused)).code).toBe('permission-denied');
      });
    });

    describe('votes', () => {
      const reply = {
        id: 'r1',
        text: 'Thank you!',
        userId: 'owner',
        userName: 'Maya',
        userPhotoURL: null,
        repliedAt: at('2026-03-04T10:00:00Z'),
        repliedToUserId: 'v1',
        reactions: [
          {
            id: 'v1',
            emoji: '❤️' as const,
            userId: 'v1',
            userName: 'Voter',
            userPhotoURL: null,
            reactedAt: at('2026-03-04T11:00:00Z'),
          },
        ],
      };
      // As the vote handler stores it, less its sealed voter: the id is opaque, and no field names the voter.
      const vote = (ratedAt: string, fields: Partial<Vote> = {}): Omit<Vote, 'id'> => ({
        rate: 4,
        comment: 'Nice light',
        commented: true,
        chips: ['Smile'],
        ageDecade: 30,
        gender: 'male',
        viewingTimeSeconds: 6,
        ratedAt: at(ratedAt),
        evaluated: true,
        reactions: [],
        replies: [],
        ...fields,
      });

      it('gives the commented votes on the member’s photo newest first, each with its id, Dates nested in replies too', async () => {
        const { uid } = await signInAs('maya');
        const path = votesPath(uid, 'voted');
        await serverWrite(`${path}/v1`, vote('2026-03-03T10:00:00Z', { replies: [reply] }));
        await serverWrite(`${path}/v2`, vote('2026-03-04T09:00:00Z', { rate: 2.5 }));
        await serverWrite(`${path}/silent`, vote('2026-03-04T10:00:00Z', { comment: '', commented: false }));
        const delivered = watch<Vote[]>((next, fail) =>
          backend.votes.watchComments(uid, 'voted', 10, next, fail),
        );
        await eventually(() => expect(delivered.values).toHaveLength(1));
        expect(delivered.values[0]).toEqual([
          { ...vote('2026-03-04T09:00:00Z', { rate: 2.5 }), id: 'v2' },
          { ...vote('2026-03-03T10:00:00Z', { replies: [reply] }), id: 'v1' },
        ]);
        expect(delivered.values[0]?.[1]?.replies[0]?.reactions[0]?.reactedAt).toBeInstanceOf(Date);

        await serverWrite(`${path}/v3`, vote('2026-03-05T09:00:00Z'));
        await eventually(() =>
          expect(delivered.values.at(-1)?.map((each) => each.id)).toEqual(['v3', 'v2', 'v1']),
        );
      });

      it('gives at most the count of comments asked for, however many the photo has', async () => {
        const { uid } = await signInAs('maya');
        const path = votesPath(uid, 'popular');
        await Promise.all(
          Array.from({ length: 8 }, (_, n) =>
            serverWrite(`${path}/v${n}`, vote(new Date(Date.UTC(2026, 2, 3, 10, n)).toISOString())),
          ),
        );
        const delivered = watch<Vote[]>((next, fail) =>
          backend.votes.watchComments(uid, 'popular', 3, next, fail),
        );
        await eventually(() => expect(delivered.values).toHaveLength(1));
        expect(delivered.values[0]?.map((each) => each.id)).toEqual(['v7', 'v6', 'v5']);
      });

      it("refuses a voter the votes on another member's photo", async () => {
        const { uid } = await signInAs('noah');
        const other = stranger();
        await serverWrite(`${votesPath(other, 'theirs')}/${uid}`, vote('2026-03-03T10:00:00Z'));
        const refused = watch<Vote[]>((next, fail) =>
          backend.votes.watchComments(other, 'theirs', 10, next, fail),
        );
        expect((await refusal(refused)).code).toBe('permission-denied');
      });

      it('reads the votes the member gave once, with Dates; none is an empty list', async () => {
        const { uid } = await signInAs('noah');
        expect(await backend.votes.readGivenVotes(uid)).toEqual([]);
        const given: GivenVote[] = [
          { id: 'p1', ownerId: members.maya.uid, rate: 4, ratedAt: at('2026-03-03T10:00:00Z') },
          { id: 'p2', ownerId: members.maya.uid, rate: 1.5, ratedAt: at('2026-03-04T10:00:00Z') },
        ];
        for (const each of given) await serverWrite(`users/${uid}/votes/${each.id}`, each);
        const read = await backend.votes.readGivenVotes(uid);
        expect(read.sort((a, b) => a.id.localeCompare(b.id))).toEqual(given);
        expect(read[0]?.ratedAt).toBeInstanceOf(Date);
      });

      it('reads only the newest given votes, however many the member has given', async () => {
        const { uid } = await signInAs('noah');
        const older = Array.from({ length: GIVEN_VOTES_READ + 5 }, (_, n) => n);
        await Promise.all(
          older.map((n) =>
            serverWrite(`users/${uid}/votes/old${n}`, {
              id: `old${n}`,
              ownerId: members.maya.uid,
              rate: 3,
              ratedAt: new Date(Date.UTC(2027, 0, 1) + n * 60_000),
            } satisfies GivenVote),
          ),
        );
        const read = await backend.votes.readGivenVotes(uid);
        expect(read).toHaveLength(GIVEN_VOTES_READ);
        expect(read[0]?.id).toBe(`old${GIVEN_VOTES_READ + 4}`);
        expect(read.map((vote) => vote.id)).not.toContain('old0');
      });

      it("rejects reading another member's given votes with the rules' refusal", async () => {
        await signInAs('maya');
        const other = stranger();
        await serverWrite(`users/${other}/votes/p1`, {
          id: 'p1',
          ownerId: members.maya.uid,
          rate: 3,
          ratedAt: at('2026-03-03T10:00:00Z'),
        } satisfies GivenVote);
        await expect(backend.votes.readGivenVotes(other)).rejects.toMatchObject({
          code: 'permission-denied',
        });
      });
    });

    describe.skipIf(!databaseEmulatorHost)(
      `presence on the Realtime Database emulator${databaseEmulatorHost ? '' : ` (skipped: ${noDatabase})`}`,
      () => {
        async function status(uid: string): Promise<{ state: string; lastChanged: unknown } | null> {
          let value: { state: string; lastChanged: unknown } | null = null;
          await emulators.rules.withSecurityRulesDisabled(async (context) => {
            value = (await context.database().ref(`status/${uid}`).get()).val();
          });
          return value;
        }

        it('marks the member online while tracked, and offline as soon as tracking stops at sign-out', async () => {
          const { uid } = await signInAs('maya');
          const stop = backend.presence.trackPresence(uid);
          stops.push(stop);
          await eventually(async () => expect(await status(uid)).toMatchObject({ state: 'online' }));
          expect(typeof (await status(uid))?.lastChanged).toBe('number');
          // The session signs out first, then stops tracking.
          await signOut(auth);
          stop();
          await eventually(async () => expect(await status(uid)).toMatchObject({ state: 'offline' }));
        });

        it('tracks the next member to sign in on the same page', async () => {
          const { uid } = await signInAs('noah');
          const stop = backend.presence.trackPresence(uid);
          stops.push(stop);
          await eventually(async () => expect(await status(uid)).toMatchObject({ state: 'online' }));
        });
      },
    );

    describe.skipIf(!storageEmulatorHost)(
      `uploads to the Storage emulator${storageEmulatorHost ? '' : ` (skipped: ${noStorage})`}`,
      () => {
        const jpeg = () =>
          new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])], { type: 'image/jpeg' });

        it("uploads to the member's uploads folder with its type, reporting progress up to 1", async () => {
          const { uid } = await signInAs('maya');
          const progress: number[] = [];
          await backend.images.uploadImage(uid, 'first.jpg', jpeg(), (fraction) => progress.push(fraction));
          expect(progress.at(-1)).toBe(1);
          expect(progress).toEqual([...progress].sort((a, b) => a - b));
          let metadata: unknown;
          await emulators.rules.withSecurityRulesDisabled(async (context) => {
            metadata = await context
              .storage(`gs://${PROJECT}`)
              .ref(uploadPath(uid, 'first.jpg'))
              .getMetadata();
          });
          expect(metadata).toMatchObject({ contentType: 'image/jpeg', size: 6 });
        });

        it("rejects an upload into another member's folder, or over a file already there, with the rules' refusal", async () => {
          const { uid } = await signInAs('maya');
          await expect(
            backend.images.uploadImage(members.noah.uid, 'theirs.jpg', jpeg(), () => undefined),
          ).rejects.toMatchObject({ code: 'storage/unauthorized' });
          await backend.images.uploadImage(uid, 'once.jpg', jpeg(), () => undefined);
          await expect(
            backend.images.uploadImage(uid, 'once.jpg', jpeg(), () => undefined),
          ).rejects.toMatchObject({ code: 'storage/unauthorized' });
        });
      },
    );
  },
);
