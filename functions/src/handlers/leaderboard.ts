/**
 * The leaderboard: the 8 active, eligible photos with the highest rate among those with at least
 * 5 votes, ties to more votes, among those whose owner shows them to the viewer (spec 1 section 7:
 * the feed's showTo filter), optionally only women's or men's; and the daily job that records each
 * day a photo spends on the board of all photos.
 */
import { leaderboardSchema } from '../../../src/domain/schemas';
import type { Callables } from '../../../src/domain/callables';
import { photoPath, type Photo } from '../../../src/domain/photo';
import { LEADERBOARD_SIZE, leaderboardDay, type LeaderboardPhoto } from '../../../src/domain/rating';
import type { Gender, User } from '../../../src/domain/user';
import type { Store } from '../store/store';
import type { Clock, Handler } from './handler';
import { requireCaller, validate } from './handler';
import { assertCompleteMember, userPath } from './users';

/** Who looks: photos shown to their gender only; and, if they choose, only women's or men's photos. */
interface Audience {
  viewerGender: Gender;
  gender?: Gender;
}

export async function topPhotos(store: Store, audience?: Audience): Promise<Photo[]> {
  const candidates = await store.queryGroup<Photo>('photos', {
    where: [
      { field: 'active', equals: true },
      { field: 'eligible', equals: true },
      ...(audience ? [{ field: 'showTo', in: ['both', audience.viewerGender] }] : []),
      ...(audience?.gender ? [{ field: 'gender', equals: audience.gender }] : []),
    ],
    orderBy: { field: 'leaderboardScore', direction: 'desc' },
    limit: LEADERBOARD_SIZE,
  });
  return candidates.map((doc) => doc.data).filter((photo) => photo.leaderboardScore > 0 && !photo.error);
}

export const getLeaderboard: Handler<Callables['getLeaderboard']['result']> = {
  async run(data, context) {
    const caller = requireCaller(context);
    const { gender } = await validate(leaderboardSchema, data);
    const viewer = await context.store.get<User>(userPath(caller.uid));
    assertCompleteMember(viewer);
    const photos = await topPhotos(context.store, { viewerGender: viewer.gender, gender });
    return {
      photos: photos.map((photo): LeaderboardPhoto => ({
        id: photo.id,
        userId: photo.userId,
        imageUrl: photo.imageUrl,
        originalUrl: photo.originalUrl ?? null,
        smallImageUrl: photo.smallImageUrl ?? null,
        imageWidth: photo.imageWidth ?? null,
        imageHeight: photo.imageHeight ?? null,
        caption: photo.caption ?? null,
        rate: photo.rate,
        votesCount: photo.votesCount,
      })),
    };
  },
};

const JOB_PATH = 'stats/leaderboard';

/** Appends today to `leaderboardDays` of each photo on the leaderboard; once a day, however often it runs. */
export async function recordLeaderboardDay(
  store: Store,
  clock: Clock,
): Promise<{ day: number; recorded: number }> {
  const day = leaderboardDay(clock.now());
  const top = await topPhotos(store);
  return store.runTransaction(async (tx) => {
    const job = await tx.get<{ lastDay: number }>(JOB_PATH);
    if (job && job.lastDay >= day) return { day, recorded: 0 };
    const current = await Promise.all(top.map((photo) => tx.get<Photo>(photoPath(photo.userId, photo.id))));
    let recorded = 0;
    for (const photo of current) {
      if (!photo || photo.leaderboardDays.includes(day)) continue;
      tx.update(photoPath(photo.userId, photo.id), { leaderboardDays: [...photo.leaderboardDays, day] });
      recorded++;
    }
    tx.set(JOB_PATH, { lastDay: day });
    return { day, recorded };
  });
}
