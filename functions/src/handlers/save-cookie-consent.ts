/**
 * Keeps a member's cookie consent on their record (spec 2 section 3, "Cookie consent record"), so the
 * choice follows them to another device; the server stamps the time, from which the 30 days run.
 */
import type { Callables } from '../../../src/domain/callables';
import { consentOf, type CookieConsent } from '../../../src/domain/consent';
import { cookieConsentSchema } from '../../../src/domain/consent-schema';
import type { User } from '../../../src/domain/user';
import { requireCaller, validate, type Handler } from './handler';
import { assertMember, userPath } from './users';

export const saveCookieConsent: Handler<Callables['saveCookieConsent']['result']> = {
  async run(data, context) {
    const caller = requireCaller(context);
    const { preferences } = await validate(cookieConsentSchema, data);
    const now = context.clock.now();
    const cookieConsent: CookieConsent = consentOf({ ...preferences, necessary: true }, now);
    return context.store.runTransaction(async (tx) => {
      const user = await tx.get<User>(userPath(caller.uid));
      assertMember(user);
      tx.update(userPath(caller.uid), { cookieConsent, updatedAt: now });
      return { timestamp: now.toISOString() };
    });
  },
};
