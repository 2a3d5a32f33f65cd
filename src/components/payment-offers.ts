/**
 * Every Upgrade, Buy More and Premium offer opens the Checkout dialog, and the menu's 'Buy us a
 * coffee!' the donation dialog. Features ask through this context; the app provides the dialogs of
 * the payments feature, so no feature imports another.
 */
import { createContext, useContext } from 'react';
import type { PaymentType } from '@/domain/plans';

export interface CheckoutOffer {
  /** 'one-time' shows the token packs, 'subscription' the Premium plans. */
  type: PaymentType;
  /** Why it is offered here, shown above the choices. */
  reason?: string;
}

export interface PaymentOffers {
  openCheckout(offer: CheckoutOffer): void;
  openDonation(): void;
}

export const PaymentOffersContext = createContext<PaymentOffers | null>(null);

export function usePaymentOffers(): PaymentOffers {
  const offers = useContext(PaymentOffersContext);
  if (!offers) throw new Error('usePaymentOffers must be used inside PaymentOffersProvider.');
  return offers;
}
