import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { watchInstallOffer } from '@/lib/install-prompt';
import { tidyAddress } from './address';
import { App } from './app';

tidyAddress();
watchInstallOffer();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
