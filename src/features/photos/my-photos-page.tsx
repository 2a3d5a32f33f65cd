/** My Photos: the member's photos; the onboarding dialog opens here until it has been finished. */
import { Box, Container, Typography } from '@mui/material';
import { PageMeta } from '@/components/page-meta';
import type { User } from '@/domain/user';
import { OnboardingDialog } from './onboarding-dialog';

export function MyPhotosPage({ user }: { user: User }) {
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <PageMeta
        title="My Photos"
        description="Your photos and how people rate them."
        robots="noindex, nofollow"
      />
      <Typography variant="h5" component="h1" gutterBottom>
        My Photos
      </Typography>
      <Box sx={{ py: 6, textAlign: 'center' }}>
        <Typography variant="h6">You have no photos yet</Typography>
        <Typography color="text.secondary">
          Upload a photo of yourself to find out how others see you. The first votes usually arrive within
          about 10 hours.
        </Typography>
      </Box>
      <OnboardingDialog open={!user.onBoarding} />
    </Container>
  );
}
