/**
 * The exposure that settles a comparison. Opening Compare (`startComparing`) marks the member's
 * photos that need votes (too few to rank, or too close to call yet: `photosNeedingVotes`) as being
 * compared for 24 hours, and unmarks those that no longer need any. A marked photo comes first in the
 * feed among photos of its owner's premium standing, the widest range first (`feedOrder`), so the
 * verdict arrives in the fewest votes; premium owners' photos still come before every free owner's.
 * The hourly job (`endComparisons`) puts photos whose time is over back in their usual place.
 */
import { HttpsError } from 'firebase-functions/v2/https';
import type { Callables } from '../../../src/domain/callables';
import {
  COMPARE_MESSAGES,
  COMPARE_MIN_PHOTOS,
  COMPARING_HOURS,
  comparePhotos,
  photosNeedingVotes,
} from '../../../src/domain/compare';
import { photoPath, type Photo } from '../../../src/domain/photo';
import { feedOrder } from '../../../src/domain/rating';
import { startComparingSchema } from '../../../src/domain/schemas';
import type { User } from '../../../src/domain/user';
import type { Store } from '../store/store';
import { requireCaller, validate, type Clock, type Handler } from './handler';
import { isRateable } from './rating';
import { readSiteAverage } from './site-stats';
import { assertCompleteMember, userPath } from './users';

const HOUR_MS = 60 * 60 * 1000;
/** Marks ended per transaction by the hourly job, well within Firestore's 500 writes. */
const END_BATCH = 200;

export const startComparing: Handler<Callables['startComparing']['result']> = {
  async run(data, context) {
    const caller = requireCaller(context);
    const { photoIds } = await validate(startComparingSchema, data);
    const now = context.clock.now();
    const until = new Date(now.getTime() + COMPARING_HOURS * HOUR_MS);
    // The verdicts are the ones the member sees: against the site's average over every shard.
    const average = await readSiteAverage(context.store);
    return context.store.runTransaction(async (tx) => {
      const [member, ...found] = await Promise.all([
        tx.get<User>(userPath(caller.uid)),
        ...photoIds.map((id) => tx.get<Photo>(photoPath(caller.uid, id))),
      ]);
      assertCompleteMember(member);
      // Only the caller's own photos are looked up, so another member's id is simply not there.
      const photos = found.filter((photo): photo is Photo => photo !== undefined);
      if (photos.length < photoIds.length) throw new HttpsError('not-found', COMPARE_MESSAGES.notYours);
      const shown = photos.filter((photo) => photo.active);
      if (shown.length < COMPARE_MIN_PHOTOS)
        throw new HttpsError('failed-precondition', COMPARE_MESSAGES.choosePhotos);

      const needing = photosNeedingVotes(comparePhotos(shown, average));
      const comparing: string[] = [];
      for (const photo of photos) {
        // Only a photo the feed offers at all can be brought votes.
        const marked = needing.has(photo.id) && isRateable(photo);
        if (marked) comparing.push(photo.id);
        if (!marked && !photo.comparing) continue;
        tx.update(photoPath(caller.uid, photo.id), {
          comparing: marked,
          comparingUntil: marked ? until : now,
          feedOrder: feedOrder({ ...photo, comparing: marked }, member.subscribed),
        });
      }
      return { comparing, comparingUntil: comparing.length > 0 ? until.toISOString() : null };
    });
  },
};

/**
 * The hourly job: photos whose 24 hours of comparing are over go back to their usual place in the
 * feed. Each photo is read again in its transaction, so a mark renewed meanwhile stays.
 */
export async function endComparisons(store: Store, clock: Clock): Promise<number> {
  const now = clock.now();
  const marked = await store.queryGroup<Photo>('photos', {
    where: [{ field: 'comparing', equals: true }],
  });
  const over = marked.filter(({ data }) => !data.comparingUntil || data.comparingUntil <= now);
  let ended = 0;
  for (let start = 0; start < over.length; start += END_BATCH) {
    const batch = over.slice(start, start + END_BATCH);
    ended += await store.runTransaction(async (tx) => {
      const owners = [...new Set(batch.map(({ data }) => data.userId))];
      const [members, photos] = await Promise.all([
        Promise.all(owners.map((uid) => tx.get<User>(userPath(uid)))),
        Promise.all(batch.map(({ data }) => tx.get<Photo>(photoPath(data.userId, data.id)))),
      ]);
      const subscribed = new Map(owners.map((uid, index) => [uid, members[index]?.subscribed ?? false]));
      let count = 0;
      for (const photo of photos) {
        if (!photo?.comparing || (photo.comparingUntil && photo.comparingUntil > now)) continue;
        tx.update(photoPath(photo.userId, photo.id), {
          comparing: false,
          feedOrder: feedOrder({ ...photo, comparing: false }, subscribed.get(photo.userId) ?? false),
        });
        count++;
      }
      return count;
    });
  }
  return ended;
}
