/**
 * The peer histograms on the server, moved in the transactions that move the site's: a vote counts
 * its photo in the owner's group of the vote's day (taking it out of the group its last vote counted
 * it in, if the owner has since changed bracket or profile), and a removal takes it out of its group.
 */
import type { Photo } from '../../../src/domain/photo';
import {
  peerGroupOf,
  peerShardPath,
  peerShardsPath,
  sumPeerStats,
  type PeerGroup,
  type PeerStats,
} from '../../../src/domain/peer-stats';
import { moveInHistogram, removeFromHistogram } from '../../../src/domain/scores';
import type { RateHistogram } from '../../../src/domain/site-stats';
import type { User } from '../../../src/domain/user';
import type { Store, Transaction } from '../store/store';

/** What a vote read of the peer shards, to write after the transaction's other reads. */
export interface PeerMove {
  photoId: string;
  /** The group the photo's rate is counted in now, if any, and its shard. */
  from: { group: PeerGroup; shard: PeerStats | undefined } | null;
  /** The owner's group on the vote's day, and its shard (the same read when the group is unchanged). */
  to: { group: PeerGroup; shard: PeerStats | undefined } | null;
}

/** Reads the shards a new rate for the photo moves it between: one, or two when its group changed. */
export async function readPeerMove(
  tx: Transaction,
  photo: Pick<Photo, 'id' | 'votesCount' | 'peerGroup'>,
  owner: Pick<User, 'age' | 'birthyear' | 'gender'>,
  at: Date,
): Promise<PeerMove> {
  const counted = photo.votesCount > 0 ? (photo.peerGroup ?? null) : null;
  // A profile without a gender or an age (none complete) leaves the photo where it was counted.
  const now = peerGroupOf(owner, at) ?? counted;
  const [fromShard, toShard] = await Promise.all([
    counted && counted !== now ? tx.get<PeerStats>(peerShardPath(counted, photo.id)) : undefined,
    now ? tx.get<PeerStats>(peerShardPath(now, photo.id)) : undefined,
  ]);
  return {
    photoId: photo.id,
    from: counted && { group: counted, shard: counted === now ? toShard : fromShard },
    to: now && { group: now, shard: toShard },
  };
}

/**
 * Writes the move from `previousRate` (null: the photo had no votes) to `rate`, and returns the
 * photo's field naming the group it is now counted in.
 */
export function writePeerMove(
  tx: Transaction,
  move: PeerMove,
  previousRate: number | null,
  rate: number,
): { peerGroup?: PeerGroup } {
  const { from, to, photoId } = move;
  if (!to) return {};
  const histogram = (shard: PeerStats | undefined): RateHistogram => shard?.histogram ?? {};
  const stays = from?.group === to.group;
  if (from && !stays && previousRate !== null) {
    const left = removeFromHistogram(histogram(from.shard), previousRate);
    tx.set(peerShardPath(from.group, photoId), { histogram: left } satisfies PeerStats);
  }
  const moved = moveInHistogram(histogram(to.shard), stays ? previousRate : null, rate);
  tx.set(peerShardPath(to.group, photoId), { histogram: moved } satisfies PeerStats);
  return { peerGroup: to.group };
}

/** Reads the shard a rated photo is counted in, so its removal can take it out. */
export async function readPeerRemoval(
  tx: Transaction,
  photo: Pick<Photo, 'id' | 'votesCount' | 'peerGroup' | 'rate'>,
): Promise<(() => void) | null> {
  const group = photo.votesCount > 0 ? photo.peerGroup : undefined;
  if (!group) return null;
  const path = peerShardPath(group, photo.id);
  const shard = await tx.get<PeerStats>(path);
  return () =>
    tx.set(path, { histogram: removeFromHistogram(shard?.histogram ?? {}, photo.rate) } satisfies PeerStats);
}

/** A group's histogram: its shards added up, one read of a collection of at most 20 documents. */
export async function readPeerHistogram(store: Store, group: PeerGroup): Promise<RateHistogram> {
  const shards = await store.query<Partial<PeerStats>>(peerShardsPath(group));
  return sumPeerStats(shards.map((shard) => shard.data));
}
