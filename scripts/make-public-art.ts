/**
 * Draws the public pictures from the product's own artwork (the demo members' portraits, a score card
 * as the app shows it): the social card (`public/social-card.png`, 1200x630), the landing page's
 * portraits and the demo articles' pictures (`public/images/`). No stock images. Run it after changing
 * the portraits: `npx tsx scripts/make-public-art.ts`; the outputs are committed.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import { demoPortrait, MEMBERS, type DemoMember } from '../functions/src/local/demo-content';
import { scoreParts, tenPointScore } from '../src/domain/scores';
import { EXAMPLE_SCORES } from '../src/features/landing/landing-copy';

const PUBLIC = path.resolve(import.meta.dirname, '..', 'public');
const PINK = '#d81b60';
const VIOLET = '#7c4dff';
const FONT = 'DejaVu Sans, Arial, sans-serif';

const member = (name: string): DemoMember => {
  const found = MEMBERS.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`No demo member ${name}`);
  return found;
};

async function portrait(name: string, width: number, height: number, radius = 24): Promise<Buffer> {
  const mask = Buffer.from(
    `<svg width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="${radius}" fill="#fff"/></svg>`,
  );
  return sharp(await demoPortrait(member(name)))
    .resize(width, height, { fit: 'cover' })
    .composite([{ input: mask, blend: 'dest-in' }])
    .png()
    .toBuffer();
}

const heart = (x: number, y: number, size: number, fill: string) =>
  `<path transform="translate(${x} ${y}) scale(${size / 24})" d="M12 21.35l-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54L12 21.35z" fill="${fill}"/>`;

/** The score card as the landing page shows it (score-card.tsx): score out of 10 and verdict, percentile, fair score. */
function scoreCardSvg(width: number, height: number): string {
  const { rate, topPercent, fair, fairLow, fairHigh } = EXAMPLE_SCORES;
  const score = scoreParts(rate);
  const better = 100 - topPercent;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect width="${width}" height="${height}" rx="24" fill="#ffffff"/>
  <text x="32" y="52" font-family="${FONT}" font-size="24" fill="#555">Your score</text>
  <text x="32" y="118" font-family="${FONT}" font-weight="700" fill="${PINK}"><tspan font-size="64">${score.score}</tspan><tspan font-size="30" fill="#777">/10</tspan></text>
  <text x="32" y="158" font-family="${FONT}" font-size="28" font-weight="700" fill="${PINK}">${score.verdict}</text>
  <text x="32" y="204" font-family="${FONT}" font-size="22" fill="#333">Better than ${better}% of photos</text>
  <rect x="32" y="218" width="${width - 64}" height="12" rx="6" fill="#f1e4ea"/>
  <rect x="32" y="218" width="${Math.round(((width - 64) * better) / 100)}" height="12" rx="6" fill="${PINK}"/>
  <text x="32" y="266" font-family="${FONT}" font-size="20" fill="#555">Fair score ${tenPointScore(fair)}/10 (${tenPointScore(fairLow)} to ${tenPointScore(fairHigh)})</text>
</svg>`;
}

async function socialCard(): Promise<void> {
  const background = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${PINK}"/><stop offset="1" stop-color="${VIOLET}"/>
  </linearGradient></defs>
  <rect width="1200" height="630" fill="url(#g)"/>
  <text x="64" y="130" font-family="${FONT}" font-size="76" font-weight="700" fill="#fff">Photorater</text>
  <text x="64" y="200" font-family="${FONT}" font-size="38" fill="#fff">Find your best photo</text>
  <text x="64" y="252" font-family="${FONT}" font-size="26" fill="#ffe6f0">Honest, anonymous ratings from real people</text>
</svg>`;
  const card = await sharp(Buffer.from(scoreCardSvg(420, 290)))
    .png()
    .toBuffer();
  const image = await sharp(Buffer.from(background))
    .composite([
      { input: await portrait('Maya', 210, 280), left: 64, top: 300 },
      { input: await portrait('Leo', 210, 280), left: 294, top: 300 },
      { input: await portrait('Aiko', 210, 280), left: 524, top: 300 },
      { input: card, left: 760, top: 290 },
    ])
    .png({ compressionLevel: 9, palette: false })
    .toBuffer();
  await writeFile(path.join(PUBLIC, 'social-card.png'), image);
}

async function landingPortraits(): Promise<void> {
  for (const name of ['Maya', 'Leo', 'Aiko']) {
    const image = await sharp(await demoPortrait(member(name)))
      .resize(360, 480)
      .webp({ quality: 72 })
      .toBuffer();
    await writeFile(path.join(PUBLIC, 'images', `portrait-${name.toLowerCase()}.webp`), image);
  }
}

async function articlePicture(file: string, sky: [string, string], names: string[], withCard: boolean) {
  const background = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/>
  </linearGradient></defs>
  <rect width="1200" height="675" fill="url(#g)"/>
  ${[0, 1, 2, 3, 4, 5].map((n) => heart(60 + n * 190, n % 2 ? 560 : 70, 40, '#ffffff55')).join('')}
</svg>`;
  const layers: OverlayOptions[] = [];
  const width = 330;
  const start = withCard ? 90 : (1200 - names.length * width - (names.length - 1) * 40) / 2;
  for (const [index, name] of names.entries())
    layers.push({
      input: await portrait(name, width, 440),
      left: Math.round(start + index * (width + 40)),
      top: 118,
    });
  if (withCard)
    layers.push({
      input: await sharp(Buffer.from(scoreCardSvg(520, 290)))
        .png()
        .toBuffer(),
      left: 600,
      top: 193,
    });
  const image = await sharp(Buffer.from(background)).composite(layers).webp({ quality: 74 }).toBuffer();
  await writeFile(path.join(PUBLIC, 'images', file), image);
}

await mkdir(path.join(PUBLIC, 'images'), { recursive: true });
await socialCard();
await landingPortraits();
await articlePicture('blog-light.webp', ['#fbd38d', '#fdebd3'], ['Maya'], true);
await articlePicture('blog-score.webp', ['#c7c9d9', '#f2f2f7'], ['Ines'], true);
await articlePicture('blog-dating.webp', ['#f8bbd0', '#e3d5f2'], ['Leo', 'Aiko'], false);
console.log('public pictures written');
