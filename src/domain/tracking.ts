/** Query parameters that identify ad campaigns; the app removes them from the address on load. */
export const TRACKING_PARAMS = [
  'fbclid',
  'gclid',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
] as const;

/** Returns the search string without tracking parameters, or null when there were none. */
export function withoutTrackingParams(search: string): string | null {
  const params = new URLSearchParams(search);
  let removed = false;
  for (const name of TRACKING_PARAMS) {
    if (params.has(name)) {
      params.delete(name);
      removed = true;
    }
  }
  if (!removed) return null;
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** A referrer id as it may arrive in `?referrer=`: a Firebase uid shape, nothing else. */
export function parseReferrerId(value: string | null): string | null {
  if (!value) return null;
  return /^[A-Za-z0-9_-]{1,128}$/.test(value) ? value : null;
}
