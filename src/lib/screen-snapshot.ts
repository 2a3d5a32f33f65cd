/**
 * A member screen as this device last showed it, drawn again before the app's code has run: My Photos
 * and /profile show what the member saw last (their photos, their tokens) at the page's first paint
 * rather than after some 250 KB of code, as a native app opens on its last state. Once the screen has
 * its content the app keeps a copy of it (`keepScreenSnapshot`): the page's `<main>` as markup, made
 * inert (no ids, links, focus or form values that could be sent), and the CSS rules it uses. The page's
 * head (src/data/first-read.ts) draws the copy for the same member, address, width and colour mode in a
 * layer of its own over the page (`drawScreenSnapshot`), which goes once the screen has drawn itself
 * and its photos in view have loaded (`meetScreenSnapshot`), when the address changes, or after
 * FIRST_PHOTO_UNMET_MS if the screen never comes. The copies are the member's: sign-out clears them.
 */

import { paths } from '../config/paths';
import { ADDRESS_CHECK_MS, FIRST_PHOTO_UNMET_MS, type watchLayer } from './first-photo';
import { elementAt, placeOf } from './element-place';
import {
  DETAIL_SNAPSHOT_ID,
  KEPT_SCREEN_ATTRIBUTE,
  PHOTO_ID_ATTRIBUTE,
  SCREEN_SNAPSHOT_ID,
  WAITING_SCREEN_ATTRIBUTE,
} from './screen-marks';

export { DETAIL_SNAPSHOT_ID, SCREEN_SNAPSHOT_ID };
import { screenSnapshotKey, storageKeys } from './storage';

/**
 * The screens kept: those whose first paint waits for the app's code and has no head start of its own.
 * My Photos is a member's home too (`/`, where the installed app starts), kept apart from /photos.
 */
export const SNAPSHOT_SCREENS: readonly string[] = ['/', paths.photos, paths.profile];

/** Beyond this a copy is not kept: local storage is small and shared with the app's other copies. */
export const SNAPSHOT_MAX_CHARS = 300_000;
/** Set on `<html>` once the screen has drawn itself: no copy is drawn after it. */
export const SNAPSHOT_TAKEN = 'snapshotTaken';
/** How long the layer waits, at most, for the screen's own photos in view before it goes. */
export const SNAPSHOT_HANDOVER_LIMIT_MS = 2000;

/** What every kept copy holds: whose it is, the width and mode it was drawn in, its markup and CSS. */
interface KeptCopy {
  uid: string;
  /** The window's width it was drawn at: another width lays it out otherwise. */
  width: number;
  dark: boolean;
  html: string;
  css: string;
  savedAt: number;
}

/** A kept copy of a screen, as local storage holds it (JSON). */
export interface ScreenSnapshot extends KeptCopy {
  path: string;
  /** Where `<main>` starts on the page, in CSS pixels. */
  top: number;
  /** The page's background, which the layer covers the screen under it with. */
  background: string;
}

/** What a copy never holds: anything that runs, loads a document or another page's parts, or plays. */
const DROPPED = 'script,style,link,meta,base,iframe,frame,object,embed,template,video,audio,canvas,use';
/** The attributes a copy keeps: how it looks, never what it does or refers to. */
const KEPT_ATTRIBUTES = [
  'class',
  'style',
  'src',
  'srcset',
  'sizes',
  'width',
  'height',
  'alt',
  'loading',
  'decoding',
  'fetchpriority',
  'type',
  'value',
  'checked',
  'viewbox',
  'd',
  'fill',
  'focusable',
  'xmlns',
  'points',
  'cx',
  'cy',
  'r',
  'x',
  'y',
  'transform',
  'stroke',
  'stroke-width',
  'opacity',
  'disabled',
  PHOTO_ID_ATTRIBUTE,
];

/** The address's parameter naming the photo whose detail My Photos opens with (src/app/routes.tsx). */
export const DETAIL_PARAM = 'photo';
/** Set on `<html>` once the photo detail has drawn itself, or will not: no detail copy is drawn after it. */
export const DETAIL_TAKEN = 'detailTaken';
/** Over the app's bar and tab bar (MUI's 1100) and drawer (1200), under its dialogs (1300). */
const DETAIL_LAYER_Z = 1250;

/**
 * The photo detail as this device last showed it full-screen (on a phone), for any photo: its frame, its
 * title and its photo's card, without the photo's own image or caption, which the page's head takes from
 * the kept My Photos (the card whose PHOTO_ID_ATTRIBUTE the address names).
 */
export type DetailSnapshot = KeptCopy;

/** What drawing a copy needs besides it: given, so the page's head can draw it too. */
export interface SnapshotLook {
  id: string;
  paths: readonly string[];
  keyPrefix: string;
  colorModeKey: string;
  taken: string;
  addressCheckMs: number;
  unmetMs: number;
  /** DROPPED and KEPT_ATTRIBUTES: the head strips a copy again, whoever wrote it. */
  dropped: string;
  attributes: string[];
  detail: {
    id: string;
    /** The one address My Photos opens a photo's detail at. */
    path: string;
    key: string;
    param: string;
    photoAttribute: string;
    taken: string;
    zIndex: number;
  };
}

export const SNAPSHOT_LOOK: SnapshotLook = {
  id: SCREEN_SNAPSHOT_ID,
  paths: SNAPSHOT_SCREENS,
  keyPrefix: screenSnapshotKey(''),
  colorModeKey: storageKeys.colorMode,
  taken: SNAPSHOT_TAKEN,
  addressCheckMs: ADDRESS_CHECK_MS,
  unmetMs: FIRST_PHOTO_UNMET_MS,
  dropped: DROPPED,
  attributes: KEPT_ATTRIBUTES,
  detail: {
    id: DETAIL_SNAPSHOT_ID,
    path: paths.photos,
    key: screenSnapshotKey('detail'),
    param: DETAIL_PARAM,
    photoAttribute: PHOTO_ID_ATTRIBUTE,
    taken: DETAIL_TAKEN,
    zIndex: DETAIL_LAYER_Z,
  },
};

/** Fields whose value the copy shows: a password's never is, a file or hidden field not at all. */
const SHOWN_VALUES = new Set(['text', 'email', 'number', 'search', 'tel', 'url', 'checkbox', 'radio', '']);

/** The classes emotion made for the copy's elements. */
const EMOTION_CLASS = /(?:^|[\s.])(css-[\w-]+)/g;

function classesOf(root: Element): Set<string> {
  const classes = new Set<string>();
  for (const element of [root, ...root.querySelectorAll('[class]')])
    for (const [, name] of (element.getAttribute('class') ?? '').matchAll(EMOTION_CLASS)) classes.add(name!);
  return classes;
}

/**
 * What a rule applies to: a style rule's selectors, a media (or other grouping) rule's inner rules'; any
 * other rule's whole text.
 * Read instead of the whole rule's text, which the browser writes out anew each time: the app has
 * thousands of rules, and the copy needs a few.
 */
function selectorsOf(rule: CSSRule): string {
  if ('selectorText' in rule && typeof rule.selectorText === 'string') return rule.selectorText;
  if ('cssRules' in rule && rule.cssRules instanceof CSSRuleList)
    return [...rule.cssRules].map(selectorsOf).join(',');
  return rule.cssText;
}

/** A rule the copy needs: one of its classes' own, or a global one (the baseline, the theme's variables). */
function ruleText(rule: CSSRule, used: Set<string>): string {
  const named = [...selectorsOf(rule).matchAll(EMOTION_CLASS)].map(([, name]) => name!);
  return named.length === 0 || named.some((name) => used.has(name)) ? rule.cssText : '';
}

/** The CSS the app's styles made for the classes in `used`. */
function cssFor(used: Set<string>): string {
  const rules: string[] = [];
  for (const sheet of document.querySelectorAll<HTMLStyleElement>('style[data-emotion]')) {
    let list: CSSRuleList | undefined;
    try {
      list = sheet.sheet?.cssRules;
    } catch {
      continue;
    }
    for (const rule of list ?? []) {
      const text = ruleText(rule, used);
      if (text) rules.push(text);
    }
  }
  return rules.join('');
}

/** The screen's `<main>` (or a dialog) made inert: only how it looks is kept, with the form fields' shown values. */
export function inertCopy(main: HTMLElement): HTMLElement {
  const copy = main.cloneNode(true) as HTMLElement;
  // Values are properties, not attributes: copied from the screen's fields in the same order.
  const fields = [...main.querySelectorAll('input,textarea,select')];
  [...copy.querySelectorAll('input,textarea,select')].forEach((field, index) => {
    const shown = fields[index] as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
    if (field instanceof HTMLTextAreaElement) field.textContent = shown.value;
    if (!(field instanceof HTMLInputElement)) return;
    if (field.type === 'file' || field.type === 'hidden') field.remove();
    else if (!SHOWN_VALUES.has(field.getAttribute('type') ?? '')) field.removeAttribute('value');
    else {
      field.setAttribute('value', shown.value);
      if ((shown as HTMLInputElement).checked) field.setAttribute('checked', '');
    }
  });
  copy.querySelectorAll(DROPPED).forEach((element) => element.remove());
  for (const element of [copy, ...copy.querySelectorAll('*')]) {
    for (const { name } of [...element.attributes])
      if (!KEPT_ATTRIBUTES.includes(name.toLowerCase())) element.removeAttribute(name);
    // Nothing in it can be focused or sent.
    if (/^(BUTTON|INPUT|TEXTAREA|SELECT|FIELDSET)$/.test(element.tagName))
      element.setAttribute('disabled', '');
  }
  return copy;
}

/** The copy of the screen drawn now, for `uid` at `path`; nothing where there is no `<main>`. */
export function takeScreenSnapshot(
  uid: string,
  path: string,
  now: number = Date.now(),
): ScreenSnapshot | undefined {
  const main = document.querySelector('main');
  if (!main) return undefined;
  const copy = inertCopy(main);
  const dark = darkMode();
  if (dark === undefined) return undefined;
  return {
    uid,
    path,
    width: window.innerWidth,
    dark,
    top: Math.round(main.getBoundingClientRect().top + window.scrollY),
    background: getComputedStyle(document.body).backgroundColor,
    html: copy.outerHTML,
    css: cssFor(classesOf(copy)),
    savedAt: now,
  };
}

/** Whether the app shows in dark mode on this device; undefined where storage cannot be read. */
function darkMode(): boolean | undefined {
  try {
    return localStorage.getItem(storageKeys.colorMode) === 'dark';
  } catch {
    return undefined;
  }
}

/** Two copies that draw the same: only when they were taken differs. */
function sameLook<T extends KeptCopy>(one: T, other: T): boolean {
  return JSON.stringify({ ...one, savedAt: 0 }) === JSON.stringify({ ...other, savedAt: 0 });
}

/**
 * Writes `snapshot` under `key` for the member's next start, unless they have signed out meanwhile
 * (sign-out cleared the copies), it draws the same as the one kept (each write reaches the app's other
 * tabs), or it is too large.
 */
function storeSnapshot<T extends KeptCopy>(key: string, take: () => T | undefined): void {
  try {
    if (localStorage.getItem(storageKeys.memberHint) === null) return;
    const snapshot = take();
    if (!snapshot) return;
    const before = localStorage.getItem(key);
    if (before !== null && sameLook(JSON.parse(before) as T, snapshot)) return;
    const text = JSON.stringify(snapshot);
    if (text.length > SNAPSHOT_MAX_CHARS) localStorage.removeItem(key);
    else localStorage.setItem(key, text);
  } catch {
    // Full or blocked storage: the screen starts as it would without a copy.
  }
}

/** Keeps the copy of the screen at `path` for the member's next start there. */
export function keepScreenSnapshot(uid: string, path: string): void {
  if (!SNAPSHOT_SCREENS.includes(path)) return;
  storeSnapshot(screenSnapshotKey(path), () => takeScreenSnapshot(uid, path));
}

/**
 * The photo detail around `card` (the photo's card, its image shown) as a copy: the dialog's frame with
 * what comes before the card (its title) and the card, nothing after it; without the caption and the
 * image's source, which are the photo's, not the frame's.
 */
export function takeDetailSnapshot(
  uid: string,
  card: HTMLElement,
  now: number = Date.now(),
): DetailSnapshot | undefined {
  const container = card.closest<HTMLElement>('.MuiDialog-container');
  if (!container || !card.querySelector('img')) return undefined;
  const frame = container.cloneNode(true) as HTMLElement;
  const place = placeOf(container, card);
  const node = place && elementAt(frame, place);
  if (!node) return undefined;
  for (let kept: Element = node; kept !== frame && kept.parentElement; kept = kept.parentElement)
    while (kept.nextElementSibling) kept.nextElementSibling.remove();
  const copy = inertCopy(frame);
  const image = copy.querySelector('img');
  const title = copy.querySelector('h2');
  if (!image || !title) return undefined;
  for (const name of ['src', 'srcset', 'alt', 'width', 'height']) image.removeAttribute(name);
  for (const child of [...title.childNodes]) if (child.nodeType === Node.TEXT_NODE) child.remove();
  const dark = darkMode();
  if (dark === undefined) return undefined;
  return {
    uid,
    width: window.innerWidth,
    dark,
    html: copy.outerHTML,
    css: cssFor(classesOf(copy)),
    savedAt: now,
  };
}

/** Keeps the photo detail's look, shown full-screen around `card`, for the member's next start at one. */
export function keepDetailSnapshot(uid: string, card: HTMLElement): void {
  storeSnapshot(SNAPSHOT_LOOK.detail.key, () => takeDetailSnapshot(uid, card));
}

/**
 * Draws the copy kept for `pathname`, if it is this member's (`uid`) and was drawn at this width and in
 * this colour mode, unless the screen has drawn itself or one is drawn; answers with the layer and the
 * images in view, whose load the page's head waits for before it asks for the app's code. The markup is
 * parsed in a template and stripped again before it is put in the page, whoever wrote it. It goes by
 * itself once the address changes or the screen has not met it in time (`watch`). Its text goes into
 * the page's head as it is: it uses only its parameters and the browser's globals.
 */
export function drawScreenSnapshot(
  uid: string,
  pathname: string,
  look: SnapshotLook,
  watch: typeof watchLayer,
): { layer: HTMLElement; images: HTMLImageElement[] } | undefined {
  const path =
    pathname.length > 1 && pathname.charAt(pathname.length - 1) === '/' ? pathname.slice(0, -1) : pathname;
  const root = document.documentElement;
  if (look.paths.indexOf(path) < 0 || root.dataset[look.taken] || document.getElementById(look.id))
    return undefined;
  let dark: boolean;
  try {
    dark = localStorage.getItem(look.colorModeKey) === 'dark';
  } catch {
    return undefined;
  }
  const read = (key: string): Record<string, unknown> | null => {
    try {
      const value: unknown = JSON.parse(localStorage.getItem(key) || 'null');
      return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  };
  // The app's styles load nothing: CSS that would is not the app's. Escapes are refused too (the app
  // writes none), so none can spell a load these words would miss.
  const loads = /\\|@import|url\(|image-set\(|image\(|cross-fade\(|element\(|src\(/i;
  // A copy this member's device kept at this width and in this colour mode, its CSS loading nothing.
  const ours = (
    copy: Record<string, unknown> | null,
  ): copy is Record<string, unknown> & { html: string; css: string } =>
    !!copy &&
    copy.uid === uid &&
    copy.width === window.innerWidth &&
    copy.dark === dark &&
    typeof copy.html === 'string' &&
    typeof copy.css === 'string' &&
    !loads.test(copy.css);
  // Markup from storage, parsed inert and stripped to how it looks, whoever wrote it.
  const parse = (html: string): Element | undefined => {
    const template = document.createElement('template');
    template.innerHTML = html;
    const top = template.content.firstElementChild;
    if (!top || template.content.childElementCount !== 1 || top.matches(look.dropped)) return undefined;
    top.querySelectorAll(look.dropped).forEach((element) => element.remove());
    const all = ([top] as Element[]).concat(
      Array.prototype.slice.call(top.querySelectorAll('*')) as Element[],
    );
    for (const element of all)
      for (const attribute of Array.prototype.slice.call(element.attributes) as Attr[]) {
        const name = attribute.name.toLowerCase();
        if (look.attributes.indexOf(name) < 0 || (name === 'style' && loads.test(attribute.value)))
          element.removeAttribute(attribute.name);
      }
    return top;
  };
  // A layer over the page, hidden from assistive technology, with the copy's CSS; it goes by itself once
  // the address changes or what it stands for has not taken it over in time.
  const addLayer = (id: string, cssText: string, css: string, content: Element, taken: string) => {
    const layer = document.createElement('div');
    layer.id = id;
    layer.setAttribute('aria-hidden', 'true');
    layer.style.cssText = cssText;
    const style = document.createElement('style');
    style.textContent = css;
    layer.append(style, content);
    (document.body || root).append(layer);
    watch(layer, (next) => next === path || next === path + '/', {
      taken,
      unmetMs: look.unmetMs,
      addressCheckMs: look.addressCheckMs,
    });
    return layer;
  };

  const kept = read(look.keyPrefix + path);
  if (
    !ours(kept) ||
    kept.path !== path ||
    typeof kept.top !== 'number' ||
    typeof kept.background !== 'string' ||
    !/^[\w#(),.%\s-]*$/.test(kept.background)
  )
    return undefined;
  const keptMain = parse(kept.html);
  if (!keptMain) return undefined;
  // A `<div>` in the main's place: the page has one `<main>`, the app's.
  const main = document.createElement('div');
  main.className = keptMain.className;
  while (keptMain.firstChild) main.appendChild(keptMain.firstChild);
  // Contained: nothing in it is laid out or painted outside it, a fixed element included. Not cut short
  // of the tab bar, which it covers for now: the screen paints its own photos whole, and a copy that
  // showed less of them would be only a smaller first paint. Taps go through to the screen under it.
  const layer = addLayer(
    look.id,
    `position:absolute;top:${kept.top}px;left:0;right:0;contain:layout paint;z-index:1;pointer-events:none;background:${kept.background}`,
    kept.css,
    main,
    look.taken,
  );
  layer.setAttribute('inert', '');

  // The photo the address opens My Photos on, full-screen as this device last showed a photo's detail:
  // its frame from the detail's copy, its image and caption from its card in the screen's. Only where My
  // Photos opens the detail the address names, and never after the app's own has shown.
  const detail = look.detail;
  let wanted: string | null = null;
  try {
    if (path === detail.path && !root.dataset[detail.taken] && !document.getElementById(detail.id))
      wanted = new URLSearchParams(location.search).get(detail.param);
  } catch {
    wanted = null;
  }
  let card: Element | undefined;
  const cards = main.querySelectorAll('[' + detail.photoAttribute + ']');
  for (let index = 0; wanted !== null && index < cards.length; index++)
    if (cards[index]!.getAttribute(detail.photoAttribute) === wanted) card = cards[index];
  const photo = card && card.querySelector('img');
  const framed = photo ? read(detail.key) : null;
  const frame = ours(framed) ? parse(framed.html) : undefined;
  const image = frame && frame.querySelector('img');
  const title = frame && frame.querySelector('h2');
  if (photo && ours(framed) && frame && image && title) {
    for (const name of ['src', 'srcset', 'width', 'height', 'alt']) {
      const value = photo.getAttribute(name);
      if (value !== null) image.setAttribute(name, value);
    }
    title.insertBefore(document.createTextNode(photo.getAttribute('alt') || ''), title.firstChild);
    // Not inert and not see-through to taps, unlike the screen's copy: what lies under it is not the
    // detail but My Photos (a card's switch, Delete), where a tap meant for the detail would land.
    const over = addLayer(
      detail.id,
      `position:fixed;top:0;left:0;right:0;bottom:0;contain:layout paint;z-index:${detail.zIndex}`,
      framed.css,
      frame,
      detail.taken,
    );
    return { layer: over, images: [image] };
  }
  const images = (Array.prototype.slice.call(layer.querySelectorAll('img')) as HTMLImageElement[]).filter(
    (shown) => shown.getBoundingClientRect().top < window.innerHeight,
  );
  return { layer, images };
}

/**
 * Removes `layer` once `images` have loaded or failed (so nothing blinks; at most
 * SNAPSHOT_HANDOVER_LIMIT_MS), after the next frame. The function returned removes it at once.
 */
function dropOnceLoaded(layer: HTMLElement, images: HTMLImageElement[]): () => void {
  const loads = images
    .filter((image) => !image.complete)
    .map(
      (image) =>
        new Promise<void>((resolve) => {
          image.addEventListener('load', () => resolve(), { once: true });
          image.addEventListener('error', () => resolve(), { once: true });
        }),
    );
  let frame = 0;
  const limit = new Promise<void>((resolve) => setTimeout(resolve, SNAPSHOT_HANDOVER_LIMIT_MS));
  void Promise.race([Promise.all(loads), limit]).then(() => {
    frame = requestAnimationFrame(() => layer.remove());
  });
  return () => {
    cancelAnimationFrame(frame);
    layer.remove();
  };
}

/**
 * The screen has drawn itself in `main`: the layer over it goes once the screen's own photos in view
 * have loaded, then after the next frame (`dropOnceLoaded`). No copy is drawn after this. The function
 * returned drops the layer at once (the screen went).
 */
export function meetScreenSnapshot(main: Element | null): () => void {
  document.documentElement.dataset[SNAPSHOT_TAKEN] = 'true';
  const layer = document.getElementById(SCREEN_SNAPSHOT_ID);
  if (!layer) return () => undefined;
  const height = window.innerHeight;
  const images = [...(main?.querySelectorAll('img') ?? [])].filter(
    (image) => image.getBoundingClientRect().top < height,
  );
  return dropOnceLoaded(layer, images);
}

/**
 * The photo detail has drawn itself, showing `image`: the detail's copy over it goes once that has
 * loaded (`dropOnceLoaded`), the dialog being over it meanwhile. No detail copy is drawn after this.
 * The function returned drops the copy at once (the detail went).
 */
export function meetDetailSnapshot(image: HTMLImageElement | null | undefined): () => void {
  document.documentElement.dataset[DETAIL_TAKEN] = 'true';
  const layer = document.getElementById(DETAIL_SNAPSHOT_ID);
  if (!layer) return () => undefined;
  return dropOnceLoaded(layer, image ? [image] : []);
}

/** My Photos opens without the photo the address names (gone, or none): its detail's copy goes now. */
export function dropDetailSnapshot(): void {
  document.documentElement.dataset[DETAIL_TAKEN] = 'true';
  document.getElementById(DETAIL_SNAPSHOT_ID)?.remove();
}

/**
 * Drops the layers (the screen's copy and a detail's over it) as soon as `main` shows anything but a
 * kept screen (KEPT_SCREEN_ATTRIBUTE) or one that only waits (WAITING_SCREEN_ATTRIBUTE): an error, the
 * profile form a new member completes, another screen at the address. A layer would hide it, and a tap
 * through it would land on what is not seen. Watches while either layer is there; the function returned
 * stops looking.
 */
export function dropOverOtherScreens(main: HTMLElement | null): () => void {
  const drawn = () =>
    document.getElementById(SCREEN_SNAPSHOT_ID) ?? document.getElementById(DETAIL_SNAPSHOT_ID);
  if (!main || !drawn()) return () => undefined;
  const check = () => {
    if (!drawn()) {
      observer.disconnect();
      return;
    }
    if (main.childElementCount === 0) return;
    if (main.querySelector(`[${KEPT_SCREEN_ATTRIBUTE}], [${WAITING_SCREEN_ATTRIBUTE}]`)) return;
    document.getElementById(SCREEN_SNAPSHOT_ID)?.remove();
    dropDetailSnapshot();
    observer.disconnect();
  };
  const observer = new MutationObserver(check);
  observer.observe(main, { childList: true, subtree: true, attributes: true });
  check();
  return () => observer.disconnect();
}

/** For tests: the page as it was before any copy was drawn. */
export function resetScreenSnapshot(): void {
  document.documentElement.removeAttribute('data-snapshot-taken');
  document.documentElement.removeAttribute('data-detail-taken');
  document.getElementById(SCREEN_SNAPSHOT_ID)?.remove();
  document.getElementById(DETAIL_SNAPSHOT_ID)?.remove();
}
