/**
 * 'Buy us a coffee!': an amount from 0.5 to 9999 (1 to start with), paid as one purchase through the
 * same checkout as tokens; errors show in red. Where the browser sells through Google Play, its
 * billing request for 'coffees' is offered too.
 */
import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { FormTextField } from '@/components/form-fields';
import { useSession } from '@/data/session';
import {
  DONATION_DEFAULT,
  DONATION_MAX,
  DONATION_MIN,
  DONATION_TITLE,
  donationSchema,
  PAYMENT_MESSAGES,
  type DonationValues,
} from '@/domain/payments';
import { startCheckout } from './checkout';
import { buyCoffees, digitalGoodsSupported } from './digital-goods';

interface Props {
  onClose: () => void;
  /** Where the browser goes to pay (tests give their own). */
  go?: (url: string) => void;
}

export function DonationDialog({ onClose, go }: Props) {
  const { member } = useSession();
  const [thanks, setThanks] = useState(false);
  const [playError, setPlayError] = useState<string | null>(null);

  const payWithPlay = async () => {
    setPlayError(null);
    try {
      await buyCoffees();
      setThanks(true);
    } catch (failure) {
      // Closing Play's sheet is the member's choice, not an error.
      if (failure instanceof DOMException && failure.name === 'AbortError') return;
      setPlayError(failure instanceof Error ? failure.message : PAYMENT_MESSAGES.donationFailed);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="donation-title">
      <DialogTitle id="donation-title">{DONATION_TITLE}</DialogTitle>
      <Formik<DonationValues>
        initialValues={{ amount: DONATION_DEFAULT }}
        validationSchema={donationSchema}
        onSubmit={async (values, { setStatus }) => {
          setStatus(undefined);
          try {
            await startCheckout(
              member?.uid,
              { type: 'donation', amount: donationSchema.cast(values).amount },
              go,
            );
          } catch (failure) {
            setStatus(failure instanceof Error ? failure.message : PAYMENT_MESSAGES.donationFailed);
          }
        }}
      >
        {({ isSubmitting, status }) => (
          <Form noValidate aria-label={DONATION_TITLE}>
            <DialogContent>
              {thanks ? (
                <Typography>Thank you for the coffee!</Typography>
              ) : (
                <Stack spacing={1}>
                  <Typography color="text.secondary">
                    Photorater is made by a small team. A coffee keeps us going.
                  </Typography>
                  <FormTextField
                    name="amount"
                    label="Amount (USD)"
                    type="number"
                    slotProps={{ htmlInput: { min: DONATION_MIN, max: DONATION_MAX, step: 0.5 } }}
                  />
                  {(status as string | undefined) && (
                    <Typography role="alert" color="error">
                      {status as string}
                    </Typography>
                  )}
                  {playError && (
                    <Typography role="alert" color="error">
                      {playError}
                    </Typography>
                  )}
                </Stack>
              )}
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>Close</Button>
              {!thanks && digitalGoodsSupported() && (
                <Button onClick={() => void payWithPlay()}>Pay with Google Play</Button>
              )}
              {!thanks && (
                <Button type="submit" variant="contained" disabled={isSubmitting}>
                  {isSubmitting ? (
                    <CircularProgress size={22} color="inherit" aria-label="Opening checkout" />
                  ) : (
                    'Donate with card'
                  )}
                </Button>
              )}
            </DialogActions>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}
