/** The client's configuration, checked once at start-up so a missing value fails loudly. */
import { readEnv, type AppEnv } from './read-env';

export type { AppEnv, BackendKind, FirebaseWebConfig } from './read-env';

/**
 * Debug mode, read where the build can see it: outside debug mode every `if (DEBUG_MODE)` branch, and
 * what it would load, leaves the bundle.
 */
export const DEBUG_MODE: boolean = import.meta.env.VITE_DEBUG_PANEL === 'true';

export const env: AppEnv = readEnv(import.meta.env);
