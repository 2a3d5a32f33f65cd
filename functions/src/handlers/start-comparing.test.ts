import { describe, expect, it } from 'vitest';
import { COMPARE_MESSAGES } from '../../../src/domain/compare';
import type { Photo } from '../../../src/domain/photo';
import { EMPTY_TALLY, tallyVote, type QualityTally } from '../../../src/domain/score-quality';
import { caller, seedMember, seedPhoto, testContext } from '../testing';
import { getPhotos, submitRating } from './rating';
import { endComparisons, startComparing } from './start-comparing';

type Context = ReturnType<typeof testContext>;

const newcomer = { votesGiven: 0, ratesGivenSum: 0, ratesGivenSquares: 0 };

/** The tally of `count` votes alternating between two rates, as the vote path keeps it. */
function votes(
  count: number,
  low: number,
  high: number,
): QualityTally & { votesCount: number; rate: number } {
  const tally = Array.from({ length: count }, (_, n) => (n % 2 === 0 ? low : high)).reduce(
    (sum, rate) => tallyVote(sum, { rate, viewingTimeSeconds: 5 }, newcomer, 2.75),
    EMPTY_TALLY,
  );
  return { ...tally, votesCount: count, rate: count ? tally.qualitySum / count : 0 };
}

async function feedIds(context: Context, uid: string, startAfter?: string) {
  const page = await getPhotos.run(startAfter ? { startAfter } : {}, context.as(caller(uid)));
  return { ids: page.photos.map((photo) => photo.id), next: page.next };
}

const compare = (context: Context, uid: string, photoIds: string[]) =>
  startComparing.run({ photoIds }, context.as(caller(uid)));

const photoOf = (context: Context, uid: string, id: string) =>
  context.store.get<Photo>(`users/${uid}/photos/${id}`);

async function expectNothingWritten(context: Context, attempt: () => Promise<unknown>, code: string) {
  const before = await context.store.contents();
  await expect(attempt()).rejects.toMatchObject({ code });
  expect(await context.store.contents()).toEqual(before);
}

/**
 * A viewer, Ann comparing three photos with too few votes to rank (1, 3 and 4), Bob with an
 * unrated photo (the usual first of the free owners' photos) and Pam, a premium owner, with a photo
 * that has many votes.
 */
async function aSite() {
  const context = testContext();
  await seedMember(context.store, 'viewer', { gender: 'male' });
  await seedMember(context.store, 'ann');
  await seedMember(context.store, 'bob');
  await seedMember(context.store, 'pam', { subscribed: true });
  await seedPhoto(context.store, 'ann', 'ann-new', votes(1, 4, 4));
  await seedPhoto(context.store, 'ann', 'ann-few', votes(3, 2, 5));
  await seedPhoto(context.store, 'ann', 'ann-many', votes(4, 3, 4));
  await seedPhoto(context.store, 'bob', 'bob-unrated');
  await seedPhoto(context.store, 'pam', 'pam-rated', votes(30, 3, 4), true);
  return context;
}

describe('startComparing and the feed', () => {
  it('offers the photos being compared before the other free photos, the widest range first, premium still first', async () => {
    const context = await aSite();
    expect((await feedIds(context, 'viewer')).ids).toEqual([
      'pam-rated',
      'bob-unrated',
      'ann-new',
      'ann-few',
      'ann-many',
    ]);
    const result = await compare(context, 'ann', ['ann-new', 'ann-few', 'ann-many']);
    // All three have too few votes to rank (5 are needed), so all need votes.
    expect(result.comparing.sort()).toEqual(['ann-few', 'ann-many', 'ann-new']);
    expect(result.comparingUntil).toBe('2026-11-23T10:00:00.000Z');
    // ann-few's three votes disagree more than ann-new's one: its range is the widest.
    expect((await feedIds(context, 'viewer')).ids).toEqual([
      'pam-rated',
      'ann-few',
      'ann-new',
      'ann-many',
      'bob-unrated',
    ]);
  });

  it('puts a premium owner’s compared photos before the free ones, and pages through both bands', async () => {
    const context = await aSite();
    await seedPhoto(context.store, 'pam', 'pam-new', votes(2, 3, 4), true);
    await compare(context, 'pam', ['pam-rated', 'pam-new']);
    await compare(context, 'ann', ['ann-new', 'ann-few', 'ann-many']);
    const order = ['pam-new', 'pam-rated', 'ann-few', 'ann-new', 'ann-many', 'bob-unrated'];
    expect((await feedIds(context, 'viewer')).ids).toEqual(order);
    // The cursor of a compared photo pages on like any other.
    const paged: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await getPhotos.run(
        cursor ? { startAfter: cursor, limit: 2 } : { limit: 2 },
        context.as(caller('viewer')),
      );
      paged.push(...page.photos.map((photo) => photo.id));
      cursor = page.next ?? undefined;
    } while (cursor);
    expect(paged).toEqual(order);
  });

  it('keeps a compared photo among the compared as votes arrive, placed by its narrower range', async () => {
    const context = await aSite();
    await compare(context, 'ann', ['ann-new', 'ann-few', 'ann-many']);
    const before = await photoOf(context, 'ann', 'ann-few');
    await submitRating.run(
      { ownerId: 'ann', photoId: 'ann-few', rate: 4, seconds: 5 },
      context.as(caller('viewer')),
    );
    const after = await photoOf(context, 'ann', 'ann-few');
    expect(after?.feedOrder).toMatch(/^1-\.\d{5}-/);
    expect(after!.feedOrder > before!.feedOrder).toBe(true);
  });

  it('marks only the photos that need votes, and unmarks those whose verdict has come', async () => {
    const context = testContext();
    await seedMember(context.store, 'ann');
    await seedPhoto(context.store, 'ann', 'best', votes(60, 4.5, 5));
    await seedPhoto(context.store, 'ann', 'worst', votes(60, 1.5, 2));
    await seedPhoto(context.store, 'ann', 'new', votes(2, 3, 4));
    const first = await compare(context, 'ann', ['best', 'worst', 'new']);
    expect(first.comparing).toEqual(['new']);
    expect((await photoOf(context, 'ann', 'best'))?.comparing).toBeUndefined();

    // The new photo's votes come in and settle it: opening Compare again ends its mark.
    await context.store.runTransaction(async (tx) =>
      tx.update('users/ann/photos/new', { ...votes(60, 1.5, 2.5) }),
    );
    const second = await compare(context, 'ann', ['best', 'worst', 'new']);
    expect(second).toEqual({ comparing: [], comparingUntil: null });
    const settled = await photoOf(context, 'ann', 'new');
    expect(settled?.comparing).toBe(false);
    expect(settled?.feedOrder).toMatch(/^1-\d{7}-/);
  });

  it('leaves inactive photos out, and refuses fewer than two active ones', async () => {
    const context = await aSite();
    await seedPhoto(context.store, 'ann', 'ann-off', { ...votes(1, 3, 3), active: false });
    await expectNothingWritten(
      context,
      () => compare(context, 'ann', ['ann-new', 'ann-off']),
      'failed-precondition',
    );
    await expect(compare(context, 'ann', ['ann-new', 'ann-off'])).rejects.toThrow(
      COMPARE_MESSAGES.choosePhotos,
    );
    const result = await compare(context, 'ann', ['ann-new', 'ann-few', 'ann-off']);
    expect(result.comparing.sort()).toEqual(['ann-few', 'ann-new']);
    expect((await photoOf(context, 'ann', 'ann-off'))?.comparing).toBeUndefined();
  });
});

describe('the end of comparing', () => {
  it('puts the photos back in their usual place once their 24 hours are over, not before', async () => {
    const context = await aSite();
    await compare(context, 'ann', ['ann-new', 'ann-few', 'ann-many']);
    context.clock.advanceMinutes(24 * 60 - 1);
    expect(await endComparisons(context.store, context.clock)).toBe(0);
    expect((await feedIds(context, 'viewer')).ids[1]).toBe('ann-few');

    context.clock.advanceMinutes(1);
    expect(await endComparisons(context.store, context.clock)).toBe(3);
    expect((await feedIds(context, 'viewer')).ids).toEqual([
      'pam-rated',
      'bob-unrated',
      'ann-new',
      'ann-few',
      'ann-many',
    ]);
    expect((await photoOf(context, 'ann', 'ann-few'))?.comparing).toBe(false);
    expect(await endComparisons(context.store, context.clock)).toBe(0);
  });

  it('keeps a mark renewed by opening Compare again', async () => {
    const context = await aSite();
    await compare(context, 'ann', ['ann-new', 'ann-few', 'ann-many']);
    context.clock.advanceMinutes(23 * 60);
    await compare(context, 'ann', ['ann-new', 'ann-few', 'ann-many']);
    context.clock.advanceMinutes(2 * 60);
    expect(await endComparisons(context.store, context.clock)).toBe(0);
    expect((await photoOf(context, 'ann', 'ann-few'))?.comparing).toBe(true);
  });
});

describe('startComparing refuses', () => {
  it("another member's photos, even beside one's own, and writes nothing", async () => {
    const context = await aSite();
    for (const photoIds of [
      ['ann-new', 'bob-unrated'],
      ['bob-unrated', 'pam-rated'],
      ['ann-new', 'no-such-photo'],
    ]) {
      await expectNothingWritten(context, () => compare(context, 'ann', photoIds), 'not-found');
    }
    await expect(compare(context, 'ann', ['ann-new', 'bob-unrated'])).rejects.toThrow(
      COMPARE_MESSAGES.notYours,
    );
  });

  it('hostile inputs with a clear message, and writes nothing', async () => {
    const context = await aSite();
    const attempts: Array<[unknown, string?]> = [
      [{}, COMPARE_MESSAGES.choosePhotos],
      [{ photoIds: ['ann-new'] }, COMPARE_MESSAGES.choosePhotos],
      [{ photoIds: ['ann-new', 'ann-new'] }, COMPARE_MESSAGES.twice],
      [{ photoIds: ['ann-new', '../bob/photos/bob-unrated'] }, COMPARE_MESSAGES.photoNotValid],
      [{ photoIds: Array.from({ length: 100 }, (_, n) => `p${n}`) }, COMPARE_MESSAGES.tooMany],
      [{ photoIds: 'ann-new,ann-few' }],
      [{ photoIds: ['ann-new', 42] }],
      [{ photoIds: ['ann-new', 'ann-few'], uid: 'bob' }],
      [JSON.parse('{"photoIds":["ann-new","ann-few"],"__proto__":{"isAdmin":true}}')],
      [JSON.parse('{"photoIds":["ann-new","ann-few"],"constructor":{"prototype":{}}}')],
      [['ann-new', 'ann-few']],
      [null],
    ];
    for (const [input, message] of attempts) {
      const before = await context.store.contents();
      const refusal = await startComparing.run(input, context.as(caller('ann'))).then(
        () => null,
        (error: unknown) => error as { code: string; message: string },
      );
      expect(refusal, JSON.stringify(input)).toMatchObject({ code: 'invalid-argument' });
      if (message) expect(refusal?.message).toBe(message);
      expect(await context.store.contents()).toEqual(before);
    }
  });

  it('a visitor, a member without a complete profile and a deleted member', async () => {
    const context = await aSite();
    await seedMember(context.store, 'newbie', { complete: false });
    await seedPhoto(context.store, 'newbie', 'n1');
    await seedPhoto(context.store, 'newbie', 'n2');
    await seedMember(context.store, 'gone', { deletedAt: new Date('2026-11-20T00:00:00Z') });
    await expectNothingWritten(
      context,
      () => startComparing.run({ photoIds: ['ann-new', 'ann-few'] }, context.as(null)),
      'unauthenticated',
    );
    await expectNothingWritten(
      context,
      () => compare(context, 'newbie', ['n1', 'n2']),
      'failed-precondition',
    );
    await expectNothingWritten(context, () => compare(context, 'gone', ['n1', 'n2']), 'not-found');
  });
});
