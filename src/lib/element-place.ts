/**
 * Where an element sits in a tree, as child positions, to find the same element in another tree of the
 * same shape: the app's rendering of a pre-rendered page (src/lib/prerendered.ts), a clone of a dialog
 * (src/lib/screen-snapshot.ts). Style and script elements do not count: a pre-rendered page carries them
 * where the app renders none. No imports: the build's config loads what imports this without the app's
 * `@/` alias.
 */

/** An element's children as the app renders them: the pre-rendered page also carries style and script elements. */
const rendered = (parent: Element) =>
  [...parent.children].filter((child) => child.tagName !== 'STYLE' && child.tagName !== 'SCRIPT');

/** Where `target` sits under `root`, as child positions, or null when it is not under it. */
export function placeOf(root: Element, target: Element): number[] | null {
  const place: number[] = [];
  for (let node = target; node !== root;) {
    const parent = node.parentElement;
    if (!parent) return null;
    place.unshift(rendered(parent).indexOf(node));
    node = parent;
  }
  return place;
}

/** The element at `place` under `root` (`placeOf`), in another tree of the same shape too. */
export function elementAt(root: Element, place: number[]): Element | undefined {
  let node: Element | undefined = root;
  for (const index of place) node = node && rendered(node)[index];
  return node;
}
