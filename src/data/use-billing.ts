/** The member's billing record, live: until when Premium runs, and whether it renews. */
import type { Billing } from '@/domain/billing';
import { useLive } from './use-live';

export function useBilling(uid: string): Billing | null | undefined {
  return useLive<Billing | null>(`billing/${uid}`, (backend, onValue, onError) =>
    backend.billing.watchBilling(uid, onValue, onError),
  ).value;
}
