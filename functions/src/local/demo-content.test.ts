import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Photo } from '../../../src/domain/photo';
import type { User } from '../../../src/domain/user';
import { getLeaderboard } from '../handlers/leaderboard';
import { getPhotos } from '../handlers/rating';
import { caller, seedMember, testContext } from '../testing';
import { DEMO_ADMIN, seedDemoAdmin, seedDemoContent, type DemoAdminAuth } from './demo-content';

describe('demo content', () => {
  it('adds members with a drawn portrait each, rated by the others through the real handler', async () => {
    const context = testContext();
    expect(await seedDemoContent(context)).toBe(true);
    const members = await context.store.query<User>('users');
    expect(members).toHaveLength(6);
    for (const { id } of members) {
      const [photo] = (await context.store.query<Photo>(`users/${id}/photos`)).map((doc) => doc.data);
      expect(photo).toMatchObject({ active: true, votesCount: 5 });
      expect(photo!.rate).toBeGreaterThan(3);
      expect(photo!.rate).toBeLessThan(4.5);
      expect(photo!.aiInsights?.personalityTraits.length).toBeGreaterThan(0);
      const original = await context.files.read(`images/${id}/${photo!.imageName}`);
      expect(await sharp(original!.bytes).metadata()).toMatchObject({
        format: 'jpeg',
        width: 720,
        height: 960,
      });
      expect(await context.store.query(`users/${id}/photos/${photo!.id}/votes`)).toHaveLength(5);
    }
    // A newcomer finds photos to rate and a leaderboard.
    await seedMember(context.store, 'newcomer', { gender: 'male', age: 30 });
    expect((await getPhotos.run({}, context.as(caller('newcomer')))).photos).toHaveLength(6);
    expect((await getLeaderboard.run({}, context.as(caller('newcomer')))).photos).toHaveLength(6);
  });

  it('adds nothing to a store that already has members', async () => {
    const context = testContext();
    await seedMember(context.store, 'someone');
    expect(await seedDemoContent(context)).toBe(false);
    expect(await context.store.query('users')).toHaveLength(1);
  });

  it('adds an admin account: the claim on the Auth account, mirrored on a complete member record', async () => {
    const context = testContext();
    const made: Array<{ email: string; password: string }> = [];
    let claims: Record<string, unknown> | null = null;
    const auth: DemoAdminAuth = {
      createUser: async (account) => {
        made.push(account);
        return { uid: 'demo-admin-uid' };
      },
      getUserByEmail: async () => ({ uid: 'demo-admin-uid' }),
      getUser: async () => ({}),
      setCustomUserClaims: async (_uid, next) => void (claims = next),
      revokeRefreshTokens: async () => undefined,
    };
    await seedDemoAdmin({ store: context.store, clock: context.clock, auth });
    expect(made).toEqual([
      expect.objectContaining({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
    ]);
    expect(claims).toEqual({ admin: true });
    expect(await context.store.get<User>('users/demo-admin-uid')).toMatchObject({
      email: DEMO_ADMIN.email,
      isAdmin: true,
      complete: true,
      disabled: false,
    });
  });
});
