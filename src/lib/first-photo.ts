/**
 * /rate's first photo drawn before the app: as soon as the first feed page answers (asked for by the
 * page's head, src/data/first-read.ts, or else at boot, src/data/feed-prefetch.ts), the photo is put
 * where the rating screen will show it, in a layer of its own over the page, so it does not wait for
 * the app's code to load and render (on a mid-range phone, most of the time before the photo showed).
 * The layer repeats the screen's layout (the heading, the caption, the photo's frame, with the same
 * sizes), its text invisible. The rating screen takes over: once its own copy of the photo has loaded
 * the layer goes, at once when it shows another photo or its frame is not where the layer drew it, and
 * when the screen or the address goes; one the screen never meets (an error screen, code that did not
 * load) goes after FIRST_PHOTO_UNMET_MS.
 */

import { paths } from '../config/paths';
import { RATE_HEADING } from '../domain/rating';

/** The photo's width on /rate, beside the rest of the screen: a phone's, and from MUI's `md` on. */
export const RATE_PHOTO_WIDTH = {
  mobile: 'min(100%, max(180px, calc((100dvh - 390px) * 3 / 4)))',
  desktop: 'min(480px, max(280px, calc((100dvh - 260px) * 3 / 4)))',
} as const;

export const FIRST_PHOTO_ID = 'first-photo';

/** What the layer draws: the feed's first photo. */
export interface FirstPhoto {
  id: string;
  imageUrl: string;
  caption: string;
}

/**
 * The screen's layout after MUI's: a `md` Container (16 px of padding, 24 px from 600 px wide), the
 * h5 heading with 8 px under it, then the caption (subtitle1) and, 12 px under it, the 3:4 frame with
 * rounded corners, centred on a phone; from 900 px the caption and the frame are the grid's first
 * column. Nothing in it is seen but the photo, and it takes no pointer: the screen's own frame is under it.
 */
const STYLE = [
  `#${FIRST_PHOTO_ID}{position:absolute;top:0;left:0;right:0;z-index:1;pointer-events:none;font-family:Roboto,Helvetica,Arial,sans-serif;font-weight:400}`,
  `#${FIRST_PHOTO_ID}>div{box-sizing:border-box;max-width:900px;margin:0 auto;padding:16px}`,
  `@media (min-width:600px){#${FIRST_PHOTO_ID}>div{padding:16px 24px}}`,
  `#${FIRST_PHOTO_ID} h1,#${FIRST_PHOTO_ID} p{visibility:hidden;margin:0;text-align:center}`,
  `#${FIRST_PHOTO_ID} h1{font-size:1.5rem;line-height:1.334;margin-bottom:8px}`,
  `#${FIRST_PHOTO_ID} p{font-size:1rem;line-height:1.75;letter-spacing:.00938em}`,
  `#${FIRST_PHOTO_ID} section{display:grid;grid-template-columns:minmax(0,1fr)}`,
  `@media (min-width:900px){#${FIRST_PHOTO_ID} section{grid-template-columns:${RATE_PHOTO_WIDTH.desktop} minmax(0,1fr)}}`,
  `#${FIRST_PHOTO_ID} section>div{display:flex;flex-direction:column}`,
  `#${FIRST_PHOTO_ID} figure{position:relative;margin:12px 0 0;align-self:center;aspect-ratio:3/4;width:${RATE_PHOTO_WIDTH.mobile};border-radius:8px;overflow:hidden}`,
  `@media (min-width:900px){#${FIRST_PHOTO_ID} figure{width:100%}}`,
  `#${FIRST_PHOTO_ID} img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover;display:block}`,
].join('');

/** How often a drawn layer looks at the address. */
export const ADDRESS_CHECK_MS = 200;
/** How long a layer the rating screen has not met stays: the screen is not coming. */
export const FIRST_PHOTO_UNMET_MS = 10_000;
/**
 * Set on `<html>` once the rating screen has shown its own photo: no layer is drawn after it, by the
 * app or the page's head (whose answer may come after the screen asked for its own).
 */
export const FIRST_PHOTO_TAKEN = 'firstPhotoTaken';

/** What drawing the layer needs besides the photo: given, so the page's head can draw it too. */
export interface FirstPhotoLook {
  id: string;
  /** The rating screen's address and heading. */
  path: string;
  heading: string;
  style: string;
  addressCheckMs: number;
  unmetMs: number;
  taken: string;
}

export const FIRST_PHOTO_LOOK: FirstPhotoLook = {
  id: FIRST_PHOTO_ID,
  path: paths.rate,
  heading: RATE_HEADING,
  style: STYLE,
  addressCheckMs: ADDRESS_CHECK_MS,
  unmetMs: FIRST_PHOTO_UNMET_MS,
  taken: FIRST_PHOTO_TAKEN,
};

/**
 * Draws the layer for `photo`, unless the page is not /rate (or /rate/{this photo}), the rating screen
 * has shown its own or one is drawn, answering whether it drew it. It goes by itself once the address
 * leaves the photo (the app went elsewhere before the screen took it over; the app changes the address
 * without an event to listen to), or the screen has not met it in time, and stops looking once
 * removed. Answers with the photo's image, whose load the page's head waits for before it asks for the
 * app's code. Its text goes into the page's head as it is (src/data/first-read.ts): it uses only its
 * parameters and the browser's globals.
 */
export function drawFirstPhotoLayer(
  photo: FirstPhoto,
  pathname: string,
  look: FirstPhotoLook,
  watch: typeof watchLayer,
): HTMLImageElement | undefined {
  const isRate = (path: string) =>
    path === look.path || path === `${look.path}/` || path === `${look.path}/${photo.id}`;
  const root = document.documentElement;
  if (!isRate(pathname) || root.dataset[look.taken] || document.getElementById(look.id)) return undefined;
  const layer = document.createElement('div');
  layer.id = look.id;
  layer.setAttribute('aria-hidden', 'true');
  layer.dataset.photoId = photo.id;
  const style = document.createElement('style');
  style.textContent = look.style;
  const container = document.createElement('div');
  const heading = document.createElement('h1');
  heading.textContent = look.heading;
  const section = document.createElement('section');
  const column = document.createElement('div');
  const caption = document.createElement('p');
  caption.textContent = photo.caption;
  const frame = document.createElement('figure');
  const image = document.createElement('img');
  image.alt = '';
  image.fetchPriority = 'high';
  image.src = photo.imageUrl;
  frame.append(image);
  column.append(caption, frame);
  section.append(column);
  container.append(heading, section);
  layer.append(style, container);
  // The body, once parsed; the answer could come before it is.
  (document.body ?? root).append(layer);
  watch(layer, isRate, look);
  return image;
}

/**
 * Keeps a drawn layer while the address `stays` and the screen has met it in time (`look.taken` set
 * before `look.unmetMs`), and stops looking once it is removed. Its text goes into the page's head with
 * the drawing functions': it uses only its parameters and the browser's globals.
 */
export function watchLayer(
  layer: HTMLElement,
  stays: (pathname: string) => boolean,
  look: Pick<FirstPhotoLook, 'taken' | 'unmetMs' | 'addressCheckMs'>,
): void {
  const root = document.documentElement;
  const drawnAt = Date.now();
  const watch = setInterval(() => {
    const unmet = !root.dataset[look.taken] && Date.now() - drawnAt >= look.unmetMs;
    if (layer.isConnected && !unmet && stays(window.location.pathname)) return;
    layer.remove();
    clearInterval(watch);
  }, look.addressCheckMs);
}

/** Draws the layer for `photo` (`drawFirstPhotoLayer`), unless the rating screen has already shown its own. */
export function showFirstPhoto(photo: FirstPhoto, pathname: string = window.location.pathname): boolean {
  return drawFirstPhotoLayer(photo, pathname, FIRST_PHOTO_LOOK, watchLayer) !== undefined;
}

/** Removes the layer, if drawn. */
export function dropFirstPhoto(): void {
  document.getElementById(FIRST_PHOTO_ID)?.remove();
}

/** How far apart (in CSS pixels) the layer's frame and the screen's may be for the layer to stay. */
const SAME_PLACE_PX = 1;

/**
 * The rating screen showing `photoId` in `frame` (its own, not yet loaded): the layer stays over it
 * only when it shows the same photo in the same place; otherwise it goes now. The layer is not
 * drawn after this.
 */
export function meetFirstPhoto(frame: HTMLElement | null, photoId: string): void {
  document.documentElement.dataset[FIRST_PHOTO_TAKEN] = 'true';
  const layer = document.getElementById(FIRST_PHOTO_ID);
  if (!layer) return;
  if (layer.dataset.photoId !== photoId || !samePlace(layer, frame)) layer.remove();
}

/** Whether a layer's first frame sits where the screen's `frame` is, within SAME_PLACE_PX. */
export function samePlace(layer: HTMLElement, frame: HTMLElement | null): boolean {
  const drawn = layer.querySelector('figure')?.getBoundingClientRect();
  const shown = frame?.getBoundingClientRect();
  return (
    drawn !== undefined &&
    shown !== undefined &&
    (['top', 'left', 'width', 'height'] as const).every(
      (side) => Math.abs(drawn[side] - shown[side]) <= SAME_PLACE_PX,
    )
  );
}

/** For tests: the page as it was before any layer. */
export function resetFirstPhoto(): void {
  document.documentElement.removeAttribute('data-first-photo-taken');
  dropFirstPhoto();
}
