/** The schema of `saveCookieConsent`, apart from `consent.ts`, which the landing page loads without Yup. */
import * as yup from 'yup';

/** What `saveCookieConsent` takes: the preferences; the server stamps the time. */
export const cookieConsentSchema = yup.object({
  preferences: yup
    .object({
      necessary: yup.boolean().oneOf([true], 'Necessary cookies cannot be turned off').required(),
      analytics: yup.boolean().required('Say whether analytics are allowed'),
      marketing: yup.boolean().required('Say whether marketing is allowed'),
      functional: yup.boolean().required('Say whether functional cookies are allowed'),
    })
    .required('Preferences are required'),
});
export type CookieConsentInput = yup.InferType<typeof cookieConsentSchema>;
