/** About, Terms and Privacy: static pages with their own titles. */
import { Button, Container, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PageMeta } from '@/components/page-meta';
import { AGE_MIN } from '@/domain/constants';

function StaticPage({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Container maxWidth="md" sx={{ py: 4, '& p': { mb: 2 } }}>
      <PageMeta title={title} description={description} />
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      {children}
    </Container>
  );
}

export function AboutPage() {
  return (
    <StaticPage title="About" description="Photorater: honest, anonymous feedback on your photos.">
      <Typography>
        Photorater helps you choose your best photo. Members rate each other&apos;s photos with hearts,
        comments and tags, anonymously, so the feedback you get is honest. Rate others to earn tokens, and
        spend them to be rated.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Get Started
      </Button>
    </StaticPage>
  );
}

export function TermsPage() {
  return (
    <StaticPage title="Terms and Conditions" description="The terms of using Photorater.">
      <Typography>
        You must be {AGE_MIN} or older to use Photorater. Upload only photos of yourself.
      </Typography>
      <Typography>
        Accounts inactive for more than 180 days may be terminated. When you delete your account, deletion
        starts within 30 days and takes up to 90 days, plus up to 90 more days for backups.
      </Typography>
      <Typography>
        Photos that are fake, spam, inappropriate, sexually explicit, show a minor, or are illegal are
        removed.
      </Typography>
      <Typography>
        Every photo is screened on our servers before anyone can rate it, by open models that run there:
        nsfwjs for explicit content, and face-api for the face and its apparent age. A photo the screening
        finds clearly explicit is refused and not kept. A photo it is unsure about, or whose face looks under
        18 whatever age the profile states, stays yours but is in review, out of every feed, until a moderator
        approves or removes it; you are told either way.
      </Typography>
    </StaticPage>
  );
}

export function PrivacyPage() {
  return (
    <StaticPage title="Privacy Policy" description="What Photorater stores and why.">
      <Typography>
        We store your e-mail, the profile you give us (name, age, gender and who you want to see) and your
        photos with their ratings. Voters see only your photo, your age range and your caption, never your
        name or e-mail. When you rate, the photo&apos;s owner sees your hearts, comment and tags with your
        gender and age by decade, never your name, picture or account.
      </Typography>
      <Typography>
        Uploaded photos are stripped of metadata such as location. Analytics run only with your consent. You
        can delete your account at any time from your profile.
      </Typography>
      <Typography>
        To keep explicit images and apparent minors out of the feeds, each uploaded photo is screened on our
        own servers by open models that run there (nsfwjs, and face-api for the face&apos;s apparent age). No
        image leaves the service for it and no other company sees it. For a photo held for review we keep the
        screening&apos;s figures (how explicit it looks, the estimated age) for the moderator, until the photo
        is approved or removed.
      </Typography>
    </StaticPage>
  );
}
