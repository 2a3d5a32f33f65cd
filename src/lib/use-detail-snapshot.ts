/**
 * The photo detail's part in the kept screens (src/lib/screen-snapshot.ts): shown, it takes over from
 * the copy of itself the page's head drew for the address's photo, once its own photo has loaded; shown
 * full-screen with its photo loaded, it keeps its look (not the photo's) for the next detail the
 * device opens at its start, when the browser is idle.
 */
import { useEffect } from 'react';
import { whenIdle } from './idle';
import { keepDetailSnapshot, meetDetailSnapshot } from './screen-snapshot';

/**
 * `card`: the photo's card once on the page (a dialog's content comes a moment after the dialog),
 * holding its image. `uid`: the member whose look is kept, none where the detail keeps nothing. `keep`:
 * shown full-screen with the photo itself (not its face analysis).
 */
export function useDetailSnapshot(
  card: HTMLElement | null,
  uid: string | undefined,
  keep: boolean,
  photoId: string,
): void {
  useEffect(() => {
    if (card) return meetDetailSnapshot(card.querySelector('img'));
  }, [card]);
  useEffect(() => {
    const image = card?.querySelector('img');
    if (!uid || !keep || !card || !image) return;
    let cancelIdle = () => {};
    const keepIt = () => {
      cancelIdle = whenIdle(() => keepDetailSnapshot(uid, card));
    };
    if (image.complete && image.naturalWidth > 0) keepIt();
    else image.addEventListener('load', keepIt, { once: true });
    return () => {
      image.removeEventListener('load', keepIt);
      cancelIdle();
    };
  }, [card, uid, keep, photoId]);
}
