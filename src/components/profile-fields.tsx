/** Age, gender and the show-me choice: the profile-completion form and the profile dashboard's edit form. */
import { FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup } from '@mui/material';
import { useField } from 'formik';
import { AGE_MAX, AGE_MIN } from '@/domain/constants';
import { FormTextField } from '@/components/form-fields';

function ChoiceField({
  name,
  label,
  options,
}: {
  name: string;
  label: string;
  options: Array<[string, string]>;
}) {
  const [field, meta] = useField<string>(name);
  const message = meta.touched ? meta.error : undefined;
  return (
    <FormControl error={Boolean(message)}>
      <FormLabel id={`${name}-label`}>{label}</FormLabel>
      <RadioGroup row aria-labelledby={`${name}-label`} {...field}>
        {options.map(([value, text]) => (
          <FormControlLabel key={value} value={value} control={<Radio />} label={text} />
        ))}
      </RadioGroup>
      <FormHelperText>{message ?? ' '}</FormHelperText>
    </FormControl>
  );
}

export function ProfileFields() {
  return (
    <>
      <FormTextField
        name="age"
        label="Age"
        type="number"
        slotProps={{ htmlInput: { min: AGE_MIN, max: AGE_MAX } }}
      />
      <ChoiceField
        name="gender"
        label="Gender"
        options={[
          ['female', 'Female'],
          ['male', 'Male'],
        ]}
      />
      <ChoiceField
        name="showGender"
        label="Show me photos of"
        options={[
          ['both', 'Both'],
          ['female', 'Women'],
          ['male', 'Men'],
        ]}
      />
    </>
  );
}
