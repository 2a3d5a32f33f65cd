/**
 * The developer debug panel (spec 2 section 2), in debug mode only: Ctrl+Shift+F or the floating
 * button opens it. It shows what the app read and called (`src/data/operation-log.ts`): the summary,
 * the filters, the operations table, Reset stats, and the settings.
 */
import BugReportIcon from '@mui/icons-material/BugReport';
import SettingsIcon from '@mui/icons-material/Settings';
import {
  Box,
  Button,
  Checkbox,
  Drawer,
  Fab,
  FormControl,
  FormControlLabel,
  IconButton,
  InputLabel,
  MenuItem,
  Select,
  Slider,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import {
  OPERATION_TYPES,
  onOperations,
  readOperationLogSettings,
  readOperations,
  resetOperations,
  setOperationLogSettings,
  type Operation,
  type OperationType,
} from '@/data/operation-log';
import { DEBUG_PANEL, debugLimit } from '@/domain/debug-panel';
import { DebugSettingsDialog } from './debug-settings-dialog';
import { choicesOf, filterOperations, summarizeOperations } from './operations-view';

function useOperations(): readonly Operation[] {
  const [operations, setOperations] = useState(readOperations);
  useEffect(() => onOperations(setOperations), []);
  return operations;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body1" sx={{ fontWeight: 600 }}>
        {value}
      </Typography>
    </Box>
  );
}

/** One of the panel's filters: All, or one of the choices. */
function ChoiceFilter(props: {
  id: string;
  label: string;
  value: string;
  choices: readonly string[];
  onChange(value: string): void;
}) {
  const { id, label, value, choices, onChange } = props;
  return (
    <FormControl size="small" sx={{ minWidth: 140 }}>
      <InputLabel id={id}>{label}</InputLabel>
      <Select labelId={id} label={label} value={value} onChange={(event) => onChange(event.target.value)}>
        <MenuItem value="">All</MenuItem>
        {choices.map((name) => (
          <MenuItem key={name} value={name}>
            {name}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

export function DebugPanel() {
  const [open, setOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [minDurationMs, setMinDurationMs] = useState<number>(DEBUG_PANEL.minDurationFilter.min);
  const [collection, setCollection] = useState('');
  const [type, setType] = useState<OperationType | ''>('');
  const [component, setComponent] = useState('');
  const [limitText, setLimitText] = useState(String(DEBUG_PANEL.limitDefault));
  const [onlyErrors, setOnlyErrors] = useState(false);
  const operations = useOperations();

  useEffect(() => {
    const toggle = (event: KeyboardEvent) => {
      if (event.ctrlKey && event.shiftKey && event.key.toUpperCase() === DEBUG_PANEL.shortcutKey) {
        event.preventDefault();
        setOpen((value) => !value);
      }
    };
    window.addEventListener('keydown', toggle);
    return () => window.removeEventListener('keydown', toggle);
  }, []);

  const summary = useMemo(() => summarizeOperations(operations), [operations]);
  const rows = useMemo(
    () =>
      filterOperations(operations, {
        minDurationMs,
        collection,
        type,
        component,
        limit: debugLimit(limitText),
        onlyErrors,
      }),
    [operations, minDurationMs, collection, type, component, limitText, onlyErrors],
  );
  const { min, max, step } = DEBUG_PANEL.minDurationFilter;

  return (
    <>
      <Tooltip title="Debug panel (Ctrl+Shift+F)">
        <Fab
          size="small"
          color="secondary"
          aria-label="Open the debug panel"
          onClick={() => setOpen(true)}
          sx={{ position: 'fixed', left: 16, bottom: 88, zIndex: (theme) => theme.zIndex.drawer - 1 }}
        >
          <BugReportIcon />
        </Fab>
      </Tooltip>
      <Drawer
        anchor="bottom"
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{ paper: { 'aria-label': 'Debug panel', sx: { maxHeight: '80vh' } } }}
      >
        <Box sx={{ p: 2 }}>
          <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
            <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
              Debug panel
            </Typography>
            <Button onClick={resetOperations}>Reset stats</Button>
            <IconButton aria-label="Debug settings" onClick={() => setSettingsOpen(true)}>
              <SettingsIcon />
            </IconButton>
          </Stack>
          <Stack direction="row" spacing={4} sx={{ mb: 2, flexWrap: 'wrap' }} aria-label="Summary">
            <Figure label="Total reads" value={String(summary.totalReads)} />
            <Figure label="Total duration" value={ms(summary.totalDurationMs)} />
            <Figure label="Average" value={ms(summary.averageMs)} />
            <Figure
              label="Slowest"
              value={summary.slowest ? `${ms(summary.slowest.durationMs)} ${summary.slowest.path}` : '–'}
            />
          </Stack>
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={2}
            sx={{ mb: 2, alignItems: { md: 'center' } }}
          >
            <Box sx={{ minWidth: 200 }}>
              <Typography id="debug-min-duration" variant="caption">
                Minimum duration: {minDurationMs} ms
              </Typography>
              <Slider
                aria-labelledby="debug-min-duration"
                size="small"
                value={minDurationMs}
                min={min}
                max={max}
                step={step}
                onChange={(_event, value) => setMinDurationMs(value as number)}
              />
            </Box>
            <ChoiceFilter
              id="debug-collection"
              label="Collection"
              value={collection}
              choices={choicesOf(operations, 'collection')}
              onChange={setCollection}
            />
            <ChoiceFilter
              id="debug-type"
              label="Operation type"
              value={type}
              choices={OPERATION_TYPES}
              onChange={(value) => setType(value as OperationType | '')}
            />
            <ChoiceFilter
              id="debug-component"
              label="Component"
              value={component}
              choices={choicesOf(operations, 'component')}
              onChange={setComponent}
            />
            <TextField
              size="small"
              label="Limit"
              value={limitText}
              onChange={(event) => setLimitText(event.target.value)}
              sx={{ width: 90 }}
            />
            <FormControlLabel
              control={
                <Checkbox checked={onlyErrors} onChange={(event) => setOnlyErrors(event.target.checked)} />
              }
              label="Only errors"
            />
          </Stack>
          <TableContainer>
            <Table size="small" aria-label="Operations">
              <TableHead>
                <TableRow>
                  <TableCell>Type</TableCell>
                  <TableCell>Path</TableCell>
                  <TableCell align="right">Duration</TableCell>
                  <TableCell align="right">Docs</TableCell>
                  <TableCell>Time</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((operation) => (
                  <TableRow
                    key={operation.id}
                    title={[operation.component, operation.error, operation.stack].filter(Boolean).join('\n')}
                    sx={operation.error ? { bgcolor: 'error.light' } : undefined}
                  >
                    <TableCell>{operation.type}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>{operation.path}</TableCell>
                    <TableCell align="right">{ms(operation.durationMs)}</TableCell>
                    <TableCell align="right">{operation.docCount}</TableCell>
                    <TableCell>{operation.at.toLocaleTimeString()}</TableCell>
                  </TableRow>
                ))}
                {rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={5}>No operations recorded.</TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
        </Box>
      </Drawer>
      {settingsOpen && (
        <DebugSettingsDialog
          settings={readOperationLogSettings()}
          onSave={(next) => {
            setOperationLogSettings(next);
            setSettingsOpen(false);
          }}
          onClose={() => setSettingsOpen(false)}
        />
      )}
    </>
  );
}
