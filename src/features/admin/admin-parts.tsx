/**
 * Pieces the admin tabs share: a Formik switch and pick-one field, an on/off chip, a failure's words,
 * a date as the tabs show it.
 */
import { Chip, FormControlLabel, MenuItem, Switch } from '@mui/material';
import { useField } from 'formik';
import { FormTextField } from '@/components/form-fields';

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

/** A Formik field picking one of a few values, each shown as it is. */
export function SelectField({
  name,
  label,
  options,
}: {
  name: string;
  label: string;
  options: readonly (string | number)[];
}) {
  return (
    <FormTextField name={name} label={label} select>
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {option}
        </MenuItem>
      ))}
    </FormTextField>
  );
}

/** A row's on or off state as a small chip, green when on. */
export function StateChip({ on, onLabel, offLabel }: { on: boolean; onLabel: string; offLabel: string }) {
  return <Chip size="small" label={on ? onLabel : offLabel} color={on ? 'success' : 'default'} />;
}

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const shownDate = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');
