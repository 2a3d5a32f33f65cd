import { afterEach, describe, expect, it } from 'vitest';
import { callSite } from '@/lib/call-site';
import {
  collectionOf,
  DEFAULT_OPERATION_LOG_SETTINGS,
  readOperations,
  recordOperation,
  resetOperations,
  setOperationLogSettings,
  startOperation,
} from './operation-log';

afterEach(() => {
  resetOperations();
  setOperationLogSettings(DEFAULT_OPERATION_LOG_SETTINGS);
});

describe('the operation log', () => {
  it('names the collection of a path and the component of a stack', () => {
    expect(collectionOf('users/alice')).toBe('users');
    expect(collectionOf('users/alice/photos')).toBe('photos');
    expect(collectionOf('users/alice/photos/p1/votes')).toBe('votes');
    expect(
      callSite(
        'Error\n    at observe (http://x/src/data/debug-instrumentation.ts:1:1)\n    at load (http://x/src/features/rating/rate-page.tsx?t=1:2:3)',
      ),
    ).toEqual({ component: 'rate-page', feature: 'rating' });
    expect(callSite('Error\n    at a (http://x/src/app/layout/app-shell.tsx:1:1)')).toEqual({
      component: 'app-shell',
      feature: null,
    });
    expect(
      callSite(
        'Error\n    at a (http://x/assets/index-AbCdEf12.js:1:1)\n    at b (http://x/assets/rate-page-Zx12Ab34.js:1:1)',
      ),
    ).toEqual({ component: 'rate-page', feature: null });
    expect(callSite(undefined).component).toBe('unknown');
  });

  it('keeps each operation with its time, stack and failure, and leaves out those under the threshold', () => {
    setOperationLogSettings({ minDurationMs: 20, captureStacks: true, consoleLogging: false });
    const start = startOperation();
    expect(start.stack).toContain('operation-log.test');
    recordOperation(start, { type: 'watch', path: 'users/alice', docCount: 1, durationMs: 25 });
    recordOperation(start, { type: 'update', path: 'users/alice', docCount: 1, durationMs: 0 });
    recordOperation(start, {
      type: 'callable',
      path: 'getPhotos',
      docCount: 0,
      durationMs: 1,
      error: new Error('boom'),
    });
    expect(readOperations()).toEqual([
      expect.objectContaining({
        type: 'watch',
        path: 'users/alice',
        collection: 'users',
        durationMs: 25,
        error: null,
      }),
      expect.objectContaining({ type: 'callable', collection: 'getPhotos', error: 'boom' }),
    ]);
    setOperationLogSettings({ minDurationMs: 0, captureStacks: false, consoleLogging: false });
    expect(startOperation().stack).toBeNull();
  });
});
