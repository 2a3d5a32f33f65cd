import { describe, expect, it } from 'vitest';
import { appOriginsFromEnv } from './app-origins';

describe('appOriginsFromEnv', () => {
  it("is APP_ORIGINS when set, else the project's two Hosting domains, else none", () => {
    expect(
      appOriginsFromEnv({ APP_ORIGINS: ' https://a.example ,https://b.example,', GCLOUD_PROJECT: 'p' }),
    ).toEqual(['https://a.example', 'https://b.example']);
    expect(appOriginsFromEnv({ APP_ORIGINS: ' ', GCLOUD_PROJECT: 'p' })).toEqual([
      'https://p.web.app',
      'https://p.firebaseapp.com',
    ]);
    expect(appOriginsFromEnv({ GCP_PROJECT: 'q' })).toEqual([
      'https://q.web.app',
      'https://q.firebaseapp.com',
    ]);
    expect(appOriginsFromEnv({})).toEqual([]);
  });
});
