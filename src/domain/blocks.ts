/**
 * Blocking (spec: a member's `blocks`): a member blocks the voter of a comment on their photo, or the
 * owner of a photo they are shown or whose reply they read. Neither side learns who the other is: the
 * member's record keeps only an opaque entry per block (for the profile's list), and the uids live
 * where only the server reads (`memberBlocks/{uid}`). Blocked members no longer see each other's
 * photos, and the blocker no longer sees the other's comments and votes on their photos.
 */
/** How many members one may block at once: the list is read with every feed page. */
export const BLOCKS_MAX = 500;

export const BLOCK_FROMS = ['comment', 'reply', 'photo'] as const;
export type BlockFrom = (typeof BLOCK_FROMS)[number];

/** Where a block was made, as the profile's list says it. */
export const BLOCK_FROM_LABELS: Record<BlockFrom, string> = {
  comment: 'A commenter on your photo',
  reply: 'The owner of a photo you rated',
  photo: 'The owner of a photo you were shown',
};

export const BLOCK_MESSAGES = {
  invalid: 'This member cannot be blocked.',
  self: "You can't block yourself.",
  gone: 'This member is no longer here.',
  notYours: 'You can only block commenters on your own photos.',
  already: 'You have already blocked this member.',
  full: `You can block at most ${BLOCKS_MAX} members. Unblock someone first.`,
  unknown: 'This block no longer exists.',
  blocked: "Member blocked. You won't see each other's photos, and their comments are hidden.",
  unblocked: 'Member unblocked.',
  none: "You haven't blocked anyone.",
  closed: 'This conversation is closed: one of you blocked the other.',
} as const;

/** One block as the blocker's own record keeps it: never whom. */
export interface BlockEntry {
  id: string;
  from: BlockFrom;
  /** ISO text, as the record's other copies of it travel. */
  at: string;
}

/** `memberBlocks/{uid}`, read by the server only: whom the member blocked, and who blocked them. */
export interface MemberBlocks {
  /** With the vote a block from a comment was made from: its comment is hidden, and shown again on unblock. */
  blocks: Array<{ id: string; uid: string; votePath?: string }>;
  blockedBy: string[];
}

export const memberBlocksPath = (uid: string) => `memberBlocks/${uid}`;
