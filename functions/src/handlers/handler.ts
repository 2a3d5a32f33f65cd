/**
 * What every handler of privileged work is written against: the caller, the store port and an
 * injected clock. Both hosts (Cloud Functions and the local server) build this context.
 */
import { HttpsError } from 'firebase-functions/v2/https';
import { ValidationError, type AnyObjectSchema, type InferType } from 'yup';
import { CATEGORY_DEFAULTS } from '../../../src/domain/errors';
import { fieldErrors } from '../../../src/domain/schemas';
import { inputMismatch } from './input-shape';
import type { RateLimiter } from './rate-limit';
import type { FileStore } from '../files/file-store';
import type { PaymentProvider } from '../payments/payment-provider';
import type { ContentClassifier } from '../photos/content-screening';
import type { FaceAnalyzer } from '../photos/face-analysis';
import { StoreError, type Store } from '../store/store';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The verified identity behind a call, taken from the ID token. */
export interface Caller {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  signInProvider: string | null;
  name: string | null;
  picture: string | null;
  /** When the member last signed in (not when the token was refreshed): sensitive actions want it recent. */
  authTime: Date | null;
  /**
   * The Auth account's `admin` custom claim, as the token carries it: a token minted before the role
   * was taken away still says so, so admin calls also read the record (`requireAdmin`).
   */
  isAdmin?: boolean;
  /** When the ID token stops being valid; the live channel signs a connection out then. Absent for in-process callers. */
  expiresAt?: Date;
}

/** The Auth admin operations handlers need: the Admin SDK, against the Auth emulator locally. */
export interface AccountAdmin {
  deleteUser(uid: string): Promise<void>;
  /** Disables or enables the Auth account: a disabled one cannot sign in, and its tokens are refused. */
  setDisabled(uid: string, disabled: boolean): Promise<void>;
  /** Sets or clears the `admin` custom claim, keeping the account's other claims. */
  setAdminClaim(uid: string, admin: boolean): Promise<void>;
  /** Ends every sign-in of the account: its refresh tokens stop, and ID tokens checked for revocation are refused. */
  revokeRefreshTokens(uid: string): Promise<void>;
}

export interface HandlerContext {
  caller: Caller | null;
  store: Store;
  clock: Clock;
  files: FileStore;
  faces: FaceAnalyzer;
  /**
   * Explicit-content screening of uploads; the hosts that take uploads give one, and an upload without
   * it is refused rather than let into the feeds unscreened.
   */
  screening?: ContentClassifier;
  accounts: AccountAdmin;
  /** Per-member call limits; the hosts give one, unit tests of a single handler need none. */
  limits?: RateLimiter;
  /** The card payment provider; a host without one (Firebase without Stripe configured) cannot sell. */
  payments?: PaymentProvider;
  /** The network address the call came from: a visitor, who has no uid, is limited by it. */
  senderAddress?: string;
  /**
   * Multiplies each sender's day shares (`sender-shares.ts`): the local stack listening on this machine
   * only, where every visitor is this machine's one address, raises them. Default 1.
   */
  senderShareScale?: number;
}

/** The services a host provides to every handler, besides the caller. */
export type HandlerServices = Omit<HandlerContext, 'caller'>;

export interface Handler<Result> {
  run(data: unknown, context: HandlerContext): Promise<Result>;
}

/** What a signed-out caller is told: the specification's message for authentication errors. */
export const SIGNED_OUT = CATEGORY_DEFAULTS.auth.message;

export function requireCaller(context: HandlerContext): Caller {
  if (!context.caller) throw new HttpsError('unauthenticated', SIGNED_OUT);
  return context.caller;
}

/**
 * Validates with the same schema the form uses and answers with its first message, and all of them
 * in details. Input of the wrong shape (types the form would coerce, fields the schema does not
 * name, prototype keys) is refused first, so nothing a hostile client sends is coerced or merged.
 */
export async function validate<Schema extends AnyObjectSchema>(
  schema: Schema,
  data: unknown,
): Promise<InferType<Schema>> {
  const problem = inputMismatch(schema, data);
  if (problem) throw new HttpsError('invalid-argument', problem);
  try {
    return (await schema.validate(data ?? {}, {
      abortEarly: false,
      stripUnknown: true,
    })) as InferType<Schema>;
  } catch (error) {
    if (error instanceof ValidationError) {
      throw new HttpsError('invalid-argument', error.errors[0] ?? 'Invalid input.', {
        fields: fieldErrors(error),
      });
    }
    throw error;
  }
}

/** Store failures become callable errors with precise codes; anything unexpected stays internal. */
export function toHttpsError(error: unknown): HttpsError {
  if (error instanceof HttpsError) return error;
  if (error instanceof StoreError) return new HttpsError(error.code, error.message);
  return new HttpsError('internal', 'Something went wrong. Please try again.');
}
