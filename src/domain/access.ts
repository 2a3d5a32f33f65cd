/**
 * Who may read or write which document directly, outside the handlers. The local server enforces it;
 * firestore.rules and database.rules.json say the same, and one table of cases tests both. What no
 * rule names nobody reads: the stats (`stats/...`: the site's and the peer groups' histograms in
 * shards, a few photos' tallies each) among them; the owner's photo's standing is a callable.
 */
import { isUploadImageType } from './limits';

export type AccessAction = 'read' | 'write';

export interface Viewer {
  uid: string;
  isAdmin?: boolean;
}

type Rule = (viewer: Viewer | null, ids: string[], action: AccessAction) => boolean;

const isOwner = (viewer: Viewer | null, uid: string | undefined) => viewer !== null && viewer.uid === uid;

const RULES: Array<{ pattern: RegExp; rule: Rule }> = [
  // A member reads and watches their own record; every write goes through a handler.
  { pattern: /^users\/([^/]+)$/, rule: (viewer, [uid], action) => action === 'read' && isOwner(viewer, uid) },
  // Presence: only its owner reads or writes it.
  { pattern: /^status\/([^/]+)$/, rule: (viewer, [uid]) => isOwner(viewer, uid) },
  // A member's photos: the owner lists and watches them; writes go through handlers.
  {
    pattern: /^users\/([^/]+)\/photos$/,
    rule: (viewer, [uid], action) => action === 'read' && isOwner(viewer, uid),
  },
  {
    pattern: /^users\/([^/]+)\/photos\/[^/]+$/,
    rule: (viewer, [uid], action) => action === 'read' && isOwner(viewer, uid),
  },
  // Votes on a member's photo: the photo's owner reads them (none names its voter); voting is a handler's.
  {
    pattern: /^users\/([^/]+)\/photos\/[^/]+\/votes(\/[^/]+)?$/,
    rule: (viewer, [uid], action) => action === 'read' && isOwner(viewer, uid),
  },
  // The light copies of the votes a member gave: theirs to read (the feed's local cache falls back on them).
  {
    pattern: /^users\/([^/]+)\/votes(\/[^/]+)?$/,
    rule: (viewer, [uid], action) => action === 'read' && isOwner(viewer, uid),
  },
  // The member's Premium as payments left it: theirs to read; the payment webhook writes it. The checkout
  // sessions, payment events, subscriptions and daily uses beside it are the server's alone.
  {
    pattern: /^billing\/([^/]+)$/,
    rule: (viewer, [uid], action) => action === 'read' && isOwner(viewer, uid),
  },
  // The member's notifications: theirs to read; the reply and reaction handlers write them.
  {
    pattern: /^users\/([^/]+)\/notifications(\/[^/]+)?$/,
    rule: (viewer, [uid], action) => action === 'read' && isOwner(viewer, uid),
  },
  // Image files (storage): the owner creates new uploads in their uploads folder, nowhere else (the
  // originals and display images beside it are the server's), and reads their own folder; others
  // see display images by token URL. Names ending in .meta.json are the local store's own records.
  {
    pattern: /^images\/([^/]+)\/uploads\/([^/]+)$/,
    rule: (viewer, [uid, name], action) =>
      isOwner(viewer, uid) && (action === 'read' || !name!.endsWith('.meta.json')),
  },
  {
    pattern: /^images\/([^/]+)\/.+$/,
    rule: (viewer, [uid], action) => action === 'read' && isOwner(viewer, uid),
  },
];

export function canAccess(viewer: Viewer | null, path: string, action: AccessAction): boolean {
  for (const { pattern, rule } of RULES) {
    const match = pattern.exec(path);
    if (match) return rule(viewer, match.slice(1), action);
  }
  return false;
}

/**
 * A member's direct upload (storage.rules says the same): a new file, never an overwrite, at a path
 * the member may write, of an image type the pipeline takes.
 */
export function canUpload(
  viewer: Viewer | null,
  path: string,
  file: { contentType: string; exists: boolean },
): boolean {
  return canAccess(viewer, path, 'write') && !file.exists && isUploadImageType(file.contentType);
}
