/** The callable functions: the name the client calls, what it sends and what it gets back. Both hosts serve these. */
import type { EnsureUserInput, ProfileValues } from './schemas';

export interface Callables {
  ensureUser: { input: EnsureUserInput; result: { created: boolean } };
  completeProfile: { input: ProfileValues; result: { birthyear: number } };
  finishOnboarding: { input: Record<string, never>; result: { onBoarding: true } };
}

export type CallableName = keyof Callables;
