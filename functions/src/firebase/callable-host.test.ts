/**
 * The Cloud Functions host's callables as a hostile visitor calls them: the Functions Framework trusts
 * every proxy, so its `request.ip` is the first entry of X-Forwarded-For, which the client writes.
 */
import type { Request } from 'firebase-functions/v2/https';
import { describe, expect, it } from 'vitest';
import { handlers } from '../handlers';
import { RateLimiter } from '../handlers/rate-limit';
import { testContext } from '../testing';
import { callableHost } from './callable-host';

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
  const callable = callableHost({ store, clock, files, faces, accounts, limits: new RateLimiter() });
  return { context, sendContactMessage: callable(handlers.sendContactMessage) };
}

describe('the callables on Cloud Functions, attacked', () => {
  it('limit a visitor by the address the front end saw: eight X-Forwarded-For values are one sender', async () => {
    const { context, sendContactMessage } = host();
    const answers: string[] = [];
    for (let n = 1; n <= 8; n++) {
      const request = {
        data: { message: 'Hello there, a question for you.' },
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
        data: { message: 'Hello there, a question for you.' },
        rawRequest: throughFrontEnd(undefined, '2001:db8:7:7::1'),
        acceptsStreaming: false,
      });
    for (let n = 1; n <= 3; n++) await send();
    await expect(send()).rejects.toMatchObject({ code: 'resource-exhausted' });
  });
});
