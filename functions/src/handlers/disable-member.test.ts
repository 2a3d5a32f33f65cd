import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../src/domain/auth-errors';
import type { CallableName } from '../../../src/domain/callables';
import type { User } from '../../../src/domain/user';
import { caller, seedMember, seedPhoto, testContext } from '../testing';
import { setMemberDisabled } from './disable-member';
import { ensureUser } from './ensure-user';
import { finishOnboarding } from './finish-onboarding';
import { CALLABLES } from './callable-samples';
import { handlers } from './index';
import { ACCOUNT_DISABLED } from './users';

describe('a disabled member', () => {
  it('is disabled in Auth and on the record, and enabling restores both', async () => {
    const context = testContext();
    await seedMember(context.store, 'dana');
    await setMemberDisabled(context, 'dana', true);
    expect(context.disabledAccounts.has('dana')).toBe(true);
    expect((await context.store.get<User>('users/dana'))?.disabled).toBe(true);
    await setMemberDisabled(context, 'dana', false);
    expect(context.disabledAccounts.has('dana')).toBe(false);
    expect((await context.store.get<User>('users/dana'))?.disabled).toBe(false);
  });

  it('is refused by every callable with a clear message, and nothing is written', async () => {
    const context = testContext();
    await seedMember(context.store, 'dana', { disabled: true });
    await seedMember(context.store, 'owner');
    await seedPhoto(context.store, 'owner', 'p1');
    const before = await context.store.contents();
    for (const name of Object.keys(handlers) as CallableName[]) {
      await expect(
        handlers[name].run(CALLABLES[name].valid, context.as(caller('dana'))),
        name,
      ).rejects.toMatchObject({
        code: 'permission-denied',
        message: ACCOUNT_DISABLED,
      });
    }
    expect(await context.store.contents()).toEqual(before);
    expect(ACCOUNT_DISABLED).toBe(AUTH_MESSAGES.accountDisabled);
  });

  it('is refused by the record check every handler makes, and at sign-in', async () => {
    const context = testContext();
    await seedMember(context.store, 'dana', { disabled: true });
    await expect(finishOnboarding.run({}, context.as(caller('dana')))).rejects.toMatchObject({
      code: 'permission-denied',
      message: ACCOUNT_DISABLED,
    });
    await expect(ensureUser.run({}, context.as(caller('dana')))).rejects.toMatchObject({
      code: 'permission-denied',
      message: ACCOUNT_DISABLED,
    });
  });

  it('is served again once enabled', async () => {
    const context = testContext();
    await seedMember(context.store, 'dana', { disabled: true });
    await setMemberDisabled(context, 'dana', false);
    await expect(handlers.ensureUser.run({}, context.as(caller('dana')))).resolves.toEqual({
      created: false,
    });
  });
});
