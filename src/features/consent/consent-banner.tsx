/**
 * The cookie banner: accept all, necessary only, or preferences (spec 2 section 4, "Cookie consent").
 * It never covers a control: the page keeps its height free at the end (its height is published as a
 * bottom bar), the tab bar and toasts sit above it, and drawers and dialogs stack over it.
 */
import { Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import { paths } from '@/config/paths';
import { CONSENT_TEXT } from '@/domain/consent-text';
import { useBottomBar } from '@/lib/bottom-bars';

interface Props {
  onAcceptAll: () => void;
  onNecessaryOnly: () => void;
  onPreferences: () => void;
}

export function ConsentBanner({ onAcceptAll, onNecessaryOnly, onPreferences }: Props) {
  const measured = useBottomBar('consentBanner');
  return (
    <Paper
      ref={measured}
      role="region"
      aria-label="Cookie consent"
      elevation={8}
      square
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        // Over the page and its header, under drawers, dialogs and toasts.
        zIndex: (theme) => theme.zIndex.appBar,
        px: 2,
        py: 1.5,
      }}
    >
      <Box sx={{ maxWidth: 960, mx: 'auto' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {CONSENT_TEXT.title}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {CONSENT_TEXT.body} {CONSENT_TEXT.readMore}{' '}
          {/* The banner stands beside the router, not in it: the policy opens as a page of its own. */}
          <Link href={paths.privacy}>{CONSENT_TEXT.privacyPolicy}</Link>.
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
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
