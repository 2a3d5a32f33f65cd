/**
 * The AB Tests tab: the features of type ab_test with their variants; a test's traffic must add up to
 * 100 before it can be saved, each variant 0 to 100, and the last variant cannot be removed. Start
 * and Stop run the test (Start sets its start date when it has none).
 */
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { FieldArray, Form, Formik, yupToFormErrors, type FormikErrors } from 'formik';
import { useState } from 'react';
import { ValidationError } from 'yup';
import { useDialogs } from '@/components/dialogs';
import { FormTextField } from '@/components/form-fields';
import { useToast } from '@/components/toast';
import { call } from '@/data/callables';
import {
  abTestFormSchema,
  EXPERIMENT_MESSAGES,
  trafficTotal,
  type AdminFeatureRow,
} from '@/domain/experiments';
import { messageOf, shownDate, SwitchField } from './admin-parts';
import { shownValue, useFeatures } from './features-tab';

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

async function problems(values: TestFormState): Promise<FormikErrors<TestFormState>> {
  try {
    await abTestFormSchema.validate(testInput(values), { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    // Nested, as Formik finds a variant's field by its path.
    return yupToFormErrors<TestFormState>(error);
  }
}

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
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="ab-test-title">
      <Formik
        initialValues={initial}
        validate={problems}
        onSubmit={async (values) => {
          try {
            await call('adminSaveAbTest', { create, ...testInput(values) });
            toast({ message: create ? 'A/B test created.' : 'A/B test saved.', severity: 'success' });
            onSaved();
            onClose();
          } catch (error) {
            const message = messageOf(error);
            toast({
              message: create ? `${EXPERIMENT_MESSAGES.createTestFailed} ${message}` : message,
              severity: 'error',
            });
          }
        }}
      >
        {({ values, errors, isSubmitting }) => {
          const total = trafficTotal(testInput(values).variants);
          const sumsTo100 = total === 100;
          return (
            <Form noValidate>
              <DialogTitle id="ab-test-title">{create ? 'New A/B test' : `Edit ${test.name}`}</DialogTitle>
              <DialogContent>
                <Stack spacing={1} sx={{ pt: 1 }}>
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
                  <Typography color={sumsTo100 ? 'text.secondary' : 'error'}>
                    Total traffic: {total}%
                  </Typography>
                  {!sumsTo100 && <Alert severity="error">{EXPERIMENT_MESSAGES.trafficSum}</Alert>}
                  {sumsTo100 && typeof errors.variants === 'string' && (
                    <Alert severity="error">{errors.variants}</Alert>
                  )}
                </Stack>
              </DialogContent>
              <DialogActions>
                <Button onClick={onClose}>Cancel</Button>
                <Button type="submit" variant="contained" disabled={isSubmitting || !sumsTo100}>
                  Save
                </Button>
              </DialogActions>
            </Form>
          );
        }}
      </Formik>
    </Dialog>
  );
}

export function AbTestsTab() {
  const toast = useToast();
  const { confirm } = useDialogs();
  const { features, reload } = useFeatures();
  const [editing, setEditing] = useState<AdminFeatureRow | null | undefined>(undefined);
  const tests = features?.filter((feature) => feature.type === 'ab_test');

  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toast({ message: done, severity: 'success' });
      reload();
    } catch (error) {
      toast({ message: messageOf(error), severity: 'error' });
    }
  };

  const remove = async (test: AdminFeatureRow) => {
    const sure = await confirm({
      title: 'Delete A/B test',
      message: `Delete ${test.name}? This cannot be undone.`,
      confirmLabel: 'Delete',
    });
    if (sure) await act(() => call('adminDeleteFeature', { id: test.id }), 'A/B test deleted.');
  };

  return (
    <Stack spacing={2}>
      <Button variant="contained" onClick={() => setEditing(null)} sx={{ alignSelf: 'flex-start' }}>
        New A/B test
      </Button>
      {tests?.length === 0 && <Typography>No A/B tests configured yet.</Typography>}
      {tests && tests.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="A/B tests">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Variants</TableCell>
                <TableCell>Started</TableCell>
                <TableCell>Stopped</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {tests.map((test) => {
                const config = test.abTestConfig;
                const active = config?.isActive === true;
                return (
                  <TableRow key={test.id}>
                    <TableCell>
                      {test.name}
                      <Typography variant="caption" component="div" color="text.secondary">
                        {test.id}
                        {test.enabled ? '' : ' (feature disabled)'}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        label={active ? 'Active' : 'Inactive'}
                        color={active ? 'success' : 'default'}
                      />
                    </TableCell>
                    <TableCell>
                      {config?.variants
                        .map((variant) => `${variant.name} ${variant.trafficPercentage}%`)
                        .join(', ')}
                    </TableCell>
                    <TableCell>{shownDate(config?.startDate ?? null)}</TableCell>
                    <TableCell>{shownDate(config?.endDate ?? null)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <Button
                        size="small"
                        variant="outlined"
                        color={active ? 'warning' : 'success'}
                        aria-label={`${active ? 'Stop' : 'Start'} ${test.name}`}
                        onClick={() =>
                          void act(
                            () => call('adminSetAbTestActive', { id: test.id, active: !active }),
                            active ? 'A/B test stopped.' : 'A/B test started.',
                          )
                        }
                      >
                        {active ? 'Stop' : 'Start'}
                      </Button>
                      <Button size="small" onClick={() => setEditing(test)} aria-label={`Edit ${test.name}`}>
                        Edit
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        onClick={() => void remove(test)}
                        aria-label={`Delete ${test.name}`}
                      >
                        Delete
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
      {editing !== undefined && (
        <TestDialog test={editing} onClose={() => setEditing(undefined)} onSaved={reload} />
      )}
    </Stack>
  );
}
