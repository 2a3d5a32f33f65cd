/**
 * The admin tabs' edit dialog: a Formik form checked by the tab's schema, Cancel and Save (off while
 * it saves), and a failed save said in a toast or, where the form is long, inside the dialog.
 */
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  type Breakpoint,
} from '@mui/material';
import {
  Form,
  Formik,
  type FormikConfig,
  type FormikErrors,
  type FormikProps,
  type FormikValues,
} from 'formik';
import { useState, type ReactNode } from 'react';
import { ValidationError, type Schema } from 'yup';
import { useToast } from '@/components/toast';
import { messageOf } from './admin-parts';

/**
 * A form's problems as the tab's schema finds them in what the form would send, placed on the form's
 * own fields by `errorsOf` (the sent shape and the form's may differ).
 */
export async function schemaProblems<Values>(
  schema: Schema,
  input: unknown,
  errorsOf: (error: ValidationError) => FormikErrors<Values>,
): Promise<FormikErrors<Values>> {
  try {
    await schema.validate(input, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return errorsOf(error);
  }
}

/** Cancel, then Save: a submit button, or a plain one calling `onSave` where there is no form. */
export function CancelSaveButtons({
  onCancel,
  onSave,
  disabled,
}: {
  onCancel: () => void;
  onSave?: () => void;
  disabled: boolean;
}) {
  return (
    <>
      <Button onClick={onCancel}>Cancel</Button>
      <Button type={onSave ? undefined : 'submit'} variant="contained" onClick={onSave} disabled={disabled}>
        Save
      </Button>
    </>
  );
}

export function AdminFormDialog<Values extends FormikValues>({
  titleId,
  title,
  maxWidth,
  initialValues,
  validate,
  validationSchema,
  save,
  failureWords = messageOf,
  failureInDialog,
  saveBlocked,
  onClose,
  children,
}: Pick<FormikConfig<Values>, 'initialValues' | 'validate' | 'validationSchema'> & {
  titleId: string;
  title: string;
  maxWidth: Breakpoint;
  /** Sends the form; what it throws is the failure, said in the failure's words. */
  save: (values: Values) => Promise<void>;
  failureWords?: (error: unknown) => string;
  /** Says a failed save inside the dialog, above its buttons, rather than in a toast. */
  failureInDialog?: boolean;
  /** Save stays off while this holds, beside while the form is being sent. */
  saveBlocked?: (values: Values) => boolean;
  onClose: () => void;
  children: (form: FormikProps<Values>) => ReactNode;
}) {
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth={maxWidth} aria-labelledby={titleId}>
      <Formik<Values>
        initialValues={initialValues}
        validate={validate}
        validationSchema={validationSchema}
        onSubmit={async (values) => {
          setFailure(null);
          try {
            await save(values);
          } catch (error) {
            const words = failureWords(error);
            if (failureInDialog) setFailure(words);
            else toast({ message: words, severity: 'error' });
          }
        }}
      >
        {(form) => (
          <Form noValidate>
            <DialogTitle id={titleId}>{title}</DialogTitle>
            <DialogContent>
              <Stack spacing={1} sx={{ pt: 1 }}>
                {children(form)}
                {failure && <Alert severity="error">{failure}</Alert>}
              </Stack>
            </DialogContent>
            <DialogActions>
              <CancelSaveButtons
                onCancel={onClose}
                disabled={form.isSubmitting || saveBlocked?.(form.values) === true}
              />
            </DialogActions>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}
