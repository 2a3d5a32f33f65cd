/** Elements placed on the page as layout would place them, for what compares their places under jsdom (which lays nothing out). */

export interface Place {
  top: number;
  left: number;
  width: number;
  height: number;
}

/** Gives `element` the box `place`. */
export function placeAt<Element extends HTMLElement>(element: Element, place: Place): Element {
  element.getBoundingClientRect = () => DOMRect.fromRect({ x: place.left, y: place.top, ...place });
  return element;
}

/** A screen's frame at `place`. */
export const frameAt = (place: Place): HTMLElement => placeAt(document.createElement('div'), place);

/** Places the first frame of the drawn layer `id` at `place`. */
export function drawnAt(id: string, place: Place): void {
  const figure = document.getElementById(id)?.querySelector('figure');
  if (!figure) throw new Error('No layer drawn.');
  placeAt(figure, place);
}
