import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SharedPhoto } from '@/domain/photo';
import type { MyComment } from '@/domain/vote';
import { aMember, aSession, renderApp } from '@/testing/test-utils';
import { SharedPhotoPage } from './shared-photo-page';

const callables = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('@/data/callables', async (original) => ({ ...(await original<object>()), ...callables }));

const shared: SharedPhoto = {
  imageUrl: 'http://files.test/p1.webp',
  originalUrl: 'http://files.test/p1.jpg',
  imageWidth: 720,
  imageHeight: 960,
  caption: 'Seaside',
  rate: 4.2,
  votesCount: 3,
};

describe('the shared photo page', () => {
  it("holds the photo's card in place while it loads, then shows the photo at its size", async () => {
    let answer: (photo: SharedPhoto) => void = () => undefined;
    callables.call.mockReturnValue(new Promise<SharedPhoto>((resolve) => (answer = resolve)));
    renderApp(<SharedPhotoPage photoId="p1" ownerId="alice" onJoin={vi.fn()} />);
    const placeholder = screen.getByTestId('shared-photo-placeholder');
    expect(placeholder).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    answer(shared);
    const image = await screen.findByRole('img', { name: 'Seaside' });
    expect(placeholder).not.toBeInTheDocument();
    expect(image).toHaveAttribute('width', '720');
    expect(image).toHaveAttribute('height', '960');
    expect(screen.getByText('8.4/10 · Very Attractive, rated by 3 people')).toBeInTheDocument();
    expect(callables.call).toHaveBeenCalledWith('getSharedPhoto', { ownerId: 'alice', photoId: 'p1' });
  });

  it('shows a photo made before its size was kept', async () => {
    callables.call.mockResolvedValue({ ...shared, imageWidth: null, imageHeight: null });
    renderApp(<SharedPhotoPage photoId="p1" ownerId="alice" onJoin={vi.fn()} />);
    const image = await screen.findByRole('img', { name: 'Seaside' });
    expect(image).toHaveAttribute('src', 'http://files.test/p1.webp');
    expect(image).not.toHaveAttribute('width');
  });
});

describe('the shared photo page, for a voter the owner replied to', () => {
  const at = new Date();
  const reply = (id: string, userId: string, text: string) => ({
    id,
    text,
    userId,
    userName: userId === 'alice' ? 'Alice' : 'Voter',
    userPhotoURL: null,
    repliedAt: at,
    repliedToUserId: userId === 'alice' ? 'you' : 'alice',
    reactions: [],
  });
  const thread = (replies: ReturnType<typeof reply>[]): MyComment => ({
    caption: 'Seaside',
    thread: {
      id: 'you',
      rate: 4,
      comment: 'Lovely light',
      commented: true,
      chips: [],
      ageDecade: 30,
      gender: 'male',
      viewingTimeSeconds: 5,
      ratedAt: at,
      evaluated: true,
      reactions: [],
      replies,
    },
  });

  it("shows their comment and the owner's reply even when the photo is not shared, and lets them answer once", async () => {
    let answered = false;
    callables.call.mockImplementation(async (name: string) => {
      if (name === 'getSharedPhoto') throw new Error('This photo is not shared anymore.');
      if (name === 'replyToComment') {
        answered = true;
        return { replyId: 'r2' };
      }
      return thread([
        reply('r1', 'alice', 'Thank you!'),
        ...(answered ? [reply('r2', 'you', 'You are welcome')] : []),
      ]);
    });
    const { user } = renderApp(<SharedPhotoPage photoId="p1" ownerId="alice" onJoin={vi.fn()} />, {
      session: aSession({ member: { uid: 'bob', email: 'bob@example.com' }, user: aMember({ uid: 'bob' }) }),
    });
    const section = await screen.findByRole('region', { name: 'Your comment' });
    expect(within(section).getByText('Lovely light')).toBeInTheDocument();
    expect(within(section).getByRole('group', { name: 'Reply: Thank you!' })).toHaveTextContent('Owner');
    expect(screen.queryByText('This photo is not shared anymore.')).not.toBeInTheDocument();
    await user.type(within(section).getByLabelText('Reply'), 'You are welcome');
    await user.click(within(section).getByRole('button', { name: 'Send' }));
    expect(callables.call).toHaveBeenCalledWith('replyToComment', {
      ownerId: 'alice',
      photoId: 'p1',
      text: 'You are welcome',
    });
    await within(section).findByRole('group', { name: 'Reply: You are welcome' });
    expect(within(section).queryByLabelText('Reply')).not.toBeInTheDocument();
  });

  it('asks nothing for a visitor', async () => {
    callables.call.mockReset();
    callables.call.mockResolvedValue(shared);
    renderApp(<SharedPhotoPage photoId="p1" ownerId="alice" onJoin={vi.fn()} />);
    await screen.findByRole('img', { name: 'Seaside' });
    expect(callables.call).not.toHaveBeenCalledWith('getMyComment', expect.anything());
  });
});
