/**
 * The one region the Cloud Functions are deployed in (functions/src/firebase/index.ts sets it for every
 * function) and the client calls them in (src/config/read-env.ts): one setting, so the two cannot differ.
 */
export const FUNCTIONS_REGION = 'us-central1';
