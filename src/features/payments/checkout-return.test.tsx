import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutReturn as Returned } from '@/domain/checkout-return';
import { ARRIVED_MESSAGES, PAYMENT_MESSAGES } from '@/domain/payments';
import { TOKEN_PACKS } from '@/domain/plans';
import type { Photo } from '@/domain/photo';
import type { User } from '@/domain/user';
import { storageKeys } from '@/lib/storage';
import { aMember, aPhoto, renderApp } from '@/testing/test-utils';
import { CheckoutReturn } from './checkout-return';

const confetti = vi.hoisted(() => ({ celebrate: vi.fn(async () => undefined) }));
vi.mock('@/lib/celebrate', () => confetti);
const callables = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('@/data/callables', async (original) => ({ ...(await original<object>()), ...callables }));
const photos = vi.hoisted(() => ({ list: [] as Photo[] }));
vi.mock('@/data/use-photos', () => ({ usePhotos: () => ({ photos: photos.list, error: null }) }));

/** The return with the member's live record: 'Credit' stands for the webhook's change reaching it. */
function Harness({
  returned,
  initial,
  later = initial,
  onClose,
}: {
  returned: Returned;
  initial: User;
  later?: User;
  onClose: () => void;
}) {
  const [user, setUser] = useState(initial);
  return (
    <>
      <button type="button" onClick={() => setUser(later)}>
        Credit
      </button>
      <CheckoutReturn returned={returned} user={user} onClose={onClose} />
    </>
  );
}

const pack = TOKEN_PACKS.find((candidate) => candidate.tokens === 10)!;
let session = 0;
function paid(bought: 'tokens' | 'subscription' | 'donation', pending?: object) {
  session += 1;
  const sessionId = `cs_test_${session}`;
  if (pending) sessionStorage.setItem(storageKeys.pendingCheckout, JSON.stringify({ sessionId, ...pending }));
  return { kind: 'paid', sessionId, bought, subscribed: bought === 'subscription' } as const;
}

beforeEach(() => {
  vi.clearAllMocks();
  sessionStorage.clear();
  photos.list = [];
});

describe('back from a checkout', () => {
  it('says nothing was charged when the member cancelled', async () => {
    const onClose = vi.fn();
    renderApp(<Harness returned={{ kind: 'cancelled' }} initial={aMember()} onClose={onClose} />);
    expect(await screen.findByText(PAYMENT_MESSAGES.cancelled)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(confetti.celebrate).not.toHaveBeenCalled();
  });

  it('says the payment is processing, then what arrived once the tokens are credited', async () => {
    const returned = paid('tokens', { purchase: { type: 'one-time', pack }, pointsBefore: 3 });
    const onClose = vi.fn();
    renderApp(
      <Harness
        returned={returned}
        initial={aMember({ points: 3 })}
        later={aMember({ points: 13 })}
        onClose={onClose}
      />,
    );
    expect(await screen.findByText(PAYMENT_MESSAGES.processing)).toBeInTheDocument();
    expect(screen.queryByText(/tokens arrived/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Credit' }));
    expect(await screen.findByText(ARRIVED_MESSAGES.tokens(10, 13))).toBeInTheDocument();
    // No photo was switched off: nothing more to offer.
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('knows a pack that was credited before the app loaded, from the balance when the member left', async () => {
    const returned = paid('tokens', { purchase: { type: 'one-time', pack }, pointsBefore: 0 });
    renderApp(<Harness returned={returned} initial={aMember({ points: 10 })} onClose={vi.fn()} />);
    expect(await screen.findByText(ARRIVED_MESSAGES.tokens(10, 10))).toBeInTheDocument();
  });

  it('offers the photos the empty balance switched off back together, and turns them on in one call', async () => {
    photos.list = [
      aPhoto('old', { active: false, pausedForTokens: true, uploadedAt: new Date(2026, 0, 1) }),
      aPhoto('new', { active: false, pausedForTokens: true, uploadedAt: new Date(2026, 1, 1) }),
      aPhoto('mine', { active: false }),
    ];
    callables.call.mockResolvedValue({ activated: 2 });
    const returned = paid('tokens', { purchase: { type: 'one-time', pack }, pointsBefore: 0 });
    const onClose = vi.fn();
    const { user: person } = renderApp(
      <Harness returned={returned} initial={aMember({ points: 10 })} onClose={onClose} />,
    );
    const offer = await screen.findByRole('dialog', { name: 'Turn your photos back on?' });
    expect(offer).toHaveTextContent('2 photos were switched off when your tokens ran out.');
    await person.click(screen.getByRole('button', { name: 'Turn them back on' }));
    expect(callables.call).toHaveBeenCalledWith('activatePhotos', { photoIds: ['new', 'old'] });
    expect(await screen.findByText('2 photos are back on.')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps the offer open with the reason when the photos cannot be turned on', async () => {
    photos.list = [aPhoto('p1', { active: false, pausedForTokens: true })];
    callables.call.mockRejectedValue(new Error('You have reached the maximum number of active photos'));
    const returned = paid('tokens', { purchase: { type: 'one-time', pack }, pointsBefore: 0 });
    const { user: person } = renderApp(
      <Harness returned={returned} initial={aMember({ points: 10 })} onClose={vi.fn()} />,
    );
    await person.click(await screen.findByRole('button', { name: 'Turn it back on' }));
    expect(
      await screen.findByText('You have reached the maximum number of active photos'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Turn your photos back on?' })).toBeInTheDocument();
  });

  it('says Premium is on once the record says so', async () => {
    const returned = paid('subscription');
    renderApp(
      <Harness
        returned={returned}
        initial={aMember({ subscribed: false })}
        later={aMember({ subscribed: true })}
        onClose={vi.fn()}
      />,
    );
    expect(await screen.findByText(PAYMENT_MESSAGES.processing)).toBeInTheDocument();
    expect(screen.queryByText(ARRIVED_MESSAGES.premium)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Credit' }));
    expect(await screen.findByText(ARRIVED_MESSAGES.premium)).toBeInTheDocument();
  });

  it('thanks for a donation at once, without saying it is being processed', async () => {
    const returned = paid('donation');
    renderApp(<Harness returned={returned} initial={aMember()} onClose={vi.fn()} />);
    expect(await screen.findByText(ARRIVED_MESSAGES.donation)).toBeInTheDocument();
    expect(screen.queryByText(PAYMENT_MESSAGES.processing)).not.toBeInTheDocument();
    expect(confetti.celebrate).toHaveBeenCalledOnce();
  });
});
