/**
 * Orders strings as written (by UTF-16 code unit), for ties between tags and ids: `localeCompare`
 * loads the locale's collation on its first use, tens of milliseconds of a phone's main thread,
 * for an order no member reads as alphabetical.
 */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
