/**
 * Contact us as a flooder sends it: throwaway accounts, one address all day, a member hopping between
 * addresses. Each sender is refused once their own share is spent; everyone else still gets through
 * until the site's much higher day, which only many addresses at once reach.
 */
import { describe, expect, it } from 'vitest';
import {
  CONTACT_DAY_SHARDS,
  CONTACT_DAYS,
  CONTACT_MESSAGES,
  CONTACT_MESSAGES_PER_DAY,
  CONTACT_MESSAGES_PER_SENDER_PER_DAY,
} from '../../../src/domain/contact';
import { caller, seedMember, testContext } from '../testing';
import { sendContactMessage } from './contact';
import type { Caller } from './handler';
import { SENDER_DAYS } from './sender-shares';

const SHARE = CONTACT_MESSAGES_PER_SENDER_PER_DAY;

function site() {
  const context = testContext();
  /** Sends one message as `who` from `address`: 'sent', or the refusal's message. */
  const send = (who: Caller | null, address: string, message = 'Hello there, a question for you.') =>
    sendContactMessage
      .run({ email: 'sender@example.com', message }, { ...context.as(who), senderAddress: address })
      .then(
        () => 'sent',
        (error: { code?: string; message: string }) => `${error.code}: ${error.message}`,
      );
  return { context, send };
}

const senderFull = `resource-exhausted: ${CONTACT_MESSAGES.senderFull}`;
const siteFull = `resource-exhausted: ${CONTACT_MESSAGES.siteFull}`;

describe('sendContactMessage, flooded', () => {
  it('gives five throwaway accounts with member records on one address one share between them', async () => {
    const { context, send } = site();
    const answers = [];
    for (let account = 1; account <= 5; account++) {
      await seedMember(context.store, `throwaway${account}`);
      for (let n = 0; n < 3; n++) answers.push(await send(caller(`throwaway${account}`), '198.51.100.20'));
    }
    expect(answers.filter((answer) => answer === 'sent')).toHaveLength(SHARE);
    expect(answers.slice(SHARE)).toEqual(Array<string>(15 - SHARE).fill(senderFull));
    expect(await context.store.query('contact')).toHaveLength(SHARE);
  });

  it("keeps one address to its share all day, and the next visitor's message still arrives", async () => {
    const { context, send } = site();
    const answers = [];
    for (let n = 0; n < SHARE + 20; n++) answers.push(await send(null, '203.0.113.7'));
    expect(answers.filter((answer) => answer === 'sent')).toHaveLength(SHARE);
    expect(answers.at(-1)).toBe(senderFull);
    // Another address of the same /64 is the same subscriber.
    expect(await send(null, '2001:db8:1:2::1')).toBe('sent');
    expect(await send(null, '198.51.100.99')).toBe('sent');
    expect(await context.store.query('contact')).toHaveLength(SHARE + 2);
    context.clock.advanceDays(1);
    expect(await send(null, '203.0.113.7')).toBe('sent');
  });

  it('keeps a member to their own share though they move between addresses', async () => {
    const { context, send } = site();
    await seedMember(context.store, 'roamer');
    const answers = [];
    for (let n = 0; n < SHARE + 3; n++) answers.push(await send(caller('roamer'), `198.51.100.${n + 1}`));
    expect(answers.filter((answer) => answer === 'sent')).toHaveLength(SHARE);
    expect(answers.at(-1)).toBe(senderFull);
  });

  it("refuses everyone once the site's day is full, and writes nothing for a refusal", async () => {
    const { context, send } = site();
    const day = context.clock.now().toISOString().slice(0, 10);
    await context.store.runTransaction(async (tx) => {
      for (let shard = 0; shard < CONTACT_DAY_SHARDS; shard++)
        tx.set(`${CONTACT_DAYS}/${day}_${shard}`, {
          day,
          messages: CONTACT_MESSAGES_PER_DAY / CONTACT_DAY_SHARDS,
          expireAt: new Date(),
        });
    });
    await seedMember(context.store, 'm1');
    const before = await context.store.contents();
    expect(await send(null, '203.0.113.7')).toBe(siteFull);
    expect(await send(caller('m1'), '203.0.113.8')).toBe(siteFull);
    expect(await context.store.contents()).toEqual(before);
  });

  it("writes nothing for a sender whose share is spent, and keeps no sender's address in clear", async () => {
    const { context, send } = site();
    for (let n = 0; n < SHARE; n++) await send(null, '203.0.113.7');
    const before = await context.store.contents();
    expect(await send(null, '203.0.113.7')).toBe(senderFull);
    expect(await context.store.contents()).toEqual(before);
    const shares = await context.store.query<{ count: number; expireAt: Date }>(SENDER_DAYS);
    expect(shares.map(({ data }) => data.count)).toEqual([SHARE]);
    expect(shares[0]!.data.expireAt.getTime()).toBeGreaterThan(context.clock.now().getTime());
    expect(JSON.stringify(await context.store.contents())).not.toContain('203.0.113');
  });
});

describe("a host's scale of the shares", () => {
  it("grows every sender's share by it: the local stack on this machine, where every visitor is one address", async () => {
    const context = testContext();
    const answers = [];
    for (let n = 0; n < SHARE * 2 + 1; n++)
      answers.push(
        await sendContactMessage
          .run(
            { email: 'sender@example.com', message: 'Hello there, a question for you.' },
            { ...context.as(null), senderAddress: '127.0.0.1', senderShareScale: 2 },
          )
          .then(
            () => 'sent',
            () => 'refused',
          ),
      );
    expect(answers.filter((answer) => answer === 'sent')).toHaveLength(SHARE * 2);
    expect(answers.at(-1)).toBe('refused');
  });
});
