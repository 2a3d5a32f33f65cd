/**
 * "Block this member" behind a small menu, beside a comment or a reply: asked first, then sent to the
 * server, which finds the member from the comment or the photo, so no one is named here.
 */
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { IconButton, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useDialogs } from '@/components/dialogs';
import { useToast } from '@/components/toast';
import { call } from '@/data/callables';
import type { BlockMemberInput } from '@/domain/block-schemas';
import { BLOCK_MESSAGES } from '@/domain/blocks';

export function BlockMenu({
  label,
  block,
  onBlocked,
}: {
  /** The menu button's accessible name, saying what it is beside. */
  label: string;
  block: BlockMemberInput;
  onBlocked?: () => void;
}) {
  const toast = useToast();
  const { confirm } = useDialogs();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const run = async () => {
    setAnchor(null);
    const sure = await confirm({
      title: 'Block this member?',
      message:
        block.from === 'comment'
          ? "Their comments and votes leave your photos' view, and you won't see each other's photos."
          : "You won't see this member's photos or replies again, and they won't see yours.",
      confirmLabel: 'Block',
    });
    if (!sure) return;
    try {
      await call('blockMember', block);
      toast({ message: BLOCK_MESSAGES.blocked, severity: 'success' });
      onBlocked?.();
    } catch (error) {
      toast({ message: error instanceof Error ? error.message : String(error), severity: 'error' });
    }
  };

  return (
    <>
      <IconButton size="small" aria-label={label} onClick={(event) => setAnchor(event.currentTarget)}>
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => void run()}>Block this member</MenuItem>
      </Menu>
    </>
  );
}
