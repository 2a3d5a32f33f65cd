/** A clear offline state: while the browser has no connection, the app says it shows what the device saved. */
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { Alert } from '@mui/material';
import { useOnline } from '@/data/use-online';
import { OFFLINE_MESSAGES } from '@/domain/errors';

export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <Alert
      severity="warning"
      icon={<CloudOffIcon />}
      role="status"
      sx={{ position: 'fixed', left: 8, right: 8, bottom: 72, zIndex: (theme) => theme.zIndex.snackbar - 1 }}
    >
      {OFFLINE_MESSAGES.banner}
    </Alert>
  );
}
