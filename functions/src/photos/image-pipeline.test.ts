import { crc32, createDeflate } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { gpsTaggedJpeg, samplePhoto } from '../testing';
import { processImage } from './image-pipeline';

/** A valid PNG of width x height black pixels whose compressed data is tiny: a decompression bomb. */
async function pngBomb(width: number, height: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const finished = new Promise((resolve) => deflate.on('end', resolve));
  const row = Buffer.alloc(1 + width * 3);
  for (let y = 0; y < height; y++) deflate.write(row);
  deflate.end();
  await finished;
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.concat(parts)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('processImage', () => {
  it('removes every piece of metadata from the original and the display and small variants', async () => {
    const tagged = await gpsTaggedJpeg();
    const before = await sharp(tagged).metadata();
    expect(before.exif?.length).toBeGreaterThan(0);
    expect(before.exif?.toString('latin1')).toContain('TestCam');

    const processed = await processImage(tagged);
    for (const output of [processed.original, processed.display, processed.small]) {
      const after = await sharp(output).metadata();
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.iptc).toBeUndefined();
      expect(output.toString('latin1')).not.toContain('TestCam');
    }
  });

  it('makes a WebP display variant within 720 x 960 and a raw copy for analysis', async () => {
    const processed = await processImage(samplePhoto(1));
    const display = await sharp(processed.display).metadata();
    expect(display.format).toBe('webp');
    expect(display.width).toBeLessThanOrEqual(720);
    expect(display.height).toBeLessThanOrEqual(960);
    expect(processed.analysis.data.length).toBe(processed.analysis.width * processed.analysis.height * 3);
    expect(Math.max(processed.analysis.width, processed.analysis.height)).toBe(1024);
    expect((await sharp(processed.original).metadata()).format).toBe('jpeg');
  });

  it('makes a small WebP variant of at most 360 x 480 for grids, the display size said', async () => {
    const portrait = await sharp(samplePhoto(1))
      .resize({ width: 900, height: 1200, fit: 'fill' })
      .jpeg()
      .toBuffer();
    const processed = await processImage(portrait);
    const small = await sharp(processed.small).metadata();
    expect(small.format).toBe('webp');
    expect([small.width, small.height]).toEqual([360, 480]);
    expect([processed.displayWidth, processed.displayHeight]).toEqual([720, 960]);
    const display = await sharp(processed.display).metadata();
    expect([display.width, display.height]).toEqual([720, 960]);
    expect(processed.small.length).toBeLessThan(processed.display.length / 2);

    // A landscape photo keeps its shape; a photo smaller than the bounds is never enlarged.
    const landscape = await processImage(
      await sharp(samplePhoto(1)).resize({ width: 1600, height: 900, fit: 'fill' }).jpeg().toBuffer(),
    );
    expect(await sharp(landscape.small).metadata()).toMatchObject({ width: 360, height: 203 });
    const tiny = await processImage(
      await sharp(samplePhoto(1)).resize({ width: 200, height: 300, fit: 'fill' }).jpeg().toBuffer(),
    );
    expect(await sharp(tiny.small).metadata()).toMatchObject({ width: 200, height: 300 });
    expect([tiny.displayWidth, tiny.displayHeight]).toEqual([200, 300]);
  });

  it('turns a photo upright by its orientation tag before dropping it', async () => {
    const sideways = await sharp(samplePhoto(1)).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const source = await sharp(samplePhoto(1)).metadata();
    const processed = await processImage(sideways);
    expect(processed.width).toBe(source.height);
    expect(processed.height).toBe(source.width);
  });

  it('refuses what is not an image, even named .jpg', async () => {
    await expect(processImage(Buffer.from('%PDF-1.4 this is not a photo'))).rejects.toThrow(
      'This file is not an image',
    );
    await expect(processImage(Buffer.alloc(0))).rejects.toThrow('This file is not an image');
    const truncated = samplePhoto(1).subarray(0, 2000);
    await expect(processImage(truncated)).rejects.toThrow('This file is not an image');
  });

  // Making the bomb deflates 675 MB of pixels: some 4 s of a core, longer beside the other test files.
  it('refuses a 225-megapixel PNG bomb from its header, before decoding it', async () => {
    const bomb = await pngBomb(15000, 15000);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    await expect(processImage(bomb)).rejects.toThrow('This photo has more than 50 megapixels');
  }, 30_000);
});
