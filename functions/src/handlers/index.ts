/** Every callable handler by the name the client calls it with; both hosts expose exactly these. */
import type { CallableName, Callables } from '../../../src/domain/callables';
import { completeProfile } from './complete-profile';
import { ensureUser } from './ensure-user';
import { finishOnboarding } from './finish-onboarding';
import type { Handler } from './handler';

export const handlers = {
  ensureUser,
  completeProfile,
  finishOnboarding,
} satisfies { [Name in CallableName]: Handler<Callables[Name]['result']> };
