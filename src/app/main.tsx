import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { watchInstallOffer } from '@/lib/install-prompt';
import { appContainer } from '@/lib/prerendered';
import { tidyAddress } from './address';
import { App } from './app';
import { bootMemberRoute } from './boot';

tidyAddress();
watchInstallOffer();
bootMemberRoute();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');
// A pre-rendered page stays until the app has rendered the same page (src/lib/prerendered.ts).
createRoot(appContainer(root)).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
