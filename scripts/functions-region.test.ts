/** The client calls the functions where they are deployed: one region, src/domain/functions-region.ts. */
import { describe, expect, it } from 'vitest';
import { FUNCTIONS_REGION } from '../src/domain/functions-region';
import { callableUrl, readEnv } from '../src/config/read-env';

describe("the functions' region", () => {
  it('is the one the functions are deployed in', () => {
    const config = readEnv({
      VITE_BACKEND: 'firebase',
      VITE_USE_EMULATORS: 'true',
      VITE_FIREBASE_PROJECT_ID: 'p',
    });
    expect(config.functionsRegion).toBe(FUNCTIONS_REGION);
    expect(callableUrl('getPhotos', { ...config, useEmulators: false })).toBe(
      `https://${FUNCTIONS_REGION}-p.cloudfunctions.net/getPhotos`,
    );
    expect(readEnv({ VITE_FIREBASE_FUNCTIONS_REGION: FUNCTIONS_REGION }).functionsRegion).toBe(
      FUNCTIONS_REGION,
    );
  });

  it('refuses a build that names another, where no function answers', () => {
    expect(() => readEnv({ VITE_FIREBASE_FUNCTIONS_REGION: 'europe-west1' })).toThrow(
      `The functions are deployed in ${FUNCTIONS_REGION}`,
    );
  });
});
