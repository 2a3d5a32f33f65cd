import { describe, expect, it } from 'vitest';
import { shareCardLines } from './share';

describe('the share card', () => {
  it('says the score out of 10 with its verdict, as the photo detail does', () => {
    expect(shareCardLines({ rate: 4.3, votesCount: 8 })).toEqual([
      '❤ 8.6/10 · Very Attractive',
      '8 votes on Photorater',
    ]);
    expect(shareCardLines({ rate: 4.5, votesCount: 1 })[1]).toBe('1 vote on Photorater');
  });
});
