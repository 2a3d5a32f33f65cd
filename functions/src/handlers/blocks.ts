/**
 * Blocking and unblocking (src/domain/blocks.ts). The blocked member is found on the server, from a
 * comment's sealed voter or a photo's owner, so neither member learns the other's uid; the uids are
 * kept in `memberBlocks/{uid}`, which no rule lets a client read. The blocker's votes list hides the
 * other's votes by a flag on each, set and cleared here.
 */
import { randomUUID } from 'node:crypto';
import { HttpsError } from 'firebase-functions/v2/https';
import { blockMemberSchema, unblockMemberSchema } from '../../../src/domain/block-schemas';
import {
  BLOCK_MESSAGES,
  BLOCKS_MAX,
  memberBlocksPath,
  type BlockEntry,
  type MemberBlocks,
} from '../../../src/domain/blocks';
import type { Callables } from '../../../src/domain/callables';
import { photoPath, type Photo } from '../../../src/domain/photo';
import type { User } from '../../../src/domain/user';
import { votesPath } from '../../../src/domain/vote';
import type { Store, Transaction } from '../store/store';
import { requireCaller, validate, type Handler } from './handler';
import { assertMember, userPath } from './users';
import { openVoter, readVoteKeys, type StoredVote } from './vote-keys';

const EMPTY: MemberBlocks = { blocks: [], blockedBy: [] };

/** The member's blocks both ways, as uids: theirs on the record (older data) and the server-only ones. */
export async function blockedUids(
  reader: Pick<Store, 'get'> | Pick<Transaction, 'get'>,
  user: Pick<User, 'uid' | 'blocks' | 'blockedBy'>,
): Promise<{ blocks: string[]; blockedBy: string[] }> {
  const kept = (await reader.get<MemberBlocks>(memberBlocksPath(user.uid))) ?? EMPTY;
  return {
    blocks: [...(user.blocks ?? []), ...kept.blocks.map(({ uid }) => uid)],
    blockedBy: [...(user.blockedBy ?? []), ...kept.blockedBy],
  };
}

/** Whether either member blocked the other. */
export async function eitherBlocked(store: Store, uid: string, other: string): Promise<boolean> {
  const user = await store.get<User>(userPath(uid));
  if (!user) return false;
  const { blocks, blockedBy } = await blockedUids(store, user);
  return blocks.includes(other) || blockedBy.includes(other);
}

/**
 * Flags (or clears) the one vote a block was made from, so its comment leaves the owner's view. Only
 * that one: flagging the member's other votes on the owner's photos would show the owner which votes
 * are one voter's, and a block made from a photo would show whose votes they are (the anonymity rule
 * wins over hiding them; new votes between the two are refused anyway).
 */
async function flagVote(store: Store, path: string | undefined, blocked: boolean): Promise<void> {
  if (!path) return;
  await store.runTransaction(async (tx) => {
    const vote = await tx.get<StoredVote>(path);
    if (vote && Boolean(vote.blocked) !== blocked) tx.update(path, { blocked });
  });
}

export const blockMember: Handler<Callables['blockMember']['result']> = {
  async run(data, context) {
    const caller = requireCaller(context);
    const { ownerId, photoId, voteId, from } = await validate(blockMemberSchema, data);
    if ((from === 'comment') !== (voteId !== undefined))
      throw new HttpsError('invalid-argument', BLOCK_MESSAGES.invalid);
    const { store } = context;
    const photo = await store.get<Photo>(photoPath(ownerId, photoId));
    if (!photo) throw new HttpsError('not-found', BLOCK_MESSAGES.gone);

    let target: string | undefined;
    const votePath = voteId === undefined ? undefined : `${votesPath(ownerId, photoId)}/${voteId}`;
    if (votePath) {
      if (ownerId !== caller.uid) throw new HttpsError('permission-denied', BLOCK_MESSAGES.notYours);
      const vote = await store.get<StoredVote>(votePath);
      target = openVoter(await readVoteKeys(store), vote?.sealedVoter);
    } else {
      target = ownerId;
    }
    // A bot's vote, or one whose voter's account is gone, names no one to block.
    if (!target) throw new HttpsError('not-found', BLOCK_MESSAGES.gone);
    if (target === caller.uid) throw new HttpsError('invalid-argument', BLOCK_MESSAGES.self);
    const blocked = target;

    const now = context.clock.now();
    const blockId = randomUUID();
    await store.runTransaction(async (tx) => {
      const [user, other, mine, theirs] = await Promise.all([
        tx.get<User>(userPath(caller.uid)),
        tx.get<User>(userPath(blocked)),
        tx.get<MemberBlocks>(memberBlocksPath(caller.uid)),
        tx.get<MemberBlocks>(memberBlocksPath(blocked)),
      ]);
      assertMember(user);
      if (!other || other.deletedAt) throw new HttpsError('not-found', BLOCK_MESSAGES.gone);
      const kept = mine ?? EMPTY;
      if (kept.blocks.some(({ uid }) => uid === blocked) || (user.blocks ?? []).includes(blocked))
        throw new HttpsError('already-exists', BLOCK_MESSAGES.already);
      if (kept.blocks.length >= BLOCKS_MAX) throw new HttpsError('resource-exhausted', BLOCK_MESSAGES.full);
      const entry: BlockEntry = { id: blockId, from, at: now.toISOString() };
      tx.set(memberBlocksPath(caller.uid), {
        ...kept,
        blocks: [...kept.blocks, { id: blockId, uid: blocked, ...(votePath ? { votePath } : {}) }],
      } satisfies MemberBlocks);
      const other_ = theirs ?? EMPTY;
      tx.set(memberBlocksPath(blocked), {
        ...other_,
        blockedBy: [...other_.blockedBy, caller.uid],
      } satisfies MemberBlocks);
      tx.update(userPath(caller.uid), { blockList: [...(user.blockList ?? []), entry], updatedAt: now });
    });
    await flagVote(store, votePath, true);
    return { blockId };
  },
};

export const unblockMember: Handler<Callables['unblockMember']['result']> = {
  async run(data, context) {
    const caller = requireCaller(context);
    const { blockId } = await validate(unblockMemberSchema, data);
    const { store } = context;
    const now = context.clock.now();
    const unblocked = await store.runTransaction(async (tx) => {
      const [user, mine] = await Promise.all([
        tx.get<User>(userPath(caller.uid)),
        tx.get<MemberBlocks>(memberBlocksPath(caller.uid)),
      ]);
      assertMember(user);
      const kept = mine ?? EMPTY;
      const block = kept.blocks.find(({ id }) => id === blockId);
      if (!block) throw new HttpsError('not-found', BLOCK_MESSAGES.unknown);
      const theirs = (await tx.get<MemberBlocks>(memberBlocksPath(block.uid))) ?? EMPTY;
      const at = theirs.blockedBy.indexOf(caller.uid);
      tx.set(memberBlocksPath(caller.uid), {
        ...kept,
        blocks: kept.blocks.filter(({ id }) => id !== blockId),
      } satisfies MemberBlocks);
      tx.set(memberBlocksPath(block.uid), {
        ...theirs,
        blockedBy: theirs.blockedBy.filter((_, n) => n !== at),
      } satisfies MemberBlocks);
      tx.update(userPath(caller.uid), {
        blockList: (user.blockList ?? []).filter(({ id }) => id !== blockId),
        updatedAt: now,
      });
      return block;
    });
    await flagVote(store, unblocked.votePath, false);
    return { unblocked: true as const };
  },
};
