/**
 * The landing page below its first screen: how it works in three steps, what a member sees about
 * their photo, the figures, and the way in again. Loaded after the first screen's code (the
 * pre-rendered page shows it from the start).
 */
import { Box, Button, Container, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ScoreCard } from './score-card';

/**
 * Static marketing figures (spec 2 section 9). Its '4.8 average' is left out: on the one scale every
 * score is shown on it would claim photos average 9.6 out of 10, beside a card that shows 8.4.
 */
const LANDING_FIGURES: Array<[string, string]> = [
  ['10k+', 'users'],
  ['250k+', 'photos rated'],
  ['Out of 10', 'every score, with its verdict'],
];

const STEPS: Array<[string, string]> = [
  [
    'Upload your photos',
    'Add a few photos of yourself and choose who rates them: women, men or everyone, and their age.',
  ],
  [
    'Real people rate them',
    'Members rate with hearts, a comment and tags, anonymously. You rate others to earn tokens.',
  ],
  ['Keep your best photo', 'Compare your photos by score and percentile, and use the one that works best.'],
];

const INSIGHTS: Array<[string, string]> = [
  ['Score', 'The average of every vote, out of 10 with its verdict: each heart a member gives is 2 points.'],
  ['Percentile', 'How your photo compares with every other photo on Photorater.'],
  ['Fair score', 'Generous and harsh voters’ habits taken out, hasty votes left out, with a 90% range.'],
  ['AI insights', 'The vibe, style and impression your photo gives, written for you after each upload.'],
  ['Demographics', 'Who rated it: scores by the voters’ gender and age.'],
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ py: { xs: 5, md: 7 } }}>
      <Typography variant="h4" component="h2" sx={{ fontWeight: 700, mb: 3, textAlign: 'center' }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export function LandingDetails({ onJoin }: { onJoin: () => void }) {
  return (
    <Container maxWidth="md">
      <Section title="How it works">
        <Box
          component="ol"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { md: '1fr 1fr 1fr' },
          }}
        >
          {STEPS.map(([title, text], index) => (
            <Box component="li" key={title} sx={{ textAlign: 'center' }}>
              <Box
                aria-hidden
                sx={{
                  width: 44,
                  height: 44,
                  borderRadius: '50%',
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                  display: 'grid',
                  placeItems: 'center',
                  fontWeight: 700,
                  mx: 'auto',
                  mb: 1,
                }}
              >
                {index + 1}
              </Box>
              <Typography variant="h6" component="h3">
                {title}
              </Typography>
              <Typography color="text.secondary">{text}</Typography>
            </Box>
          ))}
        </Box>
      </Section>
      <Section title="What you see about your photo">
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={4} sx={{ alignItems: 'center' }}>
          <ScoreCard />
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {INSIGHTS.map(([title, text]) => (
              <Box component="li" key={title} sx={{ mb: 2 }}>
                <Typography variant="h6" component="h3">
                  {title}
                </Typography>
                <Typography color="text.secondary">{text}</Typography>
              </Box>
            ))}
          </Box>
        </Stack>
      </Section>
      <Section title="A community that rates">
        <Stack direction="row" spacing={4} sx={{ justifyContent: 'center' }}>
          {LANDING_FIGURES.map(([figure, label]) => (
            <Box key={label} sx={{ textAlign: 'center' }}>
              <Typography component="p" sx={{ fontSize: 32, fontWeight: 700 }}>
                {figure}
              </Typography>
              <Typography color="text.secondary">{label}</Typography>
            </Box>
          ))}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center', mt: 5 }}>
          <Button variant="contained" size="large" onClick={onJoin}>
            Join Photorater
          </Button>
          <Button component={RouterLink} to="/blog" size="large">
            Read the blog
          </Button>
        </Stack>
      </Section>
    </Container>
  );
}
