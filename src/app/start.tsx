/**
 * The app itself, started by `main.tsx`: at once on an empty page, and after the first paint on a
 * pre-rendered one, where it renders beside the page (src/lib/prerendered.ts) in a transition, which
 * React renders in slices between which the browser answers input, instead of one long task. On an
 * empty page (a member's app shell, the account pages) not in a transition: there the password-reset
 * journey lost its confirmation after the journeys before it.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { appContainer } from '@/lib/prerendered';
import { App } from './app';

export function startApp(root: HTMLElement): void {
  const container = appContainer(root);
  const app = createRoot(container);
  const render = () =>
    app.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  if (container === root) render();
  else startTransition(render);
}
