/** The Premium offer: what it includes and the plans with their prices. Checkout arrives with payments. */
import {
  Box,
  Button,
  Card,
  CardActionArea,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { formatPrice, PREMIUM_BENEFITS, SUBSCRIPTION_PLANS } from '@/domain/plans';

export function SubscriptionDialog({ reason, onClose }: { reason: string; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="subscription-title">
      <DialogTitle id="subscription-title">Go Premium</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{reason}</Typography>
        <Box component="ul" sx={{ mt: 0, pl: 3 }}>
          {PREMIUM_BENEFITS.map((benefit) => (
            <li key={benefit}>
              <Typography>{benefit}</Typography>
            </li>
          ))}
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {SUBSCRIPTION_PLANS.map((plan) => (
            <Card
              key={plan.product}
              variant="outlined"
              sx={{ flex: 1, borderColor: plan.isPopular ? 'primary.main' : undefined }}
            >
              <CardActionArea sx={{ p: 2 }} aria-label={`${plan.label} plan`}>
                {plan.isPopular && <Chip label="Most Popular" color="primary" size="small" sx={{ mb: 1 }} />}
                <Typography variant="h6">{plan.label}</Typography>
                <Typography variant="h5">{formatPrice(plan.price)}</Typography>
                <Typography color="text.secondary">{plan.duration}</Typography>
                {plan.perMonth && <Typography variant="body2">${plan.perMonth} per month</Typography>}
                {plan.savings && (
                  <Typography variant="body2" color="success.main">
                    {plan.savings}
                  </Typography>
                )}
              </CardActionArea>
            </Card>
          ))}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Subscriptions open with the payments release.
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
