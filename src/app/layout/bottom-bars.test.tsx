import { Button, Dialog, DialogContent } from '@mui/material';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useToast } from '@/components/toast';
import { BOTTOM_BAR_VARIABLES } from '@/lib/bottom-bars';
import { renderApp } from '@/testing/test-utils';
import { BottomTabs } from './bottom-tabs';

function ToastButton() {
  const show = useToast();
  return <Button onClick={() => show({ message: 'Photorater is ready to work offline.' })}>Toast</Button>;
}

async function toastBottom(): Promise<string> {
  const toast = await screen.findByText('Photorater is ready to work offline.', {}, { timeout: 5000 });
  const bar = toast.closest('.MuiSnackbar-root');
  expect(bar).not.toBeNull();
  return getComputedStyle(bar!).bottom;
}

describe('the bars along the bottom of the screen', () => {
  it('sticks the tab bar above the cookie banner and the offline notice', () => {
    renderApp(<BottomTabs />);
    const bottom = getComputedStyle(screen.getByRole('navigation', { name: 'Tabs' })).bottom;
    expect(bottom).toContain(BOTTOM_BAR_VARIABLES.consentBanner);
    expect(bottom).toContain(BOTTOM_BAR_VARIABLES.offlineNotice);
  });

  it('shows toasts above the cookie banner, the offline notice and the tab bar', async () => {
    const { user } = renderApp(<ToastButton />);
    await user.click(screen.getByRole('button', { name: 'Toast' }));
    const bottom = await toastBottom();
    for (const variable of Object.values(BOTTOM_BAR_VARIABLES)) expect(bottom).toContain(variable);
  });

  it('shows toasts at the bottom edge while a dialog covers the bars, clear of its buttons in the middle', async () => {
    const { user } = renderApp(
      <>
        <ToastButton />
        <Dialog open>
          <DialogContent>Welcome</DialogContent>
        </Dialog>
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Toast', hidden: true }));
    expect(await toastBottom()).toBe('8px');
  });
});
