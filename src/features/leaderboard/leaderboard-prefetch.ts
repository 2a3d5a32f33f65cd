/**
 * The leaderboard's first answer asked for ahead: on /leaderboard, as soon as a member is signed in,
 * for the show-me choice their record on this device last held, so the board (its largest paint) does
 * not wait for the record and the page's code before it is even asked for. The page takes it once.
 */
import { call } from '@/data/callables';
import type { KeptSession } from '@/data/first-read';
import { callWithKeptSession } from '@/data/kept-session';
import { readOfflineCopy } from '@/data/offline-copy';
import type { Callables } from '@/domain/callables';
import { leaderboardInput } from '@/domain/rating';
import { firstRead } from '@/data/first-read-global';
import type { ShowGender, User } from '@/domain/user';

type Board = Callables['getLeaderboard']['result'];

/** An answer asked for ahead is used only this soon after: later the board may have moved on. */
export const LEADERBOARD_PREFETCH_FRESH_MS = 30_000;

let ahead: { uid: string; gender: ShowGender; board: Promise<Board>; at: number } | undefined;

export const askLeaderboard = (gender: ShowGender) => call('getLeaderboard', leaderboardInput(gender));

/**
 * Asks for the board the member's page will show first (with the token Auth kept on this device when
 * there is one, src/data/kept-session.ts); nothing without a record seen on this device. Where the
 * page's head asked for it already with that token (src/data/first-read.ts), its answer is taken up.
 */
export function prefetchLeaderboard(uid: string, kept?: KeptSession): void {
  const gender = readOfflineCopy<Pick<User, 'showGender'>>(`user.${uid}`)?.showGender;
  if (!gender) return;
  const ask = () =>
    kept?.uid === uid
      ? callWithKeptSession('getLeaderboard', leaderboardInput(gender), kept)
      : askLeaderboard(gender);
  const head = kept?.uid === uid ? firstRead() : undefined;
  const board = head?.board
    ? head.board.then((started) =>
        started?.uid === uid && started.gender === gender ? (started.answer as Promise<Board>) : ask(),
      )
    : ask();
  // The page asks again, and logs what fails then.
  board.catch(() => undefined);
  ahead = { uid, gender, board, at: head?.board ? head.at : performance.now() };
}

/**
 * The board asked for ahead, once, while fresh and for the same member and choice. One refused is asked
 * for again; one that got no answer is not, the call having tried three times.
 */
export function takePrefetchedLeaderboard(uid: string, gender: ShowGender): Promise<Board> | undefined {
  const taken = ahead;
  ahead = undefined;
  if (!taken || taken.uid !== uid || taken.gender !== gender) return undefined;
  if (performance.now() - taken.at >= LEADERBOARD_PREFETCH_FRESH_MS) return undefined;
  return taken.board.catch((failure: unknown) => {
    if ((failure as { network?: unknown }).network === true) throw failure;
    return askLeaderboard(gender);
  });
}
