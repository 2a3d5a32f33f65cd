/**
 * A Vite plugin: the built page asks for a member screen's code as its HTML is parsed, beside the app's
 * entry rather than after it. A line of script in index.html, on a device where a member is signed in
 * (the same hint the session keeps), adds a modulepreload for Auth's and the calls' SDKs, the app's chunk
 * (src/app/start.tsx, which main.tsx imports) and the chunk of the screen the address names, with the
 * chunks each imports, in that order: the first requests go to what the first read waits for.
 * A visitor's page asks for nothing more. src/app/boot.ts starts the same screens from the address.
 */
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;
import { paths } from '../src/config/paths';
import { storageKeys } from '../src/lib/storage';

/**
 * What every member screen waits for, first: Auth (whose answer the first read waits for) and the
 * calls' SDK; then the app's own chunk; then each member screen's module by the paths it shows at.
 */
export const FIRST_MODULES = [
  'src/data/auth.ts',
  'node_modules/firebase/functions/dist/esm/index.esm.js',
  // What starts the screen from the address, which main.tsx imports on a member's device only.
  'src/app/boot.ts',
];
export const APP_MODULE = 'src/app/start.tsx';
export const MEMBER_SCREEN_MODULES: Array<{ paths: string[]; under?: boolean; module: string }> = [
  { paths: [paths.rate], under: true, module: 'src/features/rating/rate-page.tsx' },
  { paths: [paths.home, paths.photos], module: 'src/features/photos/my-photos-page.tsx' },
  { paths: [paths.leaderboard], under: true, module: 'src/features/leaderboard/leaderboard-page.tsx' },
  { paths: [paths.profile], under: true, module: 'src/features/profile/profile-page.tsx' },
];

const isChunk = (output: OutputBundle[string]): output is OutputChunk => output.type === 'chunk';

/** The chunk holding a module (its own, or one it was bundled into) and every chunk that imports statically. */
export function chunkFiles(bundle: OutputBundle, root: string, module: string): string[] {
  const id = path.join(root, module);
  const entry = Object.values(bundle).find(
    (output) => isChunk(output) && (output.facadeModuleId === id || output.moduleIds.includes(id)),
  );
  if (!entry || !isChunk(entry)) return [];
  const files: string[] = [];
  const visit = (fileName: string) => {
    if (files.includes(fileName)) return;
    files.push(fileName);
    const chunk = bundle[fileName];
    if (chunk && isChunk(chunk)) for (const imported of chunk.imports) visit(imported);
  };
  visit(entry.fileName);
  return files;
}

/** The line of script: the app's chunks for any member screen, and the screen's own by the path. */
export function routePreloadScript(bundle: OutputBundle, root: string, base: string): string {
  const url = (file: string) => `${base}${file}`;
  const app = [
    ...new Set([...FIRST_MODULES, APP_MODULE].flatMap((module) => chunkFiles(bundle, root, module))),
  ].map(url);
  const screens = MEMBER_SCREEN_MODULES.map(({ paths: shownAt, under, module }) => ({
    paths: shownAt,
    under: Boolean(under),
    files: chunkFiles(bundle, root, module)
      .map(url)
      .filter((file) => !app.includes(file)),
  })).filter((screen) => screen.files.length > 0);
  const data = JSON.stringify({ app, screens });
  return `(function(){try{if(!localStorage.getItem(${JSON.stringify(storageKeys.memberHint)}))return;var d=${data},p=location.pathname,s=null;for(var i=0;i<d.screens.length&&!s;i++)for(var j=0;j<d.screens[i].paths.length;j++){var q=d.screens[i].paths[j];if(p===q||(d.screens[i].under&&p.indexOf(q+'/')===0)){s=d.screens[i];break}}if(!s)return;d.app.concat(s.files).forEach(function(f){var l=document.createElement('link');l.rel='modulepreload';l.href=f;document.head.appendChild(l)})}catch(e){}})()`;
}

export function routePreloadPlugin(): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'member-route-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle) return [];
        return [
          {
            tag: 'script',
            children: routePreloadScript(context.bundle, root, base),
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
