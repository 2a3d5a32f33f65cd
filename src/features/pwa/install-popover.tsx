/**
 * The install popover for signed-in members: on the second visit, after 1.5 s, once per device.
 * Where the browser offers installation it installs in one tap; elsewhere it says how.
 */
import { Box, Button, Popover, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { INSTALL_POPOVER_DELAY_MS } from '@/domain/constants';
import { install } from '@/lib/install-prompt';
import { useInstallOffer } from './use-install-offer';
import { installPopoverDue, recordInstallPopoverShown, runningInstalled } from './visits';

interface Props {
  /** Visits counted on this device, this one included. */
  visits: number;
}

export function InstallPopover({ visits }: Props) {
  const offer = useInstallOffer();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!installPopoverDue(visits) || runningInstalled()) return;
    const timer = setTimeout(() => setOpen(true), INSTALL_POPOVER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [visits]);

  const close = () => {
    recordInstallPopoverShown();
    setOpen(false);
  };

  return (
    <Popover
      open={open}
      onClose={close}
      anchorReference="anchorPosition"
      anchorPosition={{ top: 64, left: window.innerWidth }}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { 'aria-labelledby': 'install-popover-title', role: 'dialog' } }}
    >
      <Box sx={{ p: 2, maxWidth: 320 }}>
        <Typography id="install-popover-title" variant="subtitle1" sx={{ fontWeight: 700 }} gutterBottom>
          Install Photorater
        </Typography>
        <Typography variant="body2" gutterBottom>
          {offer
            ? 'Add Photorater to your home screen: it opens like an app, even offline.'
            : "Add Photorater to your home screen from your browser's menu: it opens like an app, even offline."}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 1 }}>
          <Button onClick={close}>Not now</Button>
          {offer && (
            <Button
              variant="contained"
              onClick={() => {
                close();
                void install();
              }}
            >
              Install
            </Button>
          )}
        </Stack>
      </Box>
    </Popover>
  );
}
