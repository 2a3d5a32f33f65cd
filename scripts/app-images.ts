/**
 * `npm run app-images`: the installed app's pictures in public/, made again from our own artwork and
 * the app itself. The icons are the favicon's heart drawn at each size (the maskable one full-bleed,
 * its heart inside the middle 80% that every launcher's mask keeps); the screenshots are the app as a
 * member sees it, taken in Chromium from a local stack with the demo content and a new member.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { DEMO_ADMIN } from '../functions/src/local/demo-content';
import { launchBrowser } from '../tests/e2e/support/browser';
import { storageKeys } from '../src/lib/storage';
import { projectRoot } from './data-folder';
import { findFreePorts, startLocalStack } from './local-stack';

const BRAND = '#d81b60';
const HEART = 'M32 50s-16-9.6-16-21a9 9 0 0 1 16-5.7A9 9 0 0 1 48 29c0 11.4-16 21-16 21z';
const publicDir = path.join(projectRoot, 'public');

/** The heart on the brand colour: rounded like the favicon, or a full square for a launcher's mask. */
function iconSvg(kind: 'any' | 'maskable'): string {
  // The heart spans about 32 of 64 units; for the mask it shrinks to stay well inside the safe zone.
  const heart =
    kind === 'maskable'
      ? `<path d="${HEART}" fill="#fff" transform="translate(32 34) scale(0.8) translate(-32 -34)"/>`
      : `<path d="${HEART}" fill="#fff"/>`;
  const background =
    kind === 'maskable'
      ? `<rect width="64" height="64" fill="${BRAND}"/>`
      : `<rect width="64" height="64" rx="14" fill="${BRAND}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${background}${heart}</svg>`;
}

async function icon(kind: 'any' | 'maskable', size: number, name: string): Promise<void> {
  await sharp(Buffer.from(iconSvg(kind)), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(publicDir, name));
  console.log(`public/${name}`);
}

async function screenshots(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'photorater-images-'));
  const buildDir = mkdtempSync(path.join(tmpdir(), 'photorater-images-build-'));
  const stack = await startLocalStack({
    dataDir,
    buildDir,
    quiet: true,
    ports: await findFreePorts(Number(process.env.E2E_PORT_BASE ?? 18000) + 500),
  });
  const browser = await launchBrowser();
  try {
    const shots = [
      { name: 'screenshot-narrow.png', viewport: { width: 412, height: 915 }, path: '/rate' },
      { name: 'screenshot-wide.png', viewport: { width: 1280, height: 800 }, path: '/leaderboard' },
    ];
    for (const shot of shots) {
      const context = await browser.newContext({ viewport: shot.viewport, deviceScaleFactor: 1 });
      const page = await context.newPage();
      // The demo admin is a member with a complete profile, like the demo members.
      await page.goto(`${stack.appUrl}/login`);
      await page.getByLabel('Email').fill(DEMO_ADMIN.email);
      await page.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/');
      // Past the first-time tutorial and the cookie banner, as a returning member sees the app.
      await page.evaluate((key) => localStorage.setItem(key, '1'), storageKeys.rateTutorialSeen);
      await page.goto(`${stack.appUrl}${shot.path}`);
      // The choice follows the member to the next screenshot's browser.
      const necessaryOnly = page.getByRole('button', { name: 'Necessary only' });
      const banner = await necessaryOnly.waitFor({ timeout: 5000 }).then(
        () => true,
        () => false,
      );
      if (banner) {
        await necessaryOnly.click();
        await necessaryOnly.waitFor({ state: 'detached' });
      }
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1500);
      const png = await page.screenshot();
      await sharp(png).png({ compressionLevel: 9 }).toFile(path.join(publicDir, shot.name));
      console.log(`public/${shot.name}`);
      await context.close();
    }
  } finally {
    await browser.close();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(buildDir, { recursive: true, force: true });
  }
}

await icon('any', 192, 'icon-192.png');
await icon('any', 512, 'icon-512.png');
await icon('maskable', 512, 'icon-maskable-512.png');
await sharp(Buffer.from(iconSvg('any')), { density: 72 * 3 })
  .resize(180, 180)
  .flatten({ background: '#ffffff' })
  .png({ compressionLevel: 9 })
  .toFile(path.join(publicDir, 'apple-touch-icon.png'));
console.log('public/apple-touch-icon.png');
if (!process.argv.includes('--icons-only')) await screenshots();
