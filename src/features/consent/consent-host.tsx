/**
 * Cookie consent for the whole app: the banner while there is no current choice (none yet, or one
 * older than 30 days), the preferences dialog from the banner or from Cookie settings in the footer
 * and the drawer, and, for a member, the choice kept on their record: the newer of the device's and
 * the record's wins, and a choice made on the device is saved to the record.
 */
import { useCallback, useEffect, useState } from 'react';
import { call } from '@/data/callables';
import { useSession } from '@/data/session';
import {
  ALL_ALLOWED,
  consentOf,
  isConsentCurrent,
  NECESSARY_ONLY,
  parseConsent,
  type ConsentPreferences,
  type CookieConsent,
} from '@/domain/consent';
import { keepConsent, onConsentChange, readConsent } from '@/lib/consent';
import { onCookieSettingsRequest } from '@/lib/cookie-settings';
import { onDemand } from '@/lib/on-demand';
import { logFailure } from '@/lib/report-error';
import { ConsentBanner } from './consent-banner';

// Loaded when opened: a first visit shows the banner, and the dialog's parts (MUI's Dialog, the
// switches) would otherwise load and run with it while the page is being taken over.
const ConsentPreferencesDialog = onDemand(() =>
  import('./consent-preferences-dialog').then((module) => module.ConsentPreferencesDialog),
);

/** Saves the device's choice to the member's record and takes the server's time, so both agree. */
async function saveToRecord(consent: CookieConsent): Promise<void> {
  const { timestamp } = await call('saveCookieConsent', { preferences: consent.preferences });
  keepConsent({ ...consent, timestamp: new Date(timestamp) });
}

export function ConsentHost() {
  const { user } = useSession();
  const [consent, setConsent] = useState<CookieConsent | null>(() => readConsent());
  const [preferencesOpen, setPreferencesOpen] = useState(false);
  const uid = user?.uid;
  const recordConsent = parseConsent(user?.cookieConsent);
  const recordTime = recordConsent?.timestamp.getTime();

  useEffect(() => onConsentChange(setConsent), []);
  useEffect(() => onCookieSettingsRequest(() => setPreferencesOpen(true)), []);

  useEffect(() => {
    if (!uid) return;
    const device = readConsent();
    const record = recordTime === undefined ? null : recordConsent;
    const deviceTime = device?.timestamp.getTime() ?? -Infinity;
    if (record && isConsentCurrent(record, new Date()) && record.timestamp.getTime() > deviceTime) {
      keepConsent(record);
    } else if (device && (!record || deviceTime > record.timestamp.getTime())) {
      saveToRecord(device).catch((error: unknown) =>
        logFailure(error, { feature: 'consent', action: 'saveCookieConsent', userId: uid }),
      );
    }
    // The record's time stands for its consent.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [uid, recordTime]);

  const choose = useCallback(
    (preferences: ConsentPreferences) => {
      const chosen = consentOf(preferences, new Date());
      keepConsent(chosen);
      setPreferencesOpen(false);
      if (uid)
        saveToRecord(chosen).catch((error: unknown) =>
          logFailure(error, { feature: 'consent', action: 'saveCookieConsent', userId: uid }),
        );
    },
    [uid],
  );

  return (
    <>
      {!consent && !preferencesOpen && (
        <ConsentBanner
          onAcceptAll={() => choose(ALL_ALLOWED)}
          onNecessaryOnly={() => choose(NECESSARY_ONLY)}
          onPreferences={() => setPreferencesOpen(true)}
        />
      )}
      {preferencesOpen && (
        <ConsentPreferencesDialog
          open
          initial={consent?.preferences ?? null}
          onSave={choose}
          onClose={() => setPreferencesOpen(false)}
        />
      )}
    </>
  );
}
