/**
 * The browser's offer to install the app (`beforeinstallprompt`), kept from the first moments of the
 * page: the event fires once, early, and the header's Install button and the install popover load later.
 */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function changed(next: InstallPromptEvent | null): void {
  offer = next;
  for (const listener of listeners) listener();
}

export function watchInstallOffer(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    // NOTE: keeps the browser's own mini bar away; the app offers installation in its header.
    event.preventDefault();
    changed(event as InstallPromptEvent);
  });
  target.addEventListener('appinstalled', () => changed(null));
}

export function installOffer(): InstallPromptEvent | null {
  return offer;
}

export function subscribeInstallOffer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install dialog; an offer can be used once, so it is gone afterwards. */
export async function install(): Promise<boolean> {
  const current = offer;
  if (!current) return false;
  changed(null);
  await current.prompt();
  return (await current.userChoice).outcome === 'accepted';
}
