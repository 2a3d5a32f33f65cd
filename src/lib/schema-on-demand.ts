/**
 * A form's Yup schema fetched on its first check rather than with the form: the schemas' chunk (Yup and
 * the comment filter's word list) costs a long task to load, which a screen showing the form at once
 * need not pay before the member types. Formik's `validate` with what its `validationSchema` would do.
 */
import { validateYupSchema, yupToFormErrors, type FormikErrors, type FormikValues } from 'formik';
import type { ValidationError } from 'yup';
import { CATEGORY_DEFAULTS } from '@/domain/errors';

interface FormSchema<Values> {
  cast(values: Values): unknown;
}

export interface SchemaOnDemand<Values, Schema> {
  /** The schema, fetched once. */
  load(): Promise<Schema>;
  /** For Formik's `validate`: the field errors, none when valid. */
  validate(values: Values): Promise<FormikErrors<Values>>;
}

const isValidationError = (error: unknown): error is ValidationError =>
  error instanceof Error && error.name === 'ValidationError';

export function schemaOnDemand<Values extends FormikValues, Schema extends FormSchema<Values>>(
  fetch: () => Promise<Schema>,
): SchemaOnDemand<Values, Schema> {
  let schema: Promise<Schema> | undefined;
  const load = () => {
    // Said as any failed connection is: the member never sees the bundler's words.
    schema ??= fetch().catch(() => {
      throw new Error(CATEGORY_DEFAULTS.network.message);
    });
    // A failed fetch (the connection dropped) is asked for again at the next check.
    schema.catch(() => (schema = undefined));
    return schema;
  };
  return {
    load,
    async validate(values) {
      let schema: Schema;
      try {
        schema = await load();
      } catch {
        // The schema could not be fetched (no connection, or a tab left open across a deploy): no field
        // errors, so a submit goes on to the form's own handler, whose load fails and says so. A throw
        // here would leave Formik submitting for good, its button disabled.
        return {};
      }
      try {
        await validateYupSchema(values, schema);
        return {};
      } catch (error) {
        if (isValidationError(error)) return yupToFormErrors<Values>(error);
        throw error;
      }
    },
  };
}
