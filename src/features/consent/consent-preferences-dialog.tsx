/** Cookie preferences: necessary (always on), analytics, marketing and functional, each its own switch. */
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  Stack,
  Switch,
} from '@mui/material';
import { useState } from 'react';
import { CONSENT_CATEGORIES, NECESSARY_ONLY, type ConsentPreferences } from '@/domain/consent';
import { CONSENT_CATEGORY_TEXT, CONSENT_TEXT } from '@/domain/consent-text';

interface Props {
  open: boolean;
  /** The current choice, or none yet. */
  initial: ConsentPreferences | null;
  onSave: (preferences: ConsentPreferences) => void;
  onClose: () => void;
}

export function ConsentPreferencesDialog({ open, initial, onSave, onClose }: Props) {
  const [preferences, setPreferences] = useState<ConsentPreferences>(initial ?? NECESSARY_ONLY);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="consent-preferences-title" maxWidth="xs" fullWidth>
      <DialogTitle id="consent-preferences-title">{CONSENT_TEXT.dialogTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {CONSENT_CATEGORIES.map((category) => (
            <div key={category}>
              <FormControlLabel
                control={
                  <Switch
                    checked={preferences[category]}
                    disabled={category === 'necessary'}
                    onChange={(event) =>
                      setPreferences((previous) => ({
                        ...previous,
                        [category]: event.target.checked,
                        necessary: true,
                      }))
                    }
                    slotProps={{ input: { 'aria-describedby': `consent-${category}-description` } }}
                  />
                }
                label={CONSENT_CATEGORY_TEXT[category].label}
              />
              <FormHelperText id={`consent-${category}-description`} sx={{ mt: 0 }}>
                {CONSENT_CATEGORY_TEXT[category].description}
              </FormHelperText>
            </div>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => onSave(preferences)}>
          {CONSENT_TEXT.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
