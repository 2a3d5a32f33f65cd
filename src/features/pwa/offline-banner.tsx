/** A clear offline state: while the browser has no connection, the app says it shows what the device saved. */
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { Alert } from '@mui/material';
import { useOnline } from '@/data/use-online';
import { OFFLINE_MESSAGES } from '@/domain/errors';
import { CONSENT_BANNER_HEIGHT, useBottomBar } from '@/lib/bottom-bars';

export function OfflineBanner() {
  const online = useOnline();
  const measured = useBottomBar('offlineNotice');
  if (online) return null;
  return (
    <Alert
      ref={measured}
      severity="warning"
      icon={<CloudOffIcon />}
      role="status"
      // Above the cookie banner, below the tab bar; the page keeps its height free, as for the banner.
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: CONSENT_BANNER_HEIGHT,
        borderRadius: 0,
        zIndex: (theme) => theme.zIndex.appBar,
      }}
    >
      {OFFLINE_MESSAGES.banner}
    </Alert>
  );
}
