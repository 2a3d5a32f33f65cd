/**
 * The analytics counts in the admin area: how many of each event the app sent (with consent), and
 * per A/B variant its assignments, conversions and conversions per assignment. Locally from the
 * local server's event log; on Firebase the events are in Google Analytics.
 */
import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Box, CircularProgress, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { readAnalyticsSummary } from '@/data/analytics-summary';
import { conversionRate, type AnalyticsSummary, type VariantCounts } from '@/domain/analytics-summary';
import { logFailure } from '@/lib/report-error';
import { messageOf } from './admin-parts';
import { AdminTable, type AdminColumn } from './admin-table';

export const ANALYTICS_TEXT = {
  title: 'Analytics',
  events: 'Events',
  variants: 'A/B variants',
  noEvents: 'No analytics events recorded yet.',
  noVariants: 'No A/B test events recorded yet.',
  inGoogleAnalytics:
    "The app's analytics events go to Google Analytics for Firebase: see its Events report in the Firebase console.",
} as const;

const EVENT_COLUMNS: AdminColumn<AnalyticsSummary['events'][number]>[] = [
  { header: 'Event', cell: (event) => event.name },
  { header: 'Count', align: 'right', cell: (event) => event.count },
];

const VARIANT_COLUMNS: AdminColumn<VariantCounts>[] = [
  { header: 'Test', cell: (row) => row.testId },
  { header: 'Variant', cell: (row) => row.variantName },
  { header: 'Assignments', align: 'right', cell: (row) => row.assignments },
  { header: 'Conversions', align: 'right', cell: (row) => row.conversions },
  { header: 'Conversions per assignment', align: 'right', cell: (row) => conversionRate(row) },
];

type State =
  | { status: 'loading' }
  | { status: 'ready'; summary: AnalyticsSummary | null }
  | { status: 'failed'; message: string };

export function AnalyticsTab() {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [reads, setReads] = useState(0);

  useEffect(() => {
    let active = true;
    readAnalyticsSummary().then(
      (summary) => active && setState({ status: 'ready', summary }),
      (error: unknown) => {
        logFailure(error, { feature: 'admin', component: 'AnalyticsTab', action: 'readAnalyticsSummary' });
        if (active) setState({ status: 'failed', message: messageOf(error) });
      },
    );
    return () => {
      active = false;
    };
  }, [reads]);

  const load = useCallback(() => {
    setState({ status: 'loading' });
    setReads((count) => count + 1);
  }, []);

  return (
    <Box component="section" aria-labelledby="admin-analytics-title" sx={{ mt: 4 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography id="admin-analytics-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {ANALYTICS_TEXT.title}
        </Typography>
        <Tooltip title="Refresh">
          <IconButton aria-label="Refresh analytics" onClick={load}>
            <RefreshIcon />
          </IconButton>
        </Tooltip>
      </Stack>
      {state.status === 'loading' && <CircularProgress size={24} aria-label="Loading analytics" />}
      {state.status === 'failed' && <Alert severity="error">{state.message}</Alert>}
      {state.status === 'ready' && state.summary === null && (
        <Alert severity="info">{ANALYTICS_TEXT.inGoogleAnalytics}</Alert>
      )}
      {state.status === 'ready' && state.summary && (
        <Stack spacing={3}>
          <AdminTable
            label={ANALYTICS_TEXT.events}
            rows={state.summary.events}
            rowKey={(event) => event.name}
            columns={EVENT_COLUMNS}
            empty={ANALYTICS_TEXT.noEvents}
            emptyInTable
            scrolls={false}
          />
          <AdminTable
            label={ANALYTICS_TEXT.variants}
            rows={state.summary.variants}
            rowKey={(row) => `${row.testId}/${row.variantId}`}
            columns={VARIANT_COLUMNS}
            empty={ANALYTICS_TEXT.noVariants}
            emptyInTable
            scrolls={false}
          />
        </Stack>
      )}
    </Box>
  );
}
