/**
 * The signed-out landing page: what the product does, the way in (Get Started, Sign in), pictures
 * from the product itself (the demo members' drawn portraits, a score card), and below the first
 * screen how it works and what a member sees. The hero's words follow the visitor's variant of
 * 'landingHeroTest' when that test is running.
 */
import { Box, Button, Container, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { PageMeta } from '@/components/page-meta';
import { whenIdle } from '@/lib/idle';
import { onDemand } from '@/lib/on-demand';
import { logFailure } from '@/lib/report-error';
import { CONTROL_HERO, LANDING_DESCRIPTION } from './landing-copy';
import type { HeroAssignment } from './landing-experiment';

const LandingDetails = onDemand(() => import('./landing-details').then((module) => module.LandingDetails));

const PORTRAITS = [
  { src: '/images/portrait-maya.webp', rotate: -6, x: 0, y: 24 },
  { src: '/images/portrait-leo.webp', rotate: 0, x: 96, y: 0 },
  { src: '/images/portrait-aiko.webp', rotate: 6, x: 192, y: 24 },
];

interface Props {
  onGetStarted: () => void;
  onSignIn: () => void;
}

export function LandingPage({ onGetStarted, onSignIn }: Props) {
  const [assignment, setAssignment] = useState<HeroAssignment | null>(null);

  useEffect(() => {
    let current = true;
    // Once the page is up: the experiment's code and its call are tasks of their own, not the first render's.
    const cancel = whenIdle(() => {
      import('./landing-experiment')
        .then((experiment) => experiment.landingHeroAssignment())
        .then((assigned) => {
          if (current) setAssignment(assigned);
        })
        .catch((error: unknown) => logFailure(error, { feature: 'landing', action: 'landingHeroTest' }));
    });
    return () => {
      current = false;
      cancel();
    };
  }, []);

  const copy = assignment?.copy ?? CONTROL_HERO;
  const getStarted = () => {
    if (assignment)
      void import('./landing-experiment').then((experiment) =>
        experiment.sendAbTestEvent(experiment.heroEvent(assignment, 'conversion')),
      );
    onGetStarted();
  };

  return (
    <>
      <PageMeta title="Photorater" description={LANDING_DESCRIPTION} canonicalPath="/" />
      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 8 } }}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={{ xs: 4, md: 6 }}
          sx={{ alignItems: 'center' }}
        >
          <Box sx={{ flex: 1, textAlign: { xs: 'center', md: 'left' } }}>
            <Typography
              variant="h3"
              component="h1"
              sx={{
                fontWeight: 700,
                fontSize: { xs: '2.2rem', md: '3rem' },
                minHeight: { xs: '2.4em', sm: 0 },
              }}
              gutterBottom
              data-variant={assignment?.hero}
            >
              {copy.headline}
            </Typography>
            <Typography variant="h6" component="p" color="text.secondary" sx={{ mb: 4, minHeight: '4.8em' }}>
              {copy.subline}
            </Typography>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ justifyContent: { xs: 'center', md: 'flex-start' } }}
            >
              <Button variant="contained" size="large" onClick={getStarted}>
                Get Started
              </Button>
              <Button variant="outlined" size="large" onClick={onSignIn}>
                Sign in
              </Button>
            </Stack>
          </Box>
          <Box sx={{ position: 'relative', width: 312, height: 200, flexShrink: 0 }}>
            {PORTRAITS.map((portrait, index) => (
              <Box
                key={portrait.src}
                component="img"
                src={portrait.src}
                alt=""
                width={120}
                height={160}
                fetchPriority={index === 1 ? 'high' : 'auto'}
                sx={{
                  position: 'absolute',
                  left: portrait.x,
                  top: portrait.y,
                  borderRadius: 3,
                  boxShadow: 4,
                  transform: `rotate(${portrait.rotate}deg)`,
                }}
              />
            ))}
          </Box>
        </Stack>
      </Container>
      <LandingDetails onJoin={getStarted} />
    </>
  );
}
