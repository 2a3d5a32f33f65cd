/** Pieces the admin tabs share: a Formik switch, a failure's words, a date as the tabs show it. */
import { FormControlLabel, Switch } from '@mui/material';
import { useField } from 'formik';

export function SwitchField({ name, label, disabled }: { name: string; label: string; disabled?: boolean }) {
  const [field, , helpers] = useField<boolean>(name);
  return (
    <FormControlLabel
      control={
        <Switch
          checked={field.value === true}
          disabled={disabled}
          onChange={(event) => void helpers.setValue(event.target.checked)}
        />
      }
      label={label}
    />
  );
}

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const shownDate = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');
