import { describe, expect, it } from 'vitest';
import type { User } from '../../../src/domain/user';
import { caller, seedMember, testContext } from '../testing';
import { saveCookieConsent } from './save-cookie-consent';

const preferences = { necessary: true, analytics: true, marketing: false, functional: true };

describe('saveCookieConsent', () => {
  it("keeps the choice and the server's time on the caller's own record", async () => {
    const context = testContext();
    await seedMember(context.store, 'alice');
    await expect(saveCookieConsent.run({ preferences }, context.as(caller('alice')))).resolves.toEqual({
      timestamp: context.clock.now().toISOString(),
    });
    const user = await context.store.get<User>('users/alice');
    expect(user?.cookieConsent).toEqual({ hasConsented: true, preferences, timestamp: context.clock.now() });
  });

  it('refuses a signed-out caller, necessary cookies turned off, missing or mistyped choices', async () => {
    const context = testContext();
    await seedMember(context.store, 'alice');
    await expect(saveCookieConsent.run({ preferences }, context.as(null))).rejects.toMatchObject({
      code: 'unauthenticated',
    });
    for (const bad of [
      { preferences: { ...preferences, necessary: false } },
      { preferences: { ...preferences, analytics: 'yes' } },
      { preferences: { necessary: true } },
      { preferences: { ...preferences, timestamp: '2000-01-01' } },
      { preferences, timestamp: '2000-01-01' },
      {},
    ]) {
      await expect(
        saveCookieConsent.run(bad, context.as(caller('alice'))),
        JSON.stringify(bad),
      ).rejects.toMatchObject({
        code: 'invalid-argument',
      });
    }
    expect((await context.store.get<User>('users/alice'))?.cookieConsent).toBeUndefined();
  });

  it('writes only to the caller, whatever the input names', async () => {
    const context = testContext();
    await seedMember(context.store, 'alice');
    await seedMember(context.store, 'bob');
    await expect(
      saveCookieConsent.run({ preferences, uid: 'bob' }, context.as(caller('alice'))),
    ).rejects.toMatchObject({ code: 'invalid-argument' });
    await saveCookieConsent.run({ preferences }, context.as(caller('alice')));
    expect((await context.store.get<User>('users/bob'))?.cookieConsent).toBeUndefined();
  });
});
