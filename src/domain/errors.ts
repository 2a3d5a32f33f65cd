/** The error catalogue of the specification (document 2, section 8): categories, severities and messages. */
export const ERROR_CATEGORIES = [
  'network',
  'firebase',
  'validation',
  'auth',
  'payment',
  'upload',
  'rating',
  'general',
] as const;
export type ErrorCategory = (typeof ERROR_CATEGORIES)[number];

export const ERROR_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type ErrorSeverity = (typeof ERROR_SEVERITIES)[number];

interface CategoryDefaults {
  message: string;
  severity: ErrorSeverity;
  retryable: boolean;
}

export const CATEGORY_DEFAULTS: Record<Exclude<ErrorCategory, 'validation'>, CategoryDefaults> = {
  network: {
    message: 'Network error. Please check your connection and try again.',
    severity: 'medium',
    retryable: true,
  },
  firebase: {
    message: 'Service temporarily unavailable. Please try again.',
    severity: 'medium',
    retryable: false,
  },
  auth: { message: 'Authentication error. Please sign in again.', severity: 'high', retryable: false },
  payment: {
    message: 'Payment processing failed. Please try again.',
    severity: 'critical',
    retryable: false,
  },
  upload: { message: 'Upload failed. Please try again.', severity: 'medium', retryable: true },
  rating: { message: 'Failed to submit rating. Please try again.', severity: 'medium', retryable: true },
  general: { message: 'Something went wrong. Please try again.', severity: 'medium', retryable: false },
};

/** Messages for the database's error codes, which take precedence over the category default. */
export const DATABASE_CODE_MESSAGES: Record<string, string> = {
  'permission-denied': "You don't have permission to perform this action.",
  'not-found': 'The requested data was not found.',
  'already-exists': 'This data already exists.',
  'resource-exhausted': 'Service is temporarily overloaded. Please try again.',
  'deadline-exceeded': 'Request timed out. Please try again.',
  unavailable: 'Service is temporarily unavailable. Please try again.',
};

export const CRASH_BANNER_MESSAGE = "Something went wrong. We've been notified and are working to fix this.";
export const USER_INIT_FAILURE_MESSAGE = 'Error initializing user. Please try again later.';
/** The device's feed cache could not be deleted (at sign-out) while another tab holds it open. */
export const DATABASE_DELETION_BLOCKED =
  'Database deletion blocked. Please close other tabs using this app and try again.';

export interface ErrorContext {
  component?: string;
  feature?: string;
  action?: string;
  userId?: string;
  photoId?: string;
  metadata?: Record<string, unknown>;
}

export interface ErrorRecord {
  type: ErrorCategory;
  severity: ErrorSeverity;
  message: string;
  code?: string;
  context?: ErrorContext;
}

/** The message a member sees for an error of a category, with an optional database code and given text. */
export function messageFor(category: ErrorCategory, code?: string, given?: string): string {
  if (category === 'validation') return given ?? CATEGORY_DEFAULTS.general.message;
  const bare = code?.replace(/^(firestore|functions|storage)\//, '');
  if (bare && bare in DATABASE_CODE_MESSAGES) return DATABASE_CODE_MESSAGES[bare] as string;
  return CATEGORY_DEFAULTS[category].message;
}

export function severityFor(category: ErrorCategory): ErrorSeverity {
  return category === 'validation' ? 'low' : CATEGORY_DEFAULTS[category].severity;
}

/** Network retries: the first two attempts say so, later ones say it persists, more severely. */
export function networkRetryNotice(attempt: number): { message: string; severity: ErrorSeverity } {
  return attempt <= 2
    ? { message: 'Network error. Retrying...', severity: 'medium' }
    : { message: 'Network error persists. Please check your connection.', severity: 'high' };
}

export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';

/** How an error shows as a toast: 8 s for critical, 5 s otherwise; low and medium warn, high and critical err. */
export function errorToast(severity: ErrorSeverity): { severity: ToastSeverity; duration: number } {
  return {
    severity: severity === 'low' || severity === 'medium' ? 'warning' : 'error',
    duration: severity === 'critical' ? 8000 : 5000,
  };
}

const UNREPORTED = [
  /cancel+ed/i,
  /aborted/i,
  /extension/i,
  /script error/i,
  /load failed/i,
  /failed to fetch/i,
  /network ?error/i,
  /networkerror/i,
];

/** Errors that come from the member's browser or connection rather than from the product are not reported. */
export function shouldReport(message: string): boolean {
  return !UNREPORTED.some((pattern) => pattern.test(message));
}

/** Offline: what the app says instead of failing, and why a vote is not taken (not queued, never sent twice). */
export const OFFLINE_MESSAGES = {
  banner: 'You are offline. You see what this device saved; it updates when you are back online.',
  feed: 'You are offline and no photos to rate are saved on this device. Come back when you are online.',
  vote: 'You are offline: your rating was not sent. Rate this photo again when you are back online.',
} as const;
