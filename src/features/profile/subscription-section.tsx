/**
 * Premium on the profile: when it renews or ends, and 'Manage subscription', which opens the payment
 * provider's portal (Stripe's Customer Portal, or the local test portal) to cancel at the period's
 * end, resume, or pay with another card; the portal returns here, and the billing record, changed by
 * the provider's events, says the new date.
 */
import { Alert, Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { call } from '@/data/callables';
import { useBilling } from '@/data/use-billing';
import type { Billing } from '@/domain/billing';
import { PAYMENT_MESSAGES } from '@/domain/payments';

export const SUBSCRIPTION_MESSAGES = {
  renews: (date: string) => `Renews on ${date}.`,
  ends: (date: string) => `Premium ends on ${date}. Resume it to keep it.`,
  failed: (date: string) => `Your last renewal failed: Premium ends on ${date} unless you update your card.`,
  manage: 'Manage subscription',
} as const;

export function subscriptionStanding(billing: Billing): string {
  const date = billing.premiumUntil.toLocaleDateString(undefined, { dateStyle: 'long' });
  if (billing.status === 'active') return SUBSCRIPTION_MESSAGES.renews(date);
  if (billing.status === 'past_due') return SUBSCRIPTION_MESSAGES.failed(date);
  return SUBSCRIPTION_MESSAGES.ends(date);
}

export function SubscriptionSection({
  uid,
  go = (url) => window.location.assign(url),
}: {
  uid: string;
  go?: (url: string) => void;
}) {
  const billing = useBilling(uid);
  const [opening, setOpening] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!billing) return null;

  const manage = async () => {
    setOpening(true);
    setFailure(null);
    try {
      const { url } = await call('createBillingPortalSession', {
        redirectUrl: window.location.origin,
        returnPath: '/profile',
      });
      go(url);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : PAYMENT_MESSAGES.portalFailed);
      setOpening(false);
    }
  };

  return (
    <Box component="section" aria-label="Subscription" sx={{ mt: 0.5 }}>
      <Typography variant="body2">{subscriptionStanding(billing)}</Typography>
      <Button
        size="small"
        color="inherit"
        variant="outlined"
        sx={{ mt: 1 }}
        disabled={opening}
        onClick={() => void manage()}
      >
        {SUBSCRIPTION_MESSAGES.manage}
      </Button>
      {failure && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {failure}
        </Alert>
      )}
    </Box>
  );
}
