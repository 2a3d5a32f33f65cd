/**
 * What a screen says of itself to a copy of a kept screen drawn over it (src/lib/screen-snapshot.ts): a
 * module of its own, so the loader that carries one does not bring the rest.
 */

/** The drawn copy's layer. */
export const SCREEN_SNAPSHOT_ID = 'screen-snapshot';
/** On a kept screen's root: the copy stays over it until it has its content. */
export const KEPT_SCREEN_ATTRIBUTE = 'data-kept-screen';
/** On a screen that only waits (the loader before the member is known): the copy may stay over it. */
export const WAITING_SCREEN_ATTRIBUTE = 'data-waiting-screen';
/** The drawn copy of a photo's detail, over the screen's copy. */
export const DETAIL_SNAPSHOT_ID = 'detail-snapshot';
/** On each of My Photos' cards: whose photo it shows, so the page's head can draw that photo's detail. */
export const PHOTO_ID_ATTRIBUTE = 'data-photo-id';
