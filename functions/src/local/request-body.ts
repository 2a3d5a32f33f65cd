/** Reading a request's body on the local server with a size limit, as Cloud Functions enforces one. */
import type { IncomingMessage } from 'node:http';

/** A body over its limit: answered 413, as Cloud Functions answers it, never a reset. */
export class BodyTooLarge extends Error {
  constructor() {
    super('The request is too large.');
  }
}

/** The body as sent (a webhook's signature is over its exact bytes); a larger one is refused unread. */
export function readLimitedBody(request: IncomingMessage, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (Number(request.headers['content-length'] ?? 0) > max) {
      reject(new BodyTooLarge());
      return;
    }
    let size = 0;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        request.removeAllListeners('data');
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}
