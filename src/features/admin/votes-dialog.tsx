/** A photo's votes for the admin, newest first, and the bot vote form (rating, comment, chips, voter age and gender). */
import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { Form, Formik, useField } from 'formik';
import { useEffect, useState } from 'react';
import { FormTextField } from '@/components/form-fields';
import { useToast } from '@/components/toast';
import { call } from '@/data/callables';
import { FORMER_MEMBER } from '@/domain/account';
import {
  ADMIN_PHOTO_MESSAGES,
  BOT_AGE_MAX,
  BOT_AGE_MIN,
  botVoteFormSchema,
  type AdminPhotoRow,
  type AdminVoteRow,
} from '@/domain/admin-photos';
import { TAGS, type Tag } from '@/domain/rating';
import { formatScore } from '@/domain/scores';
import { GENDERS, type Gender } from '@/domain/user';
import { logFailure } from '@/lib/report-error';
import { SelectField, shownDate } from './admin-parts';
import { AdminTable, type AdminColumn } from './admin-table';

const HEARTS = Array.from({ length: 10 }, (_, n) => (n + 1) / 2);

const VOTE_COLUMNS: AdminColumn<AdminVoteRow>[] = [
  { header: 'When', cell: (vote) => shownDate(vote.ratedAt) },
  { header: 'Voter', cell: (vote) => vote.userId ?? FORMER_MEMBER },
  // The score as the owner sees it, and the hearts it was given as.
  { header: 'Score', cell: (vote) => `${formatScore(vote.rate)} (${vote.rate} ♥)` },
  { header: 'Comment', cell: (vote) => vote.comment },
  { header: 'Chips', cell: (vote) => vote.chips.join(', ') },
  { header: 'Age, gender', cell: (vote) => `${vote.ageDecade}s, ${vote.gender}` },
];

interface BotVoteState {
  rate: number | '';
  comment: string;
  chips: Tag[];
  age: number | string;
  gender: Gender;
}

function ChipsField() {
  const [field, , helpers] = useField<Tag[]>('chips');
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Chips">
      {TAGS.map((tag) => {
        const chosen = field.value.includes(tag);
        return (
          <Chip
            key={tag}
            label={tag}
            size="small"
            color={chosen ? 'primary' : 'default'}
            variant={chosen ? 'filled' : 'outlined'}
            aria-pressed={chosen}
            onClick={() =>
              void helpers.setValue(
                chosen ? field.value.filter((each) => each !== tag) : [...field.value, tag],
              )
            }
          />
        );
      })}
    </Stack>
  );
}

export function VotesDialog({
  photo,
  onClose,
  onVoted,
}: {
  photo: AdminPhotoRow;
  onClose: () => void;
  onVoted: (rate: number, votesCount: number) => void;
}) {
  const toast = useToast();
  const [votes, setVotes] = useState<AdminVoteRow[] | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let current = true;
    call('adminListVotes', { userId: photo.userId, photoId: photo.id }).then(
      (answer) => {
        if (!current) return;
        setVotes(answer.votes);
        setFailure(null);
      },
      (error: unknown) => {
        logFailure(error, { feature: 'admin' });
        if (current)
          setFailure(
            version === 0 ? ADMIN_PHOTO_MESSAGES.loadVotesFailed : ADMIN_PHOTO_MESSAGES.refreshVotesFailed,
          );
      },
    );
    return () => {
      current = false;
    };
  }, [photo.userId, photo.id, version]);

  const initial: BotVoteState = { rate: '', comment: '', chips: [], age: 25, gender: 'female' };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="votes-title">
      <DialogTitle id="votes-title">Votes</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {failure && <Alert severity="error">{failure}</Alert>}
          <AdminTable
            label="Votes"
            rows={votes}
            rowKey={(vote) => vote.id}
            columns={VOTE_COLUMNS}
            empty={ADMIN_PHOTO_MESSAGES.noVotes}
            scrolls={false}
          />
          <Typography variant="subtitle1" component="h3">
            Add a bot vote
          </Typography>
          <Formik
            initialValues={initial}
            validationSchema={botVoteFormSchema}
            onSubmit={async (values, helpers) => {
              try {
                const answer = await call('adminAddBotVote', {
                  userId: photo.userId,
                  photoId: photo.id,
                  rate: Number(values.rate),
                  comment: values.comment.trim(),
                  chips: values.chips,
                  age: Number(values.age),
                  gender: values.gender,
                });
                onVoted(answer.rate, answer.votesCount);
                toast({ message: 'Bot vote added.', severity: 'success' });
                helpers.resetForm();
                setVersion((n) => n + 1);
              } catch (error) {
                // The spec's words send the admin to the console, so the cause is there.
                console.error(error);
                logFailure(error, { feature: 'admin' });
                toast({ message: ADMIN_PHOTO_MESSAGES.botVoteFailed, severity: 'error' });
              }
            }}
          >
            {({ isSubmitting }) => (
              <Form noValidate>
                <Stack spacing={1}>
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                    <SelectField name="rate" label="Rating (hearts)" options={HEARTS} />
                    <FormTextField
                      name="age"
                      label={`Voter age (${BOT_AGE_MIN} to ${BOT_AGE_MAX})`}
                      inputMode="numeric"
                    />
                    <SelectField name="gender" label="Voter gender" options={GENDERS} />
                  </Stack>
                  <FormTextField name="comment" label="Comment" multiline minRows={2} />
                  <ChipsField />
                  <Button
                    type="submit"
                    variant="contained"
                    disabled={isSubmitting}
                    sx={{ alignSelf: 'flex-start' }}
                  >
                    Add bot vote
                  </Button>
                </Stack>
              </Form>
            )}
          </Formik>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setVersion((n) => n + 1)}>Refresh</Button>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
