import { watchInstallOffer } from '@/lib/install-prompt';
import { afterFirstPaint, holdEarlyClicks } from '@/lib/prerendered';
import { tidyAddress } from './address';
import { bootMemberRoute } from './boot';

tidyAddress();
watchInstallOffer();
bootMemberRoute();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');
// A pre-rendered page is on screen already: the app loads after it has painted (src/app/start.tsx).
const start = () => void import('./start').then(({ startApp }) => startApp(root));
if (root.firstElementChild) {
  holdEarlyClicks(root);
  afterFirstPaint(start);
} else start();
