/**
 * Notifications to a comment's author when someone reacts or replies (spec 1 section 7's
 * sendReactionNotification, run by the server inside the reaction or reply itself, so nobody can
 * send one for something that did not happen): the in-app bell everywhere, push on Firebase.
 */
export const NOTIFICATION_TITLE = 'Photorater';

export interface ReactionNotification {
  targetUserId: string;
  /** null for a reply. */
  emoji: string | null;
  photoId: string;
  photoOwnerId: string;
  /** The photo's caption, which both sides of the conversation have seen; null without one. */
  caption: string | null;
  isReply: boolean;
}

/** The push payload and the bell's message: title and body. */
export interface AppNotification {
  title: string;
  body: string;
  /** The photo it is about; none for a note about the member's payments. */
  photoId?: string;
  photoOwnerId?: string;
  at: Date;
  /**
   * The owner who reacted or replied (the purge finds their messages by it when they delete their
   * account); null from a voter, whose uid would name them to the owner.
   */
  fromUserId?: string | null;
}

export const notificationsPath = (uid: string) => `users/${uid}/notifications`;

/**
 * The message names the photo, never the person: voters never see the owner's name (the Privacy
 * page's promise), and comments are anonymous to the owner.
 */
export function notificationBody(notification: ReactionNotification): string {
  const { emoji, caption, isReply } = notification;
  const toOwner = notification.targetUserId === notification.photoOwnerId;
  const photo = caption ? `“${caption}”` : toOwner ? 'your photo' : 'a photo you rated';
  const what = isReply ? 'your reply' : 'your comment';
  if (toOwner)
    return emoji ? `A voter reacted ${emoji} to ${what} on ${photo}` : `A voter replied to you on ${photo}`;
  return emoji
    ? `The owner of ${photo} reacted ${emoji} to ${what}`
    : `The owner of ${photo} replied to ${what}`;
}

/** Never for one's own comment. */
export function shouldNotify(notification: ReactionNotification, reactorId: string): boolean {
  return notification.targetUserId !== reactorId;
}

/** 'You have 1 new vote', 'You have 3 new votes'. */
export function newVotesText(count: number): string {
  return `You have ${count} new ${count === 1 ? 'vote' : 'votes'}`;
}

/** What the bell's menu says: new votes first, else the last message not yet seen, else all caught up. */
export function bellMessage(
  newVotes: number,
  last: AppNotification | undefined,
  seenAt: Date | undefined,
): { text: string; unread: boolean } {
  if (newVotes > 0) return { text: newVotesText(newVotes), unread: true };
  if (last && (!seenAt || last.at > seenAt)) return { text: last.body, unread: true };
  return { text: "You're all caught up!", unread: false };
}
