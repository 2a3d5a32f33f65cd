import { whenCodeMayLoad } from '@/data/first-read-global';
import { watchInstallOffer } from '@/lib/install-prompt';
import { afterNextPaint } from '@/lib/after-paint';
import { hasMemberHint } from '@/lib/member-hint';
import { holdEarlyClicks } from '@/lib/prerendered';
import { tidyAddress } from './address';

tidyAddress();
watchInstallOffer();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');
// On /rate, once the first photo drawn by the page's head has loaded (src/data/first-read.ts).
void whenCodeMayLoad().then(() => {
  // A member's screen starts from the address (src/app/boot.ts); a visitor's page loads none of it.
  if (hasMemberHint())
    import('./boot').then(
      ({ bootMemberRoute }) => bootMemberRoute(),
      // Only a head start: each screen loads what it needs itself.
      () => undefined,
    );
  // A pre-rendered page is on screen already: the app loads after it has painted (src/app/start.tsx).
  const start = () => void import('./start').then(({ startApp }) => startApp(root));
  if (root.firstElementChild) {
    holdEarlyClicks(root);
    afterNextPaint(start);
  } else start();
});
