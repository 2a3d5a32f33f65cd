/** The cookie banner: accept all, necessary only, or preferences (spec 2 section 4, "Cookie consent"). */
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { CONSENT_TEXT } from '@/domain/consent-text';

interface Props {
  onAcceptAll: () => void;
  onNecessaryOnly: () => void;
  onPreferences: () => void;
}

export function ConsentBanner({ onAcceptAll, onNecessaryOnly, onPreferences }: Props) {
  return (
    <Paper
      role="region"
      aria-label="Cookie consent"
      elevation={8}
      square
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: (theme) => theme.zIndex.snackbar - 1,
        p: 2,
      }}
    >
      <Box sx={{ maxWidth: 960, mx: 'auto' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {CONSENT_TEXT.title}
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {CONSENT_TEXT.body}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button variant="text" onClick={onPreferences}>
            {CONSENT_TEXT.preferences}
          </Button>
          <Button variant="outlined" onClick={onNecessaryOnly}>
            {CONSENT_TEXT.necessaryOnly}
          </Button>
          <Button variant="contained" onClick={onAcceptAll}>
            {CONSENT_TEXT.acceptAll}
          </Button>
        </Stack>
      </Box>
    </Paper>
  );
}
