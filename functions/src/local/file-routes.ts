/**
 * The local server's stand-in for Cloud Storage, with the rules storage.rules gives there: a member
 * creates new uploads (images under 10 MiB) in their own uploads folder and nowhere else, a few at a
 * time; files are served by download token, as the type the server stored, never sniffed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpsError } from 'firebase-functions/v2/https';
import { canAccess, canUpload } from '../../../src/domain/access';
import {
  isUploadImageType,
  MAX_PENDING_UPLOADS,
  MAX_UPLOAD_BYTES,
  PHOTO_MESSAGES,
} from '../../../src/domain/limits';
import { uploadsFolder } from '../../../src/domain/photo';
import { assertFilePath } from '../files/file-store';
import type { LocalFileStore } from '../files/local-file-store';
import { SIGNED_OUT, type Caller } from '../handlers/handler';
import { BodyTooLarge, readLimitedBody } from './request-body';

function filePathOf(url: URL, prefix: string): string {
  try {
    const filePath = decodeURIComponent(url.pathname.slice(prefix.length));
    assertFilePath(filePath);
    return filePath;
  } catch {
    throw new HttpsError('invalid-argument', 'Not a file path.');
  }
}

const PERMISSION_DENIED = "You don't have permission to perform this action.";

export class UploadRoute {
  /** Paths being received now, by member: counted with the stored ones, so parallel uploads cannot slip past the quota. */
  private readonly receiving = new Map<string, Set<string>>();
  /** Each member's reservations are made one after another: the count and the reservation are one step. */
  private readonly reserving = new Map<string, Promise<unknown>>();

  constructor(
    private readonly files: LocalFileStore,
    private readonly callerOf: (request: IncomingMessage) => Promise<Caller | null>,
  ) {}

  async receive(url: URL, request: IncomingMessage, response: ServerResponse): Promise<void> {
    const filePath = filePathOf(url, '/upload/');
    const caller = await this.callerOf(request);
    if (!caller) throw new HttpsError('unauthenticated', SIGNED_OUT);
    if (!canAccess({ uid: caller.uid }, filePath, 'write'))
      throw new HttpsError('permission-denied', PERMISSION_DENIED);
    const contentType = request.headers['content-type'] ?? '';
    if (!isUploadImageType(contentType)) throw new HttpsError('invalid-argument', PHOTO_MESSAGES.notAnImage);
    if (Number(request.headers['content-length'] ?? 0) >= MAX_UPLOAD_BYTES)
      throw new HttpsError('invalid-argument', PHOTO_MESSAGES.tooLarge);

    await this.reserve(caller.uid, filePath, contentType);
    try {
      // Not read to its end when too large: the refusal's answer reads and drops the rest.
      const image = await readLimitedBody(request, MAX_UPLOAD_BYTES - 1).catch((error: unknown) => {
        throw error instanceof BodyTooLarge
          ? new HttpsError('invalid-argument', PHOTO_MESSAGES.tooLarge)
          : error;
      });
      // Stored without a download token: an upload is never served, only read by the handlers.
      await this.files.write(filePath, image, { contentType: contentType.split(';')[0]!.trim() });
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ name: filePath, size: image.length }));
    } finally {
      const paths = this.receiving.get(caller.uid);
      paths?.delete(filePath);
      if (paths?.size === 0) this.receiving.delete(caller.uid);
    }
  }

  /** Reserves a place for a new upload at `filePath`, or refuses: the path is taken, or too many wait. */
  private reserve(uid: string, filePath: string, contentType: string): Promise<void> {
    const reservation = (this.reserving.get(uid) ?? Promise.resolve())
      .catch(() => undefined)
      .then(async () => {
        const [existing, waiting] = await Promise.all([
          this.files.read(filePath),
          this.files.list(uploadsFolder(uid)),
        ]);
        const receiving = this.receiving.get(uid) ?? new Set<string>();
        const exists = existing !== undefined || receiving.has(filePath);
        if (!canUpload({ uid }, filePath, { contentType, exists }))
          throw new HttpsError('already-exists', PHOTO_MESSAGES.uploadExists);
        const pending = new Set([...waiting.map((entry) => entry.path), ...receiving]);
        if (pending.size >= MAX_PENDING_UPLOADS)
          throw new HttpsError('resource-exhausted', PHOTO_MESSAGES.tooManyUploads);
        this.receiving.set(uid, receiving.add(filePath));
      });
    this.reserving.set(uid, reservation);
    void reservation
      .finally(() => {
        if (this.reserving.get(uid) === reservation) this.reserving.delete(uid);
      })
      .catch(() => undefined);
    return reservation;
  }
}

const NOT_FOUND_BODY = '{"error":"not found"}';

export async function serveFile(files: LocalFileStore, url: URL, response: ServerResponse): Promise<void> {
  const notFound = () =>
    response
      .writeHead(404, { 'Content-Type': 'application/json', 'X-Content-Type-Options': 'nosniff' })
      .end(NOT_FOUND_BODY);
  try {
    const filePath = filePathOf(url, '/files/');
    const file = await files.read(filePath);
    const token = url.searchParams.get('token');
    // Only what the server stored as an image, with the token it gave out.
    if (!file?.downloadToken || file.downloadToken !== token || !isUploadImageType(file.contentType)) {
      notFound();
      return;
    }
    response.writeHead(200, {
      'Content-Type': file.contentType,
      'Content-Length': file.bytes.length,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'private, max-age=31536000, immutable',
    });
    response.end(file.bytes);
  } catch {
    notFound();
  }
}
