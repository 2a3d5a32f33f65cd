/**
 * Cookie settings in the footer and the drawer ask the consent banner (loaded after the first paint)
 * to open its preferences; apart from `consent.ts`, so the footer brings nothing else to the landing page.
 */
const settingsRequests = new Set<() => void>();

export function openCookieSettings(): void {
  for (const request of settingsRequests) request();
}

export function onCookieSettingsRequest(open: () => void): () => void {
  settingsRequests.add(open);
  return () => settingsRequests.delete(open);
}
