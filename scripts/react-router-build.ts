/**
 * React Router 7's package exports its development build only, to a production build too, so its
 * developer warnings ship (remix-run/react-router#14102). Its production build sits beside it, the
 * same code with them switched off: every build of the app (`vite build`, whatever its mode) and the
 * Functions' page renderer take that one.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Where the installed package keeps its production build, wherever npm put the package. */
export const ROUTER_PRODUCTION = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist',
  'production',
);

export const routerProductionAliases = [
  { find: /^react-router$/, replacement: path.join(ROUTER_PRODUCTION, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(ROUTER_PRODUCTION, 'dom-export.mjs') },
];

export const reactRouterProductionBuild = (): Plugin => ({
  name: 'react-router-production-build',
  config: (_config, { command }) =>
    command === 'build' ? { resolve: { alias: routerProductionAliases } } : undefined,
});
