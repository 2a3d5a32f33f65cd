/**
 * Photos stored before the feed and the leaderboard kept their ordering fields get them when the
 * local backend starts, once per data folder (a marker says it is done, so later starts read one
 * document, not every photo): a data folder from an earlier version keeps its photos in the feed.
 */
import { photoPath, type Photo } from '../../../src/domain/photo';
import { feedOrder, leaderboardScore } from '../../../src/domain/rating';
import type { User } from '../../../src/domain/user';
import type { Store } from '../store/store';

const MARKER_PATH = 'stats/backfills';

export async function backfillRankings(store: Store): Promise<number> {
  if ((await store.get<{ rankings?: boolean }>(MARKER_PATH))?.rankings) return 0;
  const photos = await store.queryGroup<Partial<Photo> & Pick<Photo, 'id' | 'userId'>>('photos');
  const missing = photos.filter(({ data }) => !data.feedOrder && data.userId && data.uploadedAt);
  for (const { data: photo } of missing) {
    await store.runTransaction(async (tx) => {
      const owner = await tx.get<User>(`users/${photo.userId}`);
      const votesCount = photo.votesCount ?? 0;
      tx.update(photoPath(photo.userId, photo.id), {
        feedOrder: feedOrder(
          { id: photo.id, votesCount, uploadedAt: photo.uploadedAt! },
          owner?.subscribed ?? false,
        ),
        leaderboardScore: leaderboardScore({ rate: photo.rate ?? 0, votesCount }),
      });
    });
  }
  await store.runTransaction(async (tx) => tx.set(MARKER_PATH, { rankings: true }));
  return missing.length;
}
