import CoffeeIcon from '@mui/icons-material/Coffee';
import FeedbackIcon from '@mui/icons-material/Feedback';
import LogoutIcon from '@mui/icons-material/Logout';
import { Divider, Drawer, List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { COOKIE_SETTINGS_LABEL } from '@/domain/consent';
import { DONATION_TITLE } from '@/domain/plans';
import { openCookieSettings } from '@/lib/cookie-settings';
import { openFeedback } from '@/lib/feedback';
import { SOCIAL_URL } from './social';

const LINKS: Array<[string, string]> = [
  ['Home', paths.home],
  ['Blog', paths.blog],
  ['About', paths.about],
  ['Contact us', paths.contact],
  ['Privacy policy', paths.privacy],
  ['Terms & Conditions', paths.terms],
];

interface Props {
  open: boolean;
  onClose: () => void;
  signedIn: boolean;
  onSignOut: () => void;
  onDonate: () => void;
}

export function NavDrawer({ open, onClose, signedIn, onSignOut, onDonate }: Props) {
  return (
    <Drawer open={open} onClose={onClose} slotProps={{ paper: { 'aria-label': 'Menu' } }}>
      <List sx={{ width: 260 }} component="nav" aria-label="Main menu">
        {LINKS.map(([label, to]) => (
          <ListItemButton key={to} component={RouterLink} to={to} onClick={onClose}>
            <ListItemText primary={label} />
          </ListItemButton>
        ))}
        <ListItemButton
          component="a"
          href={SOCIAL_URL}
          target="_blank"
          rel="noopener noreferrer"
          onClick={onClose}
        >
          <ListItemText primary="Follow us on Instagram" />
        </ListItemButton>
        <ListItemButton
          onClick={() => {
            onClose();
            openCookieSettings();
          }}
        >
          <ListItemText primary={COOKIE_SETTINGS_LABEL} />
        </ListItemButton>
        {signedIn && (
          <>
            <Divider />
            <ListItemButton
              onClick={() => {
                onClose();
                onDonate();
              }}
            >
              <ListItemIcon>
                <CoffeeIcon />
              </ListItemIcon>
              <ListItemText primary={DONATION_TITLE} />
            </ListItemButton>
            <ListItemButton
              onClick={() => {
                onClose();
                openFeedback();
              }}
            >
              <ListItemIcon>
                <FeedbackIcon />
              </ListItemIcon>
              <ListItemText primary="Feedback" />
            </ListItemButton>
            <ListItemButton
              onClick={() => {
                onClose();
                onSignOut();
              }}
            >
              <ListItemIcon>
                <LogoutIcon />
              </ListItemIcon>
              <ListItemText primary="Sign out" />
            </ListItemButton>
          </>
        )}
      </List>
    </Drawer>
  );
}
