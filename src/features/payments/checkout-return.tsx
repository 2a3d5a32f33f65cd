/**
 * Back from a checkout. Cancelled: 'Checkout cancelled. Nothing was charged.' Paid: the processing
 * toast, the celebration and the purchase's analytics event; then, watching the member's live record,
 * what arrived once the webhook has credited it (the tokens and the new balance, or Premium; a
 * donation is thanked at once, as nothing is credited for it). After a token pack, photos the empty
 * balance switched off are offered back together.
 */
import { useEffect, useRef, useState } from 'react';
import { useToast } from '@/components/toast';
import { usePhotos } from '@/data/use-photos';
import type { CheckoutReturn as Returned } from '@/domain/checkout-return';
import {
  ARRIVAL_WAIT_MS,
  ARRIVED_MESSAGES,
  PAYMENT_MESSAGES,
  PAYMENT_PROCESSING_TOAST_MS,
} from '@/domain/payments';
import type { User } from '@/domain/user';
import { photosToReactivate, ReactivationOffer } from '@/components/reactivation-offer';
import { celebrate } from '@/lib/celebrate';
import { logFailure } from '@/lib/report-error';
import { trackReturnedPurchase, type ReturnedPurchase } from './checkout';

/** How long the message of what arrived stays: long enough to read a balance. */
export const ARRIVED_TOAST_MS = 6000;
/** How long 'nothing was charged' stays. */
export const CANCELLED_TOAST_MS = 6000;

// Each return is told once, however often React runs the effect.
const told = new Set<string>();

interface Props {
  returned: Returned;
  user: User | null;
  onClose: () => void;
}

export function CheckoutReturn({ returned, user, onClose }: Props) {
  if (returned.kind === 'cancelled') return <CancelledReturn onClose={onClose} />;
  return <PaidReturn sessionId={returned.sessionId} bought={returned.bought} user={user} onClose={onClose} />;
}

function CancelledReturn({ onClose }: { onClose: () => void }) {
  const toast = useToast();
  useEffect(() => {
    toast({ message: PAYMENT_MESSAGES.cancelled, severity: 'info', duration: CANCELLED_TOAST_MS });
    onClose();
  }, [toast, onClose]);
  return null;
}

type Stage = 'waiting' | 'offer' | 'done';

function PaidReturn({
  sessionId,
  bought,
  user,
  onClose,
}: {
  sessionId: string;
  bought: Extract<Returned, { kind: 'paid' }>['bought'];
  user: User | null;
  onClose: () => void;
}) {
  const toast = useToast();
  const purchase = useRef<ReturnedPurchase | null | undefined>(undefined);
  // Without what this tab left to buy, the balance when the member came back.
  const pointsAtReturn = useRef(user?.points);
  const [stage, setStage] = useState<Stage>('waiting');

  useEffect(() => {
    if (told.has(sessionId)) return;
    told.add(sessionId);
    purchase.current = trackReturnedPurchase(sessionId);
    const donation = bought === 'donation' || purchase.current?.purchase.type === 'donation';
    toast(
      donation
        ? { message: ARRIVED_MESSAGES.donation, severity: 'success', duration: ARRIVED_TOAST_MS }
        : {
            message: PAYMENT_MESSAGES.processing,
            severity: 'success',
            duration: PAYMENT_PROCESSING_TOAST_MS,
          },
    );
    if (donation) setStage('done');
    celebrate().catch((error: unknown) => logFailure(error, { feature: 'payments', action: 'celebrate' }));
  }, [sessionId, bought, toast]);

  // Nothing arrived in time (a slow webhook): the processing toast said it would come.
  useEffect(() => {
    if (stage !== 'waiting') return;
    const timer = setTimeout(() => setStage('done'), ARRIVAL_WAIT_MS);
    return () => clearTimeout(timer);
  }, [stage]);

  useEffect(() => {
    if (stage !== 'waiting' || !user) return;
    const kind = purchase.current?.purchase.type ?? bought;
    if (kind === 'subscription' && user.subscribed) {
      toast({ message: ARRIVED_MESSAGES.premium, severity: 'success', duration: ARRIVED_TOAST_MS });
      setStage('done');
    }
    if (kind === 'one-time' || kind === 'tokens') {
      const pack = purchase.current?.purchase;
      const before = purchase.current?.pointsBefore ?? pointsAtReturn.current;
      const tokens = pack?.type === 'one-time' ? pack.pack.tokens : undefined;
      const arrived =
        before !== undefined &&
        (tokens === undefined ? user.points > before : user.points >= before + tokens);
      if (!arrived) return;
      toast({
        message: ARRIVED_MESSAGES.tokens(tokens ?? user.points - before!, user.points),
        severity: 'success',
        duration: ARRIVED_TOAST_MS,
      });
      setStage('offer');
    }
  }, [stage, user, bought, toast]);

  useEffect(() => {
    if (stage === 'done') onClose();
  }, [stage, onClose]);

  if (stage !== 'offer' || !user) return null;
  return <PausedPhotosOffer user={user} onClose={() => setStage('done')} />;
}

function PausedPhotosOffer({ user, onClose }: { user: User; onClose: () => void }) {
  const { photos } = usePhotos(user.uid, 'uploadedAt');
  const offered = photos ? photosToReactivate(photos, user.subscribed).chosen.length : undefined;
  useEffect(() => {
    if (offered === 0) onClose();
  }, [offered, onClose]);
  if (!photos) return null;
  return <ReactivationOffer user={user} photos={photos} onClose={onClose} />;
}
