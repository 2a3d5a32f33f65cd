import { describe, expect, it } from 'vitest';
import {
  CONTACT_DAY_SHARDS,
  CONTACT_DAYS,
  CONTACT_MESSAGES,
  CONTACT_MESSAGES_PER_DAY,
  FEEDBACK_MESSAGES,
} from '../../../src/domain/contact';
import type { User } from '../../../src/domain/user';
import { SIGNED_OUT } from './handler';
import { caller, seedMember, testContext } from '../testing';
import { sendContactMessage, sendFeedback } from './contact';

/** Fills today's shards from `first` on; returns the day's key. */
async function fillDay(context: ReturnType<typeof testContext>, first = 0): Promise<string> {
  const day = context.clock.now().toISOString().slice(0, 10);
  const messages = CONTACT_MESSAGES_PER_DAY / CONTACT_DAY_SHARDS;
  for (let shard = first; shard < CONTACT_DAY_SHARDS; shard++)
    await context.store.runTransaction(async (tx) => {
      tx.set(`${CONTACT_DAYS}/${day}_${shard}`, { day, messages, expireAt: new Date() });
    });
  return day;
}

const REPLY_TO = 'sender@example.com';

describe('sendContactMessage', () => {
  it("stores a visitor's message with uid null, and a member's with their uid", async () => {
    const context = testContext();
    await sendContactMessage.run(
      { email: REPLY_TO, message: 'A question about tokens, please.' },
      context.as(null),
    );
    await sendContactMessage.run(
      { email: REPLY_TO, message: 'Another question from a member.' },
      context.as(caller('m1')),
    );
    const messages = await context.store.query<{ message: string; uid: string | null }>('contact');
    expect(messages.map(({ data }) => [data.message, data.uid]).sort()).toEqual([
      ['A question about tokens, please.', null],
      ['Another question from a member.', 'm1'],
    ]);
  });

  it('keeps the reply address given, and refuses none, a malformed one or one too long, writing nothing', async () => {
    const context = testContext();
    const as = context.as(null);
    const message = 'Where do I see my tokens, please?';
    await expect(sendContactMessage.run({ message }, as)).rejects.toThrow(CONTACT_MESSAGES.emailRequired);
    await expect(sendContactMessage.run({ email: '  ', message }, as)).rejects.toThrow(
      CONTACT_MESSAGES.emailRequired,
    );
    await expect(sendContactMessage.run({ email: 'not an address', message }, as)).rejects.toThrow(
      CONTACT_MESSAGES.emailInvalid,
    );
    await expect(
      sendContactMessage.run({ email: `${'a'.repeat(250)}@example.com`, message }, as),
    ).rejects.toThrow(CONTACT_MESSAGES.emailMax);
    await expect(sendContactMessage.run({ email: ['a@example.com'], message }, as)).rejects.toMatchObject({
      code: 'invalid-argument',
    });
    expect(await context.store.query('contact')).toEqual([]);
    await sendContactMessage.run({ email: ' visitor@example.com ', message }, as);
    const [stored] = await context.store.query<{ email: string }>('contact');
    expect(stored?.data.email).toBe('visitor@example.com');
  });

  it('refuses 15 characters, more than 255 and none, and writes nothing', async () => {
    const context = testContext();
    await expect(
      sendContactMessage.run({ email: REPLY_TO, message: 'x'.repeat(15) }, context.as(null)),
    ).rejects.toThrow(CONTACT_MESSAGES.messageMin);
    await expect(
      sendContactMessage.run({ email: REPLY_TO, message: 'x'.repeat(256) }, context.as(null)),
    ).rejects.toThrow(CONTACT_MESSAGES.messageMax);
    await expect(sendContactMessage.run({ email: REPLY_TO }, context.as(null))).rejects.toThrow(
      'message is required',
    );
    await expect(
      sendContactMessage.run(
        { email: REPLY_TO, message: 'x'.repeat(20), uid: 'someone-else' },
        context.as(null),
      ),
    ).rejects.toThrow();
    expect(await context.store.query('contact')).toEqual([]);
  });

  it(`keeps at most ${CONTACT_MESSAGES_PER_DAY} messages a day, a member's too, and again the next day`, async () => {
    const context = testContext();
    await fillDay(context);
    await seedMember(context.store, 'm1');
    await expect(
      sendContactMessage.run(
        { email: REPLY_TO, message: 'One more question from a visitor.' },
        context.as(null),
      ),
    ).rejects.toMatchObject({ code: 'resource-exhausted', message: CONTACT_MESSAGES.siteFull });
    await expect(
      sendContactMessage.run(
        { email: REPLY_TO, message: 'One more question from a member.' },
        context.as(caller('m1')),
      ),
    ).rejects.toMatchObject({ code: 'resource-exhausted', message: CONTACT_MESSAGES.siteFull });
    expect(await context.store.query('contact')).toEqual([]);
    context.clock.advanceDays(1);
    await sendContactMessage.run(
      { email: REPLY_TO, message: 'A visitor on the next day is heard.' },
      context.as(null),
    );
    expect(await context.store.query('contact')).toHaveLength(1);
  });

  it('turns no one away while the day has room, though the shard drawn is full', async () => {
    const context = testContext();
    const day = await fillDay(context, 1);
    for (let n = 0; n < 10; n++)
      await sendContactMessage.run(
        { email: REPLY_TO, message: `Visitor question number ${n}.` },
        { ...context.as(null), senderAddress: `198.51.100.${n}` },
      );
    expect(await context.store.query('contact')).toHaveLength(10);
    expect((await context.store.get<{ messages: number }>(`${CONTACT_DAYS}/${day}_0`))?.messages).toBe(10);
  });

  it("counts each message on one of the day's shards, which expire", async () => {
    const context = testContext();
    for (let n = 0; n < 20; n++)
      await sendContactMessage.run(
        { email: REPLY_TO, message: `Visitor question number ${n}.` },
        { ...context.as(null), senderAddress: `198.51.100.${n}` },
      );
    const days = await context.store.query<{ messages: number; expireAt: Date }>(CONTACT_DAYS);
    expect(days.reduce((sum, { data }) => sum + data.messages, 0)).toBe(20);
    for (const { data } of days)
      expect(data.expireAt.getTime()).toBeGreaterThan(context.clock.now().getTime());
  });
});

describe('sendFeedback', () => {
  it("stores the feedback and sets the member's feedback flag", async () => {
    const context = testContext();
    await seedMember(context.store, 'm1');
    await sendFeedback.run({ rate: 0, message: 'Meh' }, context.as(caller('m1')));
    const [stored] = await context.store.query<{ rate: number; message: string; uid: string }>('feedback');
    expect(stored?.data).toMatchObject({ rate: 0, message: 'Meh', uid: 'm1' });
    expect((await context.store.get<User>('users/m1'))?.feedback).toBe(true);
  });

  it('refuses visitors, a missing or out-of-range rate and a short message, writing nothing', async () => {
    const context = testContext();
    await seedMember(context.store, 'm1');
    await expect(sendFeedback.run({ rate: 5, message: 'Good' }, context.as(null))).rejects.toThrow(
      SIGNED_OUT,
    );
    const member = context.as(caller('m1'));
    await expect(sendFeedback.run({ message: 'Good' }, member)).rejects.toThrow(
      FEEDBACK_MESSAGES.rateRequired,
    );
    await expect(sendFeedback.run({ rate: 11, message: 'Good' }, member)).rejects.toThrow(
      FEEDBACK_MESSAGES.rateRange,
    );
    await expect(sendFeedback.run({ rate: 2.5, message: 'Good' }, member)).rejects.toThrow(
      FEEDBACK_MESSAGES.rateRange,
    );
    await expect(sendFeedback.run({ rate: 5, message: 'ok' }, member)).rejects.toThrow(
      FEEDBACK_MESSAGES.messageMin,
    );
    expect(await context.store.query('feedback')).toEqual([]);
    expect((await context.store.get<User>('users/m1'))?.feedback).not.toBe(true);
  });

  it('refuses a member who is gone', async () => {
    const context = testContext();
    await expect(
      sendFeedback.run({ rate: 5, message: 'Good' }, context.as(caller('ghost'))),
    ).rejects.toThrow();
    expect(await context.store.query('feedback')).toEqual([]);
  });
});
