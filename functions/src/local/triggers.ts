/**
 * The local host of the Firestore triggers: the same trigger handlers the Cloud Functions register
 * with onDocumentCreated (insights for a new photo, pushes for a new notification or vote), fed by
 * the SQLite store's committed changes.
 */
import { cleanUpUploads } from '../handlers/clean-up-uploads';
import { purgeDeletedMembers } from '../handlers/delete-account';
import type { AccountAdmin, Clock } from '../handlers/handler';
import type { FileStore } from '../files/file-store';
import { recordLeaderboardDay } from '../handlers/leaderboard';
import { renewPremium } from '../handlers/premium';
import { endComparisons } from '../handlers/start-comparing';
import { photoIdsOf, writeInsights } from '../handlers/write-insights';
import { notificationIdsOf, pushNotification, pushVote, voteIdsOf, type PushContext } from '../handlers/push';
import type { AppNotification } from '../../../src/domain/notifications';
import type { InsightsWriter } from '../photos/insights';
import type { SqliteStore } from '../store/sqlite-store';
import type { Store } from '../store/store';

export interface LocalTriggers {
  /** Resolves when every trigger started so far has finished. */
  settled(): Promise<void>;
  stop(): void;
}

export function startLocalTriggers(
  store: SqliteStore,
  insights: InsightsWriter,
  log: (line: string) => void,
  push?: PushContext,
): LocalTriggers {
  const running = new Set<Promise<unknown>>();
  const run = (work: Promise<unknown>) => {
    const tracked = work.catch((error: unknown) =>
      log(`trigger failed: ${error instanceof Error ? error.stack : String(error)}`),
    );
    running.add(tracked);
    void tracked.finally(() => running.delete(tracked));
  };
  const stop = store.onWrite((changes) => {
    for (const change of changes) {
      if (change.before !== undefined || change.after === undefined) continue;
      // Created photos get their insights, as onDocumentCreated('users/{uid}/photos/{photoId}') does.
      const photo = photoIdsOf(change.path);
      if (photo) run(writeInsights(store, insights, photo.uid, photo.photoId));
      if (!push) continue;
      const notification = notificationIdsOf(change.path);
      if (notification)
        run(pushNotification(push, notification.uid, change.after as unknown as AppNotification));
      const vote = voteIdsOf(change.path);
      if (vote) run(pushVote(push, vote));
    }
  });
  return {
    async settled() {
      while (running.size > 0) await Promise.all(running);
    },
    stop,
  };
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * The local host of the scheduled jobs, at start and then every hour: the leaderboard job (which
 * records each day once however often it runs), the purge of deleted members, the upload clean-up,
 * Premium's monthly tokens and end, and the end of comparisons whose 24 hours are over.
 */
export function startLocalSchedules(
  store: Store,
  clock: Clock,
  purge: { files: FileStore; accounts: AccountAdmin },
  log: (line: string) => void,
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const failed = (job: string) => (error: unknown) =>
    log(`${job} failed: ${error instanceof Error ? error.message : String(error)}`);
  const runDaily = () => {
    running = Promise.all([
      recordLeaderboardDay(store, clock).catch(failed('leaderboard job')),
      purgeDeletedMembers(store, purge.files, purge.accounts, clock).catch(failed('purge')),
      cleanUpUploads(purge.files, clock).catch(failed('upload clean-up')),
      renewPremium(store, clock).catch(failed('Premium renewal')),
      endComparisons(store, clock).catch(failed('end of comparisons')),
    ]);
  };
  runDaily();
  const timer = setInterval(runDaily, HOUR_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
