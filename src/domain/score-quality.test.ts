import { describe, expect, it } from 'vitest';
import {
  EMPTY_TALLY,
  FAIR_SCORE_MIN_VOTES,
  fairScore,
  fairScorePendingText,
  isJunkVote,
  leniency,
  shardSiteAverage,
  siteAverage,
  tallyVote,
  weighedVotesText,
  type QualityTally,
  type VoterRecord,
} from './score-quality';

const voter = (rates: number[]): VoterRecord => ({
  votesGiven: rates.length,
  ratesGivenSum: rates.reduce((sum, rate) => sum + rate, 0),
  ratesGivenSquares: rates.reduce((sum, rate) => sum + rate * rate, 0),
});

function tallyOf(
  votes: Array<{ rate: number; by: VoterRecord; seconds?: number }>,
  site: number,
): QualityTally {
  return votes.reduce(
    (tally, vote) =>
      tallyVote(tally, { rate: vote.rate, viewingTimeSeconds: vote.seconds ?? 5 }, vote.by, site),
    EMPTY_TALLY,
  );
}

describe('score quality', () => {
  it('takes a lenient voter down and a harsh one up, more so the more they have voted', () => {
    const site = 3;
    expect(leniency(voter([5, 5, 4.5]), site)).toBeGreaterThan(0);
    expect(leniency(voter([1, 1.5, 1]), site)).toBeLessThan(0);
    expect(leniency(voter(Array(40).fill(4)), site)).toBeGreaterThan(leniency(voter([4]), site));
    expect(leniency(voter([]), site)).toBe(0);
  });

  it('weighs nothing for a look shorter than a second or the same score every time', () => {
    expect(isJunkVote(voter([3, 4]), 4, 0.4)).toBe(true);
    expect(isJunkVote(voter(Array(10).fill(5)), 5, 10)).toBe(true);
    expect(isJunkVote(voter(Array(10).fill(5)), 4, 10)).toBe(false);
    expect(isJunkVote(voter([5, 5, 5]), 5, 10)).toBe(false);
  });

  it('brings two photos rated by voters of opposite habits closer than their raw averages', () => {
    const site = 3;
    const kind = voter([...Array(29).fill(4.5), 4]);
    const harsh = voter([...Array(29).fill(1.5), 2]);
    const byKind = fairScore(
      tallyOf(
        [
          { rate: 4.5, by: kind },
          { rate: 4, by: kind },
        ],
        site,
      ),
      site,
    )!;
    const byHarsh = fairScore(
      tallyOf(
        [
          { rate: 2, by: harsh },
          { rate: 1.5, by: harsh },
        ],
        site,
      ),
      site,
    )!;
    const rawGap = (4.5 + 4) / 2 - (2 + 1.5) / 2;
    expect(byKind.score - byHarsh.score).toBeLessThan(rawGap / 3);
  });

  it('narrows the 90% range as votes arrive and keeps the score inside it', () => {
    const site = 3;
    const someone = voter([3, 3.5, 2.5]);
    const few = fairScore(
      tallyOf(
        Array.from({ length: 3 }, () => ({ rate: 4, by: someone })),
        site,
      ),
      site,
    )!;
    const many = fairScore(
      tallyOf(
        Array.from({ length: 60 }, () => ({ rate: 4, by: someone })),
        site,
      ),
      site,
    )!;
    expect(many.high - many.low).toBeLessThan(few.high - few.low);
    for (const score of [few, many]) {
      expect(score.low).toBeLessThanOrEqual(score.score);
      expect(score.high).toBeGreaterThanOrEqual(score.score);
    }
    expect(many.votes).toBe(60);
  });

  it('has no score without a weighed vote, and the middle of the scale before any vote on the site', () => {
    expect(fairScore(EMPTY_TALLY, 3)).toBeNull();
    expect(siteAverage(undefined)).toBe(2.75);
    expect(siteAverage({ votes: 4, votesSum: 14 })).toBe(3.5);
  });

  it("takes the site's average from a photo's shard once the shard's other votes are enough, the photo's own left out", () => {
    const photo = { rate: 5, votesCount: 200 };
    // 1,000 votes on other photos averaging 3, and the photo's own 200 fives.
    expect(shardSiteAverage({ votes: 1200, votesSum: 3000 + 1000 }, photo)).toBe(3);
    expect(shardSiteAverage({ votes: 1199, votesSum: 2997 + 1000 }, photo)).toBeNull();
    expect(shardSiteAverage(undefined, { rate: 0, votesCount: 0 })).toBeNull();
  });
});

describe('what the fair score says it rests on', () => {
  it('waits for 5 weighed votes, saying how many it has and how many the photo shows', () => {
    expect(FAIR_SCORE_MIN_VOTES).toBe(5);
    expect(fairScorePendingText(1, 1)).toBe('Fair score: shown from 5 weighed votes (1 so far)');
    expect(fairScorePendingText(1, 8)).toBe('Fair score: shown from 5 weighed votes (1 so far, of 8 votes)');
  });

  it('names the votes weighed beside the votes shown', () => {
    expect(weighedVotesText(8, 8)).toBe('all 8 votes');
    expect(weighedVotesText(6, 8)).toBe('6 of 8 votes');
    expect(weighedVotesText(1, 1)).toBe('its only vote');
  });
});
