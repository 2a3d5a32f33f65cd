/** The device's IANA time zone, read on the thread that calls it: UTC where the browser names none. */
export function zoneHere(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
