/**
 * The feed's page position, sealed. The position is the last photo's `feedOrder`, which spells out
 * its vote count, its upload time and its owner's Premium standing: none of them the viewer's to
 * know. It leaves the server encrypted and authenticated (AES-256-GCM, padded to one length, under
 * a key the store keeps where no member reads), so the viewer can only hand it back.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { HttpsError } from 'firebase-functions/v2/https';
import { FEED_MESSAGES, FEED_POSITION_LENGTH } from '../../../src/domain/schemas';
import type { Store } from '../store/store';

const KEY_PATH = 'secrets/feedPosition';
/** The longest feedOrder: '1-', seven digits, '-', thirteen digits, '-' and a 64-character id. */
const ORDER_MAX = 88;
const IV_BYTES = 12;
const TAG_BYTES = 16;

const keys = new WeakMap<Store, Promise<Buffer | undefined>>();

/** The site's key; made on the first sealing (a store with none has never sealed a position). */
function positionKey(store: Store, make: boolean): Promise<Buffer | undefined> {
  const known = keys.get(store);
  if (known) return known;
  const key = store
    .runTransaction(async (tx) => {
      const kept = await tx.get<{ key: string }>(KEY_PATH);
      if (kept || !make) return kept?.key;
      const made = randomBytes(32).toString('base64');
      tx.set(KEY_PATH, { key: made });
      return made;
    })
    .then((text) => (text === undefined ? undefined : Buffer.from(text, 'base64')));
  // Only a key found or made is kept: a failed read or a store without one is asked again.
  void key.then(
    (found) => found !== undefined && keys.set(store, key),
    () => undefined,
  );
  return key;
}

export async function sealFeedPosition(store: Store, feedOrder: string): Promise<string> {
  const key = (await positionKey(store, true))!;
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(feedOrder.padEnd(ORDER_MAX, ' '), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
}

/** The feedOrder a sealed position holds; a position this site did not seal is refused. */
export async function openFeedPosition(store: Store, position: string): Promise<string> {
  const refused = () => new HttpsError('invalid-argument', FEED_MESSAGES.position);
  const bytes = Buffer.from(position, 'base64url');
  const key = await positionKey(store, false);
  if (!key || position.length !== FEED_POSITION_LENGTH || bytes.length !== IV_BYTES + ORDER_MAX + TAG_BYTES)
    throw refused();
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAuthTag(bytes.subarray(IV_BYTES + ORDER_MAX));
  try {
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, IV_BYTES + ORDER_MAX)), decipher.final()])
      .toString('utf8')
      .trimEnd();
  } catch {
    throw refused();
  }
}
