import { Menu, MenuItem } from '@mui/material';
import type { StoredPushToken } from '@/domain/push';
import { EnableNotificationsItem } from '@/features/pwa/notifications';

interface Props {
  anchor: HTMLElement;
  message: string;
  /** The member's push token as stored, for the permission flow. */
  pushToken: StoredPushToken;
  onClose: () => void;
}

export function NotificationList({ anchor, message, pushToken, onClose }: Props) {
  return (
    <Menu anchorEl={anchor} open onClose={onClose}>
      <MenuItem onClick={onClose}>{message}</MenuItem>
      <EnableNotificationsItem stored={pushToken} onChosen={onClose} />
    </Menu>
  );
}
