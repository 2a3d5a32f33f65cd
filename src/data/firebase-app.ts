/**
 * The one place the Firebase SDK is initialised. Auth, which both backends share, is initialised in
 * firebase-auth.ts, loaded only where it is needed; in local mode it talks to the Auth emulator, and
 * callables go to the local server at the Functions-emulator URL shape.
 */
import { initializeApp, type FirebaseApp } from 'firebase/app';
import type { AppCheck } from 'firebase/app-check';
import type { Functions } from 'firebase/functions';
import { env } from '@/config/env';

declare global {
  /** App Check's debug provider: `true` makes a token (printed in the console to register), a string is one. */
  var FIREBASE_APPCHECK_DEBUG_TOKEN: boolean | string | undefined;
}

export const firebaseApp: FirebaseApp = initializeApp(env.firebase);

let appCheck: Promise<AppCheck | null> | undefined;

/**
 * App Check on the firebase backend: reCAPTCHA Enterprise, or its debug provider against the emulators.
 * The functions visitors reach refuse a call without its token, which the Functions SDK sends once
 * this has run. The local backend has no App Check; nor has a build without a site key.
 */
export function startAppCheck(): Promise<AppCheck | null> {
  appCheck ??= (async () => {
    const siteKey = env.recaptchaEnterpriseKey;
    if (env.backend !== 'firebase' || !siteKey) return null;
    // NOTE: read by the SDK when App Check starts, so set first.
    if (env.useEmulators) globalThis.FIREBASE_APPCHECK_DEBUG_TOKEN = env.appCheckDebugToken ?? true;
    const { initializeAppCheck, ReCaptchaEnterpriseProvider } = await import('firebase/app-check');
    return initializeAppCheck(firebaseApp, {
      provider: new ReCaptchaEnterpriseProvider(siteKey),
      isTokenAutoRefreshEnabled: true,
    });
  })();
  return appCheck;
}

/** App Check's header for a request the SDKs do not make (the A/B endpoint); none without App Check. */
export async function appCheckHeaders(): Promise<Record<string, string>> {
  const started = await startAppCheck();
  if (!started) return {};
  const { getToken } = await import('firebase/app-check');
  const { token } = await getToken(started);
  return { 'X-Firebase-AppCheck': token };
}

let functions: Promise<Functions> | undefined;

/** The Functions SDK loads on the first call, so the landing page does not carry it. */
export function getFunctionsClient(): Promise<Functions> {
  functions ??= Promise.all([import('firebase/functions'), startAppCheck()]).then(
    ([{ connectFunctionsEmulator, getFunctions }]) => {
      const client = getFunctions(firebaseApp, env.functionsRegion);
      if (env.useEmulators) {
        const server = new URL(env.localServerUrl);
        connectFunctionsEmulator(client, server.hostname, Number(server.port));
      }
      return client;
    },
  );
  return functions;
}
