import NotificationsIcon from '@mui/icons-material/Notifications';
import { Badge, IconButton } from '@mui/material';
import { useState } from 'react';
import { bellMessage } from '@/domain/notifications';
import type { User } from '@/domain/user';
import { onDemand } from '@/lib/on-demand';

const NotificationList = onDemand(() =>
  import('./notification-list').then((module) => module.NotificationList),
);

/**
 * The bell: a dot while there is news. Its menu says how many votes are new, else the last message
 * (a reaction or reply to the member's comment), else that the member is caught up.
 */
export function NotificationMenu({ user }: { user: User }) {
  // What the menu says is taken when it opens: marking it seen must not change it under the reader.
  const [opened, setOpened] = useState<{ anchor: HTMLElement; text: string } | null>(null);
  const message = bellMessage(user.newVotes, user.lastNotification, user.notificationsSeenAt);
  const open = (target: HTMLElement) => {
    setOpened({ anchor: target, text: message.text });
    // The callables and the error catalogue load with the first opening, not with the header.
    if (user.newVotes === 0 && message.unread)
      void import('@/data/callables')
        .then(({ call }) => call('markNotificationsSeen', {}))
        .catch((error: unknown) =>
          import('@/lib/report-error').then(({ logFailure }) =>
            logFailure(error, { feature: 'notifications' }),
          ),
        );
  };
  return (
    <>
      <IconButton color="inherit" aria-label="Notifications" onClick={(event) => open(event.currentTarget)}>
        <Badge color="secondary" variant="dot" invisible={!message.unread}>
          <NotificationsIcon />
        </Badge>
      </IconButton>
      {opened && (
        <NotificationList
          anchor={opened.anchor}
          message={opened.text}
          pushToken={user}
          onClose={() => setOpened(null)}
        />
      )}
    </>
  );
}
