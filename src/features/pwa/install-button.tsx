/** The header's Install button, shown while the browser offers to install the app. */
import InstallMobileIcon from '@mui/icons-material/InstallMobile';
import { Button } from '@mui/material';
import { install } from '@/lib/install-prompt';
import { useInstallOffer } from './use-install-offer';

export function InstallButton() {
  const offer = useInstallOffer();
  if (!offer) return null;
  return (
    <Button color="inherit" startIcon={<InstallMobileIcon />} onClick={() => void install()}>
      Install
    </Button>
  );
}
