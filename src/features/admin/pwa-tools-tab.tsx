/**
 * The PWA Tools tab: Check for Updates (the button comes back after 2 s), Clear All Caches, the caches
 * this origin holds with a refresh, and troubleshooting tips. It asks the browser directly, so it works
 * with whatever service worker the app has, or none.
 */
import { Alert, Button, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useDialogs } from '@/components/dialogs';
import { useToast } from '@/components/toast';
import { PWA_UPDATE_CHECK_RESET_MS } from '@/domain/admin';
import { messageOf } from './admin-parts';
import { AdminTable, type AdminColumn } from './admin-table';

interface CacheInfo {
  name: string;
  entries: number;
}

const TIPS = [
  'A page that looks out of date: Check for Updates, then reload once the new version is ready.',
  'Images or pages that stay broken after a fix: Clear All Caches and reload; the app fetches them again.',
  'Still stuck: in the browser, unregister the service worker for this site (Application > Service workers) and reload.',
  'Installed app not updating on a phone: close it completely and open it again; updates take over on the next start.',
  'Development builds run without a service worker; these tools act on a production build.',
];

const CACHE_COLUMNS: AdminColumn<CacheInfo>[] = [
  { header: 'Cache', cell: (cache) => cache.name },
  { header: 'Entries', align: 'right', cell: (cache) => cache.entries },
];

async function readCaches(): Promise<CacheInfo[]> {
  if (!('caches' in window)) return [];
  const names = await caches.keys();
  return Promise.all(
    names.map(async (name) => ({ name, entries: (await (await caches.open(name)).keys()).length })),
  );
}

export function PwaToolsTab() {
  const toast = useToast();
  const { confirm } = useDialogs();
  const [checking, setChecking] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [cacheList, setCacheList] = useState<CacheInfo[] | undefined>(undefined);
  const supported = 'serviceWorker' in navigator;

  const refresh = useCallback(async () => {
    try {
      setCacheList(await readCaches());
    } catch (error) {
      toast({ message: messageOf(error), severity: 'error' });
      setCacheList([]);
    }
  }, [toast]);

  useEffect(() => {
    let current = true;
    readCaches().then(
      (found) => current && setCacheList(found),
      () => current && setCacheList([]),
    );
    return () => {
      current = false;
    };
  }, []);

  const checkForUpdates = async () => {
    setChecking(true);
    try {
      const registration = supported ? await navigator.serviceWorker.getRegistration() : undefined;
      if (!registration) setStatus('No service worker is registered on this page.');
      else {
        await registration.update();
        setStatus(
          registration.installing || registration.waiting
            ? 'A new version is ready: the app will ask to switch to it.'
            : 'The app is up to date.',
        );
      }
    } catch (error) {
      setStatus(`The update check failed: ${messageOf(error)}`);
    } finally {
      setTimeout(() => setChecking(false), PWA_UPDATE_CHECK_RESET_MS);
    }
  };

  const clearAll = async () => {
    const sure = await confirm({
      title: 'Clear all caches',
      message: 'Every cache of this site in this browser is emptied; pages and images are fetched again.',
      confirmLabel: 'Clear all caches',
    });
    if (!sure) return;
    try {
      const names = 'caches' in window ? await caches.keys() : [];
      await Promise.all(names.map((name) => caches.delete(name)));
      toast({ message: `${names.length} caches cleared.`, severity: 'success' });
    } catch (error) {
      toast({ message: messageOf(error), severity: 'error' });
    }
    await refresh();
  };

  return (
    <Stack spacing={3}>
      {!supported && <Alert severity="info">This browser does not support service workers.</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button variant="contained" onClick={() => void checkForUpdates()} disabled={checking}>
          {checking ? 'Checking...' : 'Check for Updates'}
        </Button>
        <Button variant="outlined" color="warning" onClick={() => void clearAll()}>
          Clear All Caches
        </Button>
      </Stack>
      {status && <Alert severity="info">{status}</Alert>}
      <Stack spacing={1}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Typography variant="h6" component="h2">
            Active caches
          </Typography>
          <Button size="small" onClick={() => void refresh()}>
            Refresh
          </Button>
        </Stack>
        <AdminTable
          label="Active caches"
          rows={cacheList}
          rowKey={(cache) => cache.name}
          columns={CACHE_COLUMNS}
          empty="No caches."
          scrolls={false}
        />
      </Stack>
      <Stack spacing={1}>
        <Typography variant="h6" component="h2">
          Troubleshooting tips
        </Typography>
        <List dense>
          {TIPS.map((tip) => (
            <ListItem key={tip}>
              <ListItemText primary={tip} />
            </ListItem>
          ))}
        </List>
      </Stack>
    </Stack>
  );
}
