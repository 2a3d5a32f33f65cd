/**
 * What a pre-rendered page carries for the app that takes it over: the data its HTML was made from,
 * in `<script id="prerendered-data" type="application/json">`, keyed by what it is (`blog:1`,
 * `article:{id}`). The screen starts from it instead of a spinner and a call, so the page does not
 * flash or shift when the app starts.
 */
export const PRERENDERED_DATA_ID = 'prerendered-data';

interface Prerendered {
  key: string;
  data: unknown;
}

let taken = false;

/** The data for `key`, once: after the first screen, every screen loads its own. */
export function takePrerendered<T>(key: string): T | undefined {
  if (taken || typeof document === 'undefined') return undefined;
  const element = document.getElementById(PRERENDERED_DATA_ID);
  if (!element?.textContent) return undefined;
  try {
    const prerendered = JSON.parse(element.textContent) as Prerendered;
    if (prerendered.key !== key) return undefined;
    taken = true;
    return prerendered.data as T;
  } catch {
    return undefined;
  }
}

/** JSON safe inside a `<script>` element: no `</script>` or HTML comment can close it early. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
