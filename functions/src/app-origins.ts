/**
 * The app's own addresses, from the functions' environment: APP_ORIGINS (comma-separated), else the
 * project's two Hosting domains. A checkout returns only there, and only they may post across origins.
 */
export function appOriginsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  const listed = env.APP_ORIGINS?.split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  if (listed?.length) return listed;
  const project = env.GCLOUD_PROJECT ?? env.GCP_PROJECT;
  return project ? [`https://${project}.web.app`, `https://${project}.firebaseapp.com`] : [];
}
