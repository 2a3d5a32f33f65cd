/** The admin Inbox: Contact us and Feedback read newest first a page at a time, marked handled or reopened. */
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, ADMIN_PAGE_SIZE, type AdminLogEntry } from '../../../src/domain/admin';
import { INBOX_MESSAGES, type InboxRow } from '../../../src/domain/contact';
import { caller, seedMember, testContext } from '../testing';
import { adminListInbox, adminMarkMessage, sendContactMessage, sendFeedback } from './contact';

const admin = caller('ada', { isAdmin: true });

async function withInbox() {
  const context = testContext();
  await seedMember(context.store, 'ada', { isAdmin: true });
  await seedMember(context.store, 'dana', { displayName: 'Dana', email: 'dana@example.com' });
  await sendContactMessage.run(
    { email: 'visitor@example.com', message: 'A question from a visitor, please.' },
    context.as(null),
  );
  context.clock.advanceMinutes(1);
  await sendContactMessage.run(
    { email: 'dana.other@example.com', message: 'A question from Dana, a member.' },
    context.as(caller('dana')),
  );
  context.clock.advanceMinutes(1);
  await sendFeedback.run({ rate: 9, message: 'Lovely app' }, context.as(caller('dana')));
  return context;
}

const list = async (context: ReturnType<typeof testContext>, input: object) =>
  adminListInbox.run(input, context.as(admin));

describe('adminListInbox', () => {
  it('lists Contact us newest first with the reply address given and the member named', async () => {
    const context = await withInbox();
    const page = await list(context, { kind: 'contact' });
    expect(page.cursor).toBeNull();
    expect(
      page.messages.map(({ message, email, senderName, uid, rate, handledAt }) => ({
        message,
        email,
        senderName,
        uid,
        rate,
        handledAt,
      })),
    ).toEqual([
      {
        message: 'A question from Dana, a member.',
        email: 'dana.other@example.com',
        senderName: 'Dana',
        uid: 'dana',
        rate: null,
        handledAt: null,
      },
      {
        message: 'A question from a visitor, please.',
        email: 'visitor@example.com',
        senderName: null,
        uid: null,
        rate: null,
        handledAt: null,
      },
    ]);
  });

  it("lists Feedback with its rate and the member's account address to reply to", async () => {
    const context = await withInbox();
    const { messages } = await list(context, { kind: 'feedback' });
    expect(messages).toEqual([
      expect.objectContaining({ kind: 'feedback', rate: 9, email: 'dana@example.com', senderName: 'Dana' }),
    ]);
  });

  it('pages 20 at a time without skipping messages of the same instant', async () => {
    const context = testContext();
    await seedMember(context.store, 'ada', { isAdmin: true });
    for (let n = 0; n < ADMIN_PAGE_SIZE + 5; n++)
      await context.store.runTransaction(async (tx) => {
        tx.set(`contact/m${String(n).padStart(2, '0')}`, {
          message: `Message number ${n} for the team.`,
          email: 'visitor@example.com',
          uid: null,
          createdAt: new Date('2026-01-01T10:00:00Z'),
        });
      });
    const first = await list(context, { kind: 'contact' });
    expect(first.messages).toHaveLength(ADMIN_PAGE_SIZE);
    expect(first.cursor).not.toBeNull();
    const second = await list(context, { kind: 'contact', cursor: first.cursor });
    expect(second.cursor).toBeNull();
    const ids = [...first.messages, ...second.messages].map((row: InboxRow) => row.id);
    expect(new Set(ids).size).toBe(ADMIN_PAGE_SIZE + 5);
  });

  it('refuses members, visitors and hostile input', async () => {
    const context = await withInbox();
    await expect(adminListInbox.run({ kind: 'contact' }, context.as(caller('dana')))).rejects.toMatchObject({
      code: 'permission-denied',
      message: ADMIN_MESSAGES.adminOnly,
    });
    await expect(adminListInbox.run({ kind: 'contact' }, context.as(null))).rejects.toMatchObject({
      code: 'unauthenticated',
    });
    for (const input of [
      { kind: 'users' },
      { kind: 'contact/../users' },
      { kind: ['contact'] },
      { kind: 'contact', cursor: 'yesterday' },
      { kind: 'contact', cursor: '2026-13-45T00:00:00Z' },
      { kind: 'contact', extra: true },
      JSON.parse('{"kind":"contact","__proto__":{"isAdmin":true}}'),
      { kind: 'contact', cursor: 'x'.repeat(100_000) },
    ])
      await expect(list(context, input)).rejects.toMatchObject({ code: 'invalid-argument' });
  });
});

describe('adminMarkMessage', () => {
  it('marks a message handled and opens it again, each with its audit entry', async () => {
    const context = await withInbox();
    const [first] = (await list(context, { kind: 'contact' })).messages;
    const id = first!.id;
    await expect(
      adminMarkMessage.run({ kind: 'contact', id, handled: true }, context.as(admin)),
    ).resolves.toEqual({ handled: true });
    const [marked] = (await list(context, { kind: 'contact' })).messages;
    expect(marked?.handledAt).toBe(context.clock.now().toISOString());
    await expect(
      adminMarkMessage.run({ kind: 'contact', id, handled: true }, context.as(admin)),
    ).rejects.toMatchObject({ code: 'failed-precondition', message: INBOX_MESSAGES.alreadyHandled });
    context.clock.advanceMinutes(1);
    await adminMarkMessage.run({ kind: 'contact', id, handled: false }, context.as(admin));
    expect((await list(context, { kind: 'contact' })).messages[0]?.handledAt).toBeNull();
    const log = await context.store.query<AdminLogEntry>('adminLog', {
      orderBy: { field: 'at', direction: 'asc' },
    });
    expect(log.map(({ data }) => [data.adminId, data.action, data.targetPath])).toEqual([
      ['ada', 'markMessageHandled', `contact/${id}`],
      ['ada', 'reopenMessage', `contact/${id}`],
    ]);
    expect(log[0]?.data.after).toMatchObject({ handledBy: 'ada' });
  });

  it('refuses a member, an unknown message and hostile input, writing nothing', async () => {
    const context = await withInbox();
    const [first] = (await list(context, { kind: 'feedback' })).messages;
    const before = await context.store.contents();
    await expect(
      adminMarkMessage.run({ kind: 'feedback', id: first!.id, handled: true }, context.as(caller('dana'))),
    ).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(
      adminMarkMessage.run({ kind: 'feedback', id: 'nope', handled: true }, context.as(admin)),
    ).rejects.toMatchObject({ code: 'not-found', message: INBOX_MESSAGES.gone });
    await expect(
      adminMarkMessage.run({ kind: 'contact', id: first!.id, handled: true }, context.as(admin)),
    ).rejects.toMatchObject({ code: 'not-found' });
    for (const input of [
      { kind: 'feedback', id: first!.id, handled: 'yes' },
      { kind: 'feedback', id: first!.id, handled: 1 },
      { kind: 'feedback', id: `../users/dana`, handled: true },
      { kind: 'users', id: 'dana', handled: true },
      { kind: 'feedback', id: first!.id },
      { kind: 'feedback', id: 'x'.repeat(100_000), handled: true },
      JSON.parse(`{"kind":"feedback","id":"${first!.id}","handled":true,"__proto__":{"x":1}}`),
    ])
      await expect(adminMarkMessage.run(input, context.as(admin))).rejects.toMatchObject({
        code: 'invalid-argument',
      });
    expect(await context.store.contents()).toEqual(before);
  });
});
