import { describe, expect, it } from 'vitest';
import { moveInHistogram, topPercent } from './scores';
import { STATS_SHARDS, statsShard, statsShardPath, sumSiteStats } from './site-stats';

describe('the site stats in shards', () => {
  it('puts every photo in one shard, always the same, and spreads photos over all of them', () => {
    const ids = Array.from({ length: 2000 }, (_, n) => `photo-${n}`);
    const shards = ids.map(statsShard);
    expect(shards.every((shard) => Number.isInteger(shard) && shard >= 0 && shard < STATS_SHARDS)).toBe(true);
    expect(ids.map(statsShard)).toEqual(shards);
    const perShard = Array.from(
      { length: STATS_SHARDS },
      (_, shard) => shards.filter((s) => s === shard).length,
    );
    // 100 each on average; none left empty or holding a lion's share.
    expect(Math.min(...perShard)).toBeGreaterThan(60);
    expect(Math.max(...perShard)).toBeLessThan(140);
    expect(statsShardPath('photo-7')).toBe(`stats/rates/shards/${statsShard('photo-7')}`);
  });

  it('adds the shards up into the histogram and totals the percentile and the fair score read', () => {
    const stats = sumSiteStats([
      { histogram: { '350': 2, '400': 1 }, votes: 10, votesSum: 36 },
      undefined,
      { histogram: { '400': 3 } },
      { votes: 4, votesSum: 10 },
    ]);
    expect(stats).toEqual({ histogram: { '350': 2, '400': 4 }, votes: 14, votesSum: 46 });
    expect(topPercent(stats.histogram, 4)).toBe(67);
    expect(sumSiteStats([])).toEqual({ histogram: {}, votes: 0, votesSum: 0 });
  });

  it('gives the same percentile as one histogram would, however the photos fall into shards', () => {
    const rates = Array.from({ length: 300 }, (_, n) => ({
      id: `p${n}`,
      rate: 0.5 + ((n * 37) % 451) / 100,
    }));
    let whole = {};
    const shards = Array.from({ length: STATS_SHARDS }, () => ({ histogram: {}, votes: 0, votesSum: 0 }));
    for (const { id, rate } of rates) {
      whole = moveInHistogram(whole, null, rate);
      const shard = shards[statsShard(id)]!;
      shard.histogram = moveInHistogram(shard.histogram, null, rate);
    }
    expect(sumSiteStats(shards).histogram).toEqual(whole);
  });
});
