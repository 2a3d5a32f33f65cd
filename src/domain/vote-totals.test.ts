import { describe, expect, it } from 'vitest';
import { ratingBuckets } from './scores';
import { tagCounts } from './vote';
import { moveVoteTotals, ratingOverview, tagTotals } from './vote-totals';

const votes = [
  { rate: 0.5, chips: ['kind'] },
  { rate: 1, chips: [] },
  { rate: 2.5, chips: ['kind', 'stylish'] },
  { rate: 4.5, chips: ['stylish'] },
  { rate: 5, chips: ['confident', 'stylish'] },
];

describe('the vote totals a photo keeps', () => {
  it('give the overview and the tags the votes themselves give', () => {
    const totals = moveVoteTotals(undefined, votes);
    expect(ratingOverview(totals)).toEqual(ratingBuckets(votes.map((vote) => vote.rate)));
    expect(tagTotals(totals)).toEqual(tagCounts(votes));
    expect(totals.hearts).toEqual({ '1': 1, '2': 1, '5': 1, '9': 1, '10': 1 });
  });

  it('count votes folded one batch at a time as they would all at once', () => {
    const inBatches = moveVoteTotals(moveVoteTotals(undefined, votes.slice(0, 2)), votes.slice(2));
    expect(inBatches).toEqual(moveVoteTotals(undefined, votes));
  });

  it('take a vote out again, dropping what reaches zero and never going below it', () => {
    const totals = moveVoteTotals(undefined, votes);
    const without = moveVoteTotals(totals, [votes[2]!], -1);
    expect(without).toEqual(moveVoteTotals(undefined, [votes[0]!, votes[1]!, votes[3]!, votes[4]!]));
    expect(moveVoteTotals(undefined, [votes[0]!], -1)).toEqual({ hearts: {}, tags: {} });
  });

  it('show an empty overview for a photo without totals', () => {
    expect(ratingOverview(undefined)).toEqual({ '1-2': 0, '3-4': 0, '5-6': 0, '7-8': 0, '9-10': 0 });
    expect(tagTotals(undefined)).toEqual([]);
  });
});
