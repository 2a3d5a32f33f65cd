import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import {
  appChunkModules,
  isAppStart,
  isMemberBoot,
  readFacts,
  type ModuleFacts,
  type ModuleGraph,
} from './app-chunks';

/** A graph of modules written as code: `/src/app/start.tsx` and the like, each parsed as the plugin does. */
async function graphOf(
  modules: Record<string, { code: string; exports?: string[]; requires?: string[] }>,
  entries: string[],
): Promise<ModuleGraph> {
  const facts = new Map<string, ModuleFacts>();
  for (const [id, { code, exports = [], requires = [] }] of Object.entries(modules)) {
    const specifiers = [...code.matchAll(/from '([^']+)'|import '([^']+)'/g)].map(
      (match) => match[1] ?? match[2]!,
    );
    facts.set(
      id,
      await readFacts(
        { code, importedIds: [...specifiers, ...requires], exports },
        (source) => parseAst(source) as unknown as { body: unknown[] },
        (specifier) => Promise.resolve(modules[specifier] ? specifier : undefined),
      ),
    );
  }
  return {
    ids: () => facts.keys(),
    isEntry: (id) => entries.includes(id),
    facts: (id) => Promise.resolve(facts.get(id)),
  };
}

const START = '/src/app/start.tsx';

describe("the app's chunk", () => {
  it("takes what start.tsx imports statically, without what the entry or a member's head start needs, or what loads on demand", async () => {
    const graph = await graphOf(
      {
        '/src/main.tsx': {
          code: "import { holdClicks } from '/src/lib/prerendered.ts'; holdClicks(); import('/src/app/start.tsx');",
        },
        '/src/lib/prerendered.ts': { code: 'export const holdClicks = () => 1;', exports: ['holdClicks'] },
        [START]: {
          code: "import { App } from '/src/app/app.tsx'; import { holdClicks } from '/src/lib/prerendered.ts'; export const start = () => [App, holdClicks];",
          exports: ['start'],
        },
        '/src/app/app.tsx': {
          code: "import '/src/app/shell.css'; import { env } from '/src/config/env.ts'; export const App = () => [env, import('/src/features/rate.tsx')];",
          exports: ['App'],
        },
        // A member's head start, loaded beside the app: what it needs must not wait for the app's chunk.
        '/src/app/boot.ts': {
          code: "import { env } from '/src/config/env.ts'; export const boot = () => env;",
          exports: ['boot'],
        },
        '/src/config/env.ts': { code: 'export const env = 1;', exports: ['env'] },
        '/src/app/shell.css': { code: 'document.title;' },
        '/src/features/rate.tsx': { code: 'export const Rate = 1;', exports: ['Rate'] },
      },
      ['/src/main.tsx'],
    );
    expect([...(await appChunkModules(graph, isAppStart, isMemberBoot))].sort()).toEqual([
      '/src/app/app.tsx',
      '/src/app/shell.css',
      START,
    ]);
  });

  it("follows a package's index only to the modules that give the names imported", async () => {
    const graph = await graphOf(
      {
        [START]: {
          code: "import { Button, alpha, colors } from '/mui/index.mjs'; export const start = () => [Button, alpha, colors];",
        },
        '/mui/index.mjs': {
          code: [
            "'use client';",
            "import * as colors from '/mui/colors.mjs';",
            'export { colors };',
            "export * from '/mui/styles/index.mjs';",
            "export { default as Button } from '/mui/Button/index.mjs';",
            "export * from '/mui/Button/index.mjs';",
            "export { default as Dialog } from '/mui/Dialog/index.mjs';",
            "export * from '/mui/Dialog/index.mjs';",
          ].join('\n'),
        },
        '/mui/colors.mjs': { code: 'export const red = 1;', exports: ['red'] },
        '/mui/styles/index.mjs': {
          code: "export * from '/mui/styles/alpha.mjs'; export * from '/mui/styles/popper.mjs';",
          exports: ['alpha', 'popperStyles'],
        },
        '/mui/styles/alpha.mjs': { code: 'export const alpha = 1;', exports: ['alpha'] },
        '/mui/styles/popper.mjs': {
          code: "import '/mui/Popper.mjs'; export const popperStyles = 1;",
          exports: ['popperStyles'],
        },
        '/mui/Popper.mjs': { code: 'export default 1;', exports: ['default'] },
        '/mui/Button/index.mjs': {
          code: "export { default } from '/mui/Button/Button.mjs'; export * from '/mui/Button/classes.mjs';",
          exports: ['default', 'buttonClasses'],
        },
        '/mui/Button/Button.mjs': {
          code: "import { base } from '/mui/ButtonBase.mjs'; export default base;",
          exports: ['default'],
        },
        '/mui/Button/classes.mjs': { code: 'export const buttonClasses = 1;', exports: ['buttonClasses'] },
        '/mui/ButtonBase.mjs': { code: 'export const base = 1;', exports: ['base'] },
        '/mui/Dialog/index.mjs': {
          code: "export { default } from '/mui/Dialog/Dialog.mjs';",
          exports: ['default'],
        },
        '/mui/Dialog/Dialog.mjs': { code: 'export default 2;', exports: ['default'] },
      },
      [],
    );
    const modules = await appChunkModules(graph, isAppStart);
    expect(modules).toContain('/mui/Button/Button.mjs');
    expect(modules).toContain('/mui/ButtonBase.mjs');
    expect(modules).toContain('/mui/styles/alpha.mjs');
    expect(modules).toContain('/mui/colors.mjs');
    for (const unused of [
      '/mui/Dialog/Dialog.mjs',
      '/mui/Dialog/index.mjs',
      '/mui/Button/classes.mjs',
      '/mui/styles/popper.mjs',
      '/mui/Popper.mjs',
    ])
      expect(modules).not.toContain(unused);
  });

  it('takes whole what code of its own imports, requires and namespace imports included', async () => {
    const graph = await graphOf(
      {
        [START]: {
          code: "import * as utils from '/lib/utils.mjs'; import { a } from '/lib/mixed.mjs'; export const start = () => [utils, a];",
        },
        // A module with code of its own may use whatever it imports, and whatever it requires.
        '/lib/mixed.mjs': {
          code: "import { b } from '/lib/b.mjs'; export const a = b; export { c } from '/lib/c.mjs';",
          exports: ['a', 'c'],
          requires: ['/lib/react.cjs'],
        },
        '/lib/b.mjs': { code: 'export const b = 1;', exports: ['b'] },
        '/lib/c.mjs': { code: 'export const c = 1;', exports: ['c'] },
        '/lib/react.cjs': { code: '' },
        '/lib/utils.mjs': { code: "export * from '/lib/u1.mjs';", exports: ['u1'] },
        '/lib/u1.mjs': { code: 'export const u1 = 1;', exports: ['u1'] },
      },
      [],
    );
    const modules = await appChunkModules(graph, isAppStart);
    expect([...modules].sort()).toEqual([
      '/lib/b.mjs',
      '/lib/mixed.mjs',
      '/lib/react.cjs',
      '/lib/u1.mjs',
      '/lib/utils.mjs',
      START,
    ]);
  });

  it('groups nothing in a build without the app (the service worker)', async () => {
    const graph = await graphOf(
      { '/src/sw/sw.ts': { code: "import '/src/sw/a.ts';" }, '/src/sw/a.ts': { code: '' } },
      ['/src/sw/sw.ts'],
    );
    expect(await appChunkModules(graph, isAppStart)).toEqual(new Set());
  });
});
