import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUserRow } from '@/domain/admin';
import type { AdminListedPhoto, AdminVoteRow } from '@/domain/admin-photos';
import { renderApp } from '@/testing/test-utils';
import { changedPhotoFields, PhotosTab } from './photos-tab';

const callables = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('@/data/callables', async (original) => ({ ...(await original<object>()), ...callables }));

const photo = (id: string, overrides: Partial<AdminListedPhoto> = {}): AdminListedPhoto => ({
  id,
  userId: 'owen',
  uploader: { displayName: 'Owen Example', email: 'owen@example.com' },
  imageUrl: `http://files.test/${id}.webp`,
  smallImageUrl: `http://files.test/${id}_small.webp`,
  caption: `Caption ${id}`,
  active: true,
  eligible: true,
  labels: [],
  rate: 3,
  votesCount: 2,
  reportsCount: 0,
  genComments: [],
  error: null,
  uploadedAt: '2026-11-10T10:00:00.000Z',
  ...overrides,
});

const vote: AdminVoteRow = {
  id: '5f0c2a9e1b7d4c3a8e6f0b1d2c3a4e5f',
  userId: 'dana',
  rate: 4,
  comment: 'Lovely',
  chips: ['friendly'],
  ageDecade: 30,
  gender: 'female',
  viewingTimeSeconds: 7,
  ratedAt: '2026-11-11T10:00:00.000Z',
};

type Input = Record<string, unknown>;

const nobody: AdminUserRow = {
  uid: 'nobody',
  displayName: 'Nobody Here',
  email: 'nobody@example.com',
  photoURL: null,
  points: 2,
  isAdmin: false,
  disabled: false,
  lastVotedAt: null,
};

function answering(overrides: Record<string, (input: Input) => unknown> = {}) {
  callables.call.mockImplementation(async (name: string, input: Input = {}) => {
    if (overrides[name]) return overrides[name]!(input);
    if (name === 'adminListPhotos') return { photos: [photo('p1')], cursor: null };
    if (name === 'adminListVotes') return { votes: [] };
    if (name === 'adminListUsers') return { users: [], cursor: null };
    if (name === 'adminUpdatePhoto') return { updated: Object.keys(input) };
    if (name === 'adminDeletePhoto') return { deleted: true };
    if (name === 'adminAddBotVote') return { voteId: 'bot-1', rate: 3.5, votesCount: 3 };
    if (name === 'generateGenComments') return { genComments: ['Nice smile', 'Great light'] };
    return undefined;
  });
}

describe('PhotosTab', () => {
  beforeEach(() => callables.call.mockReset());

  it("filters by uploader and active state, loads more after the cursor, and says 'No photos found.'", async () => {
    answering({
      adminListUsers: (input) => ({
        users: input.search === 'nob' ? [nobody] : [],
        cursor: null,
      }),
      adminListPhotos: (input) => {
        if (input.userId === 'nobody') return { photos: [], cursor: null };
        if (input.cursor) return { photos: [photo('p3')], cursor: null };
        return { photos: [photo('p1'), photo('p2', { active: false })], cursor: '2026-11-10T10:00:00.000Z' };
      },
    });
    renderApp(<PhotosTab />);
    const table = await screen.findByRole('table', { name: 'Photos' });
    expect(within(table).getByText('Inactive')).toBeInTheDocument();
    // The score as its owner sees it: out of 10, with its verdict.
    expect(within(table).getAllByText('6.0/10 · Above Average')).toHaveLength(2);
    expect(callables.call).toHaveBeenCalledWith('adminListPhotos', { active: 'all' });
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Caption p3')).toBeInTheDocument();
    expect(callables.call).toHaveBeenLastCalledWith('adminListPhotos', {
      active: 'all',
      cursor: '2026-11-10T10:00:00.000Z',
    });

    await userEvent.click(screen.getByLabelText('Active'));
    await userEvent.click(screen.getByRole('option', { name: 'Inactive' }));
    // The uploader is found by name or e-mail and picked, never typed as a uid.
    await userEvent.type(screen.getByLabelText('Uploader (name or e-mail)'), 'nob');
    await userEvent.click(await screen.findByRole('option', { name: 'Nobody Here (nobody@example.com)' }));
    expect(callables.call).toHaveBeenCalledWith('adminListUsers', { search: 'nob', sort: 'displayName' });
    expect(await screen.findByText('No photos found.')).toBeInTheDocument();
    expect(callables.call).toHaveBeenLastCalledWith('adminListPhotos', {
      active: 'inactive',
      userId: 'nobody',
    });
  });

  it('names each uploader and their e-mail, and the uid only of one whose record is gone', async () => {
    answering({
      adminListPhotos: () => ({
        photos: [photo('p1'), photo('p2', { userId: 'gone-uid', uploader: null })],
        cursor: null,
      }),
    });
    renderApp(<PhotosTab />);
    const table = await screen.findByRole('table', { name: 'Photos' });
    expect(within(table).getByText('Owen Example')).toBeInTheDocument();
    expect(within(table).getByText('owen@example.com')).toBeInTheDocument();
    expect(within(table).queryByText('owen')).toBeNull();
    expect(within(table).getByText('gone-uid')).toBeInTheDocument();
  });

  it('edits caption and labels (a comma or a space ends a label), sending only what changed', async () => {
    answering();
    renderApp(<PhotosTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit photo p1' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit photo' });
    await userEvent.type(within(dialog).getByLabelText('Labels'), 'portrait,outdoor smile ');
    expect(within(dialog).getByText('portrait')).toBeInTheDocument();
    expect(within(dialog).getByText('outdoor')).toBeInTheDocument();
    expect(within(dialog).getByText('smile')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callables.call).toHaveBeenCalledWith('adminUpdatePhoto', {
        userId: 'owen',
        photoId: 'p1',
        labels: ['portrait', 'outdoor', 'smile'],
      }),
    );
    expect(await screen.findByText('Photo updated.')).toBeInTheDocument();
  });

  it('archives a photo, and deletes one only after the permanent-action confirmation', async () => {
    answering();
    renderApp(<PhotosTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit photo p1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Archive (reversible)' }));
    await waitFor(() =>
      expect(callables.call).toHaveBeenCalledWith('adminUpdatePhoto', {
        userId: 'owen',
        photoId: 'p1',
        active: false,
      }),
    );
    const table = screen.getByRole('table', { name: 'Photos' });
    expect(await within(table).findByText('Inactive')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Edit photo p1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete permanently' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete photo permanently' });
    expect(callables.call).not.toHaveBeenCalledWith('adminDeletePhoto', expect.anything());
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete permanently' }));
    await waitFor(() =>
      expect(callables.call).toHaveBeenCalledWith('adminDeletePhoto', { userId: 'owen', photoId: 'p1' }),
    );
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Photos' })).not.toBeInTheDocument());
  });

  it('generates 30 AI comments by default, replacing', async () => {
    answering();
    renderApp(<PhotosTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit photo p1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Generate AI comments' }));
    expect(await screen.findByText('Nice smile')).toBeInTheDocument();
    expect(callables.call).toHaveBeenCalledWith('generateGenComments', {
      userId: 'owen',
      photoId: 'p1',
      count: 30,
      mode: 'replace',
    });
  });

  it("shows a photo's votes or 'No votes found for this photo.', and adds a bot vote", async () => {
    let votes: AdminVoteRow[] = [];
    answering({ adminListVotes: () => ({ votes }) });
    renderApp(<PhotosTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Votes of photo p1' }));
    const dialog = screen.getByRole('dialog', { name: 'Votes' });
    expect(await within(dialog).findByText('No votes found for this photo.')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add bot vote' }));
    expect(await within(dialog).findByText('Photo and rating are required')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Voter age (13 to 100)'), { target: { value: '12' } });
    await userEvent.click(within(dialog).getByLabelText('Rating (hearts)'));
    await userEvent.click(screen.getByRole('option', { name: '4' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'friendly' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add bot vote' }));
    expect(await within(dialog).findByText('Voter age must be between 13 and 100')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Voter age (13 to 100)'), { target: { value: '40' } });
    votes = [vote];
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add bot vote' }));
    await waitFor(() =>
      expect(callables.call).toHaveBeenCalledWith('adminAddBotVote', {
        userId: 'owen',
        photoId: 'p1',
        rate: 4,
        comment: '',
        chips: ['friendly'],
        age: 40,
        gender: 'female',
      }),
    );
    expect(await within(dialog).findByText('Lovely')).toBeInTheDocument();
    expect(within(dialog).getByText('30s, female')).toBeInTheDocument();
    expect(within(dialog).getByText('8.0/10 · Very Attractive (4 ♥)')).toBeInTheDocument();
  });

  it("says 'Failed to load votes.' and 'Failed to add bot vote. Check console for details.'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answering({
      adminListVotes: () => Promise.reject(new Error('offline')),
      adminAddBotVote: () => Promise.reject(new Error('offline')),
    });
    renderApp(<PhotosTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Votes of photo p1' }));
    const dialog = screen.getByRole('dialog', { name: 'Votes' });
    expect(await within(dialog).findByText('Failed to load votes.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refresh' }));
    expect(await within(dialog).findByText('Failed to refresh votes.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByLabelText('Rating (hearts)'));
    await userEvent.click(screen.getByRole('option', { name: '2.5' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add bot vote' }));
    expect(await screen.findByText('Failed to add bot vote. Check console for details.')).toBeInTheDocument();
  });
});

describe('changedPhotoFields', () => {
  it('sends nothing unchanged', () => {
    const row = photo('p1', { labels: ['a'] });
    expect(changedPhotoFields(row, { caption: 'Caption p1 ', active: true, labels: ['a'] })).toEqual({});
    expect(changedPhotoFields(row, { caption: 'New', active: false, labels: [] })).toEqual({
      caption: 'New',
      active: false,
      labels: [],
    });
  });
});
