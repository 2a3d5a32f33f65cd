/**
 * The demo members `npm run bench:web` signs in, shared by its pages, its interactions and its axe
 * pass: the demo admin (who has rated nobody, so /rate has the demo members' photos to offer) and
 * Maya, a demo member with a rated photo of her own (My Photos, its detail, /profile, /leaderboard).
 * The demo content gives demo members no sign-in, so the bench makes Maya's in the Auth emulator
 * under her record's uid.
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { DEMO_ADMIN, demoId, MEMBERS } from '../functions/src/local/demo-content';
import { storageKeys } from '../src/lib/storage';

export interface BenchMember {
  /** As the bench's tables print it. */
  name: string;
  email: string;
  password: string;
  /** Her record's uid, when the bench makes her sign-in itself. */
  uid?: string;
}

export const BENCH_ADMIN: BenchMember = {
  name: 'the demo admin',
  email: DEMO_ADMIN.email,
  password: DEMO_ADMIN.password,
};

const maya = MEMBERS[0]!;

export const BENCH_MEMBER: BenchMember = {
  name: maya.name,
  email: `${maya.name.toLowerCase()}@example.com`,
  password: 'bench-demo-member',
  uid: demoId(maya),
};

/** Maya's photo: the first demo photo, as My Photos labels it ('Open <caption>') and its dialog is named. */
export const BENCH_PHOTO = { id: 'demo-photo-1', caption: maya.caption };

/** Adds the sign-in of a member the demo content made without one (the emulator's admin route). */
export async function addSignIn(authUrl: string, projectId: string, member: BenchMember): Promise<void> {
  if (!member.uid) return;
  const response = await fetch(
    `${authUrl}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts`,
    {
      method: 'POST',
      headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        localId: member.uid,
        email: member.email,
        password: member.password,
        emailVerified: true,
      }),
    },
  );
  if (!response.ok)
    throw new Error(`The Auth emulator refused ${member.name}'s sign-in: ${await response.text()}`);
}

/** Where Firebase Auth keeps the member's session on the device. */
const AUTH_DATABASE = 'firebaseLocalStorageDb';

/**
 * Everything the app keeps on the device for its origin, gone (a visitor's first visit); or all but
 * the sign-in and the local storage (a member coming back to a device whose browser cache was
 * cleared, as Lighthouse starts each run cold): the caches, the service worker and every IndexedDB
 * database but Auth's (the rating feed's saved copy among them) are gone.
 */
export async function clearDevice(
  context: BrowserContext,
  appUrl: string,
  keep: 'nothing' | 'sign-in',
): Promise<void> {
  const page = await context.newPage();
  const origin = new URL(appUrl).origin;
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    if (keep === 'nothing') {
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
      return;
    }
    // A running worker outlives its registration and keeps Workbox's expiration database open, which
    // would block its deletion below for as long as the worker runs.
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' });
    // From a page of the origin without the app, so no open connection holds a database.
    await page.goto(`${origin}/robots.txt`);
    await page.evaluate(async (kept) => {
      for (const { name } of await indexedDB.databases()) {
        if (!name || name === kept) continue;
        await new Promise((resolve, reject) => {
          const request = indexedDB.deleteDatabase(name);
          request.onsuccess = resolve;
          request.onerror = () => reject(request.error ?? new Error(`${name} was not deleted.`));
          // Blocked: something still holds it open. Better a clear failure than a run that never ends.
          request.onblocked = () =>
            setTimeout(
              () => reject(new Error(`${name} is held open elsewhere and was not deleted.`)),
              10_000,
            );
        });
      }
    }, AUTH_DATABASE);
  } finally {
    await page.close();
  }
}

/**
 * Signs the member in on the device from scratch, with the cookie choice made, the first-time hints
 * seen and the install popover closed (each shows once in a device's life, the popover on its second
 * visit, which every run after the first would be; they would cover what is measured), and leaves the
 * page on the member's home.
 */
export async function signIn(page: Page, appUrl: string, member: BenchMember): Promise<void> {
  // From a page without the app: a screen left running while its device is cleared can reload itself
  // (its service worker taking over) in the middle of the next navigation.
  await page.goto(`${appUrl}/robots.txt`);
  await clearDevice(page.context(), appUrl, 'nothing');
  await page.goto(`${appUrl}/login`);
  await page.evaluate(
    (keys) => {
      const preferences = { necessary: true, analytics: false, marketing: false, functional: false };
      localStorage.setItem(
        keys.consent,
        JSON.stringify({ hasConsented: true, preferences, timestamp: new Date() }),
      );
      localStorage.setItem(keys.tutorial, '1');
      localStorage.setItem(keys.tip, '1');
      localStorage.setItem(keys.installShown, '1');
    },
    {
      consent: storageKeys.cookieConsent,
      tutorial: storageKeys.rateTutorialSeen,
      tip: storageKeys.commentTipSeen,
      installShown: storageKeys.installPopoverShown,
    },
  );
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** A page of its own shaped as a mid-range phone's screen (as Lighthouse's mobile preset has it), with its CDP session. */
export async function phonePage(context: BrowserContext): Promise<{ page: Page; cdp: CDPSession }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setDeviceMetricsOverride', {
    width: 412,
    height: 823,
    deviceScaleFactor: 1.75,
    mobile: true,
  });
  return { page, cdp };
}
