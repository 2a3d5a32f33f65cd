import { Button, Dialog, DialogActions, DialogTitle } from '@mui/material';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOTTOM_BAR_VARIABLES } from '@/lib/bottom-bars';
import { renderApp } from '@/testing/test-utils';
import { ConsentHost } from './consent-host';

const callables = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('@/data/callables', async (original) => ({ ...(await original<object>()), ...callables }));

// Hidden from the accessibility tree while a dialog is open, as everything under a dialog is.
const banner = () => screen.getByRole('region', { name: 'Cookie consent', hidden: true });
const zIndexOf = (element: Element) => Number(getComputedStyle(element).zIndex);
const rootVariable = (name: string) => document.documentElement.style.getPropertyValue(name);

afterEach(() => vi.restoreAllMocks());

/** A page with a dialog of its own, as New Photo is. */
function PageWithDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>New photo</Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="new-photo-title">
        <DialogTitle id="new-photo-title">New Photo</DialogTitle>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button>Post</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

describe('the cookie banner never covers a control', () => {
  it('links the Privacy Policy', () => {
    renderApp(<ConsentHost />);
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });

  it('stacks under dialogs: a dialog opened while it shows is above it', async () => {
    const { user } = renderApp(
      <>
        <PageWithDialog />
        <ConsentHost />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'New photo' }));
    const dialog = screen.getByRole('dialog', { name: 'New Photo' });
    const dialogRoot = dialog.closest('.MuiDialog-root');
    expect(dialogRoot).not.toBeNull();
    expect(zIndexOf(banner())).toBeGreaterThan(0);
    expect(zIndexOf(dialogRoot!)).toBeGreaterThan(zIndexOf(banner()));
  });

  it('publishes its height while it shows, so the page keeps it free, and takes it away once chosen', async () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const height = this.getAttribute('aria-label') === 'Cookie consent' ? 180.4 : 0;
      return {
        height,
        width: 390,
        top: 0,
        left: 0,
        bottom: height,
        right: 390,
        x: 0,
        y: 0,
        toJSON: () => ({}),
      };
    });
    const { user } = renderApp(<ConsentHost />);
    expect(rootVariable(BOTTOM_BAR_VARIABLES.consentBanner)).toBe('181px');
    await user.click(screen.getByRole('button', { name: 'Necessary only' }));
    expect(rootVariable(BOTTOM_BAR_VARIABLES.consentBanner)).toBe('');
  });
});
