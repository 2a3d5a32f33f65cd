import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createFaceAnalyzer } from './face-analysis';
import { processImage } from './image-pipeline';
import { samplePhoto } from '../testing';

const analyzer = createFaceAnalyzer();

describe('face analysis', () => {
  it('fills the face detail of the largest face in a photo', async () => {
    const { analysis } = await processImage(samplePhoto(2));
    const detail = await analyzer.analyze(analysis);
    expect(detail).not.toBeNull();
    expect(detail!.AgeRange.Low).toBeLessThan(detail!.AgeRange.High);
    expect(detail!.AgeRange.Low).toBeGreaterThanOrEqual(0);
    expect(['Female', 'Male']).toContain(detail!.Gender.Value);
    expect(detail!.Gender.Confidence).toBeGreaterThan(50);
    expect(detail!.Emotions).toHaveLength(7);
    expect(detail!.Emotions[0]!.Confidence).toBeGreaterThanOrEqual(detail!.Emotions[1]!.Confidence);
    expect(detail!.Emotions.map((emotion) => emotion.Type)).toContain('HAPPY');
    expect(Math.abs(detail!.Pose.Roll)).toBeLessThan(45);
    // Sample 2 has three faces; the youngest estimate is of any of them, at most the largest face's.
    expect(detail!.YoungestAge).toBeGreaterThan(15);
    expect(detail!.YoungestAge).toBeLessThanOrEqual(detail!.AgeRange.High);
    for (const value of [
      detail!.Quality.Brightness,
      detail!.Quality.Sharpness,
      detail!.Smile.Confidence,
      detail!.Beard.Confidence,
    ]) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(100);
    }
  }, 60_000);

  it('finds no face in a landscape of noise and gradients', async () => {
    const width = 800;
    const height = 600;
    const pixels = Buffer.alloc(width * height * 3);
    for (let i = 0; i < pixels.length; i += 3) {
      const x = (i / 3) % width;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = 120;
      pixels[i + 2] = 200 - (x * 100) / width;
    }
    const landscape = await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg()
      .toBuffer();
    const { analysis } = await processImage(landscape);
    expect(await analyzer.analyze(analysis)).toBeNull();
  }, 60_000);

  it('measures a darker, blurrier copy of a face as darker and less sharp', async () => {
    const photo = samplePhoto(2);
    const clear = await analyzer.analyze((await processImage(photo)).analysis);
    const dim = await sharp(photo).modulate({ brightness: 0.6 }).blur(3).jpeg().toBuffer();
    const blurred = await analyzer.analyze((await processImage(dim)).analysis);
    expect(blurred).not.toBeNull();
    expect(blurred!.Quality.Brightness).toBeLessThan(clear!.Quality.Brightness);
    expect(blurred!.Quality.Sharpness).toBeLessThan(clear!.Quality.Sharpness);
  }, 60_000);
});
