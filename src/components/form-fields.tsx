/** A Formik-bound MUI text field: shows the field's message once it is touched (submitting touches every field). */
import { TextField, type TextFieldProps } from '@mui/material';
import { useField } from 'formik';

type FormTextFieldProps = Omit<TextFieldProps, 'name' | 'value' | 'error' | 'helperText'> & { name: string };

export function FormTextField({ name, ...props }: FormTextFieldProps) {
  const [field, meta] = useField<string | number>(name);
  const message = meta.touched ? meta.error : undefined;
  return (
    <TextField
      {...field}
      {...props}
      id={props.id ?? name}
      fullWidth
      error={Boolean(message)}
      helperText={message ?? ' '}
    />
  );
}
