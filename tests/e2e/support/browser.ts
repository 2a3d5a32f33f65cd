/** Debian's Chromium through playwright-core: never a downloaded browser. */
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const args = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath, args });
}

/**
 * Chromium with a profile of its own in `userDataDir`, as a member's browser is: the install check
 * reports every page of a browser's throwaway (incognito) contexts as not installable.
 */
export function launchProfile(userDataDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, { executablePath, args });
}

/** One browser for the journeys of a test file: launched before them, closed after them. */
export function browserForFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('The browser starts before the first journey.');
    return browser;
  };
}
