import { describe, expect, it } from 'vitest';
import { selectedRows, slug } from './bench-web-rows';

const ROWS = [
  { name: 'landing page', path: '/' },
  { name: '/rate', path: '/rate' },
  { name: 'My Photos', path: '/photos' },
  { name: 'Photo detail, first open' },
];
const names = (rows: Array<{ name: string }>) => rows.map((row) => row.name);

describe('BENCH_PAGES', () => {
  it('runs every row when unset or blank', () => {
    expect(names(selectedRows(ROWS, 'lighthouse', undefined))).toEqual(names(ROWS));
    expect(names(selectedRows(ROWS, 'lighthouse', ' , '))).toEqual(names(ROWS));
  });

  it('picks rows by name, hyphenated name or path, in any case and with spaces around', () => {
    expect(names(selectedRows(ROWS, 'lighthouse', 'LANDING PAGE'))).toEqual(['landing page']);
    expect(names(selectedRows(ROWS, 'lighthouse', ' my-photos ,/rate'))).toEqual(['/rate', 'My Photos']);
    expect(names(selectedRows(ROWS, 'interactions', 'photo-detail-first-open'))).toEqual([
      'Photo detail, first open',
    ]);
    expect(names(selectedRows(ROWS, 'lighthouse', '/photos'))).toEqual(['My Photos']);
  });

  it("runs a whole table by its group's name, and none of another's", () => {
    expect(names(selectedRows(ROWS, 'axe', 'axe'))).toEqual(names(ROWS));
    expect(selectedRows(ROWS, 'lighthouse', 'axe')).toEqual([]);
  });

  it('matches whole names only: a part of one picks nothing', () => {
    expect(selectedRows(ROWS, 'lighthouse', 'photo')).toEqual([]);
    expect(selectedRows(ROWS, 'lighthouse', 'page')).toEqual([]);
    // '/rate' hyphenated is 'rate'.
    expect(names(selectedRows(ROWS, 'lighthouse', 'rate'))).toEqual(['/rate']);
  });

  it('hyphenates names as the README says', () => {
    expect(slug('My Photos')).toBe('my-photos');
    expect(slug('Rate -> next photo')).toBe('rate-next-photo');
    expect(slug('/leaderboard')).toBe('leaderboard');
  });
});
