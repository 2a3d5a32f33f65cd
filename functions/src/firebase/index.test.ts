/** The Cloud Functions entry exports every handler as a callable, so both hosts serve the same names. */
import { describe, expect, it } from 'vitest';
import { handlers } from '../handlers';

process.env.GCLOUD_PROJECT ??= 'demo-photorater';
process.env.FIREBASE_CONFIG ??= JSON.stringify({
  projectId: 'demo-photorater',
  storageBucket: 'demo-photorater.appspot.com',
});

describe('the Cloud Functions entry', () => {
  it('exports each handler as an HTTPS callable, and the presence trigger', async () => {
    const entry = (await import('./index')) as Record<
      string,
      { __endpoint?: { callableTrigger?: object; eventTrigger?: object } }
    >;
    for (const name of Object.keys(handlers)) {
      expect(entry[name]?.__endpoint?.callableTrigger, name).toBeDefined();
    }
    expect(entry.mirrorPresence?.__endpoint?.eventTrigger).toBeDefined();
  });
});
