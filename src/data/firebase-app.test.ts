/**
 * App Check as the Firebase adapter starts it: before the first call on the firebase backend, with the
 * reCAPTCHA Enterprise key, or the debug provider against the emulators; never on the local backend.
 */
import { deleteApp } from 'firebase/app';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readEnv, type AppEnv } from '@/config/read-env';

const sdk = vi.hoisted(() => ({
  order: [] as string[],
  debugTokenAtStart: undefined as unknown,
  initializeAppCheck: vi.fn(),
  getToken: vi.fn(),
  getFunctions: vi.fn(),
  connectFunctionsEmulator: vi.fn(),
}));
const config = vi.hoisted(() => ({ env: undefined as unknown as AppEnv }));

vi.mock('@/config/env', () => ({
  DEBUG_MODE: false,
  get env() {
    return config.env;
  },
}));
vi.mock('firebase/app-check', () => ({
  initializeAppCheck: sdk.initializeAppCheck,
  getToken: sdk.getToken,
  ReCaptchaEnterpriseProvider: class {
    constructor(readonly siteKey: string) {}
  },
}));
vi.mock('firebase/functions', () => ({
  getFunctions: sdk.getFunctions,
  connectFunctionsEmulator: sdk.connectFunctionsEmulator,
}));

const FIREBASE = {
  VITE_BACKEND: 'firebase',
  VITE_FIREBASE_API_KEY: 'key',
  VITE_FIREBASE_AUTH_DOMAIN: 'photos.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'photos',
  VITE_FIREBASE_APP_ID: '1:1:web:1',
  VITE_RECAPTCHA_ENTERPRISE_KEY: 'site-key',
};

async function adapter(variables: Record<string, string>) {
  config.env = readEnv(variables);
  vi.resetModules();
  return { app: await import('./firebase-app'), appCheck: await import('./app-check') };
}

beforeEach(() => {
  sdk.order = [];
  sdk.initializeAppCheck.mockReset().mockImplementation(() => {
    sdk.order.push('appCheck');
    sdk.debugTokenAtStart = globalThis.FIREBASE_APPCHECK_DEBUG_TOKEN;
    return { kind: 'appCheck' };
  });
  sdk.getToken.mockReset().mockResolvedValue({ token: 'app-check-token' });
  sdk.getFunctions.mockReset().mockImplementation(() => {
    sdk.order.push('functions');
    return { kind: 'functions' };
  });
});

afterEach(async () => {
  globalThis.FIREBASE_APPCHECK_DEBUG_TOKEN = undefined;
  // The SDK keeps its apps apart from the modules a reset reloads.
  const { getApps } = await import('firebase/app');
  await Promise.all(getApps().map((app) => deleteApp(app)));
});

describe('App Check in the Firebase adapter', () => {
  it('starts before the Functions SDK on the firebase backend, with the reCAPTCHA Enterprise key', async () => {
    const { app, appCheck } = await adapter(FIREBASE);
    await app.getFunctionsClient();
    expect(sdk.order).toEqual(['appCheck', 'functions']);
    const [, options] = sdk.initializeAppCheck.mock.calls[0] as [unknown, { provider: { siteKey: string } }];
    expect(options).toMatchObject({ provider: { siteKey: 'site-key' }, isTokenAutoRefreshEnabled: true });
    expect(globalThis.FIREBASE_APPCHECK_DEBUG_TOKEN).toBeUndefined();
    expect(await appCheck.appCheckHeaders()).toEqual({ 'X-Firebase-AppCheck': 'app-check-token' });
    expect(sdk.initializeAppCheck).toHaveBeenCalledTimes(1);
  });

  it('uses the debug provider against the emulators: the token given, or one it makes', async () => {
    const withToken = await adapter({
      ...FIREBASE,
      VITE_USE_EMULATORS: 'true',
      VITE_APPCHECK_DEBUG_TOKEN: 'dbg',
    });
    await withToken.app.getFunctionsClient();
    expect(sdk.debugTokenAtStart).toBe('dbg');
    globalThis.FIREBASE_APPCHECK_DEBUG_TOKEN = undefined;
    await deleteApp(withToken.app.firebaseApp);
    const made = await adapter({ ...FIREBASE, VITE_USE_EMULATORS: 'true' });
    await made.app.getFunctionsClient();
    expect(sdk.debugTokenAtStart).toBe(true);
  });

  it('is not started on the local backend, whose requests carry no App Check header', async () => {
    const { app, appCheck } = await adapter({});
    await app.getFunctionsClient();
    expect(sdk.initializeAppCheck).not.toHaveBeenCalled();
    expect(await appCheck.appCheckHeaders()).toEqual({});
  });

  it('is required of a firebase build for production', () => {
    const withoutKey = Object.fromEntries(
      Object.entries(FIREBASE).filter(([name]) => name !== 'VITE_RECAPTCHA_ENTERPRISE_KEY'),
    );
    expect(() => readEnv(withoutKey)).toThrow(/VITE_RECAPTCHA_ENTERPRISE_KEY/);
    expect(() => readEnv({ ...withoutKey, VITE_USE_EMULATORS: 'true' })).not.toThrow();
  });
});
