import { Menu, MenuItem } from '@mui/material';

interface Props {
  anchor: HTMLElement;
  newVotes: number;
  onClose: () => void;
}

export function NotificationList({ anchor, newVotes, onClose }: Props) {
  const message = newVotes > 0 ? `You have ${newVotes} new votes` : "You're all caught up!";
  return (
    <Menu anchorEl={anchor} open onClose={onClose}>
      <MenuItem onClick={onClose}>{message}</MenuItem>
    </Menu>
  );
}
