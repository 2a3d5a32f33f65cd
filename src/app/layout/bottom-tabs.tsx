import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import FavoriteIcon from '@mui/icons-material/Favorite';
import PersonIcon from '@mui/icons-material/Person';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import { BottomNavigation, BottomNavigationAction, Paper } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { UNDER_TAB_BAR_HEIGHT, useBottomBar } from '@/lib/bottom-bars';

const TABS = [
  { label: 'My Photos', to: paths.home, icon: <PhotoLibraryIcon /> },
  { label: 'Rate', to: paths.rate, icon: <FavoriteIcon /> },
  { label: 'Profile', to: paths.profile, icon: <PersonIcon /> },
  { label: 'Leaderboard', to: paths.leaderboard, icon: <EmojiEventsIcon /> },
];

/** Only when the profile is complete; it sticks above the cookie banner and the offline notice. */
export function BottomTabs() {
  const { pathname } = useLocation();
  const measured = useBottomBar('tabBar');
  const current = TABS.find((tab) => tab.to !== paths.home && pathname.startsWith(tab.to))?.to ?? paths.home;
  return (
    <Paper
      ref={measured}
      sx={{ position: 'sticky', bottom: UNDER_TAB_BAR_HEIGHT, zIndex: 2 }}
      elevation={3}
      component="nav"
      aria-label="Tabs"
    >
      <BottomNavigation showLabels value={current}>
        {TABS.map((tab) => (
          <BottomNavigationAction
            key={tab.to}
            label={tab.label}
            value={tab.to}
            icon={tab.icon}
            component={RouterLink}
            to={tab.to}
          />
        ))}
      </BottomNavigation>
    </Paper>
  );
}
