import { describe, expect, it } from 'vitest';
import type { User } from '../../../src/domain/user';
import { caller, seedMember, testContext } from '../testing';
import { saveMessagingToken } from './save-messaging-token';

describe('saveMessagingToken', () => {
  it("stores the device's token and when, on the caller's own record", async () => {
    const context = testContext();
    await seedMember(context.store, 'alice');
    await expect(
      saveMessagingToken.run({ token: 'device-token' }, context.as(caller('alice'))),
    ).resolves.toEqual({
      saved: true,
    });
    const user = await context.store.get<User>('users/alice');
    expect(user?.messagingToken).toBe('device-token');
    expect(user?.messagingTokenUpdated).toEqual(context.clock.now());
  });

  it('keeps each device the member enables, newest first, so a second device is registered too', async () => {
    const context = testContext();
    await seedMember(context.store, 'alice');
    const phoneAt = context.clock.now();
    await saveMessagingToken.run({ token: 'phone' }, context.as(caller('alice')));
    context.clock.advanceDays(1);
    await saveMessagingToken.run({ token: 'laptop' }, context.as(caller('alice')));
    context.clock.advanceDays(1);
    await saveMessagingToken.run({ token: 'phone' }, context.as(caller('alice')));
    const user = (await context.store.get<User>('users/alice'))!;
    expect(user.pushDevices).toEqual([
      { token: 'phone', updatedAt: context.clock.now() },
      { token: 'laptop', updatedAt: new Date(phoneAt.getTime() + 24 * 3_600_000) },
    ]);
    expect(user.messagingToken).toBe('phone');
    for (let device = 0; device < 8; device++)
      await saveMessagingToken.run({ token: `device-${device}` }, context.as(caller('alice')));
    expect((await context.store.get<User>('users/alice'))!.pushDevices).toHaveLength(5);
  });

  it('refuses a signed-out caller and an empty or oversized token', async () => {
    const context = testContext();
    await seedMember(context.store, 'alice');
    await expect(saveMessagingToken.run({ token: 't' }, context.as(null))).rejects.toMatchObject({
      code: 'unauthenticated',
    });
    for (const token of ['', '   ', 'x'.repeat(4097)]) {
      await expect(saveMessagingToken.run({ token }, context.as(caller('alice')))).rejects.toMatchObject({
        code: 'invalid-argument',
      });
    }
    expect((await context.store.get<User>('users/alice'))?.messagingToken).toBeUndefined();
  });
});
