/**
 * The members one has blocked, as the profile lists them: where each block was made and when, never
 * who (a blocked commenter stays anonymous), each with Unblock.
 */
import { Button, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { useToast } from '@/components/toast';
import { call } from '@/data/callables';
import { BLOCK_FROM_LABELS, BLOCK_MESSAGES, type BlockEntry } from '@/domain/blocks';

export function BlockedMembers({ blocks }: { blocks: BlockEntry[] }) {
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const unblock = async (entry: BlockEntry) => {
    setBusy(entry.id);
    try {
      await call('unblockMember', { blockId: entry.id });
      toast({ message: BLOCK_MESSAGES.unblocked, severity: 'success' });
    } catch (error) {
      toast({ message: error instanceof Error ? error.message : String(error), severity: 'error' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Paper sx={{ p: 3, mt: 2 }} component="section" aria-label="Blocked members">
      <Typography variant="h6" component="h2" gutterBottom>
        Blocked members
      </Typography>
      {blocks.length === 0 ? (
        <Typography color="text.secondary">{BLOCK_MESSAGES.none}</Typography>
      ) : (
        <List dense disablePadding>
          {[...blocks].reverse().map((entry) => {
            const label = BLOCK_FROM_LABELS[entry.from];
            const when = new Date(entry.at).toLocaleDateString();
            return (
              <ListItem
                key={entry.id}
                disableGutters
                secondaryAction={
                  <Button
                    size="small"
                    disabled={busy === entry.id}
                    onClick={() => void unblock(entry)}
                    aria-label={`Unblock ${label.toLowerCase()}, blocked ${when}`}
                  >
                    Unblock
                  </Button>
                }
              >
                <ListItemText primary={label} secondary={`Blocked ${when}`} />
              </ListItem>
            );
          })}
        </List>
      )}
    </Paper>
  );
}
