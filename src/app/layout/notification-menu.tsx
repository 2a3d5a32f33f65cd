import NotificationsIcon from '@mui/icons-material/Notifications';
import { Badge, IconButton } from '@mui/material';
import { useState } from 'react';
import { onDemand } from '@/lib/on-demand';

const NotificationList = onDemand(() =>
  import('./notification-list').then((module) => module.NotificationList),
);

/** The bell: a dot when votes are new; its menu says how many, or that the member is caught up. */
export function NotificationMenu({ newVotes }: { newVotes: number }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
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
      {anchor && <NotificationList anchor={anchor} newVotes={newVotes} onClose={() => setAnchor(null)} />}
    </>
  );
}
