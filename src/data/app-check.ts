/**
 * App Check's header for the app's own requests outside the SDKs (the A/B endpoint). Only the firebase
 * backend has App Check; the local one loads nothing for it.
 */
import { env } from '@/config/env';

export async function appCheckHeaders(): Promise<Record<string, string>> {
  if (env.backend !== 'firebase') return {};
  const app = await import('./firebase-app');
  return app.appCheckHeaders();
}
