/**
 * Where one of the member's photos stands: what the photo detail and Compare need from the site's
 * and the peer groups' histograms, worked out on the server (`getPhotoStanding`). The shards are
 * the server's alone: each holds the tallies of a few photos, so a voter who read one before and
 * after a vote would learn that photo's average and, from the peer shard that moved, its owner's
 * gender and age bracket.
 */
import type { PeerStanding } from './peer-stats';

export interface PhotoStanding {
  /** Its "top N%" among every rated photo; null where the detail shows none (under 3 votes, below the top half). */
  topPercent: number | null;
  /** Its place among its owner's peers, once their group holds PEER_MIN_PHOTOS photos. */
  peer: PeerStanding | null;
  /** The site's average vote: what the fair score shrinks toward and weighs each voter's habit against. */
  siteAverage: number;
}

export const STANDING_MESSAGES = {
  notYours: 'This photo is not one of yours, or it has been deleted',
} as const;
