import { describe, expect, it } from 'vitest';
import type { User } from '../../../src/domain/user';
import { caller, testContext } from '../testing';
import { completeProfile } from './complete-profile';
import { ensureUser } from './ensure-user';
import { finishOnboarding } from './finish-onboarding';

const answers = { displayName: '  Alex  ', age: 27, gender: 'female', showGender: 'male' };

describe('completeProfile', () => {
  it('stores the answers, the birth year from the clock, and marks the profile complete', async () => {
    const { store, as, clock } = testContext();
    await ensureUser.run({}, as(caller('alice')));
    await expect(completeProfile.run(answers, as(caller('alice')))).resolves.toEqual({ birthyear: 1999 });
    expect(await store.get<User>('users/alice')).toMatchObject({
      displayName: 'Alex',
      age: 27,
      birthyear: 1999,
      gender: 'female',
      showGender: 'male',
      complete: true,
      onBoarding: false,
      updatedAt: clock.now(),
    });
  });

  it('answers with the form messages and writes nothing', async () => {
    const { store, as } = testContext();
    await ensureUser.run({}, as(caller('alice')));
    const before = await store.get('users/alice');
    await expect(completeProfile.run({ ...answers, age: 15 }, as(caller('alice')))).rejects.toMatchObject({
      code: 'invalid-argument',
      message: 'You must be at least 16 years old',
    });
    await expect(completeProfile.run({ ...answers, age: '27' }, as(caller('alice')))).rejects.toMatchObject({
      code: 'invalid-argument',
      message: 'age must be a number',
    });
    await expect(completeProfile.run({}, as(caller('alice')))).rejects.toMatchObject({
      code: 'invalid-argument',
      details: {
        fields: {
          displayName: 'Name is required',
          age: 'Age is required',
          gender: 'Gender is required',
          showGender: 'Show gender is required',
        },
      },
    });
    expect(await store.get('users/alice')).toEqual(before);
  });

  it('refuses fields the form does not have, such as tokens or the admin flag, and writes nothing', async () => {
    const { store, as } = testContext();
    await ensureUser.run({}, as(caller('alice')));
    const before = await store.get('users/alice');
    for (const extra of [{ points: 1000 }, { isAdmin: true }]) {
      await expect(completeProfile.run({ ...answers, ...extra }, as(caller('alice')))).rejects.toMatchObject({
        code: 'invalid-argument',
        message: `Unknown field: ${Object.keys(extra)[0]}`,
      });
    }
    expect(await store.get<User>('users/alice')).toEqual(before);
  });

  it('needs a signed-in member with a record', async () => {
    const { as } = testContext();
    await expect(completeProfile.run(answers, as(null))).rejects.toMatchObject({ code: 'unauthenticated' });
    await expect(completeProfile.run(answers, as(caller('nobody')))).rejects.toMatchObject({
      code: 'not-found',
    });
  });
});

describe('finishOnboarding', () => {
  it('sets onBoarding once', async () => {
    const { store, as } = testContext();
    await ensureUser.run({}, as(caller('alice')));
    await expect(finishOnboarding.run({}, as(caller('alice')))).resolves.toEqual({ onBoarding: true });
    await expect(finishOnboarding.run({}, as(caller('alice')))).resolves.toEqual({ onBoarding: true });
    expect((await store.get<User>('users/alice'))?.onBoarding).toBe(true);
    await expect(finishOnboarding.run({}, as(null))).rejects.toMatchObject({ code: 'unauthenticated' });
    await expect(finishOnboarding.run({}, as(caller('nobody')))).rejects.toMatchObject({ code: 'not-found' });
  });
});
