/** Reading a request's body on the local server with a size limit, as Cloud Functions enforces one. */
import type { IncomingMessage } from 'node:http';

/** A body over its limit: answered 413, as Cloud Functions answers it, never a reset. */
export class BodyTooLarge extends Error {
  constructor() {
    super('The request is too large.');
  }
}

/**
 * The body as sent (a webhook's signature is over its exact bytes); a larger one is refused, and what
 * is left of it is not collected.
 */
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

/**
 * Reads and drops what is left of a refused request's body, up to `max` bytes; whether it all came.
 * A connection closed over bytes it has not read is reset, and a client still sending its body would
 * lose the answer with it.
 */
export function discardBody(request: IncomingMessage, max: number): Promise<boolean> {
  if (request.complete) return Promise.resolve(true);
  if (request.destroyed || Number(request.headers['content-length'] ?? 0) > max)
    return Promise.resolve(false);
  return new Promise((resolve) => {
    let size = 0;
    const settle = (drained: boolean) => {
      request.off('data', onData).off('end', onEnd).off('close', onClose);
      resolve(drained);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) settle(false);
    };
    const onEnd = () => settle(true);
    const onClose = () => settle(request.complete);
    request.on('data', onData).once('end', onEnd).once('close', onClose);
    request.resume();
  });
}
