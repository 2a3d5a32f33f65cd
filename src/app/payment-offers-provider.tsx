/** Provides the payment offers: the Checkout and donation dialogs, loaded when one opens. */
import { useMemo, useState, type ReactNode } from 'react';
import { PaymentOffersContext, type CheckoutOffer, type PaymentOffers } from '@/components/payment-offers';
import { onDemand } from '@/lib/on-demand';

const CheckoutDialog = onDemand(() =>
  import('@/features/payments/checkout-dialog').then((module) => module.CheckoutDialog),
);
const DonationDialog = onDemand(() =>
  import('@/features/payments/donation-dialog').then((module) => module.DonationDialog),
);

export function PaymentOffersProvider({ children }: { children: ReactNode }) {
  const [offer, setOffer] = useState<CheckoutOffer | null>(null);
  const [donating, setDonating] = useState(false);
  const offers = useMemo<PaymentOffers>(
    () => ({ openCheckout: setOffer, openDonation: () => setDonating(true) }),
    [],
  );
  return (
    <PaymentOffersContext.Provider value={offers}>
      {children}
      {offer && <CheckoutDialog {...offer} onClose={() => setOffer(null)} />}
      {donating && <DonationDialog onClose={() => setDonating(false)} />}
    </PaymentOffersContext.Provider>
  );
}
