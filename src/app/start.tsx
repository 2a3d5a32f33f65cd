/**
 * The app itself, started by `main.tsx`: at once on an empty page, and after the first paint on a
 * pre-rendered one, where it renders beside the page (src/lib/prerendered.ts) in a transition, which
 * React renders in slices between which the browser answers input, instead of one long task.
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
