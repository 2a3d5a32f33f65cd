import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { InboxRow } from '@/domain/contact';
import { renderApp } from '@/testing/test-utils';
import { InboxTab } from './inbox-tab';

const callables = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('@/data/callables', async (original) => ({ ...(await original<object>()), ...callables }));

const row = (id: string, overrides: Partial<InboxRow> = {}): InboxRow => ({
  id,
  kind: 'contact',
  message: `Message ${id}: where are my tokens? ${'and more words '.repeat(8)}The end.`,
  rate: null,
  email: 'visitor@example.com',
  uid: null,
  senderName: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  handledAt: null,
  ...overrides,
});

describe('InboxTab', () => {
  beforeEach(() => callables.call.mockReset());

  it('says when there are no messages', async () => {
    callables.call.mockResolvedValue({ messages: [], cursor: null });
    renderApp(<InboxTab />);
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
    expect(callables.call).toHaveBeenCalledWith('adminListInbox', { kind: 'contact' });
  });

  it('lists Contact us, reads a message whole with its reply address, and marks it handled', async () => {
    callables.call.mockImplementation(async (name: string, input: { cursor?: string } = {}) => {
      if (name === 'adminMarkMessage') return { handled: true };
      return input.cursor
        ? { messages: [row('m2', { senderName: 'Dana', uid: 'dana' })], cursor: null }
        : { messages: [row('m1')], cursor: '2026-11-22T10:00:00.000Z|m1' };
    });
    const { user } = renderApp(<InboxTab />);
    const table = await screen.findByRole('table', { name: 'Contact us messages' });
    expect(within(table).getByText('Visitor <visitor@example.com>')).toBeInTheDocument();
    expect(within(table).getByText('Open')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Dana <visitor@example.com>')).toBeInTheDocument();
    expect(callables.call).toHaveBeenLastCalledWith('adminListInbox', {
      kind: 'contact',
      cursor: '2026-11-22T10:00:00.000Z|m1',
    });

    await user.click(screen.getByRole('button', { name: 'Read message from Visitor' }));
    const dialog = screen.getByRole('dialog', { name: 'Message from Visitor' });
    expect(within(dialog).getByText(row('m1').message)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'visitor@example.com' })).toHaveAttribute(
      'href',
      'mailto:visitor@example.com',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Mark message from Visitor handled' }));
    expect(callables.call).toHaveBeenCalledWith('adminMarkMessage', {
      kind: 'contact',
      id: 'm1',
      handled: true,
    });
    expect(await screen.findByText('Message marked handled.')).toBeInTheDocument();
    expect(within(dialog).getByText('Handled')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Reopen message from Visitor' })).toBeInTheDocument();
  });

  it('switches to Feedback with its rates, and reopens a handled message', async () => {
    callables.call.mockImplementation(async (name: string, input: { kind?: string } = {}) => {
      if (name === 'adminMarkMessage') return { handled: false };
      return input.kind === 'feedback'
        ? {
            messages: [
              row('f1', {
                kind: 'feedback',
                rate: 9,
                senderName: 'Dana',
                handledAt: '2026-11-23T10:00:00.000Z',
              }),
            ],
            cursor: null,
          }
        : { messages: [], cursor: null };
    });
    const { user } = renderApp(<InboxTab />);
    await screen.findByText('No messages yet.');
    await user.click(screen.getByRole('button', { name: 'Feedback' }));
    const table = await screen.findByRole('table', { name: 'Feedback messages' });
    expect(within(table).getByText('9 / 10')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Reopen message from Dana' }));
    expect(callables.call).toHaveBeenCalledWith('adminMarkMessage', {
      kind: 'feedback',
      id: 'f1',
      handled: false,
    });
    expect(await within(table).findByText('Open')).toBeInTheDocument();
  });
});
