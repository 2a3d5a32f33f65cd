/**
 * What a pre-rendered page carries for the app that takes it over: the data its HTML was made from,
 * in `<script id="prerendered-data" type="application/json">`, keyed by what it is (`blog:1`,
 * `article:{id}`). The screen starts from it instead of a spinner and a call, so the page does not
 * flash or shift when the app starts.
 */
import { PRERENDERED_DATA_ID } from '@/domain/public-pages';
import { elementAt, placeOf } from './element-place';

export { PRERENDERED_DATA_ID, scriptJson } from '@/domain/public-pages';

interface Prerendered {
  key: string;
  data: unknown;
}

/**
 * The data for `key` while the pre-rendered page is on screen. It stays readable until the app has
 * taken the page over (a render that is set aside, as when a part loaded on demand suspends, reads it
 * again); after that every screen loads its own.
 */
export function takePrerendered<T>(key: string): T | undefined {
  if (typeof document === 'undefined') return undefined;
  const element = document.getElementById(PRERENDERED_DATA_ID);
  if (!element?.textContent) return undefined;
  try {
    const prerendered = JSON.parse(element.textContent) as Prerendered;
    return prerendered.key === key ? (prerendered.data as T) : undefined;
  } catch {
    return undefined;
  }
}

/** How long a pre-rendered page waits at most for the app's own rendering of it. */
export const TAKEOVER_TIMEOUT_MS = 4000;

const CLICKABLE =
  'a, button, input, select, textarea, label, [role="button"], [role="tab"], [role="menuitem"]';

/** A click on the pre-rendered page, held for the app's same control. */
let held: { place: number[]; tagName: string; text: string } | undefined;
let holding: ((event: MouseEvent) => void) | undefined;

/**
 * From the first script on: a click on the pre-rendered page (whose controls do nothing until the
 * app takes over) is held rather than lost, while the app's code is still on its way.
 */
export function holdEarlyClicks(root: HTMLElement): void {
  if (holding || !root.firstElementChild) return;
  holding = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest(CLICKABLE) : null;
    const place = target && root.contains(target) ? placeOf(root, target) : null;
    if (!target || !place) return;
    event.preventDefault();
    held = { place, tagName: target.tagName, text: target.textContent ?? '' };
  };
  root.addEventListener('click', holding, true);
}

/**
 * Where the app renders. Without a pre-rendered page, `root` itself. With one, a hidden container
 * beside it: the pre-rendered page stays on screen (already painted, images and all) until the app
 * has rendered its own heading, then the app's container takes its place, so the page neither
 * blanks nor paints twice while a screen's code loads. A click on the pre-rendered page meanwhile
 * (Get Started, the menu, a link; held from the first script on, `holdEarlyClicks`) is given to the
 * same control of the app once it is there, when it is the same control (same element and text);
 * otherwise it is dropped, as before the app.
 */
export function appContainer(root: HTMLElement): HTMLElement {
  if (!root.firstElementChild) return root;
  const app = document.createElement('div');
  app.style.display = 'none';
  root.after(app);
  holdEarlyClicks(root);
  const takeOver = () => {
    observer.disconnect();
    clearTimeout(timer);
    if (holding) root.removeEventListener('click', holding, true);
    holding = undefined;
    root.remove();
    document.getElementById(PRERENDERED_DATA_ID)?.remove();
    app.id = 'root';
    app.style.display = '';
    const click = held;
    held = undefined;
    const control = click && elementAt(app, click.place);
    if (
      control instanceof HTMLElement &&
      control.tagName === click?.tagName &&
      control.textContent === click.text
    )
      control.click();
  };
  const timer = setTimeout(takeOver, TAKEOVER_TIMEOUT_MS);
  const observer = new MutationObserver(() => {
    if (app.querySelector('h1')) takeOver();
  });
  observer.observe(app, { childList: true, subtree: true });
  return app;
}
