/**
 * One comment with its reactions and replies; the owner reacts to the comment and to the voter's
 * replies, replies, and deletes only their own replies. The voter stays anonymous here too: named
 * by the vote's id within it, with their gender and decade of age, never a picture.
 */
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import {
  Box,
  Button,
  IconButton,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { MemberAvatar } from '@/components/member-avatar';
import { useToast } from '@/components/toast';
import { call } from '@/data/callables';
import { REACTION_EMOJIS, REPLY_MAX, type Reaction, type ReactionEmoji, type Vote } from '@/domain/vote';
import { formatScore } from '@/domain/scores';
import { BlockMenu } from './block-menu';

export const REPLY_MESSAGES = {
  addFailed: 'Failed to add reply.',
  deleteFailed: 'Failed to delete reply.',
} as const;

/** The reactions shown: the two most given, with their counts. */
function reactionGroups(reactions: Reaction[]): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const reaction of reactions) counts.set(reaction.emoji, (counts.get(reaction.emoji) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).slice(0, 2);
}

/** The six reactions as toggles, the member's own pressed; the same again takes it back. */
function ReactionButtons({
  label,
  reactions,
  viewerId,
  onReact,
}: {
  label: string;
  reactions: Reaction[];
  viewerId: string;
  onReact: (emoji: ReactionEmoji) => void;
}) {
  const mine = reactions.find((reaction) => reaction.userId === viewerId)?.emoji ?? null;
  return (
    <ToggleButtonGroup size="small" exclusive value={mine} aria-label={label} sx={{ mt: 0.5 }}>
      {REACTION_EMOJIS.map((emoji) => (
        <ToggleButton
          key={emoji}
          value={emoji}
          aria-label={`React ${emoji}`}
          onClick={() => onReact(emoji)}
          sx={{ px: 0.75, py: 0 }}
        >
          {emoji}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

export function CommentThread({
  vote,
  ownerId,
  photoId,
  viewerId,
  onBlockedOwner,
  onChanged,
}: {
  vote: Vote;
  ownerId: string;
  photoId: string;
  viewerId: string;
  /** For the voter's view: the owner was blocked from their reply, so the thread should go. */
  onBlockedOwner?: () => void;
  /** After the viewer's own turn, where the thread is not watched live (the voter's view). */
  onChanged?: () => void;
}) {
  const toast = useToast();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const isOwner = viewerId === ownerId;
  // A voter names their vote by the photo alone: they never learn its id.
  const ref = isOwner ? { ownerId, photoId, voteId: vote.id } : { ownerId, photoId };
  // The voter answers the owner's reply, once.
  const mayReply =
    isOwner ||
    (vote.replies.some((reply) => reply.userId === ownerId) &&
      !vote.replies.some((reply) => reply.userId === viewerId));

  const react = (emoji: ReactionEmoji, replyId?: string) =>
    call('reactToComment', { ...ref, emoji, ...(replyId ? { replyId } : {}) }).then(
      onChanged,
      (error: unknown) => console.error(error),
    );
  const send = async () => {
    const reply = text.trim();
    if (!reply) return;
    setSending(true);
    try {
      await call('replyToComment', { ...ref, text: reply });
      setText('');
      onChanged?.();
    } catch {
      toast({ message: REPLY_MESSAGES.addFailed, severity: 'error', duration: 5000 });
    } finally {
      setSending(false);
    }
  };
  const remove = async (replyId: string) => {
    try {
      await call('deleteReply', { ...ref, replyId });
      onChanged?.();
    } catch {
      toast({ message: REPLY_MESSAGES.deleteFailed, severity: 'error', duration: 5000 });
    }
  };

  return (
    <Box
      component="li"
      aria-label={`Comment: ${vote.comment}`}
      sx={{ listStyle: 'none', py: 1, borderBottom: 1, borderColor: 'divider' }}
    >
      <Stack direction="row" spacing={1.5}>
        {/* The voter has no picture here: theirs would say who they are. */}
        <MemberAvatar src={null} alt="" size={32} />
        <Box sx={{ flex: 1 }}>
          <Stack direction="row" sx={{ alignItems: 'flex-start' }}>
            <Typography sx={{ flex: 1 }}>{vote.comment}</Typography>
            {viewerId === ownerId && (
              <BlockMenu
                label="More about this comment"
                block={{ ownerId, photoId, voteId: vote.id, from: 'comment' }}
              />
            )}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {formatScore(vote.rate)} · {vote.gender}, {vote.ageDecade}s
            {reactionGroups(vote.reactions).map(([emoji, count]) => ` · ${emoji} ${count}`)}
          </Typography>
          <ReactionButtons
            label="React"
            reactions={vote.reactions}
            viewerId={viewerId}
            onReact={(emoji) => void react(emoji)}
          />
          {vote.replies.map((reply) => (
            <Box key={reply.id} aria-label={`Reply: ${reply.text}`} role="group" sx={{ mt: 1 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <MemberAvatar src={reply.userPhotoURL} alt="" size={24} />
                <Typography variant="body2" sx={{ flex: 1 }}>
                  <strong>
                    {reply.userId === viewerId ? 'You' : reply.userId === ownerId ? 'Owner' : 'Voter'}
                  </strong>{' '}
                  {reply.text}
                  {reactionGroups(reply.reactions ?? []).map(([emoji, count]) => ` · ${emoji} ${count}`)}
                </Typography>
                {reply.userId === viewerId && (
                  <IconButton size="small" aria-label="Delete reply" onClick={() => void remove(reply.id)}>
                    <DeleteOutlinedIcon fontSize="small" />
                  </IconButton>
                )}
                {reply.userId === ownerId && viewerId !== ownerId && (
                  <BlockMenu
                    label="More about this reply"
                    block={{ ownerId, photoId, from: 'reply' }}
                    onBlocked={onBlockedOwner}
                  />
                )}
              </Stack>
              {reply.userId !== viewerId && (
                <Box sx={{ pl: 4 }}>
                  <ReactionButtons
                    label="React to this reply"
                    reactions={reply.reactions ?? []}
                    viewerId={viewerId}
                    onReact={(emoji) => void react(emoji, reply.id)}
                  />
                </Box>
              )}
            </Box>
          ))}
          {mayReply && (
            <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
              <TextField
                size="small"
                fullWidth
                placeholder="Reply"
                value={text}
                onChange={(event) => setText(event.target.value)}
                slotProps={{ htmlInput: { maxLength: REPLY_MAX, 'aria-label': 'Reply' } }}
              />
              <Button onClick={() => void send()} disabled={sending || !text.trim()}>
                Send
              </Button>
            </Stack>
          )}
        </Box>
      </Stack>
    </Box>
  );
}
