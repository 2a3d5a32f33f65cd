/**
 * React Router 7's package exports its development build only, to a production build too, so its
 * developer warnings ship (remix-run/react-router#14102). Its production build sits beside it, the
 * same code with them switched off: a production build of the app takes that one.
 */
import path from 'node:path';
import type { Plugin } from 'vite';

export const ROUTER_PRODUCTION = path.resolve(
  import.meta.dirname,
  '../node_modules/react-router/dist/production',
);

export const routerProductionAliases = [
  { find: /^react-router$/, replacement: path.join(ROUTER_PRODUCTION, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(ROUTER_PRODUCTION, 'dom-export.mjs') },
];

export const reactRouterProductionBuild = (): Plugin => ({
  name: 'react-router-production-build',
  config: (_config, { mode }) =>
    mode === 'production' ? { resolve: { alias: routerProductionAliases } } : undefined,
});
