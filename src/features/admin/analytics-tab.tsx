/**
 * The analytics counts in the admin area: how many of each event the app sent (with consent), and
 * per A/B variant its assignments, conversions and conversions per assignment. Locally from the
 * local server's event log; on Firebase the events are in Google Analytics.
 */
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  Alert,
  Box,
  CircularProgress,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { readAnalyticsSummary } from '@/data/analytics-summary';
import { conversionRate, type AnalyticsSummary } from '@/domain/analytics-summary';
import { logFailure } from '@/lib/report-error';

export const ANALYTICS_TEXT = {
  title: 'Analytics',
  events: 'Events',
  variants: 'A/B variants',
  noEvents: 'No analytics events recorded yet.',
  noVariants: 'No A/B test events recorded yet.',
  inGoogleAnalytics:
    "The app's analytics events go to Google Analytics for Firebase: see its Events report in the Firebase console.",
} as const;

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
        if (active)
          setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
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
          <Table size="small" aria-label={ANALYTICS_TEXT.events}>
            <TableHead>
              <TableRow>
                <TableCell>Event</TableCell>
                <TableCell align="right">Count</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {state.summary.events.map((event) => (
                <TableRow key={event.name}>
                  <TableCell>{event.name}</TableCell>
                  <TableCell align="right">{event.count}</TableCell>
                </TableRow>
              ))}
              {state.summary.events.length === 0 && (
                <TableRow>
                  <TableCell colSpan={2}>{ANALYTICS_TEXT.noEvents}</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
          <Table size="small" aria-label={ANALYTICS_TEXT.variants}>
            <TableHead>
              <TableRow>
                <TableCell>Test</TableCell>
                <TableCell>Variant</TableCell>
                <TableCell align="right">Assignments</TableCell>
                <TableCell align="right">Conversions</TableCell>
                <TableCell align="right">Conversions per assignment</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {state.summary.variants.map((row) => (
                <TableRow key={`${row.testId}/${row.variantId}`}>
                  <TableCell>{row.testId}</TableCell>
                  <TableCell>{row.variantName}</TableCell>
                  <TableCell align="right">{row.assignments}</TableCell>
                  <TableCell align="right">{row.conversions}</TableCell>
                  <TableCell align="right">{conversionRate(row)}</TableCell>
                </TableRow>
              ))}
              {state.summary.variants.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5}>{ANALYTICS_TEXT.noVariants}</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </Stack>
      )}
    </Box>
  );
}
