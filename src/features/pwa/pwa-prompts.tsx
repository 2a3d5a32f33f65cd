/**
 * The installable app's prompts, mounted after the first paint: the service worker's registration, the
 * update prompt (asked again after an hour when declined, checked every 15 minutes), the toast after a
 * reload into a new version, the first install's offline note, the offline banner, and for members
 * the install popover and push on this device.
 */
import { useEffect, useState } from 'react';
import { useDialogs } from '@/components/dialogs';
import { useToast } from '@/components/toast';
import { storageKeys } from '@/lib/storage';
import { useSession } from '@/data/session';
import {
  PWA_UPDATE_CHECK_MS,
  PWA_UPDATE_REPROMPT_MS,
  PWA_UPDATED_MESSAGE,
  PWA_UPDATED_TOAST_DELAY_MS,
  PWA_UPDATED_TOAST_MS,
} from '@/domain/constants';
import { logFailure } from '@/lib/report-error';
import { InstallPopover } from './install-popover';
import { usePushOnThisDevice } from './notifications';
import { OfflineBanner } from './offline-banner';
import {
  clearUpdatedMark,
  hasUpdatedMark,
  registerServiceWorker,
  unregisterServiceWorkers,
  type ServiceWorkerControls,
} from './service-worker';
import { countVisit } from './visits';

export const UPDATE_PROMPT = {
  title: 'Update available',
  message: 'A new version of Photorater is ready. Update now?',
  confirmLabel: 'Update',
  cancelLabel: 'Later',
};
export const OFFLINE_READY_MESSAGE = 'Photorater is ready to work offline.';

/**
 * Whether the device has yet to be told the app works offline, noting that it now is: the service
 * worker's first install is news once, not again where it is installed anew (storage cleared in part).
 */
function firstOfflineNote(): boolean {
  try {
    if (localStorage.getItem(storageKeys.offlineReadyShown) !== null) return false;
    localStorage.setItem(storageKeys.offlineReadyShown, '1');
  } catch {
    // Blocked storage: the note is shown, as it cannot be remembered.
  }
  return true;
}

interface Props {
  /** Only a production build has a service worker (vite-plugin-pwa builds it). */
  withServiceWorker?: boolean;
}

export function PwaPrompts({ withServiceWorker = import.meta.env.PROD }: Props) {
  const { confirm } = useDialogs();
  const toast = useToast();
  const session = useSession();
  const [visits] = useState(countVisit);
  const [updated] = useState(hasUpdatedMark);
  usePushOnThisDevice(session.user ?? undefined);

  useEffect(() => {
    if (!updated) return;
    clearUpdatedMark();
    const timer = setTimeout(() => {
      toast({ message: PWA_UPDATED_MESSAGE, severity: 'success', duration: PWA_UPDATED_TOAST_MS });
    }, PWA_UPDATED_TOAST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [updated, toast]);

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    if (!withServiceWorker) {
      unregisterServiceWorkers().catch((error: unknown) =>
        logFailure(error, { feature: 'pwa', action: 'unregister service worker' }),
      );
      return;
    }
    let stopped = false;
    let asking = false;
    let controls: ServiceWorkerControls | null = null;
    let reprompt: ReturnType<typeof setTimeout> | undefined;
    let checks: ReturnType<typeof setInterval> | undefined;

    const ask = async () => {
      if (asking || stopped) return;
      asking = true;
      const accepted = await confirm(UPDATE_PROMPT);
      asking = false;
      if (stopped) return;
      if (accepted) controls?.takeOver();
      else reprompt = setTimeout(() => void ask(), PWA_UPDATE_REPROMPT_MS);
    };

    registerServiceWorker({
      onWaiting: () => {
        clearTimeout(reprompt);
        void ask();
      },
      onOfflineReady: () => {
        if (stopped || !firstOfflineNote()) return;
        toast({ message: OFFLINE_READY_MESSAGE, severity: 'success', background: true });
      },
    })
      .then((registered) => {
        if (stopped) return;
        controls = registered;
        checks = setInterval(() => {
          registered
            .checkForUpdate()
            .catch((error: unknown) => logFailure(error, { feature: 'pwa', action: 'check for update' }));
        }, PWA_UPDATE_CHECK_MS);
      })
      .catch((error: unknown) => logFailure(error, { feature: 'pwa', action: 'register service worker' }));

    return () => {
      stopped = true;
      clearTimeout(reprompt);
      clearInterval(checks);
    };
  }, [withServiceWorker, confirm, toast]);

  return (
    <>
      <OfflineBanner />
      {session.member && <InstallPopover visits={visits} />}
    </>
  );
}
