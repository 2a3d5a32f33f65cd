/** Renders a screen with the app's providers, a fixed session and an in-memory router. */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { ColorModeProvider } from '@/app/color-mode';
import { PaymentOffersProvider } from '@/app/payment-offers-provider';
import { DialogsProvider } from '@/components/dialogs';
import { ToastProvider } from '@/components/toast';
import { StaticSessionProvider, type Session } from '@/data/session';
import type { Photo } from '@/domain/photo';
import { newUser, type User } from '@/domain/user';
import { photoRecord } from './photo-record';

export function aMember(overrides: Partial<User> = {}): User {
  return newUser({
    uid: 'alice',
    email: 'alice@example.com',
    displayName: 'Guest Lucky Otter 482',
    providers: ['password'],
    status: 'online',
    createdAt: new Date('2026-11-01T10:00:00Z'),
    ...overrides,
  });
}

export function aPhoto(id: string, overrides: Partial<Photo> = {}): Photo {
  return photoRecord(id, 'alice', { caption: `Photo ${id}`, uploadedAt: new Date(), ...overrides });
}

export function aSession(overrides: Partial<Session> = {}): Session {
  return {
    member: null,
    user: null,
    initError: null,
    retry: () => undefined,
    signOut: async () => undefined,
    ...overrides,
  };
}

export function renderApp(
  ui: ReactNode,
  { session = aSession(), route = '/' }: { session?: Session; route?: string } = {},
) {
  const user = userEvent.setup();
  const result = render(
    <ColorModeProvider>
      <ToastProvider>
        <DialogsProvider>
          <StaticSessionProvider session={session}>
            <PaymentOffersProvider>
              <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
            </PaymentOffersProvider>
          </StaticSessionProvider>
        </DialogsProvider>
      </ToastProvider>
    </ColorModeProvider>,
  );
  return { user, ...result };
}
