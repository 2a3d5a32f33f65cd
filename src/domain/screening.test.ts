import { describe, expect, it } from 'vitest';
import {
  ADULT_AGE,
  AGE_ESTIMATE_ERROR_YEARS,
  ageEstimateOf,
  HOLD_EXPLICIT_AT,
  REFUSE_EXPLICIT_AT,
  screenUpload,
  type ContentScores,
} from './screening';
import {
  APP_CROP_OF_SAMPLE_3,
  BARE_LEGS_CLOSE_UP,
  LOWER_HALF_OF_SAMPLE_3,
  SAMPLE_FACE_OUTPUTS as SAMPLE_FACES,
} from './screening-measured';

describe('screenUpload', () => {
  it('passes every sample face, with the model figures kept', () => {
    for (const { scores, age } of SAMPLE_FACES) {
      const verdict = screenUpload(scores, age);
      expect(verdict.verdict).toBe('pass');
      expect(verdict.explicit).toBeLessThan(HOLD_EXPLICIT_AT / 2);
      expect(verdict.ageEstimate).toBe(age);
    }
  });

  it('refuses what the model is nearly sure is explicit', () => {
    const verdict = screenUpload(BARE_LEGS_CLOSE_UP, 30);
    expect(verdict).toMatchObject({ verdict: 'refuse', reason: 'explicit', explicit: 0.893 });
    expect(verdict.explicit).toBeGreaterThanOrEqual(REFUSE_EXPLICIT_AT);
  });

  it('holds a borderline explicit score for a person to decide', () => {
    expect(screenUpload(LOWER_HALF_OF_SAMPLE_3, 30)).toMatchObject({
      verdict: 'hold',
      reason: 'explicit',
      explicit: 0.489,
      scores: { Porn: 0.489, Hentai: 0.125 },
    });
  });

  it('holds at the thresholds themselves, and passes just under them', () => {
    const at = (explicit: number): ContentScores => ({
      Porn: explicit,
      Hentai: 0,
      Sexy: 0,
      Drawing: 0,
      Neutral: 1 - explicit,
    });
    expect(screenUpload(at(HOLD_EXPLICIT_AT), 30).verdict).toBe('hold');
    expect(screenUpload(at(HOLD_EXPLICIT_AT - 0.01), 30).verdict).toBe('pass');
    expect(screenUpload(at(REFUSE_EXPLICIT_AT), 30).verdict).toBe('refuse');
    expect(screenUpload(at(REFUSE_EXPLICIT_AT - 0.01), 30).verdict).toBe('hold');
  });

  it('passes an ordinary photo the model reads as drawn: only Porn counts as explicit', () => {
    expect(screenUpload(APP_CROP_OF_SAMPLE_3, 30)).toMatchObject({ verdict: 'pass', explicit: 0.007 });
  });

  it('does not hold Sexy alone: evening wear is ordinary here', () => {
    const scores = { Sexy: 0.95, Neutral: 0.05, Porn: 0, Hentai: 0, Drawing: 0 };
    expect(screenUpload(scores, 30).verdict).toBe('pass');
  });

  it('holds an apparent minor whose estimate plus its error is under 18, whatever else', () => {
    const youngest = ADULT_AGE - AGE_ESTIMATE_ERROR_YEARS;
    const clean = SAMPLE_FACES[0]!.scores;
    expect(screenUpload(clean, youngest - 0.5)).toMatchObject({ verdict: 'hold', reason: 'minor' });
    expect(screenUpload(clean, 9)).toMatchObject({ verdict: 'hold', reason: 'minor', ageEstimate: 9 });
    expect(screenUpload(clean, youngest).verdict).toBe('pass');
    // The youngest-looking sample adult passes with room to spare.
    expect(Math.min(...SAMPLE_FACES.map(({ age }) => age))).toBeGreaterThan(youngest + 3);
  });

  it('refuses an explicit photo of an apparent minor rather than holding it', () => {
    expect(screenUpload(BARE_LEGS_CLOSE_UP, 10).verdict).toBe('refuse');
  });

  it('holds an explicit score before a young estimate, so the reason names the content', () => {
    expect(screenUpload(LOWER_HALF_OF_SAMPLE_3, 10)).toMatchObject({ verdict: 'hold', reason: 'explicit' });
  });

  it('passes on content alone without a face estimate', () => {
    expect(screenUpload(SAMPLE_FACES[0]!.scores, null)).toMatchObject({ verdict: 'pass', ageEstimate: null });
  });
});

describe('ageEstimateOf', () => {
  it('reads the middle of the largest face range, or the youngest face when younger', () => {
    expect(ageEstimateOf({ AgeRange: { Low: 15, High: 22 } })).toBe(18.5);
    expect(ageEstimateOf({ AgeRange: { Low: 27, High: 34 }, YoungestAge: 11.2 })).toBe(11.2);
    expect(ageEstimateOf({ AgeRange: { Low: 15, High: 22 }, YoungestAge: 18.7 })).toBe(18.5);
    expect(ageEstimateOf(null)).toBeNull();
  });

  it('holds a group photo where a smaller face looks like a child', () => {
    const adultWithChild = { AgeRange: { Low: 27, High: 34 }, YoungestAge: 9.4 };
    expect(screenUpload(SAMPLE_FACES[0]!.scores, ageEstimateOf(adultWithChild))).toMatchObject({
      verdict: 'hold',
      reason: 'minor',
      ageEstimate: 9.4,
    });
  });
});
