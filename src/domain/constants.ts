/** Business constants of the specification that this part of the product uses. */
export const AGE_MIN = 16;
export const AGE_MAX = 90;
export const DEFAULT_AGE = 25;
export const FIELD_MAX = 255;
export const SIGN_UP_PASSWORD_MIN = 8;

/** A new member starts with two free tokens (the onboarding text). */
export const NEW_MEMBER_TOKENS = 2;

export const LOADING_RETRY_AFTER_MS = 5000;
export const HEADER_HIDE_SCROLL_PX = 50;
export const HEADER_IDLE_SHOW_MS = 1500;

export const DEFAULT_TOAST_MS = 1000;
export const INIT_FAILURE_TOAST_MS = 5000;

/** The installable app (spec 2 sections 4 and 9). */
export const PWA_UPDATE_CHECK_MS = 15 * 60 * 1000;
export const PWA_UPDATE_REPROMPT_MS = 60 * 60 * 1000;
export const PWA_UPDATED_TOAST_DELAY_MS = 1000;
export const PWA_UPDATED_TOAST_MS = 6000;
export const PWA_UPDATED_MESSAGE = 'App successfully updated to the latest version!';
export const INSTALL_POPOVER_VISIT = 2;
export const INSTALL_POPOVER_DELAY_MS = 1500;

/** A day in milliseconds. */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** Push tokens (spec 2 section 9): refreshed when older than 7 days, expired after 30; 3 tries 1 s apart. */
export const PUSH_TOKEN_REFRESH_MS = 7 * DAY_MS;
export const PUSH_TOKEN_EXPIRY_MS = 30 * DAY_MS;
export const PUSH_TOKEN_ATTEMPTS = 3;
export const PUSH_TOKEN_RETRY_MS = 1000;
/** Longer than any push service's token (FCM's are about 160 characters, Web Push endpoints under 1,000). */
export const PUSH_TOKEN_MAX = 4096;
