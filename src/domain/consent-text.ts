/** The cookie banner's and the preferences dialog's words (loaded with them, not with the landing page). */
import type { ConsentCategory } from './consent';

export const CONSENT_TEXT = {
  title: 'We value your privacy',
  body: 'We use cookies that the app needs to work. With your consent we also use cookies for analytics, marketing and extra features. You can change your choice at any time from Cookie settings.',
  acceptAll: 'Accept all',
  necessaryOnly: 'Necessary only',
  preferences: 'Preferences',
  /** Before the Privacy Policy link, after the body. */
  readMore: 'Read our',
  privacyPolicy: 'Privacy Policy',
  save: 'Save preferences',
  dialogTitle: 'Cookie preferences',
} as const;

export const CONSENT_CATEGORY_TEXT: Record<ConsentCategory, { label: string; description: string }> = {
  necessary: {
    label: 'Necessary',
    description: 'Sign-in, your choices on this device and security. Always on.',
  },
  analytics: {
    label: 'Analytics',
    description: 'Counts of how the app is used (screens opened, purchases, errors) to improve it.',
  },
  marketing: { label: 'Marketing', description: 'Measuring our campaigns and offers.' },
  functional: { label: 'Functional', description: 'Extra features such as remembering your preferences.' },
};
