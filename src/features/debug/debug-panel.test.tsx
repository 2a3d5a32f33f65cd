import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_OPERATION_LOG_SETTINGS,
  readOperationLogSettings,
  recordOperation,
  resetOperations,
  setOperationLogSettings,
  type OperationType,
} from '@/data/operation-log';
import { debugLimit } from '@/domain/debug-panel';
import { renderApp } from '@/testing/test-utils';
import { DebugPanel } from './debug-panel';
import { filterOperations, summarizeOperations } from './operations-view';

const STACK =
  'Error: operation\n    at watch (http://localhost/src/data/local/local-backend.ts:1:1)\n    at subscribe (http://localhost/src/features/rating/rate-page.tsx:10:5)';

function record(type: OperationType, path: string, durationMs: number, docCount: number, error?: string) {
  act(() =>
    recordOperation(
      { startedAt: 0, stack: STACK },
      { type, path, durationMs, docCount, ...(error ? { error: new Error(error) } : {}) },
    ),
  );
}

beforeEach(() => {
  resetOperations();
  setOperationLogSettings({ ...DEFAULT_OPERATION_LOG_SETTINGS, consoleLogging: false });
});
afterEach(() => setOperationLogSettings(DEFAULT_OPERATION_LOG_SETTINGS));

describe('the debug panel', () => {
  it('opens with Ctrl+Shift+F and with the floating button, and shows the summary and each operation', async () => {
    const { user } = renderApp(<DebugPanel />);
    record('watch', 'users/alice', 12, 1);
    record('callable', 'getPhotos', 240, 2);
    record('watch', 'users/alice/photos', 30, 3, 'Permission denied');
    expect(screen.queryByRole('table', { name: 'Operations' })).not.toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'F', ctrlKey: true, shiftKey: true });
    const panel = await screen.findByRole('dialog', { name: 'Debug panel' });
    const summary = within(panel).getByLabelText('Summary');
    expect(summary).toHaveTextContent('Total reads3');
    expect(summary).toHaveTextContent('Total duration282.0 ms');
    expect(summary).toHaveTextContent('Average94.0 ms');
    expect(summary).toHaveTextContent('Slowest240.0 ms getPhotos');
    const rows = within(within(panel).getByRole('table', { name: 'Operations' })).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^watchusers\/alice\/photos30\.0 ms3/),
      expect.stringMatching(/^callablegetPhotos240\.0 ms2/),
      expect.stringMatching(/^watchusers\/alice12\.0 ms1/),
    ]);
    expect(rows[1]).toHaveAttribute('title', expect.stringContaining('rate-page'));

    await user.click(within(panel).getByLabelText('Only errors'));
    expect(within(panel).getAllByRole('row')).toHaveLength(2);
    await user.click(within(panel).getByLabelText('Only errors'));

    await user.click(within(panel).getByRole('button', { name: 'Reset stats' }));
    expect(within(panel).getByLabelText('Summary')).toHaveTextContent('Total reads0');
    expect(within(panel).getByText('No operations recorded.')).toBeInTheDocument();

    fireEvent.keyDown(window, { key: 'F', ctrlKey: true, shiftKey: true });
    await vi.waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Debug panel' })).not.toBeInTheDocument(),
    );
    await user.click(screen.getByRole('button', { name: 'Open the debug panel' }));
    expect(await screen.findByRole('dialog', { name: 'Debug panel' })).toBeInTheDocument();
  });

  it('keeps its settings: minimum duration to log 0 to 100 in steps of 5, stacks and console logging', async () => {
    const { user } = renderApp(<DebugPanel />);
    await user.click(screen.getByRole('button', { name: 'Open the debug panel' }));
    await user.click(await screen.findByRole('button', { name: 'Debug settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Debug settings' });
    const threshold = within(dialog).getByRole('slider');
    expect(threshold).toHaveAttribute('aria-valuemin', '0');
    expect(threshold).toHaveAttribute('aria-valuemax', '100');
    expect(threshold).toHaveAttribute('step', '5');
    expect(within(dialog).getByRole('switch', { name: 'Capture stack traces' })).toBeChecked();
    fireEvent.change(threshold, { target: { value: 50 } });
    await user.click(within(dialog).getByRole('switch', { name: 'Capture stack traces' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(readOperationLogSettings()).toEqual({
      minDurationMs: 50,
      captureStacks: false,
      consoleLogging: false,
    });
    record('get', 'users/alice/givenVotes', 10, 4);
    record('get', 'users/alice/givenVotes', 60, 4);
    expect(screen.getByLabelText('Summary')).toHaveTextContent('Total reads1');
  });
});

describe('the figures', () => {
  const at = new Date();
  const operation = (
    id: number,
    type: OperationType,
    collection: string,
    durationMs: number,
    error: string | null = null,
  ) => ({
    id,
    type,
    path: collection,
    collection,
    durationMs,
    docCount: 1,
    at,
    component: id % 2 ? 'rate-page' : 'profile-page',
    stack: null,
    error,
  });
  const operations = [
    operation(1, 'watch', 'users', 5),
    operation(2, 'watch', 'photos', 500),
    operation(3, 'callable', 'getPhotos', 90, 'boom'),
    operation(4, 'get', 'givenVotes', 20),
  ];

  it('filter by minimum duration, collection, type, component, errors, newest first up to the limit', () => {
    const all = {
      minDurationMs: 0,
      collection: '',
      type: '' as const,
      component: '',
      limit: 20,
      onlyErrors: false,
    };
    expect(filterOperations(operations, all).map((row) => row.id)).toEqual([4, 3, 2, 1]);
    expect(filterOperations(operations, { ...all, minDurationMs: 90 }).map((row) => row.id)).toEqual([3, 2]);
    expect(filterOperations(operations, { ...all, collection: 'photos' }).map((row) => row.id)).toEqual([2]);
    expect(filterOperations(operations, { ...all, type: 'watch' }).map((row) => row.id)).toEqual([2, 1]);
    expect(filterOperations(operations, { ...all, component: 'profile-page' }).map((row) => row.id)).toEqual([
      4, 2,
    ]);
    expect(filterOperations(operations, { ...all, onlyErrors: true }).map((row) => row.id)).toEqual([3]);
    expect(filterOperations(operations, { ...all, limit: 2 }).map((row) => row.id)).toEqual([4, 3]);
  });

  it('sum up the reads, and the limit falls back to 10 on a non-number', () => {
    expect(summarizeOperations(operations)).toMatchObject({
      totalReads: 4,
      totalDurationMs: 615,
      averageMs: 153.8,
      slowest: { id: 2 },
    });
    expect(summarizeOperations([])).toEqual({
      totalReads: 0,
      totalDurationMs: 0,
      averageMs: 0,
      slowest: null,
    });
    expect(debugLimit('20')).toBe(20);
    expect(debugLimit('5')).toBe(5);
    expect(debugLimit('abc')).toBe(10);
    expect(debugLimit('')).toBe(10);
  });
});
