/**
 * The Checkout dialog (medium width): token packs or the Premium plans, with their labels, prices,
 * savings and 'Most Popular' marks. The spec's default is selected first ('one-time': the second
 * pack; otherwise the monthly plan); clicking a card selects it and reveals its Checkout button,
 * which opens the payment provider's page for it.
 */
import {
  Box,
  Button,
  Card,
  CardActionArea,
  CardActions,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import type { CheckoutOffer } from '@/components/payment-offers';
import { useSession } from '@/data/session';
import {
  DEFAULT_PAYMENT_TYPE,
  defaultSelection,
  formatPrice,
  PREMIUM_BENEFITS,
  SUBSCRIPTION_PLANS,
  TOKEN_PACKS,
  type PaymentType,
} from '@/domain/plans';
import { track } from '@/lib/analytics';
import { startCheckout, type Purchase } from './checkout';

const TITLES: Record<PaymentType, string> = { 'one-time': 'Buy tokens', subscription: 'Go Premium' };

interface Props extends Partial<CheckoutOffer> {
  onClose: () => void;
  /** Where the browser goes to pay (tests give their own). */
  go?: (url: string) => void;
}

function purchaseKey(purchase: Purchase): string {
  if (purchase.type === 'one-time') return `pack-${purchase.pack.tokens}`;
  if (purchase.type === 'subscription') return `plan-${purchase.plan.product}`;
  return 'donation';
}

const POPULAR = 'Most Popular';

function OptionCard({
  label,
  popular,
  selected,
  onSelect,
  checkout,
  children,
}: {
  label: string;
  popular: boolean;
  selected: boolean;
  onSelect: () => void;
  checkout: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card
      variant="outlined"
      sx={{
        flex: 1,
        borderWidth: 2,
        borderColor: selected ? 'primary.main' : popular ? 'secondary.light' : 'divider',
      }}
    >
      <CardActionArea sx={{ p: 2 }} aria-label={label} aria-pressed={selected} onClick={onSelect}>
        {/* A pack named Most Popular says it already: one mark, not two. */}
        {popular && !label.startsWith(POPULAR) && (
          <Chip label={POPULAR} color="primary" size="small" sx={{ mb: 1 }} />
        )}
        {children}
      </CardActionArea>
      {selected && <CardActions>{checkout}</CardActions>}
    </Card>
  );
}

export function CheckoutDialog({ type = DEFAULT_PAYMENT_TYPE, reason, onClose, go }: Props) {
  const { member, user } = useSession();
  const [shown, setShown] = useState<PaymentType>(type);
  const [selected, setSelected] = useState<Purchase>(() => defaultSelection(type));
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (shown === 'subscription') track({ name: 'subscription viewed' });
  }, [shown]);

  const show = (next: PaymentType | null) => {
    if (!next || next === shown) return;
    setShown(next);
    setSelected(defaultSelection(next));
    setError(null);
  };

  const pay = async () => {
    setPaying(true);
    setError(null);
    try {
      await startCheckout(member?.uid, selected, go, user?.points);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPaying(false);
    }
  };

  const checkoutButton = (
    <Button fullWidth variant="contained" onClick={() => void pay()} disabled={paying}>
      {paying ? <CircularProgress size={22} color="inherit" aria-label="Opening checkout" /> : 'Checkout'}
    </Button>
  );
  const isSelected = (purchase: Purchase) => purchaseKey(purchase) === purchaseKey(selected);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="checkout-title">
      <DialogTitle id="checkout-title">{TITLES[shown]}</DialogTitle>
      <DialogContent>
        {reason && <Typography sx={{ mb: 2 }}>{reason}</Typography>}
        <ToggleButtonGroup
          exclusive
          size="small"
          value={shown}
          onChange={(_event, next: PaymentType | null) => show(next)}
          aria-label="What to buy"
          sx={{ mb: 2 }}
        >
          <ToggleButton value="one-time">Token packs</ToggleButton>
          <ToggleButton value="subscription">Premium</ToggleButton>
        </ToggleButtonGroup>
        {shown === 'subscription' && (
          <Box component="ul" sx={{ mt: 0, pl: 3 }} aria-label="Premium includes">
            {PREMIUM_BENEFITS.map((benefit) => (
              <li key={benefit}>
                <Typography>{benefit}</Typography>
              </li>
            ))}
          </Box>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {shown === 'one-time'
            ? TOKEN_PACKS.map((pack) => {
                const purchase: Purchase = { type: 'one-time', pack };
                return (
                  <OptionCard
                    key={pack.tokens}
                    label={`${pack.label}: ${pack.tokens} tokens`}
                    popular={pack.isPopular}
                    selected={isSelected(purchase)}
                    onSelect={() => setSelected(purchase)}
                    checkout={checkoutButton}
                  >
                    <Typography variant="h6" component="span" sx={{ display: 'block' }}>
                      {pack.label}
                    </Typography>
                    <Typography variant="h5" component="span" sx={{ display: 'block' }}>
                      {formatPrice(pack.price)}
                    </Typography>
                    <Typography color="text.secondary">{pack.tokens} tokens</Typography>
                  </OptionCard>
                );
              })
            : SUBSCRIPTION_PLANS.map((plan) => {
                const purchase: Purchase = { type: 'subscription', plan };
                return (
                  <OptionCard
                    key={plan.product}
                    label={`${plan.label} plan`}
                    popular={plan.isPopular}
                    selected={isSelected(purchase)}
                    onSelect={() => setSelected(purchase)}
                    checkout={checkoutButton}
                  >
                    <Typography variant="h6" component="span" sx={{ display: 'block' }}>
                      {plan.label}
                    </Typography>
                    <Typography variant="h5" component="span" sx={{ display: 'block' }}>
                      {formatPrice(plan.price)}
                    </Typography>
                    <Typography color="text.secondary">{plan.duration}</Typography>
                    {plan.perMonth && <Typography variant="body2">${plan.perMonth} per month</Typography>}
                    {plan.savings && (
                      <Typography variant="body2" color="success.main">
                        {plan.savings}
                      </Typography>
                    )}
                  </OptionCard>
                );
              })}
        </Stack>
        {error && (
          <Typography role="alert" color="error" sx={{ mt: 2 }}>
            {error}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
