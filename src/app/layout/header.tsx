import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, Button, IconButton, Toolbar, Typography } from '@mui/material';
import { memo } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { MemberAvatar } from '@/components/member-avatar';
import { paths, safeOrigin } from '@/config/paths';
import type { User } from '@/domain/user';
import { onDemand } from '@/lib/on-demand';
import { useColorMode } from '../color-mode';
import { AtIdle } from './at-idle';
import { useHideOnScroll } from './use-hide-on-scroll';

// Shown to members only, so their code stays off the landing page's first load; drawn once the
// screen is, at the browser's first idle moment.
const InstallButton = onDemand(() =>
  import('@/features/pwa/install-button').then((module) => module.InstallButton),
);
const NotificationMenu = onDemand(() =>
  import('./notification-menu').then((module) => module.NotificationMenu),
);

interface Props {
  user: User | null;
  onOpenMenu: () => void;
}

/** Drawn again only when the member's record or the menu's handler changes, not at each step of the session. */
export const Header = memo(function Header({ user, onOpenMenu }: Props) {
  const hidden = useHideOnScroll();
  const { mode, toggle } = useColorMode();
  const [params] = useSearchParams();
  const origin = safeOrigin(params.get('origin'));
  return (
    <AppBar
      position="sticky"
      color="default"
      elevation={1}
      sx={{ transform: hidden ? 'translateY(-100%)' : 'none', transition: 'transform 225ms ease-in-out' }}
    >
      <Toolbar sx={{ gap: 1 }}>
        <IconButton edge="start" color="inherit" aria-label="Open menu" onClick={onOpenMenu}>
          <MenuIcon />
        </IconButton>
        {user ? (
          <Typography
            variant="h6"
            component="div"
            sx={{ display: { xs: 'none', sm: 'block' }, fontWeight: 700 }}
          >
            Photorater
          </Typography>
        ) : (
          <Typography
            component={RouterLink}
            to={paths.login}
            variant="h6"
            sx={{ fontWeight: 700, color: 'inherit', textDecoration: 'none' }}
            aria-label="Photorater"
          >
            Photorater
          </Typography>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {user && (
          <AtIdle>
            <InstallButton />
            <NotificationMenu user={user} />
          </AtIdle>
        )}
        <IconButton
          color="inherit"
          aria-label={mode === 'light' ? 'Switch to dark mode' : 'Switch to light mode'}
          onClick={toggle}
        >
          {mode === 'light' ? <DarkModeIcon /> : <LightModeIcon />}
        </IconButton>
        {user ? (
          <IconButton component={RouterLink} to={paths.profile} aria-label="Profile">
            <MemberAvatar src={user.photoURL} alt={user.displayName} size={32} />
          </IconButton>
        ) : (
          <Button
            component={RouterLink}
            to={origin ? `${paths.login}?origin=${encodeURIComponent(origin)}` : paths.login}
            variant="contained"
          >
            Sign in
          </Button>
        )}
      </Toolbar>
    </AppBar>
  );
});
