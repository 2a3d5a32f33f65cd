/**
 * The app itself, started by `main.tsx`: at once on an empty page (a member's app shell), and after
 * the first paint on a pre-rendered one, where it renders beside the page (src/lib/prerendered.ts).
 * Either way in a transition, which React renders in slices between which the browser answers input,
 * instead of one long task.
 */
import { CacheProvider } from '@emotion/react';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { appContainer } from '@/lib/prerendered';
import { App } from './app';
import { startStyleCache } from './style-cache';

export function startApp(root: HTMLElement): void {
  const styles = startStyleCache();
  const app = createRoot(appContainer(root));
  startTransition(() =>
    app.render(
      <StrictMode>
        <CacheProvider value={styles}>
          <App />
        </CacheProvider>
      </StrictMode>,
    ),
  );
}
