import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Vote } from '@/domain/vote';
import { renderApp } from '@/testing/test-utils';
import { CommentThread } from './comment-thread';

const callables = vi.hoisted(() => ({ call: vi.fn() }));
// The real CallError, so tests throw what the data layer throws; only the call is replaced.
vi.mock('@/data/callables', async (original) => ({ ...(await original<object>()), ...callables }));

const at = new Date();
/** The vote's id, by which the conversation names its voter. */
const VOTE_ID = '3f9a1c0d5e7b2a4c6d8e0f1a2b3c4d5e';
const vote: Vote = {
  id: VOTE_ID,
  rate: 4.5,
  comment: 'Nice smile',
  commented: true,
  chips: [],
  ageDecade: 30,
  gender: 'male',
  viewingTimeSeconds: 7,
  ratedAt: at,
  evaluated: true,
  reactions: [
    { id: 'alice', emoji: '❤️', userId: 'alice', userName: 'Alice', userPhotoURL: null, reactedAt: at },
    { id: 'carl', emoji: '❤️', userId: 'carl', userName: 'Carl', userPhotoURL: null, reactedAt: at },
    { id: 'dan', emoji: '😂', userId: 'dan', userName: 'Dan', userPhotoURL: null, reactedAt: at },
    { id: 'eve', emoji: '😮', userId: 'eve', userName: 'Eve', userPhotoURL: null, reactedAt: at },
  ],
  replies: [
    {
      id: 'r1',
      text: 'Thanks!',
      userId: 'alice',
      userName: 'Alice',
      userPhotoURL: 'http://files.test/alice.webp',
      repliedAt: at,
      repliedToUserId: VOTE_ID,
      reactions: [],
    },
    {
      id: 'r2',
      text: 'Any time',
      userId: VOTE_ID,
      userName: 'Voter',
      userPhotoURL: null,
      repliedAt: at,
      repliedToUserId: 'alice',
      reactions: [
        { id: 'alice', emoji: '😂', userId: 'alice', userName: 'Alice', userPhotoURL: null, reactedAt: at },
      ],
    },
  ],
};
const thread = <CommentThread vote={vote} ownerId="alice" photoId="p1" viewerId="alice" />;

beforeEach(() => vi.clearAllMocks());

describe('CommentThread', () => {
  it('shows two reaction groups and marks my reaction', () => {
    renderApp(thread);
    const comment = screen.getByRole('listitem', { name: 'Comment: Nice smile' });
    expect(comment).toHaveTextContent('9.0/10 · Absolutely Stunning! · male, 30s · ❤️ 2 · 😂 1');
    // Only the owner's own picture, on their reply: the voter has none.
    expect([...comment.querySelectorAll('img')].map((image) => image.getAttribute('src'))).toEqual([
      'http://files.test/alice.webp',
    ]);
    expect(comment).not.toHaveTextContent('😮 1');
    const reactions = screen.getByRole('group', { name: 'React' });
    expect(within(reactions).getByRole('button', { name: 'React ❤️' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('reacts, replies trimmed, sends no empty reply, and deletes only my replies', async () => {
    callables.call.mockResolvedValue({});
    const { user } = renderApp(thread);
    await user.click(
      within(screen.getByRole('group', { name: 'React' })).getByRole('button', { name: 'React 👍' }),
    );
    expect(callables.call).toHaveBeenCalledWith('reactToComment', {
      ownerId: 'alice',
      photoId: 'p1',
      voteId: VOTE_ID,
      emoji: '👍',
    });
    await user.type(screen.getByRole('textbox', { name: 'Reply' }), '   ');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Reply' }), ' Glad you like it ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(callables.call).toHaveBeenCalledWith('replyToComment', {
      ownerId: 'alice',
      photoId: 'p1',
      voteId: VOTE_ID,
      text: 'Glad you like it',
    });
    expect(
      within(screen.getByLabelText('Reply: Any time')).queryByRole('button', { name: 'Delete reply' }),
    ).not.toBeInTheDocument();
    await user.click(
      within(screen.getByLabelText('Reply: Thanks!')).getByRole('button', { name: 'Delete reply' }),
    );
    expect(callables.call).toHaveBeenCalledWith('deleteReply', {
      ownerId: 'alice',
      photoId: 'p1',
      voteId: VOTE_ID,
      replyId: 'r1',
    });
  });

  it('says when a reply fails', async () => {
    callables.call.mockRejectedValue(new Error('unavailable'));
    const { user } = renderApp(thread);
    await user.type(screen.getByRole('textbox', { name: 'Reply' }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Failed to add reply.')).toBeInTheDocument();
    await user.click(
      within(screen.getByLabelText('Reply: Thanks!')).getByRole('button', { name: 'Delete reply' }),
    );
    await waitFor(() => expect(screen.getByText('Failed to delete reply.')).toBeInTheDocument());
  });

  it("reacts to the voter's reply, shows its reactions, and never the voter's name", async () => {
    callables.call.mockResolvedValue({ emoji: '❤️' });
    const { user } = renderApp(thread);
    const theirs = screen.getByRole('group', { name: 'Reply: Any time' });
    expect(theirs).toHaveTextContent('Voter Any time · 😂 1');
    expect(theirs).not.toHaveTextContent(VOTE_ID);
    const buttons = within(theirs).getByRole('group', { name: 'React to this reply' });
    expect(within(buttons).getByRole('button', { name: 'React 😂' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(buttons).getByRole('button', { name: 'React ❤️' }));
    expect(callables.call).toHaveBeenCalledWith('reactToComment', {
      ownerId: 'alice',
      photoId: 'p1',
      voteId: VOTE_ID,
      replyId: 'r2',
      emoji: '❤️',
    });
    // One's own reply takes no reaction from oneself.
    const mine = screen.getByRole('group', { name: 'Reply: Thanks!' });
    expect(within(mine).queryByRole('group', { name: 'React to this reply' })).not.toBeInTheDocument();
  });
});

describe('CommentThread, blocking', () => {
  it("lets the owner block the comment's voter, asked first, without naming them", async () => {
    callables.call.mockResolvedValue({ blockId: 'b1' });
    const { user } = renderApp(thread);
    await user.click(screen.getByRole('button', { name: 'More about this comment' }));
    await user.click(screen.getByRole('menuitem', { name: 'Block this member' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Block this member?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() =>
      expect(callables.call).toHaveBeenCalledWith('blockMember', {
        ownerId: 'alice',
        photoId: 'p1',
        voteId: VOTE_ID,
        from: 'comment',
      }),
    );
    expect(await screen.findByText(/Member blocked/)).toBeInTheDocument();
  });

  it('sends nothing when the owner says no', async () => {
    const { user } = renderApp(thread);
    await user.click(screen.getByRole('button', { name: 'More about this comment' }));
    await user.click(screen.getByRole('menuitem', { name: 'Block this member' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(callables.call).not.toHaveBeenCalled();
  });

  it("lets the voter block the photo's owner from the owner's reply, and names the reply the owner's", async () => {
    callables.call.mockResolvedValue({ blockId: 'b1' });
    const onBlockedOwner = vi.fn();
    const { user } = renderApp(
      <CommentThread
        vote={vote}
        ownerId="alice"
        photoId="p1"
        viewerId={VOTE_ID}
        onBlockedOwner={onBlockedOwner}
      />,
    );
    expect(screen.queryByRole('button', { name: 'More about this comment' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Reply: Thanks!' })).getByText('Owner'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More about this reply' }));
    await user.click(screen.getByRole('menuitem', { name: 'Block this member' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(onBlockedOwner).toHaveBeenCalled());
    expect(callables.call).toHaveBeenCalledWith('blockMember', {
      ownerId: 'alice',
      photoId: 'p1',
      from: 'reply',
    });
  });
});
