/**
 * The Features tab: every app feature by name (name, description, enabled, value, type); a new one
 * needs an ID and a name, and the ID is fixed once made. A/B tests are listed here and edited in
 * their own tab.
 */
import { Stack, Typography } from '@mui/material';
import { useState } from 'react';
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
import { AdminFormDialog, schemaProblems } from './admin-form-dialog';
import { SelectField, StateChip, SwitchField } from './admin-parts';
import { useAdminList, useAdminWrite } from './admin-reads';
import { actionsColumn, AdminTable, NewButton, RowButton, type AdminColumn } from './admin-table';

const readFeatures = () => call('adminListFeatures', {}).then((answer) => answer.features);

/** The tabs' shared read: every feature, by name. */
export function useFeatures() {
  const { rows: features, reload } = useAdminList(readFeatures);
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

const problems = (values: FeatureFormState) =>
  schemaProblems<FeatureFormState>(featureFormSchema, featureInput(values), (error) => {
    const { value, ...rest } = fieldErrors(error);
    return value ? { ...rest, valueText: value } : rest;
  });

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
    <AdminFormDialog
      titleId="feature-title"
      title={create ? 'New feature' : `Edit ${feature.name}`}
      maxWidth="sm"
      initialValues={initial}
      validate={problems}
      save={async (values) => {
        await call('adminSaveFeature', { create, ...featureInput(values) });
        toast({ message: create ? 'Feature created.' : 'Feature saved.', severity: 'success' });
        onSaved();
        onClose();
      }}
      onClose={onClose}
    >
      {({ values }) => (
        <>
          <FormTextField
            name="id"
            label={create ? 'Feature ID' : 'Feature ID (fixed after creation)'}
            disabled={!create}
          />
          <FormTextField name="name" label="Name" />
          <FormTextField name="description" label="Description" multiline minRows={2} />
          <SelectField name="type" label="Type" options={PLAIN_FEATURE_TYPES} />
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
        </>
      )}
    </AdminFormDialog>
  );
}

/** The feature's name with its ID under it, as the Features and AB Tests lists show it. */
export function NameWithId({ name, id, note = '' }: { name: string; id: string; note?: string }) {
  return (
    <>
      {name}
      <Typography variant="caption" component="div" color="text.secondary">
        {id}
        {note}
      </Typography>
    </>
  );
}

export function FeaturesTab() {
  const write = useAdminWrite();
  const { features, reload } = useFeatures();
  const [editing, setEditing] = useState<AdminFeatureRow | null | undefined>(undefined);

  const remove = (feature: AdminFeatureRow) =>
    write({
      ask: {
        title: 'Delete feature',
        message: `Delete ${feature.name}? This cannot be undone.`,
        confirmLabel: 'Delete',
      },
      work: () => call('adminDeleteFeature', { id: feature.id }),
      done: 'Feature deleted.',
      after: reload,
    });

  const columns: AdminColumn<AdminFeatureRow>[] = [
    { header: 'Name', cell: (feature) => <NameWithId name={feature.name} id={feature.id} /> },
    { header: 'Description', cell: (feature) => feature.description },
    {
      header: 'Enabled',
      cell: (feature) => <StateChip on={feature.enabled} onLabel="Enabled" offLabel="Disabled" />,
    },
    { header: 'Value', cell: (feature) => shownValue(feature.value) },
    { header: 'Type', cell: (feature) => feature.type },
    actionsColumn((feature) => (
      <>
        {feature.type === 'ab_test' ? (
          <Typography variant="caption" color="text.secondary">
            Edit in AB Tests
          </Typography>
        ) : (
          <RowButton label="Edit" of={feature.name} onClick={() => setEditing(feature)} />
        )}
        <RowButton label="Delete" of={feature.name} danger onClick={() => void remove(feature)} />
      </>
    )),
  ];

  return (
    <Stack spacing={2}>
      <NewButton label="New feature" onClick={() => setEditing(null)} />
      <AdminTable
        label="Features"
        rows={features}
        rowKey={(feature) => feature.id}
        columns={columns}
        empty={EXPERIMENT_MESSAGES.noFeatures}
      />
      {editing !== undefined && (
        <FeatureDialog feature={editing} onClose={() => setEditing(undefined)} onSaved={reload} />
      )}
    </Stack>
  );
}
