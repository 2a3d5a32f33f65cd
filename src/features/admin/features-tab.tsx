/**
 * The Features tab: every app feature by name (name, description, enabled, value, type); a new one
 * needs an ID and a name, and the ID is fixed once made. A/B tests are listed here and edited in
 * their own tab.
 */
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Form, Formik } from 'formik';
import { useCallback, useEffect, useState } from 'react';
import { useDialogs } from '@/components/dialogs';
import { FormTextField } from '@/components/form-fields';
import { useToast } from '@/components/toast';
import { call } from '@/data/callables';
import {
  EXPERIMENT_MESSAGES,
  featureFormSchema,
  PLAIN_FEATURE_TYPES,
  type AdminFeatureRow,
  type FeatureValue,
  type PlainFeatureType,
} from '@/domain/experiments';
import { fieldErrors } from '@/domain/schemas';
import { logFailure } from '@/lib/report-error';
import { ValidationError } from 'yup';
import { messageOf, SwitchField } from './admin-parts';

/** The tabs' shared read: every feature, by name. */
export function useFeatures() {
  const toast = useToast();
  const [features, setFeatures] = useState<AdminFeatureRow[] | undefined>(undefined);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let current = true;
    call('adminListFeatures', {}).then(
      (answer) => current && setFeatures(answer.features),
      (error: unknown) => {
        logFailure(error, { feature: 'admin' });
        toast({ message: messageOf(error), severity: 'error' });
        if (current) setFeatures((previous) => previous ?? []);
      },
    );
    return () => {
      current = false;
    };
  }, [toast, version]);
  const reload = useCallback(() => setVersion((n) => n + 1), []);
  return { features, reload };
}

export const shownValue = (value: FeatureValue | undefined) =>
  value === null || value === undefined ? '' : String(value);

interface FeatureFormState {
  id: string;
  name: string;
  description: string;
  enabled: boolean;
  type: PlainFeatureType;
  /** As typed; a number feature's text becomes a number, a boolean's switch stands in for it. */
  valueText: string;
  valueOn: boolean;
}

/** What the form sends: the value in its type's own kind, empty text for none. */
export function featureInput(values: FeatureFormState) {
  const text = values.valueText.trim();
  // Text that is no number stays text, so the schema can say so.
  const asNumber = Number.isNaN(Number(text)) ? text : Number(text);
  const value: FeatureValue =
    values.type === 'boolean'
      ? values.valueOn
      : text === ''
        ? null
        : values.type === 'number'
          ? asNumber
          : text;
  return {
    id: values.id.trim(),
    name: values.name.trim(),
    description: values.description.trim(),
    enabled: values.enabled,
    type: values.type,
    value,
  };
}

async function problems(values: FeatureFormState): Promise<Record<string, string>> {
  try {
    await featureFormSchema.validate(featureInput(values), { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const { value, ...rest } = fieldErrors(error);
    return value ? { ...rest, valueText: value } : rest;
  }
}

function FeatureDialog({
  feature,
  onClose,
  onSaved,
}: {
  feature: AdminFeatureRow | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const toast = useToast();
  const create = feature === null;
  const initial: FeatureFormState = {
    id: feature?.id ?? '',
    name: feature?.name ?? '',
    description: feature?.description ?? '',
    enabled: feature?.enabled ?? false,
    type: feature && feature.type !== 'ab_test' ? feature.type : 'boolean',
    valueText: typeof feature?.value === 'boolean' ? '' : shownValue(feature?.value),
    valueOn: feature?.value === true,
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="feature-title">
      <Formik
        initialValues={initial}
        validate={problems}
        onSubmit={async (values) => {
          try {
            await call('adminSaveFeature', { create, ...featureInput(values) });
            toast({ message: create ? 'Feature created.' : 'Feature saved.', severity: 'success' });
            onSaved();
            onClose();
          } catch (error) {
            toast({ message: messageOf(error), severity: 'error' });
          }
        }}
      >
        {({ values, isSubmitting }) => (
          <Form noValidate>
            <DialogTitle id="feature-title">{create ? 'New feature' : `Edit ${feature.name}`}</DialogTitle>
            <DialogContent>
              <Stack spacing={1} sx={{ pt: 1 }}>
                <FormTextField
                  name="id"
                  label={create ? 'Feature ID' : 'Feature ID (fixed after creation)'}
                  disabled={!create}
                />
                <FormTextField name="name" label="Name" />
                <FormTextField name="description" label="Description" multiline minRows={2} />
                <FormTextField name="type" label="Type" select>
                  {PLAIN_FEATURE_TYPES.map((type) => (
                    <MenuItem key={type} value={type}>
                      {type}
                    </MenuItem>
                  ))}
                </FormTextField>
                {values.type === 'boolean' ? (
                  <SwitchField name="valueOn" label="Value" />
                ) : (
                  <FormTextField
                    name="valueText"
                    label="Value"
                    inputMode={values.type === 'number' ? 'decimal' : undefined}
                  />
                )}
                <SwitchField name="enabled" label="Enabled" />
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>Cancel</Button>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                Save
              </Button>
            </DialogActions>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}

export function FeaturesTab() {
  const toast = useToast();
  const { confirm } = useDialogs();
  const { features, reload } = useFeatures();
  const [editing, setEditing] = useState<AdminFeatureRow | null | undefined>(undefined);

  const remove = async (feature: AdminFeatureRow) => {
    const sure = await confirm({
      title: 'Delete feature',
      message: `Delete ${feature.name}? This cannot be undone.`,
      confirmLabel: 'Delete',
    });
    if (!sure) return;
    try {
      await call('adminDeleteFeature', { id: feature.id });
      toast({ message: 'Feature deleted.', severity: 'success' });
      reload();
    } catch (error) {
      toast({ message: messageOf(error), severity: 'error' });
    }
  };

  return (
    <Stack spacing={2}>
      <Button variant="contained" onClick={() => setEditing(null)} sx={{ alignSelf: 'flex-start' }}>
        New feature
      </Button>
      {features?.length === 0 && <Typography>{EXPERIMENT_MESSAGES.noFeatures}</Typography>}
      {features && features.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Features">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Description</TableCell>
                <TableCell>Enabled</TableCell>
                <TableCell>Value</TableCell>
                <TableCell>Type</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {features.map((feature) => (
                <TableRow key={feature.id}>
                  <TableCell>
                    {feature.name}
                    <Typography variant="caption" component="div" color="text.secondary">
                      {feature.id}
                    </Typography>
                  </TableCell>
                  <TableCell>{feature.description}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={feature.enabled ? 'Enabled' : 'Disabled'}
                      color={feature.enabled ? 'success' : 'default'}
                    />
                  </TableCell>
                  <TableCell>{shownValue(feature.value)}</TableCell>
                  <TableCell>{feature.type}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {feature.type === 'ab_test' ? (
                      <Typography variant="caption" color="text.secondary">
                        Edit in AB Tests
                      </Typography>
                    ) : (
                      <Button
                        size="small"
                        onClick={() => setEditing(feature)}
                        aria-label={`Edit ${feature.name}`}
                      >
                        Edit
                      </Button>
                    )}
                    <Button
                      size="small"
                      color="error"
                      onClick={() => void remove(feature)}
                      aria-label={`Delete ${feature.name}`}
                    >
                      Delete
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {editing !== undefined && (
        <FeatureDialog feature={editing} onClose={() => setEditing(undefined)} onSaved={reload} />
      )}
    </Stack>
  );
}
