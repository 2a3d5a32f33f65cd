import NotificationsIcon from '@mui/icons-material/Notifications';
import { Badge, IconButton, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';

/** The bell: a dot when votes are new; its menu says how many, or that the member is caught up. */
export function NotificationMenu({ newVotes }: { newVotes: number }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const message = newVotes > 0 ? `You have ${newVotes} new votes` : "You're all caught up!";
  return (
    <>
      <IconButton
        color="inherit"
        aria-label="Notifications"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Badge color="secondary" variant="dot" invisible={newVotes === 0}>
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => setAnchor(null)}>{message}</MenuItem>
      </Menu>
    </>
  );
}
