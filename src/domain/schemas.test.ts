import { describe, expect, it } from 'vitest';
import type { ValidationError } from 'yup';
import {
  fieldErrors,
  forgotPasswordSchema,
  profileSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from './schemas';

async function messages(
  schema: { validate: (value: unknown, options: object) => Promise<unknown> },
  value: unknown,
) {
  try {
    await schema.validate(value, { abortEarly: false });
    return {};
  } catch (error) {
    return fieldErrors(error as ValidationError);
  }
}

describe('sign-in', () => {
  it('requires e-mail and password', async () => {
    expect(await messages(signInSchema, { email: '', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
  });

  it('wants a valid e-mail of at most 255 characters', async () => {
    expect((await messages(signInSchema, { email: 'nope', password: 'x' })).email).toBe(
      'Must be a valid email',
    );
    const long = `${'a'.repeat(250)}@example.com`;
    expect((await messages(signInSchema, { email: long, password: 'x' })).email).toBe(
      'Email must be at most 255 characters',
    );
    expect(await messages(signInSchema, { email: 'a@example.com', password: 'x'.repeat(255) })).toEqual({});
    expect(
      (await messages(signInSchema, { email: 'a@example.com', password: 'x'.repeat(256) })).password,
    ).toBe('Password must be at most 255 characters');
  });
});

describe('sign-up', () => {
  it('needs a password of at least 8 characters', async () => {
    expect((await messages(signUpSchema, { email: 'a@example.com', password: '1234567' })).password).toBe(
      'Password must be at least 8 characters',
    );
    expect(await messages(signUpSchema, { email: 'a@example.com', password: '12345678' })).toEqual({});
  });
});

describe('forgot and reset password', () => {
  it('requires an e-mail to send the link to', async () => {
    expect(await messages(forgotPasswordSchema, { email: '' })).toEqual({ email: 'Email is required' });
  });

  it("says when the passwords don't match", async () => {
    expect(
      await messages(resetPasswordSchema, { password: 'one two three', confirmPassword: 'one two four' }),
    ).toEqual({
      confirmPassword: "Passwords don't match",
    });
    expect(await messages(resetPasswordSchema, { password: 'same', confirmPassword: 'same' })).toEqual({});
  });
});

describe('profile', () => {
  const valid = { displayName: 'Alex', age: 25, gender: 'male', showGender: 'both' };

  it('accepts the defaults', async () => {
    expect(await messages(profileSchema, valid)).toEqual({});
  });

  it('gives the specification messages for missing answers', async () => {
    expect(
      await messages(profileSchema, { displayName: ' ', age: '', gender: '', showGender: undefined }),
    ).toEqual({
      displayName: 'Name is required',
      age: 'Age is required',
      gender: 'Gender is required',
      showGender: 'Show gender is required',
    });
  });

  it('takes ages from 16 to 90 only', async () => {
    expect((await messages(profileSchema, { ...valid, age: 15 })).age).toBe(
      'You must be at least 16 years old',
    );
    expect(await messages(profileSchema, { ...valid, age: 16 })).toEqual({});
    expect(await messages(profileSchema, { ...valid, age: 90 })).toEqual({});
    expect((await messages(profileSchema, { ...valid, age: 91 })).age).toBe('Age must be 90 or less');
  });

  it('limits the name to 255 characters and refuses unknown genders', async () => {
    expect((await messages(profileSchema, { ...valid, displayName: 'x'.repeat(256) })).displayName).toBe(
      'Name must be at most 255 characters',
    );
    expect((await messages(profileSchema, { ...valid, gender: 'other' })).gender).toBe('Gender is required');
    expect((await messages(profileSchema, { ...valid, showGender: 'all' })).showGender).toBe(
      'Show gender is required',
    );
  });
});
