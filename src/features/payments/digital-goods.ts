/**
 * The digital-goods billing request for 'coffees': the app installed from Google Play pays through
 * Play's billing. Offered only where the browser has the Digital Goods API; what Play does after the
 * purchase is its own.
 */
import { DONATION_SKU } from '@/domain/payments';

const PLAY_BILLING = 'https://play.google.com/billing';

export function digitalGoodsSupported(): boolean {
  return 'getDigitalGoodsService' in window && typeof window.PaymentRequest === 'function';
}

/** Asks Play to sell the coffees; resolves once the member has paid, rejects when they cancel. */
export async function buyCoffees(): Promise<void> {
  const request = new PaymentRequest([{ supportedMethods: PLAY_BILLING, data: { sku: DONATION_SKU } }], {
    total: { label: 'Coffees', amount: { currency: 'USD', value: '0' } },
  });
  const response = await request.show();
  await response.complete('success');
}
