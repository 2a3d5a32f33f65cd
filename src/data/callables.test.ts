import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { onNotice, type Notice } from '@/lib/notices';
import { call, CallError } from './callables';

const sdk = vi.hoisted(() => ({ httpsCallable: vi.fn() }));
vi.mock('firebase/functions', () => sdk);
vi.mock('@/data/firebase-app', () => ({ getFunctionsClient: async () => ({}) }));
const reports = vi.hoisted(() => ({ reportError: vi.fn() }));
vi.mock('@/lib/report-error', () => reports);

/** The SDK's answer when the request got none: status 0, 'internal' in lower case, no details. */
const noAnswer = () =>
  Object.assign(new Error('internal'), { name: 'FirebaseError', code: 'functions/internal' });

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

  describe('a read that gets no answer', () => {
    function listen(): Notice[] {
      const notices: Notice[] = [];
      const stop = onNotice((notice) => notices.push(notice));
      onTestFinished(stop);
      return notices;
    }

    it('is sent again after 1 s, saying so, and answers when the connection is back', async () => {
      vi.useFakeTimers();
      const notices = listen();
      const send = vi
        .fn()
        .mockRejectedValueOnce(noAnswer())
        .mockResolvedValueOnce({ data: { photos: [], hasMore: false } });
      sdk.httpsCallable.mockReturnValue(send);
      const answer = call('getPhotos', {});
      await vi.advanceTimersByTimeAsync(999);
      expect(send).toHaveBeenCalledTimes(1);
      expect(notices).toEqual([
        { message: 'Network error. Retrying...', severity: 'warning', duration: 5000 },
      ]);
      await vi.advanceTimersByTimeAsync(1);
      await expect(answer).resolves.toEqual({ photos: [], hasMore: false });
      expect(send).toHaveBeenCalledTimes(2);
      vi.useRealTimers();
    });

    it('says the error persists after the third try, and is not reported', async () => {
      vi.useFakeTimers();
      const notices = listen();
      const send = vi.fn().mockRejectedValue(noAnswer());
      sdk.httpsCallable.mockReturnValue(send);
      const answer = call('getLeaderboard', {}).catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(3000);
      expect(await answer).toMatchObject({ code: 'internal', network: true });
      expect(send).toHaveBeenCalledTimes(3);
      expect(notices.map((notice) => [notice.message, notice.severity])).toEqual([
        ['Network error. Retrying...', 'warning'],
        ['Network error. Retrying...', 'warning'],
        ['Network error persists. Please check your connection.', 'error'],
      ]);
      expect(reports.reportError).not.toHaveBeenCalled();
      vi.useRealTimers();
    });

    it('is not sent again when it changes something (a vote could count twice)', async () => {
      const notices = listen();
      const send = vi.fn().mockRejectedValue(noAnswer());
      sdk.httpsCallable.mockReturnValue(send);
      await expect(
        call('submitRating', { ownerId: 'bob', photoId: 'p1', rate: 4, comment: '', chips: [], seconds: 5 }),
      ).rejects.toMatchObject({ network: true });
      expect(send).toHaveBeenCalledTimes(1);
      expect(notices).toEqual([]);
    });

    it('is not sent again when the server answered with a fault of its own', async () => {
      const send = vi.fn().mockRejectedValue(
        Object.assign(new Error('INTERNAL'), {
          name: 'FirebaseError',
          code: 'functions/internal',
          details: {},
        }),
      );
      sdk.httpsCallable.mockReturnValue(send);
      await expect(call('getPhotos', {})).rejects.toMatchObject({ code: 'internal', network: false });
      expect(send).toHaveBeenCalledTimes(1);
      expect(reports.reportError).toHaveBeenCalledTimes(1);
    });
  });
});
