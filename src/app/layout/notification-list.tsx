import { Menu, MenuItem } from '@mui/material';

interface Props {
  anchor: HTMLElement;
  message: string;
  onClose: () => void;
}

export function NotificationList({ anchor, message, onClose }: Props) {
  return (
    <Menu anchorEl={anchor} open onClose={onClose}>
      <MenuItem onClick={onClose}>{message}</MenuItem>
    </Menu>
  );
}
