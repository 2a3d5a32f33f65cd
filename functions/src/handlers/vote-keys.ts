/**
 * A vote's id and its voter, kept from the photo's owner, who reads the vote (ARCHITECTURE.md,
 * "Anonymity"). The id is a keyed hash (HMAC-SHA-256) of the owner, the photo and the voter, so the
 * owner can neither map it back to a member nor tell two votes of one member apart, and the server
 * finds a member's vote on a photo by hashing again. Who gave the vote, which the server needs to
 * tell the voter of the owner's reply and to show an admin, is sealed in the vote (AES-256-GCM, a
 * fresh IV each time, the uid padded to one length): the owner reads a different string for every
 * vote, and only the server opens it. Both keys come from one secret the store keeps where no member
 * reads, made in the transaction of the site's first vote.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { Vote } from '../../../src/domain/vote';
import type { Store, Transaction } from '../store/store';

export const VOTE_SECRET_PATH = 'secrets/votes';

/** The longest uid the schemas take; every sealed voter is this long, whoever it is. */
const UID_MAX = 128;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface VoteKeys {
  id: Buffer;
  seal: Buffer;
}

/** A vote as stored: what the owner reads, the rate as first given, its day, and its sealed voter. */
export interface StoredVote extends Omit<Vote, 'id'> {
  originalRate: number;
  date: string;
  /** null for a bot's vote, and once the voter's account is purged. */
  sealedVoter: string | null;
}

/** The two keys of a site's secret (as the store keeps it, base64). */
export function deriveVoteKeys(secret: string): VoteKeys {
  const master = Buffer.from(secret, 'base64');
  const key = (purpose: string) => Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), purpose, 32));
  return { id: key('vote id'), seal: key('voter seal') };
}

const known = new WeakMap<Store, VoteKeys>();

/** The site's vote keys; none before the site's first vote, when no member's vote exists to find. */
export async function readVoteKeys(store: Store): Promise<VoteKeys | undefined> {
  const cached = known.get(store);
  if (cached) return cached;
  const kept = await store.get<{ key: string }>(VOTE_SECRET_PATH);
  if (!kept) return undefined;
  const keys = deriveVoteKeys(kept.key);
  known.set(store, keys);
  return keys;
}

/**
 * Inside a transaction that stores votes, before its other reads: the site's vote keys, or on the
 * site's first vote a new secret that `keep` writes with it, so a refused vote leaves nothing.
 */
export async function voteKeysIn(tx: Transaction, store: Store): Promise<{ keys: VoteKeys; keep(): void }> {
  const cached = known.get(store);
  if (cached) return { keys: cached, keep: () => undefined };
  const kept = await tx.get<{ key: string }>(VOTE_SECRET_PATH);
  if (kept) {
    // Once made, the secret never changes: the next vote need not read it.
    const keys = deriveVoteKeys(kept.key);
    known.set(store, keys);
    return { keys, keep: () => undefined };
  }
  const made = randomBytes(32).toString('base64');
  return { keys: deriveVoteKeys(made), keep: () => tx.set(VOTE_SECRET_PATH, { key: made }) };
}

/** The id of a member's vote on a photo: 32 hex digits, the same each time, meaningless without the key. */
export function voteIdOf(keys: VoteKeys, voterId: string, ownerId: string, photoId: string): string {
  return createHmac('sha256', keys.id).update(`${ownerId}/${photoId}/${voterId}`).digest('hex').slice(0, 32);
}

export function sealVoter(keys: VoteKeys, voterId: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keys.seal, iv);
  const sealed = Buffer.concat([cipher.update(voterId.padEnd(UID_MAX, ' '), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
}

/** The uid a sealed voter holds; undefined for none, or for one this site did not seal. */
export function openVoter(keys: VoteKeys | undefined, sealed: string | null | undefined): string | undefined {
  if (!keys || !sealed) return undefined;
  const bytes = Buffer.from(sealed, 'base64url');
  if (bytes.length !== IV_BYTES + UID_MAX + TAG_BYTES) return undefined;
  const decipher = createDecipheriv('aes-256-gcm', keys.seal, bytes.subarray(0, IV_BYTES));
  decipher.setAuthTag(bytes.subarray(IV_BYTES + UID_MAX));
  try {
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, IV_BYTES + UID_MAX)), decipher.final()])
      .toString('utf8')
      .trimEnd();
  } catch {
    return undefined;
  }
}
