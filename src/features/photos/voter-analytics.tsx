/**
 * Advanced Analytics: the latest voters (up to 6 avatars), their ages by decade and their genders.
 * An avatar shows a voter's gender and decade, never their picture, which would say who they are.
 * Loaded on demand (recharts).
 */
import { Avatar, AvatarGroup, Box, Stack, Typography } from '@mui/material';
import { Bar, BarChart, Cell, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AdvancedAnalytics } from '@/domain/vote';

/** Dark enough for white text on the avatars. */
const GENDER_COLORS = { female: '#c2185b', male: '#3f51b5' } as const;

export function VoterAnalytics({ analytics }: { analytics: AdvancedAnalytics }) {
  const { voters, ages, genders } = analytics;
  if (voters.length === 0)
    return <Typography color="text.secondary">Analytics appear with the first votes.</Typography>;
  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          Voters
        </Typography>
        <AvatarGroup max={6} sx={{ justifyContent: 'flex-end' }} aria-label="Voters">
          {voters.map((voter, index) => (
            <Avatar
              // The latest first; nothing else tells two voters apart.
              key={index}
              role="img"
              aria-label={`A ${voter.gender} voter in their ${voter.ageDecade}s`}
              sx={{ bgcolor: GENDER_COLORS[voter.gender], color: 'common.white', fontSize: 14 }}
            >
              {voter.ageDecade}s
            </Avatar>
          ))}
        </AvatarGroup>
      </Box>
      <Box aria-label="Voters by age" role="img">
        <Typography variant="body2" color="text.secondary">
          Age
        </Typography>
        <ResponsiveContainer width="100%" height={160}>
          <BarChart data={ages}>
            <XAxis dataKey="decade" />
            <YAxis allowDecimals={false} width={24} />
            <Tooltip />
            <Bar dataKey="voters" fill="#e91e63" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </Box>
      <Box aria-label="Voters by gender" role="img">
        <Typography variant="body2" color="text.secondary">
          Gender: {genders.map((slice) => `${slice.voters} ${slice.gender}`).join(', ')}
        </Typography>
        <ResponsiveContainer width="100%" height={160}>
          <PieChart>
            <Pie data={genders} dataKey="voters" nameKey="gender" outerRadius={60} isAnimationActive={false}>
              {genders.map((slice) => (
                <Cell key={slice.gender} fill={GENDER_COLORS[slice.gender]} />
              ))}
            </Pie>
            <Tooltip />
          </PieChart>
        </ResponsiveContainer>
      </Box>
    </Stack>
  );
}
