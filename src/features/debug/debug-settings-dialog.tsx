/** The debug panel's settings: the minimum duration to log (0 to 100 ms, step 5), stacks and console logging. */
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Slider,
  Switch,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import type { OperationLogSettings } from '@/data/operation-log';
import { DEBUG_PANEL } from '@/domain/debug-panel';

interface Props {
  settings: OperationLogSettings;
  onSave: (settings: OperationLogSettings) => void;
  onClose: () => void;
}

export function DebugSettingsDialog({ settings, onSave, onClose }: Props) {
  const [draft, setDraft] = useState(settings);
  const { min, max, step } = DEBUG_PANEL.logThreshold;
  return (
    <Dialog open onClose={onClose} aria-labelledby="debug-settings-title" maxWidth="xs" fullWidth>
      <DialogTitle id="debug-settings-title">Debug settings</DialogTitle>
      <DialogContent>
        <Typography id="debug-log-threshold" gutterBottom>
          Minimum duration to log: {draft.minDurationMs} ms
        </Typography>
        <Slider
          aria-labelledby="debug-log-threshold"
          value={draft.minDurationMs}
          min={min}
          max={max}
          step={step}
          marks
          valueLabelDisplay="auto"
          onChange={(_event, value) => setDraft({ ...draft, minDurationMs: value as number })}
        />
        <FormControlLabel
          control={
            <Switch
              checked={draft.captureStacks}
              onChange={(event) => setDraft({ ...draft, captureStacks: event.target.checked })}
            />
          }
          label="Capture stack traces"
        />
        <FormControlLabel
          control={
            <Switch
              checked={draft.consoleLogging}
              onChange={(event) => setDraft({ ...draft, consoleLogging: event.target.checked })}
            />
          }
          label="Console logging"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => onSave(draft)}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
