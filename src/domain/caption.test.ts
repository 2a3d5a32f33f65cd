import { describe, expect, it } from 'vitest';
import { captionSentiment, isCaptionPositiveEnough } from './caption';
import { newPhotoSchema } from './schemas';

describe('caption sentiment', () => {
  it('accepts neutral and positive captions and an empty one', () => {
    expect(isCaptionPositiveEnough('Sunday at the lake')).toBe(true);
    expect(isCaptionPositiveEnough('Feeling great and happy')).toBe(true);
    expect(isCaptionPositiveEnough('')).toBe(true);
    expect(isCaptionPositiveEnough(undefined)).toBe(true);
  });

  it('takes -3 and refuses below it', () => {
    expect(captionSentiment('bad')).toBe(-3);
    expect(isCaptionPositiveEnough('bad')).toBe(true);
    expect(captionSentiment('bad ugly')).toBe(-6);
    expect(isCaptionPositiveEnough('bad ugly')).toBe(false);
    expect(captionSentiment('I hate this terrible day')).toBeLessThan(-3);
    expect(isCaptionPositiveEnough('I hate this terrible day')).toBe(false);
  });
});

describe('the New Photo form', () => {
  const valid = { caption: 'Hello', showTo: 'both', ageRange: [18, 37] };

  it('defaults to everyone aged 18 to 37 being able to see it', async () => {
    expect(await newPhotoSchema.validate(valid)).toEqual(valid);
  });

  it('refuses a negative caption with the spec message', async () => {
    await expect(newPhotoSchema.validate({ ...valid, caption: 'I hate this terrible day' })).rejects.toThrow(
      'Please consider writing a more positive caption',
    );
  });

  it('takes 50 characters of caption, not 51', async () => {
    await expect(newPhotoSchema.validate({ ...valid, caption: 'a'.repeat(50) })).resolves.toBeTruthy();
    await expect(newPhotoSchema.validate({ ...valid, caption: 'a'.repeat(51) })).rejects.toThrow(
      'Caption must be at most 50 characters',
    );
  });

  it('keeps the age range at least 10 years wide', async () => {
    await expect(newPhotoSchema.validate({ ...valid, ageRange: [30, 40] })).resolves.toBeTruthy();
    await expect(newPhotoSchema.validate({ ...valid, ageRange: [30, 39] })).rejects.toThrow(
      'The age range must span at least 10 years',
    );
    await expect(newPhotoSchema.validate({ ...valid, ageRange: [10, 40] })).rejects.toThrow();
    await expect(newPhotoSchema.validate({ ...valid, showTo: 'everyone' })).rejects.toThrow(
      'Choose who sees your photo',
    );
  });
});
