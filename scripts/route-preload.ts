/**
 * A Vite plugin: the built page asks for a member screen's code as its HTML is parsed, beside the app's
 * entry rather than after it. A line of script in index.html, on a device where a member is signed in
 * (the same hint the session keeps), adds a modulepreload for the head start (src/app/boot.ts) and what
 * asks for the screen's first read, Auth's and the calls' SDKs, the app's chunk (src/app/start.tsx,
 * which main.tsx imports) and the chunk of the screen the address names, with the chunks each imports,
 * in that order: the first requests go to what the first read waits for.
 * A visitor's page asks for nothing more. src/app/boot.ts starts the same screens from the address.
 */
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;
import { paths } from '../src/config/paths';
import { readEnv } from '../src/config/read-env';
import { FIRST_READ_GLOBAL } from '../src/data/first-read-global';
import { FIRST_READ_SCRIPT_ID } from '../src/domain/public-pages';
import { firstReadConfig, firstReadScript, minifiedScript } from './first-read-script';
import { storageKeys } from '../src/lib/storage';

/**
 * First, what starts the screen from the address (which main.tsx imports on a member's device only) and
 * what asks for the screen's first read: the read goes out with the token Auth kept on the device,
 * without waiting for Auth or the app. Then what every member screen waits for: Auth and the calls'
 * SDK; then the app's own chunk; then each member screen's module by the paths it shows at.
 */
export const BOOT_MODULE = 'src/app/boot.ts';
export const FIRST_MODULES = ['src/data/auth.ts', 'node_modules/firebase/functions/dist/esm/index.esm.js'];
export const APP_MODULE = 'src/app/start.tsx';
/** The backend's adapter the build is made for (VITE_BACKEND), which a screen's first read of the store needs. */
export const BACKEND_MODULES = {
  local: 'src/data/local/local-backend.ts',
  firebase: 'src/data/firebase/firebase-backend.ts',
} as const;
export type BackendKind = keyof typeof BACKEND_MODULES;
export const MEMBER_SCREEN_MODULES: Array<{
  paths: string[];
  under?: boolean;
  module: string;
  /** What asks for the screen's first read as soon as Auth answers (src/app/boot.ts): right after Auth. */
  read?: string;
}> = [
  {
    paths: [paths.rate],
    under: true,
    module: 'src/features/rating/rate-page.tsx',
    read: 'src/data/feed-prefetch.ts',
  },
  { paths: [paths.home, paths.photos], module: 'src/features/photos/my-photos-page.tsx' },
  {
    paths: [paths.leaderboard],
    under: true,
    module: 'src/features/leaderboard/leaderboard-page.tsx',
    read: 'src/features/leaderboard/leaderboard-prefetch.ts',
  },
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

/**
 * The line of script: the head start's chunks and what asks for the screen's first read, then Auth's
 * and the calls' chunks, then the app's, then the screen's own, by the path; each chunk once.
 */
export function routePreloadScript(
  bundle: OutputBundle,
  root: string,
  base: string,
  backendKind: BackendKind,
): string {
  const url = (file: string) => `${base}${file}`;
  const boot = chunkFiles(bundle, root, BOOT_MODULE).map(url);
  const first = [...new Set(FIRST_MODULES.flatMap((module) => chunkFiles(bundle, root, module)))]
    .map(url)
    .filter((file) => !boot.includes(file));
  const early = [...boot, ...first];
  const app = chunkFiles(bundle, root, APP_MODULE)
    .map(url)
    .filter((file) => !early.includes(file));
  const backend = chunkFiles(bundle, root, BACKEND_MODULES[backendKind])
    .map(url)
    .filter((file) => !early.includes(file) && !app.includes(file));
  const screens = MEMBER_SCREEN_MODULES.map(({ paths: shownAt, under, module, read }) => {
    // What the read needs of the app's chunks waits for them anyway: it is not asked for ahead of them.
    const reads = (read ? chunkFiles(bundle, root, read) : [])
      .map(url)
      .filter((file) => !boot.includes(file) && !app.includes(file));
    return {
      paths: shownAt,
      under: Boolean(under),
      read: reads,
      files: [...new Set([...chunkFiles(bundle, root, module).map(url), ...backend])].filter(
        (file) => !early.includes(file) && !app.includes(file) && !reads.includes(file),
      ),
    };
  }).filter((screen) => screen.files.length > 0);
  const data = JSON.stringify({ boot, first, app, screens });
  // After the first photo where the first read holds the code for it (src/data/first-read.ts).
  return `(function(){try{if(!localStorage.getItem(${JSON.stringify(storageKeys.memberHint)}))return;var d=${data},p=location.pathname,s=null,seen={};for(var i=0;i<d.screens.length&&!s;i++)for(var j=0;j<d.screens[i].paths.length;j++){var q=d.screens[i].paths[j];if(p===q||(d.screens[i].under&&p.indexOf(q+'/')===0)){s=d.screens[i];break}}if(!s)return;var r=window[${JSON.stringify(FIRST_READ_GLOBAL)}],w=r&&r.photoFirst,go=function(){d.boot.concat(s.read,d.first,d.app,s.files).forEach(function(f){if(seen[f])return;seen[f]=1;var l=document.createElement('link');l.rel='modulepreload';l.href=f;document.head.appendChild(l)})};if(w)w.then(go);else go()}catch(e){}})()`;
}

/** The first read's line of script for the build's configuration; none where it is not complete (the app then says what is missing). */
async function firstReadFor(env: Record<string, string | boolean | undefined>): Promise<string | undefined> {
  let script: string;
  try {
    script = firstReadScript(firstReadConfig(readEnv(env)));
  } catch {
    return undefined;
  }
  return minifiedScript(script);
}

export function routePreloadPlugin(): Plugin {
  let root = process.cwd();
  let base = '/';
  let backendKind: BackendKind = 'local';
  let firstRead: string | undefined;
  return {
    name: 'member-route-preload',
    apply: 'build',
    async configResolved(config) {
      root = config.root;
      base = config.base;
      // As src/config/env.ts reads it.
      backendKind = String(config.env.VITE_BACKEND ?? '').trim() === 'firebase' ? 'firebase' : 'local';
      firstRead = await firstReadFor(config.env);
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle) return [];
        return [
          // First: the member's first read, started as the page is parsed (src/data/first-read.ts).
          ...(firstRead
            ? [
                {
                  tag: 'script',
                  attrs: { id: FIRST_READ_SCRIPT_ID },
                  children: firstRead,
                  injectTo: 'head' as const,
                },
              ]
            : []),
          {
            tag: 'script',
            children: routePreloadScript(context.bundle, root, base, backendKind),
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
