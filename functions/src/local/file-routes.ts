/**
 * The local server's stand-in for Cloud Storage: the owner uploads an image to their own folder
 * (storage.rules: owner only, images only, under 10 MiB), and files are served by download token.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpsError } from 'firebase-functions/v2/https';
import { canAccess } from '../../../src/domain/access';
import { MAX_UPLOAD_BYTES, PHOTO_MESSAGES } from '../../../src/domain/limits';
import { assertFilePath } from '../files/file-store';
import type { LocalFileStore } from '../files/local-file-store';
import type { Caller } from '../handlers/handler';

function filePathOf(url: URL, prefix: string): string {
  const filePath = decodeURIComponent(url.pathname.slice(prefix.length));
  try {
    assertFilePath(filePath);
  } catch {
    throw new HttpsError('invalid-argument', 'Not a file path.');
  }
  return filePath;
}

export async function receiveUpload(
  files: LocalFileStore,
  url: URL,
  request: IncomingMessage,
  response: ServerResponse,
  callerOf: (request: IncomingMessage) => Promise<Caller | null>,
): Promise<void> {
  const filePath = filePathOf(url, '/upload/');
  const caller = await callerOf(request);
  if (!caller) throw new HttpsError('unauthenticated', 'Please sign in to continue.');
  if (!canAccess({ uid: caller.uid }, filePath, 'write')) {
    throw new HttpsError('permission-denied', "You don't have permission to perform this action.");
  }
  const contentType = request.headers['content-type'] ?? '';
  if (!/^image\//.test(contentType)) throw new HttpsError('invalid-argument', PHOTO_MESSAGES.notAnImage);
  if (Number(request.headers['content-length'] ?? 0) >= MAX_UPLOAD_BYTES) {
    request.resume();
    throw new HttpsError('invalid-argument', PHOTO_MESSAGES.tooLarge);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size >= MAX_UPLOAD_BYTES) throw new HttpsError('invalid-argument', PHOTO_MESSAGES.tooLarge);
    chunks.push(chunk);
  }
  await files.write(filePath, Buffer.concat(chunks), { contentType });
  response.writeHead(200, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify({ name: filePath, size }));
}

export async function serveFile(files: LocalFileStore, url: URL, response: ServerResponse): Promise<void> {
  try {
    const filePath = filePathOf(url, '/files/');
    const file = await files.read(filePath);
    const token = url.searchParams.get('token');
    if (!file || !file.downloadToken || file.downloadToken !== token) {
      response.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":"not found"}');
      return;
    }
    response.writeHead(200, {
      'Content-Type': file.contentType,
      'Content-Length': file.bytes.length,
      'Cache-Control': 'private, max-age=31536000, immutable',
    });
    response.end(file.bytes);
  } catch {
    response.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":"not found"}');
  }
}
