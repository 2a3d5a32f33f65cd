import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, CallError } from './callables';

const sdk = vi.hoisted(() => ({ httpsCallable: vi.fn() }));
vi.mock('firebase/functions', () => sdk);
vi.mock('@/data/firebase-app', () => ({ getFunctionsClient: async () => ({}) }));
const reports = vi.hoisted(() => ({ reportError: vi.fn() }));
vi.mock('@/lib/report-error', () => reports);

function failWith(code: string, message: string) {
  sdk.httpsCallable.mockReturnValue(async () => {
    throw Object.assign(new Error(message), {
      name: 'FirebaseError',
      code: `functions/${code}`,
      details: {},
    });
  });
}

afterEach(() => vi.clearAllMocks());

describe('call', () => {
  it("reports a failure of the server's with the call, its photo and where it was made", async () => {
    failWith('internal', 'INTERNAL');
    await expect(
      call('submitRating', { ownerId: 'bob', photoId: 'p1', rate: 4, comment: '', chips: [], seconds: 5 }),
    ).rejects.toMatchObject({
      code: 'internal',
      message: 'Service temporarily unavailable. Please try again.',
    });
    expect(reports.reportError).toHaveBeenCalledWith(
      {
        type: 'firebase',
        severity: 'medium',
        message: 'Service temporarily unavailable. Please try again.',
        code: 'internal',
        context: { action: 'submitRating', photoId: 'p1' },
      },
      expect.any(CallError),
      expect.stringContaining('callables.test'),
    );
  });

  it("does not report the member's own mistakes: those get the handler's words", async () => {
    failWith('invalid-argument', 'Comment is too long [400]');
    await expect(call('getPhotos', {})).rejects.toMatchObject({
      code: 'invalid-argument',
      message: 'Comment is too long',
    });
    expect(reports.reportError).not.toHaveBeenCalled();
  });
});
