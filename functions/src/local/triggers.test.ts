import { describe, expect, it } from 'vitest';
import type { FaceDetail, Photo } from '../../../src/domain/photo';
import { offlineInsightsWriter, type InsightsWriter } from '../photos/insights';
import { localTestContext, seedMember, seedPhoto } from '../testing';
import { startLocalTriggers } from './triggers';

const faceDetail: FaceDetail = {
  AgeRange: { Low: 30, High: 36 },
  Gender: { Value: 'Male', Confidence: 95 },
  Smile: { Value: false, Confidence: 70 },
  Emotions: [{ Type: 'CALM', Confidence: 80 }],
  Pose: { Roll: 1 },
  Quality: { Brightness: 55, Sharpness: 60 },
  Beard: { Value: true, Confidence: 66 },
};

describe('local triggers', () => {
  it('write the insights of a created photo, once', async () => {
    const { store } = localTestContext();
    let calls = 0;
    const counting: InsightsWriter = {
      write: (detail, caption) => {
        calls++;
        return offlineInsightsWriter.write(detail, caption);
      },
    };
    const triggers = startLocalTriggers(store, counting, () => undefined);
    await seedMember(store, 'alice');
    await seedPhoto(store, 'alice', 'p1', { faceDetail });
    await triggers.settled();
    const photo = await store.get<Photo>('users/alice/photos/p1');
    expect(photo?.aiInsights).toEqual(await offlineInsightsWriter.write(faceDetail));
    await store.runTransaction(async (tx) => tx.update('users/alice/photos/p1', { caption: 'edited' }));
    await triggers.settled();
    expect(calls).toBe(1);
    triggers.stop();
  });

  it('log a failing writer and leave the photo as it was', async () => {
    const { store } = localTestContext();
    const lines: string[] = [];
    const triggers = startLocalTriggers(
      store,
      { write: async () => Promise.reject(new Error('service down')) },
      (line) => lines.push(line),
    );
    await seedPhoto(store, 'alice', 'p1', { faceDetail });
    await triggers.settled();
    expect(lines.join('\n')).toContain('service down');
    expect((await store.get<Photo>('users/alice/photos/p1'))?.aiInsights).toBeUndefined();
    triggers.stop();
  });
});
