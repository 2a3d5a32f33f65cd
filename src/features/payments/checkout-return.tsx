/**
 * Back from a paid checkout (`?success=true&session_id=...`): the toast 'Your payment is being
 * processed. Your account will be updated shortly.' for 3 seconds, the celebration, the purchase's
 * analytics event, and the parameters taken off the address. The tokens or the Premium badge change
 * when the webhook lands, through the member's live record.
 */
import { useEffect } from 'react';
import { useToast } from '@/components/toast';
import { PAYMENT_MESSAGES, PAYMENT_PROCESSING_TOAST_MS } from '@/domain/payments';
import { celebrate } from '@/lib/celebrate';
import { logFailure } from '@/lib/report-error';
import { trackReturnedPurchase } from './checkout';

// Each return is celebrated once, however often React runs the effect.
const celebrated = new Set<string>();

export function CheckoutReturn({ sessionId, onDone }: { sessionId: string; onDone: () => void }) {
  const toast = useToast();
  useEffect(() => {
    if (!celebrated.has(sessionId)) {
      celebrated.add(sessionId);
      toast({
        message: PAYMENT_MESSAGES.processing,
        severity: 'success',
        duration: PAYMENT_PROCESSING_TOAST_MS,
      });
      trackReturnedPurchase(sessionId);
      celebrate().catch((error: unknown) => logFailure(error, { feature: 'payments', action: 'celebrate' }));
    }
    onDone();
  }, [sessionId, toast, onDone]);
  return null;
}
