/**
 * The Yup schemas shared by the forms and the server handlers, so a message the form shows
 * is the message the handler answers with.
 */
import * as yup from 'yup';
import { AGE_MAX, AGE_MIN, FIELD_MAX, SIGN_UP_PASSWORD_MIN } from './constants';
import { GENDERS, SHOW_GENDERS, type Gender, type ShowGender } from './user';

const email = yup
  .string()
  .trim()
  .email('Must be a valid email')
  .max(FIELD_MAX, `Email must be at most ${FIELD_MAX} characters`)
  .required('Email is required');

const password = yup
  .string()
  .max(FIELD_MAX, `Password must be at most ${FIELD_MAX} characters`)
  .required('Password is required');

export const signInSchema = yup.object({ email, password });
export type SignInValues = yup.InferType<typeof signInSchema>;

export const signUpSchema = yup.object({
  email,
  password: password.min(
    SIGN_UP_PASSWORD_MIN,
    `Password must be at least ${SIGN_UP_PASSWORD_MIN} characters`,
  ),
});
export type SignUpValues = yup.InferType<typeof signUpSchema>;

export const forgotPasswordSchema = yup.object({ email });
export type ForgotPasswordValues = yup.InferType<typeof forgotPasswordSchema>;

export const resetPasswordSchema = yup.object({
  password,
  confirmPassword: yup
    .string()
    .required("Passwords don't match")
    .oneOf([yup.ref('password')], "Passwords don't match"),
});
export type ResetPasswordValues = yup.InferType<typeof resetPasswordSchema>;

export const profileSchema = yup.object({
  displayName: yup
    .string()
    .trim()
    .max(FIELD_MAX, `Name must be at most ${FIELD_MAX} characters`)
    .required('Name is required'),
  age: yup
    .number()
    .typeError('Age is required')
    .integer('Age must be a whole number')
    .min(AGE_MIN, `You must be at least ${AGE_MIN} years old`)
    .max(AGE_MAX, `Age must be ${AGE_MAX} or less`)
    .required('Age is required'),
  gender: yup.mixed<Gender>().oneOf(GENDERS, 'Gender is required').required('Gender is required'),
  showGender: yup
    .mixed<ShowGender>()
    .oneOf(SHOW_GENDERS, 'Show gender is required')
    .required('Show gender is required'),
});
export type ProfileValues = yup.InferType<typeof profileSchema>;

/** What the client sends on every sign-in so the server can create or refresh the member's record. */
export const ensureUserSchema = yup.object({
  referrerId: yup
    .string()
    .matches(/^[A-Za-z0-9_-]{1,128}$/, 'Referrer is not valid')
    .optional(),
});
export type EnsureUserInput = yup.InferType<typeof ensureUserSchema>;

/** Returns the first message of each invalid field, for handlers that answer with them all. */
export function fieldErrors(error: yup.ValidationError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const inner of error.inner.length ? error.inner : [error]) {
    const key = inner.path ?? '';
    if (!(key in fields)) fields[key] = inner.message;
  }
  return fields;
}
