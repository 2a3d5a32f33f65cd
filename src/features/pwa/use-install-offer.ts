import { useSyncExternalStore } from 'react';
import { installOffer, subscribeInstallOffer, type InstallPromptEvent } from '@/lib/install-prompt';

/** The browser's current offer to install the app, or null while it makes none. */
export function useInstallOffer(): InstallPromptEvent | null {
  return useSyncExternalStore(subscribeInstallOffer, installOffer, () => null);
}
