/**
 * The owner's like or dislike of a photo's AI insights (the spec's `aiReaction`), and the site's count of
 * them for admins, kept in the same transaction so the count always matches the photos.
 */
import { HttpsError } from 'firebase-functions/v2/https';
import type { Callables } from '../../../src/domain/callables';
import {
  INSIGHTS_MESSAGES,
  INSIGHTS_REACTIONS_PATH,
  photoPath,
  type InsightsReactions,
} from '../../../src/domain/photo';
import { noInputSchema, reactToInsightsSchema } from '../../../src/domain/schemas';
import { requireAdmin } from './admin-users';
import { requireCaller, validate, type Handler } from './handler';
import { readOwnerAndPhoto } from './photos';

const NONE: InsightsReactions = { like: 0, dislike: 0 };

export const reactToInsights: Handler<Callables['reactToInsights']['result']> = {
  async run(data, context) {
    const caller = requireCaller(context);
    const { photoId, reaction } = await validate(reactToInsightsSchema, data);
    const now = context.clock.now();
    return context.store.runTransaction(async (tx) => {
      const [{ photo }, counted] = await Promise.all([
        readOwnerAndPhoto(tx, caller.uid, photoId),
        tx.get<InsightsReactions>(INSIGHTS_REACTIONS_PATH),
      ]);
      if (!photo.aiInsights) throw new HttpsError('failed-precondition', INSIGHTS_MESSAGES.noInsights);
      const before = photo.aiReaction ?? null;
      if (before === reaction) return { reaction };
      const counts = { ...NONE, ...counted };
      if (before) counts[before] = Math.max(0, counts[before] - 1);
      if (reaction) counts[reaction] += 1;
      tx.set(INSIGHTS_REACTIONS_PATH, { ...counts });
      tx.update(photoPath(caller.uid, photoId), { aiReaction: reaction, updatedAt: now });
      return { reaction };
    });
  },
};

export const adminInsightsReactions: Handler<InsightsReactions> = {
  async run(data, context) {
    await requireAdmin(context);
    await validate(noInputSchema, data);
    return { ...NONE, ...(await context.store.get<InsightsReactions>(INSIGHTS_REACTIONS_PATH)) };
  },
};
