/**
 * /leaderboard's first row drawn before the app, as /rate's first photo is (src/lib/first-photo.ts):
 * once the board asked for by the page's head answers (src/data/first-read.ts), its first photos are put
 * where the leaderboard will show them, in a layer of its own over the page, so the board's largest
 * paint does not wait for the app's code. The layer repeats the page's layout (the header's height, the
 * title and the rule, the filter's row, the grid with the same sizes and the same image candidates, so
 * the page's copies come from the browser's cache), its text invisible. The leaderboard takes over: the
 * layer goes once the page's own first photos have loaded, at once when the page shows other photos or
 * its first frame is not where the layer drew it, when the page or the address goes, and after
 * FIRST_BOARD_UNMET_MS if the page never meets it.
 */

import { paths } from '../config/paths';
import { type photoSrcSet, SRCSET_BOUNDS, type SrcSetBounds } from '../domain/photo';
import { LEADERBOARD_RULE, LEADERBOARD_TITLE } from '../domain/rating';
import { ADDRESS_CHECK_MS, FIRST_PHOTO_UNMET_MS, samePlace, type watchLayer } from './first-photo';

export const FIRST_BOARD_ID = 'first-board';
/** A row of the widest grid (four columns from MUI's `md`), two rows on a phone. */
export const FIRST_BOARD_PLACES = 4;
/** How wide a board photo shows: the grid's `sizes`. */
export const BOARD_PHOTO_SIZES = '(min-width: 900px) min(25vw, 280px), 50vw';
/** The first place's frame. */
export const FIRST_PLACE_BORDER = '3px solid #d4af37';
/** The leaderboard's grid columns: two on a phone, four from MUI's `md`. */
export const BOARD_COLUMNS = { mobile: 'repeat(2, 1fr)', desktop: 'repeat(4, 1fr)' } as const;

/** A board photo, as far as the layer draws it. */
export interface BoardPhotoLook {
  id: string;
  imageUrl: string;
  smallImageUrl: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
}

/**
 * The page's layout after MUI's: the sticky header's toolbar (56 px, 48 in a phone's landscape, 64 from
 * 600 px), an `lg` Container (24 px over it, 16 px at its sides, 24 from 600 px), the h5 title with 8 px
 * under it, the rule (body2, at most 640 px wide) with 16 px, the small filter buttons' row (38.75 px)
 * with 24 px, then the grid with 16 px gaps and 3:4 frames with rounded corners, the first place's
 * inside a gold border. Nothing in it is seen but the photos, and it takes no pointer.
 */
const STYLE = [
  `#${FIRST_BOARD_ID}{position:absolute;top:0;left:0;right:0;z-index:1;pointer-events:none;font-family:Roboto,Helvetica,Arial,sans-serif;font-weight:400}`,
  `#${FIRST_BOARD_ID}>header{height:56px}`,
  `@media (min-width:0px) and (orientation:landscape){#${FIRST_BOARD_ID}>header{height:48px}}`,
  `@media (min-width:600px){#${FIRST_BOARD_ID}>header{height:64px}}`,
  `#${FIRST_BOARD_ID}>div{box-sizing:border-box;max-width:1200px;margin:0 auto;padding:24px 16px}`,
  `@media (min-width:600px){#${FIRST_BOARD_ID}>div{padding:24px}}`,
  `#${FIRST_BOARD_ID} h1,#${FIRST_BOARD_ID} p{visibility:hidden;text-align:center}`,
  `#${FIRST_BOARD_ID} h1{font-size:1.5rem;line-height:1.334;margin:0 0 8px}`,
  `#${FIRST_BOARD_ID} p{font-size:.875rem;line-height:1.43;letter-spacing:.01071em;max-width:640px;margin:0 auto 16px}`,
  `#${FIRST_BOARD_ID} section{height:38.75px;margin:0 0 24px}`,
  `#${FIRST_BOARD_ID} ol{list-style:none;padding:0;margin:0;display:grid;gap:16px;grid-template-columns:${BOARD_COLUMNS.mobile}}`,
  `@media (min-width:900px){#${FIRST_BOARD_ID} ol{grid-template-columns:${BOARD_COLUMNS.desktop}}}`,
  `#${FIRST_BOARD_ID} figure{box-sizing:border-box;margin:0;width:100%;aspect-ratio:3/4;border-radius:8px;overflow:hidden}`,
  `#${FIRST_BOARD_ID} li:first-child figure{border:${FIRST_PLACE_BORDER}}`,
  `#${FIRST_BOARD_ID} img{width:100%;height:100%;object-fit:cover;display:block}`,
].join('');

/** Set on `<html>` once the leaderboard has shown its own board: no layer is drawn after it. */
export const FIRST_BOARD_TAKEN = 'firstBoardTaken';

/** What drawing the layer needs besides the photos: given, so the page's head can draw it too. */
export interface FirstBoardLook {
  id: string;
  /** The leaderboard's address, title and rule. */
  path: string;
  title: string;
  rule: string;
  style: string;
  places: number;
  sizes: string;
  small: SrcSetBounds;
  addressCheckMs: number;
  unmetMs: number;
  taken: string;
}

export const FIRST_BOARD_LOOK: FirstBoardLook = {
  id: FIRST_BOARD_ID,
  path: paths.leaderboard,
  title: LEADERBOARD_TITLE,
  rule: LEADERBOARD_RULE,
  style: STYLE,
  places: FIRST_BOARD_PLACES,
  sizes: BOARD_PHOTO_SIZES,
  small: SRCSET_BOUNDS,
  addressCheckMs: ADDRESS_CHECK_MS,
  unmetMs: FIRST_PHOTO_UNMET_MS,
  taken: FIRST_BOARD_TAKEN,
};

/**
 * Draws the layer for the board's first photos, unless the page is not /leaderboard, the leaderboard has
 * shown its own or one is drawn, answering with the images drawn (none when it drew nothing). It goes by
 * itself once the address leaves the board or the page has not met it in time (`watch`, `watchLayer` in
 * src/lib/first-photo.ts). Its text goes into the page's head as it is, with `srcSet` (`photoSrcSet` in
 * src/domain/photo.ts): it uses only its parameters and the browser's globals.
 */
export function drawFirstBoardLayer(
  photos: BoardPhotoLook[],
  pathname: string,
  look: FirstBoardLook,
  srcSet: typeof photoSrcSet,
  watch: typeof watchLayer,
): HTMLImageElement[] {
  const isBoard = (path: string) => path === look.path || path === `${look.path}/`;
  const root = document.documentElement;
  const first = photos.slice(0, look.places);
  if (
    !isBoard(pathname) ||
    first.length === 0 ||
    root.dataset[look.taken] ||
    document.getElementById(look.id)
  )
    return [];
  const layer = document.createElement('div');
  layer.id = look.id;
  layer.setAttribute('aria-hidden', 'true');
  layer.dataset.photoIds = first.map((photo) => photo.id).join(' ');
  const style = document.createElement('style');
  style.textContent = look.style;
  const container = document.createElement('div');
  const title = document.createElement('h1');
  title.textContent = look.title;
  const rule = document.createElement('p');
  rule.textContent = look.rule;
  const list = document.createElement('ol');
  const images = first.map((photo) => {
    const item = document.createElement('li');
    const frame = document.createElement('figure');
    const image = document.createElement('img');
    image.alt = '';
    image.fetchPriority = 'high';
    const candidates = srcSet(photo, look.small);
    if (candidates) {
      image.srcset = candidates;
      image.sizes = look.sizes;
    }
    if (photo.imageWidth && photo.imageHeight) {
      image.width = photo.imageWidth;
      image.height = photo.imageHeight;
    }
    image.src = photo.imageUrl;
    frame.append(image);
    item.append(frame);
    list.append(item);
    return image;
  });
  container.append(title, rule, document.createElement('section'), list);
  layer.append(style, document.createElement('header'), container);
  (document.body ?? root).append(layer);
  watch(layer, isBoard, look);
  return images;
}

/** Removes the layer, if drawn. */
export function dropFirstBoard(): void {
  document.getElementById(FIRST_BOARD_ID)?.remove();
}

/**
 * The leaderboard showing `photoIds` in order, its first photo's frame `frame` (the page's own images
 * not yet loaded): the layer stays over them only when it shows the same first photos in the same place;
 * otherwise it goes now. No layer is drawn after this.
 */
export function meetFirstBoard(frame: HTMLElement | null, photoIds: string[]): void {
  document.documentElement.dataset[FIRST_BOARD_TAKEN] = 'true';
  const layer = document.getElementById(FIRST_BOARD_ID);
  if (!layer) return;
  const drawnIds = (layer.dataset.photoIds ?? '').split(' ');
  const samePhotos = drawnIds.every((id, place) => photoIds[place] === id);
  if (!samePhotos || !samePlace(layer, frame)) layer.remove();
}

/** For tests: the page as it was before any layer. */
export function resetFirstBoard(): void {
  document.documentElement.removeAttribute('data-first-board-taken');
  dropFirstBoard();
}
