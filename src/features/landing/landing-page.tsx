/** The signed-out landing page: what the product is, and the way in. */
import { Box, Button, Container, Stack, Typography } from '@mui/material';
import { PageMeta } from '@/components/page-meta';

interface Props {
  onGetStarted: () => void;
  onSignIn: () => void;
}

const STATS: Array<[string, string]> = [
  ['10k+', 'users'],
  ['250k+', 'photos rated'],
  ['4.8', 'average rating'],
];

export function LandingPage({ onGetStarted, onSignIn }: Props) {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 6, md: 10 }, textAlign: 'center' }}>
      <PageMeta
        title="Photorater"
        description="Find your best photo. Real people rate your photos with hearts, comments and tags, anonymously."
      />
      <Typography variant="h3" component="h1" sx={{ fontWeight: 700 }} gutterBottom>
        Find your best photo
      </Typography>
      <Typography variant="h6" component="p" color="text.secondary" sx={{ mb: 4 }}>
        Real people rate your photos with hearts, comments and tags. Anonymous, honest, and fast, for dating,
        social or professional profiles.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center', mb: 6 }}>
        <Button variant="contained" size="large" onClick={onGetStarted}>
          Get Started
        </Button>
        <Button variant="outlined" size="large" onClick={onSignIn}>
          Sign in
        </Button>
      </Stack>
      <Stack direction="row" spacing={4} sx={{ justifyContent: 'center' }}>
        {STATS.map(([figure, label]) => (
          <Box key={label}>
            <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
              {figure}
            </Typography>
            <Typography color="text.secondary">{label}</Typography>
          </Box>
        ))}
      </Stack>
    </Container>
  );
}
