/**
 * The Feedback dialog (spec 2 sections 2, 4, 5): a rate from 0 to 10 and a message; then a thank-you,
 * and it closes 2.5 s later. The server stores it and sets the member's `feedback` flag.
 */
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormHelperText,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { Form, Formik } from 'formik';
import { useEffect, useState } from 'react';
import { FormTextField } from '@/components/form-fields';
import { call } from '@/data/callables';
import {
  FEEDBACK_CLOSE_MS,
  FEEDBACK_MESSAGE_MAX,
  FEEDBACK_MESSAGES,
  FEEDBACK_RATE_MAX,
  FEEDBACK_RATE_MIN,
  feedbackSchema,
} from '@/domain/contact';

const RATES = Array.from(
  { length: FEEDBACK_RATE_MAX - FEEDBACK_RATE_MIN + 1 },
  (_, n) => FEEDBACK_RATE_MIN + n,
);

interface Values {
  rate: number | null;
  message: string;
}

export function FeedbackDialog({ onClose }: { onClose: () => void }) {
  const [thanked, setThanked] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!thanked) return;
    const timer = setTimeout(onClose, FEEDBACK_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [thanked, onClose]);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="feedback-title">
      <DialogTitle id="feedback-title">Feedback</DialogTitle>
      {thanked ? (
        <DialogContent>
          <Alert severity="success" role="status">
            {FEEDBACK_MESSAGES.thanks}
          </Alert>
        </DialogContent>
      ) : (
        <Formik<Values>
          initialValues={{ rate: null, message: '' }}
          validationSchema={feedbackSchema}
          onSubmit={async (values) => {
            setFailure(null);
            try {
              await call('sendFeedback', feedbackSchema.cast(values));
              setThanked(true);
            } catch (error) {
              setFailure(error instanceof Error ? error.message : String(error));
            }
          }}
        >
          {({ values, errors, touched, submitCount, setFieldValue, isSubmitting }) => {
            const rateError = (touched.rate || submitCount > 0) && errors.rate ? errors.rate : null;
            return (
              <Form noValidate>
                <DialogContent>
                  <Typography id="feedback-rate-label" gutterBottom>
                    How likely are you to recommend Photorater to a friend? (0 to 10)
                  </Typography>
                  <ToggleButtonGroup
                    exclusive
                    value={values.rate}
                    onChange={(_event, rate: number | null) => void setFieldValue('rate', rate)}
                    aria-labelledby="feedback-rate-label"
                    size="small"
                    // All eleven on one row, sharing it, from a phone's width up.
                    sx={{ display: 'flex', flexWrap: 'nowrap', width: '100%', mb: 0.5 }}
                  >
                    {RATES.map((rate) => (
                      <ToggleButton key={rate} value={rate} sx={{ flex: '1 1 0', minWidth: 0, px: 0 }}>
                        {rate}
                      </ToggleButton>
                    ))}
                  </ToggleButtonGroup>
                  <FormHelperText error={Boolean(rateError)} sx={{ mb: 2 }}>
                    {rateError ?? ' '}
                  </FormHelperText>
                  <FormTextField
                    name="message"
                    label="Your feedback"
                    multiline
                    minRows={3}
                    required
                    slotProps={{ htmlInput: { maxLength: FEEDBACK_MESSAGE_MAX } }}
                  />
                  {failure && <Alert severity="error">{failure}</Alert>}
                </DialogContent>
                <DialogActions>
                  <Button onClick={onClose}>Cancel</Button>
                  <Button type="submit" variant="contained" disabled={isSubmitting}>
                    Submit
                  </Button>
                </DialogActions>
              </Form>
            );
          }}
        </Formik>
      )}
    </Dialog>
  );
}
