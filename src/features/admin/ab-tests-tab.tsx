/**
 * The AB Tests tab: the features of type ab_test with their variants; a test's traffic must add up to
 * 100 before it can be saved, each variant 0 to 100, and the last variant cannot be removed. Start
 * and Stop run the test (Start sets its start date when it has none). Each variant shows its exposures
 * and conversions as the server counts them from the A/B endpoint's events, on either backend.
 */
import { Alert, Button, IconButton, Stack, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { FieldArray, yupToFormErrors } from 'formik';
import { useState } from 'react';
import { FormTextField } from '@/components/form-fields';
import { useToast } from '@/components/toast';
import { call } from '@/data/callables';
import type { AbTestVariantResult } from '@/domain/ab-test-events';
import { conversionRate } from '@/domain/analytics-summary';
import {
  abTestFormSchema,
  EXPERIMENT_MESSAGES,
  trafficTotal,
  type AdminFeatureRow,
} from '@/domain/experiments';
import { AdminFormDialog, schemaProblems } from './admin-form-dialog';
import { messageOf, shownDate, StateChip, SwitchField } from './admin-parts';
import { useAdminList, useAdminWrite } from './admin-reads';
import {
  actionsColumn,
  AdminTable,
  EditDeleteButtons,
  NewButton,
  RowButton,
  type AdminColumn,
} from './admin-table';
import { NameWithId, shownValue, useFeatures } from './features-tab';

const readResults = () => call('adminAbTestResults', {}).then((answer) => answer.variants);

/** "Control: 40 exposures, 6 conversions (15.0%)", one line a variant; nothing while they load. */
function VariantResults({
  test,
  results,
}: {
  test: AdminFeatureRow;
  results: AbTestVariantResult[] | undefined;
}) {
  if (!results) return null;
  return (
    <Stack>
      {test.abTestConfig?.variants.map((variant) => {
        const found = results.find((one) => one.testId === test.id && one.variantId === variant.id);
        const exposures = found?.exposures ?? 0;
        const conversions = found?.conversions ?? 0;
        return (
          <Typography key={variant.id} variant="body2">
            {`${variant.name}: ${exposures} exposures, ${conversions} conversions (${conversionRate({ assignments: exposures, conversions })})`}
          </Typography>
        );
      })}
    </Stack>
  );
}

interface VariantState {
  id: string;
  name: string;
  trafficPercentage: string;
  value: string;
}

interface TestFormState {
  id: string;
  name: string;
  description: string;
  enabled: boolean;
  analyticsKey: string;
  variants: VariantState[];
}

export function testInput(values: TestFormState) {
  return {
    id: values.id.trim(),
    name: values.name.trim(),
    description: values.description.trim(),
    enabled: values.enabled,
    analyticsKey: values.analyticsKey.trim(),
    variants: values.variants.map((variant) => ({
      id: variant.id.trim(),
      name: variant.name.trim(),
      trafficPercentage:
        variant.trafficPercentage.trim() === '' ? Number.NaN : Number(variant.trafficPercentage),
      value: variant.value.trim() === '' ? null : variant.value.trim(),
    })),
  };
}

// Nested, as Formik finds a variant's field by its path.
const problems = (values: TestFormState) =>
  schemaProblems(abTestFormSchema, testInput(values), (error) => yupToFormErrors<TestFormState>(error));

const emptyVariant = (n: number): VariantState => ({
  id: `variant_${n}`,
  name: `Variant ${n}`,
  trafficPercentage: '0',
  value: '',
});

function TestDialog({
  test,
  onClose,
  onSaved,
}: {
  test: AdminFeatureRow | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const toast = useToast();
  const create = test === null;
  const initial: TestFormState = {
    id: test?.id ?? '',
    name: test?.name ?? '',
    description: test?.description ?? '',
    enabled: test?.enabled ?? true,
    analyticsKey: test?.abTestConfig?.analyticsKey ?? '',
    variants: test?.abTestConfig?.variants.map((variant) => ({
      id: variant.id,
      name: variant.name,
      trafficPercentage: String(variant.trafficPercentage),
      value: shownValue(variant.value),
    })) ?? [
      { id: 'control', name: 'Control', trafficPercentage: '50', value: '' },
      { id: 'variant_a', name: 'Variant A', trafficPercentage: '50', value: '' },
    ],
  };
  const sumsTo100 = (values: TestFormState) => trafficTotal(testInput(values).variants) === 100;
  return (
    <AdminFormDialog
      titleId="ab-test-title"
      title={create ? 'New A/B test' : `Edit ${test.name}`}
      maxWidth="md"
      initialValues={initial}
      validate={problems}
      save={async (values) => {
        await call('adminSaveAbTest', { create, ...testInput(values) });
        toast({ message: create ? 'A/B test created.' : 'A/B test saved.', severity: 'success' });
        onSaved();
        onClose();
      }}
      failureWords={(error) =>
        create ? `${EXPERIMENT_MESSAGES.createTestFailed} ${messageOf(error)}` : messageOf(error)
      }
      saveBlocked={(values) => !sumsTo100(values)}
      onClose={onClose}
    >
      {({ values, errors }) => (
        <>
          <FormTextField
            name="id"
            label={create ? 'Test ID' : 'Test ID (fixed after creation)'}
            disabled={!create}
          />
          <FormTextField name="name" label="Name" />
          <FormTextField name="description" label="Description" multiline minRows={2} />
          <FormTextField name="analyticsKey" label="Analytics key (the test ID when empty)" />
          <SwitchField name="enabled" label="Enabled" />
          <Typography variant="subtitle1" component="h3">
            Variants
          </Typography>
          <FieldArray name="variants">
            {({ push, remove }) => (
              <Stack spacing={1}>
                {values.variants.map((variant, index) => (
                  <Stack
                    key={index}
                    direction={{ xs: 'column', sm: 'row' }}
                    spacing={1}
                    sx={{ alignItems: { sm: 'flex-start' } }}
                  >
                    <FormTextField name={`variants.${index}.id`} label="Variant ID" />
                    <FormTextField name={`variants.${index}.name`} label="Variant name" />
                    <FormTextField
                      name={`variants.${index}.trafficPercentage`}
                      label="Traffic %"
                      inputMode="decimal"
                    />
                    <FormTextField name={`variants.${index}.value`} label="Value" />
                    <IconButton
                      aria-label={`Remove variant ${variant.name || index + 1}`}
                      onClick={() => remove(index)}
                      disabled={values.variants.length <= 1}
                      sx={{ mt: 1 }}
                    >
                      <DeleteIcon />
                    </IconButton>
                  </Stack>
                ))}
                <Button
                  onClick={() => push(emptyVariant(values.variants.length + 1))}
                  sx={{ alignSelf: 'flex-start' }}
                >
                  Add variant
                </Button>
              </Stack>
            )}
          </FieldArray>
          <Typography color={sumsTo100(values) ? 'text.secondary' : 'error'}>
            Total traffic: {trafficTotal(testInput(values).variants)}%
          </Typography>
          {!sumsTo100(values) && <Alert severity="error">{EXPERIMENT_MESSAGES.trafficSum}</Alert>}
          {sumsTo100(values) && typeof errors.variants === 'string' && (
            <Alert severity="error">{errors.variants}</Alert>
          )}
        </>
      )}
    </AdminFormDialog>
  );
}

export function AbTestsTab() {
  const write = useAdminWrite();
  const { features, reload } = useFeatures();
  const { rows: results } = useAdminList(readResults);
  const [editing, setEditing] = useState<AdminFeatureRow | null | undefined>(undefined);
  const tests = features?.filter((feature) => feature.type === 'ab_test');
  const activeOf = (test: AdminFeatureRow) => test.abTestConfig?.isActive === true;

  const remove = (test: AdminFeatureRow) =>
    write({
      ask: {
        title: 'Delete A/B test',
        message: `Delete ${test.name}? This cannot be undone.`,
        confirmLabel: 'Delete',
      },
      work: () => call('adminDeleteFeature', { id: test.id }),
      done: 'A/B test deleted.',
      after: reload,
    });

  const startOrStop = (test: AdminFeatureRow) =>
    write({
      work: () => call('adminSetAbTestActive', { id: test.id, active: !activeOf(test) }),
      done: activeOf(test) ? 'A/B test stopped.' : 'A/B test started.',
      after: reload,
    });

  const columns: AdminColumn<AdminFeatureRow>[] = [
    {
      header: 'Name',
      cell: (test) => (
        <NameWithId name={test.name} id={test.id} note={test.enabled ? '' : ' (feature disabled)'} />
      ),
    },
    {
      header: 'Status',
      cell: (test) => <StateChip on={activeOf(test)} onLabel="Active" offLabel="Inactive" />,
    },
    {
      header: 'Variants',
      cell: (test) =>
        test.abTestConfig?.variants
          .map((variant) => `${variant.name} ${variant.trafficPercentage}%`)
          .join(', '),
    },
    { header: 'Results', cell: (test) => <VariantResults test={test} results={results} /> },
    { header: 'Started', cell: (test) => shownDate(test.abTestConfig?.startDate ?? null) },
    { header: 'Stopped', cell: (test) => shownDate(test.abTestConfig?.endDate ?? null) },
    actionsColumn((test) => (
      <>
        <RowButton
          label={activeOf(test) ? 'Stop' : 'Start'}
          of={test.name}
          variant="outlined"
          color={activeOf(test) ? 'warning' : 'success'}
          onClick={() => void startOrStop(test)}
        />
        <EditDeleteButtons
          of={test.name}
          onEdit={() => setEditing(test)}
          onDelete={() => void remove(test)}
        />
      </>
    )),
  ];

  return (
    <Stack spacing={2}>
      <NewButton label="New A/B test" onClick={() => setEditing(null)} />
      <AdminTable
        label="A/B tests"
        rows={tests}
        rowKey={(test) => test.id}
        columns={columns}
        empty="No A/B tests configured yet."
      />
      {editing !== undefined && (
        <TestDialog test={editing} onClose={() => setEditing(undefined)} onSaved={reload} />
      )}
    </Stack>
  );
}
