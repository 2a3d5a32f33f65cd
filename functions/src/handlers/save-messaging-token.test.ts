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
