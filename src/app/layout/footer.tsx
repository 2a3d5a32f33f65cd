import { Box, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { COOKIE_SETTINGS_LABEL } from '@/domain/consent';
import { openCookieSettings } from '@/lib/cookie-settings';
import { SOCIAL_URL } from './social';

const LINKS: Array<[string, string]> = [
  ['Home', paths.home],
  ['Blog', paths.blog],
  ['About', paths.about],
  ['Terms and Conditions', paths.terms],
  ['Privacy Policy', paths.privacy],
  ['Contact us', paths.contact],
];

/** For signed-out visitors. */
export function Footer() {
  return (
    <Box
      component="footer"
      sx={{ py: 4, px: 2, mt: 'auto', borderTop: 1, borderColor: 'divider', textAlign: 'center' }}
    >
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ justifyContent: 'center', flexWrap: 'wrap', mb: 2 }}
      >
        {LINKS.map(([label, to]) => (
          <Link key={to} component={RouterLink} to={to} color="inherit">
            {label}
          </Link>
        ))}
        <Link href={SOCIAL_URL} target="_blank" rel="noopener noreferrer" color="inherit">
          Instagram
        </Link>
        <Link component="button" type="button" variant="body1" color="inherit" onClick={openCookieSettings}>
          {COOKIE_SETTINGS_LABEL}
        </Link>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        © {new Date().getFullYear()} Photorater. All rights reserved.
      </Typography>
    </Box>
  );
}
