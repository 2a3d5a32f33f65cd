import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AbTestVariantResult } from '@/domain/ab-test-events';
import type { AdminFeatureRow } from '@/domain/experiments';
import { renderApp } from '@/testing/test-utils';
import { AbTestsTab } from './ab-tests-tab';
import { FeaturesTab } from './features-tab';

const callables = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('@/data/callables', async (original) => ({ ...(await original<object>()), ...callables }));

const at = '2026-11-22T10:00:00.000Z';
const flag: AdminFeatureRow = {
  id: 'newUploader',
  name: 'New uploader',
  description: 'The new upload flow',
  enabled: true,
  value: true,
  type: 'boolean',
  abTestConfig: null,
  createdAt: at,
  updatedAt: at,
};
const heroTest: AdminFeatureRow = {
  id: 'landingHeroTest',
  name: 'Landing hero',
  description: '',
  enabled: true,
  value: null,
  type: 'ab_test',
  abTestConfig: {
    variants: [
      { id: 'control', name: 'Control', trafficPercentage: 50 },
      { id: 'original', name: 'Original', trafficPercentage: 50 },
    ],
    isActive: false,
    analyticsKey: '',
    startDate: null,
    endDate: null,
  },
  createdAt: at,
  updatedAt: at,
};

function answering(features: AdminFeatureRow[], variants: AbTestVariantResult[] = []) {
  callables.call.mockImplementation(async (name: string, input: { id?: string; active?: boolean } = {}) => {
    if (name === 'adminListFeatures') return { features };
    if (name === 'adminAbTestResults') return { variants };
    if (name === 'adminSetAbTestActive') return { active: input.active };
    if (name === 'adminDeleteFeature') return { deleted: true };
    return { id: input.id };
  });
}

describe('FeaturesTab', () => {
  beforeEach(() => callables.call.mockReset());

  it("says 'No features configured yet.' when there are none", async () => {
    answering([]);
    renderApp(<FeaturesTab />);
    expect(await screen.findByText('No features configured yet.')).toBeInTheDocument();
  });

  it('lists name, description, enabled, value and type; A/B tests are edited in their own tab', async () => {
    answering([heroTest, flag]);
    renderApp(<FeaturesTab />);
    const table = await screen.findByRole('table', { name: 'Features' });
    const row = within(table).getByText('New uploader').closest('tr')!;
    expect(row).toHaveTextContent('The new upload flow');
    expect(row).toHaveTextContent('Enabled');
    expect(row).toHaveTextContent('true');
    expect(row).toHaveTextContent('boolean');
    expect(within(table).getByText('Edit in AB Tests')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Landing hero' })).not.toBeInTheDocument();
  });

  it('needs an ID and a name for a new feature and sends the value in its type', async () => {
    answering([]);
    renderApp(<FeaturesTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'New feature' }));
    const dialog = screen.getByRole('dialog', { name: 'New feature' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findAllByText('Feature ID and Name are required for new features.'),
    ).toHaveLength(2);
    expect(callables.call).not.toHaveBeenCalledWith('adminSaveFeature', expect.anything());

    fireEvent.change(within(dialog).getByLabelText('Feature ID'), { target: { value: 'maxPhotos' } });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Max photos' } });
    await userEvent.click(within(dialog).getByLabelText('Type'));
    await userEvent.click(screen.getByRole('option', { name: 'number' }));
    await userEvent.type(within(dialog).getByLabelText('Value'), 'ten');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Value must be a number')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Value'));
    await userEvent.type(within(dialog).getByLabelText('Value'), '12');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Feature created.')).toBeInTheDocument();
    expect(callables.call).toHaveBeenCalledWith('adminSaveFeature', {
      create: true,
      id: 'maxPhotos',
      name: 'Max photos',
      description: '',
      enabled: false,
      type: 'number',
      value: 12,
    });
  });

  it('keeps the ID of an existing feature fixed', async () => {
    answering([flag]);
    renderApp(<FeaturesTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit New uploader' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit New uploader' });
    expect(within(dialog).getByLabelText('Feature ID (fixed after creation)')).toBeDisabled();
    await userEvent.click(within(dialog).getByLabelText('Enabled'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Feature saved.')).toBeInTheDocument();
    expect(callables.call).toHaveBeenCalledWith(
      'adminSaveFeature',
      expect.objectContaining({ create: false, id: 'newUploader', enabled: false, value: true }),
    );
  });
});

describe('AbTestsTab', () => {
  beforeEach(() => callables.call.mockReset());

  it("shows each variant's exposures and conversions, with the conversion rate, as the server counts them", async () => {
    answering(
      [heroTest],
      [
        {
          testId: 'landingHeroTest',
          variantId: 'control',
          variantName: 'Control',
          exposures: 40,
          conversions: 6,
        },
        {
          testId: 'landingHeroTest',
          variantId: 'original',
          variantName: 'Original',
          exposures: 0,
          conversions: 0,
        },
      ],
    );
    renderApp(<AbTestsTab />);
    const table = await screen.findByRole('table', { name: 'A/B tests' });
    const row = within(table).getByText('Landing hero').closest('tr')!;
    await within(row).findByText('Control: 40 exposures, 6 conversions (15.0%)');
    expect(row).toHaveTextContent('Original: 0 exposures, 0 conversions (–)');
    expect(callables.call).toHaveBeenCalledWith('adminAbTestResults', {});
  });

  it('blocks a save until the traffic adds up to 100, and never removes the last variant', async () => {
    answering([]);
    renderApp(<AbTestsTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'New A/B test' }));
    const dialog = screen.getByRole('dialog', { name: 'New A/B test' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeEnabled();

    const traffic = within(dialog).getAllByLabelText('Traffic %');
    fireEvent.change(traffic[0]!, { target: { value: '40' } });
    expect(within(dialog).getByText('Traffic percentages must sum to 100%')).toBeInTheDocument();
    expect(within(dialog).getByText('Total traffic: 90%')).toBeInTheDocument();
    expect(save).toBeDisabled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove variant Variant A' }));
    const last = within(dialog).getByRole('button', { name: 'Remove variant Control' });
    expect(last).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Traffic %'), { target: { value: '100' } });
    expect(save).toBeEnabled();

    await userEvent.click(save);
    expect(await within(dialog).findAllByText('Test ID and Name are required')).toHaveLength(2);
    fireEvent.change(within(dialog).getByLabelText('Test ID'), { target: { value: 'landingHeroTest' } });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Landing hero' } });
    await userEvent.click(save);
    expect(await screen.findByText('A/B test created.')).toBeInTheDocument();
    expect(callables.call).toHaveBeenCalledWith('adminSaveAbTest', {
      create: true,
      id: 'landingHeroTest',
      name: 'Landing hero',
      description: '',
      enabled: true,
      analyticsKey: '',
      variants: [{ id: 'control', name: 'Control', trafficPercentage: 100, value: null }],
    });
  });

  it('refuses a variant over 100 with its message', async () => {
    answering([heroTest]);
    renderApp(<AbTestsTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Landing hero' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Landing hero' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add variant' }));
    const traffic = within(dialog).getAllByLabelText('Traffic %');
    fireEvent.change(traffic[0]!, { target: { value: '150' } });
    fireEvent.change(traffic[2]!, { target: { value: '-100' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('Traffic percentage must be between 0 and 100')).toHaveLength(
      2,
    );
    expect(callables.call).not.toHaveBeenCalledWith('adminSaveAbTest', expect.anything());
  });

  it('starts and stops a test', async () => {
    answering([heroTest, flag]);
    renderApp(<AbTestsTab />);
    const table = await screen.findByRole('table', { name: 'A/B tests' });
    expect(within(table).queryByText('New uploader')).not.toBeInTheDocument();
    expect(within(table).getByText('Inactive')).toBeInTheDocument();
    expect(within(table).getByText('Control 50%, Original 50%')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Start Landing hero' }));
    expect(await screen.findByText('A/B test started.')).toBeInTheDocument();
    expect(callables.call).toHaveBeenCalledWith('adminSetAbTestActive', {
      id: 'landingHeroTest',
      active: true,
    });

    answering([{ ...heroTest, abTestConfig: { ...heroTest.abTestConfig!, isActive: true, startDate: at } }]);
    renderApp(<AbTestsTab />);
    const stop = await screen.findByRole('button', { name: 'Stop Landing hero' });
    await userEvent.click(stop);
    expect(callables.call).toHaveBeenCalledWith('adminSetAbTestActive', {
      id: 'landingHeroTest',
      active: false,
    });
  });
});
