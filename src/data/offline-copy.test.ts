import { describe, expect, it } from 'vitest';
import { clearMemberStorage } from '@/lib/storage';
import { keepOfflineCopy, readOfflineCopy } from './offline-copy';

describe('the offline copy', () => {
  it('gives back what was kept, dates as dates', () => {
    const uploadedAt = new Date('2026-11-20T10:00:00Z');
    keepOfflineCopy('photos.alice.date', [{ id: 'p1', uploadedAt }]);
    expect(readOfflineCopy('photos.alice.date')).toEqual([{ id: 'p1', uploadedAt }]);
    expect(readOfflineCopy('photos.bob.date')).toBeUndefined();
  });

  it('belongs to the member: sign-out clears it', () => {
    keepOfflineCopy('user.alice', { uid: 'alice' });
    clearMemberStorage();
    expect(readOfflineCopy('user.alice')).toBeUndefined();
  });
});
