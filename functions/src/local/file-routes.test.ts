/**
 * Uploads and served files on the local server, as a hostile client would try them: the table of
 * access cases, other members' and the server's paths, traversal, types, overwrites and floods.
 */
import { STATUS_CODES } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_CASES, viewerFor } from '../../../tests/access/access-cases';
import { MAX_PENDING_UPLOADS, MAX_UPLOAD_BYTES, PHOTO_MESSAGES } from '../../../src/domain/limits';
import { startTestServer, type TestServer } from './test-server';

let test: TestServer;

beforeAll(async () => {
  test = await startTestServer();
});

afterAll(async () => {
  await test.close();
});

const put = (filePath: string, body: Buffer, token: string | null, contentType = 'image/jpeg') =>
  fetch(`${test.server.url}/upload/${filePath}`, {
    method: 'PUT',
    headers: { 'Content-Type': contentType, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: new Uint8Array(body),
  });

/**
 * An upload by a client that sends its whole body before it reads the answer, as most clients do:
 * all it received before the server closed, or the reset that lost it.
 */
function sendBeforeReading(
  filePath: string,
  body: Buffer,
  token: string,
  framing: 'sent' | 'chunked',
): Promise<string> {
  const { port } = new URL(test.server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    socket.pause();
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(received).toString()));
    socket.write(
      [
        `PUT /upload/${filePath} HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        `Authorization: Bearer ${token}`,
        'Content-Type: image/jpeg',
        framing === 'sent' ? `Content-Length: ${body.length}` : 'Transfer-Encoding: chunked',
        '',
        '',
      ].join('\r\n'),
    );
    const step = 64 * 1024;
    let offset = 0;
    const sendMore = () => {
      while (offset < body.length) {
        const part = body.subarray(offset, (offset += step));
        const framed =
          framing === 'sent'
            ? part
            : Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')]);
        if (!socket.write(framed)) {
          socket.once('drain', sendMore);
          return;
        }
      }
      if (framing === 'chunked') socket.write('0\r\n\r\n');
      // Sent: now it reads.
      socket.resume();
    };
    sendMore();
  });
}

const messageOf = async (response: Response) =>
  ((await response.json()) as { error: { message: string } }).error.message;

describe('uploads', () => {
  it.each(ACCESS_CASES.filter((access) => access.path.startsWith('images/') && access.action === 'write'))(
    '$role uploads $contentType to $path (already there: $exists) → $allowed',
    async (access) => {
      const { files } = test.context;
      // Each case on a path of its own member, so cases never see each other's files.
      const uid = `${access.role}${ACCESS_CASES.indexOf(access)}`;
      const path = access.path.replace('images/alice/', `images/${uid}/`);
      const viewer = viewerFor(access.role);
      const token = viewer ? `token-${viewer.uid === 'alice' ? uid : viewer.uid}` : null;
      if (access.exists) await files.write(path, Buffer.from('server bytes'), { contentType: 'image/webp' });
      const before = await files.read(path).catch(() => undefined);
      const response = await put(path, Buffer.from('pretend image'), token, access.contentType);
      if (access.allowed) {
        expect(response.status).toBe(200);
        expect((await files.read(path))?.bytes.toString()).toBe('pretend image');
      } else {
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
        expect(await files.read(path).catch(() => undefined)).toEqual(before);
      }
    },
  );

  it('refuses a display image and its record written over by a member, and serves only what the server stored', async () => {
    const { files } = test.context;
    await files.write('images/dave/resized/p1.webp', Buffer.from('display'), {
      contentType: 'image/webp',
      downloadToken: 'tok',
    });
    expect(
      (await put('images/dave/resized/p1.webp', Buffer.from('<script>'), 'token-dave', 'image/jpeg')).status,
    ).toBe(403);
    expect(
      (await put('images/dave/resized/p1.webp.meta.json', Buffer.from('{}'), 'token-dave', 'image/jpeg'))
        .status,
    ).toBe(400);
    expect((await put('images/dave/uploads/x.meta.json', Buffer.from('{}'), 'token-dave')).status).toBe(400);
    const served = await fetch(`${test.server.url}/files/images/dave/resized/p1.webp?token=tok`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await served.text()).toBe('display');
  });

  it("answers an <img>'s request (no Origin) as the app's fetch() of the same URL may read it from the cache", async () => {
    const { files } = test.context;
    await files.write('images/nina/resized/p1.webp', Buffer.from('display'), {
      contentType: 'image/webp',
      downloadToken: 'tok',
    });
    const url = `${test.server.url}/files/images/nina/resized/p1.webp?token=tok`;
    const fromPage = (page: string) => fetch(url, { headers: { Referer: `${page}/photos` } });
    for (const page of ['http://localhost:5173', 'http://127.0.0.1:5173']) {
      const image = await fromPage(page);
      expect(image.status).toBe(200);
      expect(image.headers.get('access-control-allow-origin')).toBe(page);
      expect(image.headers.get('vary')).toBe('Origin');
    }
    // With no page named, the app's origin on the host the request named (the test server's 127.0.0.1).
    expect((await fetch(url)).headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    const fetched = await fetch(url, { headers: { Origin: 'http://localhost:5173' } });
    expect(fetched.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(fetched.headers.get('vary')).toBe('Origin');
    // Another page's request is refused, and named nowhere.
    const other = await fetch(url, { headers: { Origin: 'https://attacker.example' } });
    expect(other.status).toBe(403);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('never serves an upload, nor a stored file whose type is not an image', async () => {
    const { files } = test.context;
    expect((await put('images/erin/uploads/a.jpg', Buffer.from('jpeg'), 'token-erin')).status).toBe(200);
    expect((await fetch(`${test.server.url}/files/images/erin/uploads/a.jpg`)).status).toBe(404);
    await files.write('images/erin/resized/page.webp', Buffer.from('<html>'), {
      contentType: 'text/html',
      downloadToken: 'tok',
    });
    const refused = await fetch(`${test.server.url}/files/images/erin/resized/page.webp?token=tok`);
    expect(refused.status).toBe(404);
    expect(refused.headers.get('content-type')).toBe('application/json');
  });

  it('answers traversal and bad encodings with a 4xx and writes nothing', async () => {
    const { files } = test.context;
    for (const path of [
      'images/frank/uploads/%E0%A4%A',
      'images/frank/uploads/..%2F..%2Fstore.sqlite',
      'images/frank/uploads/%2e%2e',
      'images/frank/uploads/',
      'users/frank',
    ]) {
      const response = await put(path, Buffer.from('x'), 'token-frank');
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
    }
    expect(await files.list('images/frank/')).toEqual([]);
    for (const path of [
      '%E0%A4%A',
      'images/frank/%2e%2e/%2e%2e/store.sqlite',
      'images/x/resized/a.webp.meta.json',
    ]) {
      expect((await fetch(`${test.server.url}/files/${path}?token=x`)).status, path).toBe(404);
    }
  });

  it('takes images only, under 10 MiB', async () => {
    const { files } = test.context;
    const pdf = await put('images/gina/uploads/a.pdf', Buffer.from('%PDF'), 'token-gina', 'application/pdf');
    expect(pdf.status).toBe(400);
    expect(await messageOf(pdf)).toBe(PHOTO_MESSAGES.notAnImage);
    const svg = await put('images/gina/uploads/a.svg', Buffer.from('<svg/>'), 'token-gina', 'image/svg+xml');
    expect(await messageOf(svg)).toBe(PHOTO_MESSAGES.notAnImage);
    const big = await put('images/gina/uploads/big.jpg', Buffer.alloc(10 * 1024 * 1024), 'token-gina');
    expect(big.status).toBe(400);
    expect(await messageOf(big)).toBe(PHOTO_MESSAGES.tooLarge);
    expect(await files.list('images/gina/')).toEqual([]);
  });

  it(`keeps at most ${MAX_PENDING_UPLOADS} uploads waiting per member, however many arrive at once`, async () => {
    const { files } = test.context;
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        put(`images/hank/uploads/junk${index}.jpg`, Buffer.alloc(64 * 1024), 'token-hank'),
      ),
    );
    const accepted = responses.filter((response) => response.status === 200);
    const refused = responses.filter((response) => response.status === 429);
    expect(accepted).toHaveLength(MAX_PENDING_UPLOADS);
    expect(refused).toHaveLength(40 - MAX_PENDING_UPLOADS);
    expect(await messageOf(refused[0]!)).toBe(PHOTO_MESSAGES.tooManyUploads);
    expect(await files.list('images/hank/uploads/')).toHaveLength(MAX_PENDING_UPLOADS);
    // Another member is not held back by hank's uploads.
    expect((await put('images/ivy/uploads/a.jpg', Buffer.from('jpeg'), 'token-ivy')).status).toBe(200);
  });

  it.each([
    ['too many uploads waiting', 'kim', 'sent', 9 * 1024 * 1024, 429, PHOTO_MESSAGES.tooManyUploads],
    ['a declared size of 10 MiB', 'lou', 'sent', MAX_UPLOAD_BYTES, 400, PHOTO_MESSAGES.tooLarge],
    [
      'over 10 MiB as it arrives',
      'max',
      'chunked',
      MAX_UPLOAD_BYTES + 8 * 1024 * 1024,
      400,
      PHOTO_MESSAGES.tooLarge,
    ],
  ] as const)(
    'lets a client that sends its whole body first read the refusal for %s',
    async (_name, uid, framing, size, status, message) => {
      const { files } = test.context;
      // kim has as many uploads waiting as a member may.
      for (let index = 0; index < MAX_PENDING_UPLOADS && uid === 'kim'; index++)
        await files.write(`images/kim/uploads/waiting${index}.jpg`, Buffer.from('jpeg'), {
          contentType: 'image/jpeg',
        });
      const before = await files.list(`images/${uid}/`);
      const answer = await sendBeforeReading(
        `images/${uid}/uploads/large.jpg`,
        Buffer.alloc(size),
        `token-${uid}`,
        framing,
      );
      expect(answer.split('\r\n')[0]).toBe(`HTTP/1.1 ${status} ${STATUS_CODES[status]}`);
      expect(answer).toContain(JSON.stringify(message));
      expect(await files.list(`images/${uid}/`)).toEqual(before);
    },
    30_000,
  );
});
