import { describe, expect, it } from 'vitest';
import {
  COMPARE_MAX_MORE_VOTES,
  comparePhotos,
  comparingKey,
  photosNeedingVotes,
  verdictBetween,
  verdictText,
  type CompareVerdict,
} from './compare';
import { EMPTY_TALLY, tallyVote, type QualityTally } from './score-quality';

const SITE_AVERAGE = 3;
/** A voter with no record: their votes count as given. */
const newcomer = { votesGiven: 0, ratesGivenSum: 0, ratesGivenSquares: 0 };

/** The tally of these votes, each looked at for 5 seconds by a newcomer. */
function votes(...rates: number[]): QualityTally {
  return rates.reduce(
    (tally, rate) => tallyVote(tally, { rate, viewingTimeSeconds: 5 }, newcomer, SITE_AVERAGE),
    EMPTY_TALLY,
  );
}

/** `count` votes alternating between two rates, so the photo has a spread as real ones do. */
function around(count: number, low: number, high: number): QualityTally {
  return votes(...Array.from({ length: count }, (_, n) => (n % 2 === 0 ? low : high)));
}

const photo = (id: string, tally: QualityTally) => ({ id, ...tally });

describe('verdictBetween', () => {
  it('calls a clear winner very likely better when the ranges do not overlap', () => {
    expect(verdictBetween(around(20, 4.5, 5), around(20, 1.5, 2), SITE_AVERAGE)).toEqual({ kind: 'better' });
  });

  it('calls a tie about the same: no number of votes would tell them apart', () => {
    expect(verdictBetween(around(30, 3, 4), around(30, 3, 4), SITE_AVERAGE)).toEqual({
      kind: 'about-the-same',
    });
  });

  it('says how many more votes would tell, fewer as the votes arrive, until it is clear', () => {
    const needed: CompareVerdict[] = [6, 10, 16, 24, 40, 60].map((count) =>
      verdictBetween(around(count, 3, 5), around(count, 2.5, 4.5), SITE_AVERAGE),
    );
    const counts = needed.slice(0, -1).map((verdict) => {
      if (verdict.kind !== 'too-close') throw new Error(`expected too close, got ${verdict.kind}`);
      return verdict.moreVotes;
    });
    for (let n = 1; n < counts.length; n++) expect(counts[n]).toBeLessThan(counts[n - 1]!);
    expect(counts[0]).toBeLessThanOrEqual(COMPARE_MAX_MORE_VOTES);
    expect(needed.at(-1)).toEqual({ kind: 'better' });
  });

  it('counts the fewest votes: about that many more on each side settle it, fewer do not', () => {
    const verdict = verdictBetween(around(40, 3, 5), around(40, 2.5, 4.5), SITE_AVERAGE);
    if (verdict.kind !== 'too-close') throw new Error(`expected too close, got ${verdict.kind}`);
    const each = verdict.moreVotes / 2;
    const after = (more: number) =>
      verdictBetween(around(40 + more, 3, 5), around(40 + more, 2.5, 4.5), SITE_AVERAGE).kind;
    // The estimate keeps the scores and the spread where they are; real votes move them a little.
    expect(after(each + 1)).toBe('better');
    expect(after(each - 1)).toBe('too-close');
  });
});

describe('comparePhotos', () => {
  it('ranks by fair score, gives the verdict between neighbours and leaves too few votes unranked', () => {
    const comparison = comparePhotos(
      [
        photo('middle', around(12, 3.5, 4)),
        photo('best', around(40, 4.5, 5)),
        photo('new', votes(5, 5)),
        photo('unrated', EMPTY_TALLY),
        photo('close', around(12, 3.5, 4)),
      ],
      SITE_AVERAGE,
    );
    expect(comparison.ranked.map(({ photo: { id }, rank }) => [rank, id])).toEqual([
      [1, 'best'],
      [2, 'close'],
      [3, 'middle'],
    ]);
    expect(comparison.verdicts.map((verdict) => verdict.kind)).toEqual(['better', 'about-the-same']);
    expect(comparison.tooFew.map(({ id }) => id)).toEqual(['new', 'unrated']);
    // Two 5-heart votes do not outrank 40 good ones: the new photo waits for its fifth vote.
    expect(photosNeedingVotes(comparison)).toEqual(new Set(['new', 'unrated']));
  });

  it('asks votes for both photos of a pair too close to call yet, and none once it is clear', () => {
    const close = comparePhotos(
      [photo('a', around(10, 3, 5)), photo('b', around(10, 2.5, 4.5))],
      SITE_AVERAGE,
    );
    expect(close.verdicts[0]).toMatchObject({ kind: 'too-close' });
    expect(photosNeedingVotes(close)).toEqual(new Set(['a', 'b']));
    const clear = comparePhotos(
      [photo('a', around(60, 3, 5)), photo('b', around(60, 2.5, 4.5))],
      SITE_AVERAGE,
    );
    expect(clear.verdicts).toEqual([{ kind: 'better' }]);
    expect(photosNeedingVotes(clear).size).toBe(0);
  });

  it('reads photos made before the fair score was kept as having no votes it rests on', () => {
    const comparison = comparePhotos([{ id: 'old' }, { id: 'older' }], SITE_AVERAGE);
    expect(comparison.ranked).toEqual([]);
    expect(comparison.tooFew.map(({ id }) => id)).toEqual(['old', 'older']);
  });
});

describe('the words', () => {
  it('says the verdicts in plain words, photos named by their rank', () => {
    expect(verdictText({ kind: 'better' }, 1, 2)).toBe('Photo 1 is very likely better than photo 2');
    expect(verdictText({ kind: 'too-close', moreVotes: 12 }, 2, 3)).toBe(
      'Photo 2 and photo 3 are too close to call yet: about 12 more votes would tell',
    );
    expect(verdictText({ kind: 'about-the-same' }, 1, 2)).toBe(
      'Photo 1 and photo 2 are too close to call: they score about the same',
    );
  });
});

describe('comparingKey', () => {
  it('puts the widest range first in ascending text, a photo with no votes before all', () => {
    const keys = [EMPTY_TALLY, votes(4), around(6, 3, 4), around(40, 3, 4)].map(comparingKey);
    expect([...keys].sort()).toEqual(keys);
    expect(new Set(keys).size).toBe(4);
    for (const key of keys) expect(key).toMatch(/^\d{5}$/);
  });
});
