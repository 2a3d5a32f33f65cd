import { describe, expect, it } from 'vitest';
import type { User } from '../../../src/domain/user';
import { caller, seedMember, testContext } from '../testing';
import { saveColorMode } from './save-color-mode';

describe('saveColorMode', () => {
  it("keeps the choice on the caller's own record", async () => {
    const context = testContext();
    await seedMember(context.store, 'alice');
    await seedMember(context.store, 'bob');
    await expect(saveColorMode.run({ colorMode: 'dark' }, context.as(caller('alice')))).resolves.toEqual({
      colorMode: 'dark',
    });
    expect((await context.store.get<User>('users/alice'))?.colorMode).toBe('dark');
    expect((await context.store.get<User>('users/bob'))?.colorMode).toBeUndefined();
    await saveColorMode.run({ colorMode: 'light' }, context.as(caller('alice')));
    expect((await context.store.get<User>('users/alice'))?.colorMode).toBe('light');
  });

  it('refuses a signed-out caller, another value, a wrong type and unknown keys, and writes nothing', async () => {
    const context = testContext();
    await seedMember(context.store, 'alice');
    const before = await context.store.contents();
    await expect(saveColorMode.run({ colorMode: 'dark' }, context.as(null))).rejects.toMatchObject({
      code: 'unauthenticated',
    });
    for (const input of [
      {},
      { colorMode: 'sepia' },
      { colorMode: 1 },
      { colorMode: ['dark'] },
      { colorMode: 'dark', uid: 'bob' },
      JSON.parse('{"colorMode":"dark","__proto__":{"admin":true}}') as object,
    ]) {
      await expect(saveColorMode.run(input, context.as(caller('alice')))).rejects.toMatchObject({
        code: 'invalid-argument',
      });
    }
    await expect(saveColorMode.run({ colorMode: 'sepia' }, context.as(caller('alice')))).rejects.toThrow(
      'Choose light or dark',
    );
    expect(await context.store.contents()).toEqual(before);
  });
});
