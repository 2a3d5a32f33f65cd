/**
 * The Cloud Functions host's callables as a hostile visitor calls them: the Functions Framework trusts
 * every proxy, so its `request.ip` is the first entry of X-Forwarded-For, which the client writes; and
 * what visitors reach answers only the app (App Check). The callables run as the Functions runtime runs
 * them, over HTTP, with the SDK's debug mode decoding the test's unsigned tokens as the emulator does.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Request } from 'firebase-functions/v2/https';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { VISITOR_CALLABLES } from '../../../src/domain/callables';
import { handlers } from '../handlers';
import { CALLABLES } from '../handlers/callable-samples';
import type { Handler } from '../handlers/handler';
import { RateLimiter } from '../handlers/rate-limit';
import { testContext } from '../testing';
import { callableHost } from './callable-host';

const quiet = vi.hoisted(() => {
  // Read by firebase-functions as it loads: tokens are decoded, not verified, as in the emulator.
  process.env.FIREBASE_DEBUG_MODE = 'true';
  process.env.FIREBASE_DEBUG_FEATURES = JSON.stringify({ skipTokenVerification: true });
  // Its logger keeps the console's methods as they are then: each call's verification is logged at debug.
  // eslint-disable-next-line no-console -- kept to be put back
  const debug = console.debug;
  // eslint-disable-next-line no-console -- quiet while the SDK loads, so it keeps the quiet one
  console.debug = () => undefined;
  return { debug };
});

afterAll(() => {
  // eslint-disable-next-line no-console -- put back
  console.debug = quiet.debug;
});

/** A request as Google's front end hands it on: the client's own header, then the address it saw. */
function throughFrontEnd(written: string | undefined, seen: string): Request {
  const forwardedFor = written ? `${written}, ${seen}` : seen;
  return {
    headers: { 'x-forwarded-for': forwardedFor },
    // What the Functions Framework's Express (trust proxy on) makes of the header.
    ip: forwardedFor.split(',')[0]!.trim(),
    socket: { remoteAddress: '169.254.8.1' },
  } as unknown as Request;
}

function host() {
  const context = testContext();
  const { store, clock, files, accounts } = context;
  const faces = { analyze: async () => null };
  const callable = callableHost(
    { store, clock, files, faces, accounts, limits: new RateLimiter() },
    { enforced: true },
  );
  return { context, callable, sendContactMessage: callable(handlers.sendContactMessage) };
}

/** An HTTPS function as the runtime calls it, with Express's request and response. */
type HttpHandler = (...args: never[]) => unknown;

let server: ReturnType<typeof createServer> | undefined;

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** Serves `handler` as the Functions Framework does (Express's request and response, a parsed body). */
async function serve(handler: HttpHandler): Promise<string> {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const express = Object.assign(request, {
        body: JSON.parse(Buffer.concat(chunks).toString() || '{}') as unknown,
        header: (name: string) => request.headers[name.toLowerCase()],
        get: (name: string) => request.headers[name.toLowerCase()],
      });
      const reply = Object.assign(response, {
        status: (code: number) => Object.assign(response, { statusCode: code }),
        send: (body: unknown) => response.end(JSON.stringify(body)),
      });
      void (handler as (request: IncomingMessage, response: ServerResponse) => unknown)(express, reply);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}/`;
}

/** An App Check token as the debug mode reads it: a JWT whose payload names the app. */
const APP_CHECK_TOKEN = ['{"alg":"none"}', '{"sub":"1:1:web:1","exp":9999999999}']
  .map((part) => Buffer.from(part).toString('base64url'))
  .concat('signature')
  .join('.');

async function callOverHttp(handler: HttpHandler, data: unknown, appCheckToken?: string) {
  const response = await fetch(await serve(handler), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(appCheckToken ? { 'X-Firebase-AppCheck': appCheckToken } : {}),
    },
    body: JSON.stringify({ data }),
  });
  return { status: response.status, body: (await response.json()) as { error?: { message: string } } };
}

describe('the callables on Cloud Functions, attacked', () => {
  it('limit a visitor by the address the front end saw: eight X-Forwarded-For values are one sender', async () => {
    const { context, sendContactMessage } = host();
    const answers: string[] = [];
    for (let n = 1; n <= 8; n++) {
      const request = {
        data: { email: 'visitor@example.com', message: 'Hello there, a question for you.' },
        rawRequest: throughFrontEnd(`198.51.100.${n}`, '203.0.113.7'),
        acceptsStreaming: false,
      };
      answers.push(
        await sendContactMessage.run(request).then(
          () => 'sent',
          (error: { code?: string }) => error.code ?? 'failed',
        ),
      );
    }
    expect(answers).toEqual(['sent', 'sent', 'sent', ...Array<string>(5).fill('resource-exhausted')]);
    expect(await context.store.query('contact')).toHaveLength(3);
  });

  it('limit a visitor who wrote no header by the address the front end saw', async () => {
    const { sendContactMessage } = host();
    const send = () =>
      sendContactMessage.run({
        data: { email: 'visitor@example.com', message: 'Hello there, a question for you.' },
        rawRequest: throughFrontEnd(undefined, '2001:db8:7:7::1'),
        acceptsStreaming: false,
      });
    for (let n = 1; n <= 3; n++) await send();
    await expect(send()).rejects.toMatchObject({ code: 'resource-exhausted' });
  });
});

describe('App Check on the callables visitors reach', () => {
  it.each(VISITOR_CALLABLES)(
    "%s answers no call without the app's token, and writes nothing",
    async (name) => {
      const { context, callable } = host();
      const before = await context.store.contents();
      const answer = await callOverHttp(callable(handlers[name] as Handler<unknown>), CALLABLES[name].valid);
      expect(answer).toEqual({
        status: 401,
        body: { error: { status: 'UNAUTHENTICATED', message: 'Unauthenticated' } },
      });
      expect(await context.store.contents()).toEqual(before);
    },
  );

  it.each(VISITOR_CALLABLES)("%s answers a call with the app's token", async (name) => {
    const { callable } = host();
    const answer = await callOverHttp(
      callable(handlers[name] as Handler<unknown>),
      CALLABLES[name].valid,
      APP_CHECK_TOKEN,
    );
    expect(answer.body.error?.message).not.toBe('Unauthenticated');
  });

  it("leaves members' callables to the member's own token", async () => {
    const { callable } = host();
    const answer = await callOverHttp(callable(handlers.recordLogin), CALLABLES.recordLogin.valid);
    expect(answer.status).toBe(401);
    expect(answer.body.error?.message).toBe('Authentication error. Please sign in again.');
  });

  it('is left open when the host is told so (the emulator of a demo project)', async () => {
    const context = testContext();
    const { store, clock, files, accounts } = context;
    const callable = callableHost(
      { store, clock, files, faces: { analyze: async () => null }, accounts },
      { enforced: false },
    );
    const answer = await callOverHttp(callable(handlers.getFeatures), {});
    expect(answer.status).toBe(200);
  });
});
