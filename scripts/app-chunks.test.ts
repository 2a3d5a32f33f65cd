import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import {
  appChunkModules,
  backendChunkModules,
  everyPageChunkModules,
  isAppStart,
  isMemberBoot,
  readFacts,
  sharedChunkModules,
  SMALL_MODULE_CHARS,
  smallSharedModules,
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
  const importersOf = (id: string) =>
    Object.entries(modules)
      .filter(([, { code }]) => code.includes(`import('${id}')`))
      .map(([importer]) => importer);
  return {
    ids: () => facts.keys(),
    isEntry: (id) => entries.includes(id),
    dynamicImporters: importersOf,
    facts: (id) => Promise.resolve(facts.get(id)),
    size: (id) => modules[id]?.code.length ?? 0,
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

describe("the member screens' shared chunk", () => {
  it('takes what two screens or more need, leaving what one alone needs, what the app has and what every page loads', async () => {
    const graph = await graphOf(
      {
        '/src/main.tsx': { code: "import('/src/app/start.tsx');" },
        [START]: {
          code: "import { Button } from '/mui/button.js'; export const start = () => [Button, import('/src/rate.tsx'), import('/src/profile.tsx'), import('/src/board.tsx'), import('/src/blog.tsx'), import('/src/features/pwa/pwa-prompts.tsx')];",
          exports: ['start'],
        },
        '/mui/button.js': { code: 'export const Button = 1;', exports: ['Button'] },
        '/mui/card.js': {
          code: "import { Button } from '/mui/button.js'; export const Card = Button;",
          exports: ['Card'],
        },
        '/mui/chip.js': { code: 'export const Chip = 1;', exports: ['Chip'] },
        '/mui/slider.js': { code: 'export const Slider = 1;', exports: ['Slider'] },
        '/src/rate.tsx': {
          code: "import { Card } from '/mui/card.js'; import { Slider } from '/mui/slider.js'; export const Rate = [Card, Slider, import('/src/dialog.tsx')];",
          exports: ['Rate'],
        },
        '/src/profile.tsx': {
          code: "import { Card } from '/mui/card.js'; import { Chip } from '/mui/chip.js'; export const Profile = [Card, Chip];",
          exports: ['Profile'],
        },
        '/src/board.tsx': {
          code: "import { Chip } from '/mui/chip.js'; export const Board = Chip;",
          exports: ['Board'],
        },
        // A visitor's page, loaded on demand: it may import the card from the group's chunk.
        '/src/blog.tsx': {
          code: "import { Card } from '/mui/card.js'; export const Blog = Card;",
          exports: ['Blog'],
        },
        // What every page loads after its first paint: what it needs stays out of the group.
        '/src/features/pwa/pwa-prompts.tsx': {
          code: "import { Chip } from '/mui/chip.js'; export const PwaPrompts = Chip;",
          exports: ['PwaPrompts'],
        },
        '/src/dialog.tsx': {
          code: "import { Chip } from '/mui/chip.js'; import { Slider } from '/mui/slider.js'; export const Dialog = [Chip, Slider];",
          exports: ['Dialog'],
        },
      },
      ['/src/main.tsx'],
    );
    const screen = (id: string) => (candidate: string) => candidate === id;
    const shared = await sharedChunkModules(
      graph,
      [
        screen('/src/rate.tsx'),
        screen('/src/profile.tsx'),
        screen('/src/board.tsx'),
        screen('/src/absent.tsx'),
      ],
      isAppStart,
    );
    // The card, which two screens share (and the blog); not the chip, which the PWA prompts every page
    // loads need too; not the slider, the rating screen's alone; not the button, the app's.
    expect([...shared].sort()).toEqual(['/mui/card.js']);
  });
});

describe('the chunk of small shared modules', () => {
  it("takes the small modules a member's start loads that no group holds, leaving what loads before the app, what is large and what imports from another chunk", async () => {
    const large = `export const Large = '${'x'.repeat(SMALL_MODULE_CHARS)}';`;
    const graph = await graphOf(
      {
        '/src/main.tsx': { code: "import '/src/entry-util.ts'; import('/src/app/start.tsx');" },
        '/src/entry-util.ts': { code: 'export const util = 1;', exports: ['util'] },
        [START]: {
          code: "import { shell } from '/src/shell.ts'; export const start = () => [shell, import('/src/rate.tsx'), import('/src/board.tsx'), import('/src/boot.ts')];",
          exports: ['start'],
        },
        '/src/shell.ts': { code: 'export const shell = 1;', exports: ['shell'] },
        // Loaded before the app: what it needs stays out.
        '/src/boot.ts': {
          code: "import { kept } from '/src/kept.ts'; export const boot = kept;",
          exports: ['boot'],
        },
        '/src/kept.ts': { code: 'export const kept = 1;', exports: ['kept'] },
        '/src/rate.tsx': {
          code: "import { photo } from '/src/photo.ts'; import { vote } from '/src/vote.ts'; import { Large } from '/src/large.ts'; import { kept } from '/src/kept.ts'; import { card } from '/src/card.ts'; import { chip } from '/src/chip.ts'; export const Rate = [photo, vote, Large, kept, card, chip];",
          exports: ['Rate'],
        },
        '/src/board.tsx': {
          code: "import { photo } from '/src/photo.ts'; import { usesPkg } from '/src/uses-pkg.ts'; export const Board = [photo, usesPkg];",
          exports: ['Board'],
        },
        // Small, and importing only the entry's, the app's and the group's own.
        '/src/photo.ts': {
          code: "import { util } from '/src/entry-util.ts'; import { shell } from '/src/shell.ts'; export const photo = [util, shell];",
          exports: ['photo'],
        },
        '/src/vote.ts': {
          code: "import { order } from '/src/order.ts'; export const vote = order;",
          exports: ['vote'],
        },
        '/src/order.ts': { code: 'export const order = 1;', exports: ['order'] },
        '/src/large.ts': { code: large, exports: ['Large'] },
        // Small, but importing the large module, in a chunk of its own.
        '/src/chip.ts': {
          code: "import { Large } from '/src/large.ts'; export const chip = Large;",
          exports: ['chip'],
        },
        // Held by another group.
        '/src/card.ts': { code: 'export const card = 1;', exports: ['card'] },
        // A package's index passing on the large module: small, but it reaches outside.
        '/pkg/index.js': { code: "export { Large } from '/src/large.ts';", exports: ['Large'] },
        '/src/uses-pkg.ts': {
          code: "import { Large } from '/pkg/index.js'; export const usesPkg = Large;",
          exports: ['usesPkg'],
        },
      },
      ['/src/main.tsx'],
    );
    const isScreen = (id: string) => id === '/src/rate.tsx' || id === '/src/board.tsx';
    const app = new Set([START, '/src/shell.ts']);
    const small = await smallSharedModules(
      graph,
      isScreen,
      new Set(['/src/card.ts']),
      app,
      (id) => id === '/src/boot.ts',
    );
    expect([...small].sort()).toEqual(['/src/order.ts', '/src/photo.ts', '/src/vote.ts']);
  });
});

describe("the backends' chunks", () => {
  it("puts each adapter with what it alone needs, what both need apart, and leaves Auth's and the app's", async () => {
    const graph = await graphOf(
      {
        '/src/main.tsx': { code: "import('/src/app/start.tsx'); import('/src/data/auth.ts');" },
        [START]: {
          code: "import { log } from '/src/data/log.ts'; export const start = () => [log, import('/src/data/local/local-backend.ts'), import('/src/data/firebase/firebase-backend.ts'), import('/src/features/pwa/notifications.tsx')];",
          exports: ['start'],
        },
        '/src/data/auth.ts': {
          code: "import { sdk } from '/lib/auth-sdk.js'; export const auth = sdk;",
          exports: ['auth'],
        },
        '/lib/auth-sdk.js': { code: 'export const sdk = 1;', exports: ['sdk'] },
        '/src/data/log.ts': { code: 'export const log = 1;', exports: ['log'] },
        '/src/data/vote.ts': { code: 'export const vote = 1;', exports: ['vote'] },
        '/src/data/local/local-backend.ts': {
          code: "import { vote } from '/src/data/vote.ts'; import { log } from '/src/data/log.ts'; import { sdk } from '/lib/auth-sdk.js'; import { live } from '/src/data/local/live.ts'; import { push } from '/src/domain/push.ts'; export const local = [vote, log, sdk, live, push];",
          exports: ['local'],
        },
        '/src/domain/push.ts': { code: 'export const push = 1;', exports: ['push'] },
        // Loaded on demand for everyone (a visitor too): what it needs never waits in an adapter's chunk.
        '/src/features/pwa/notifications.tsx': {
          code: "import { push } from '/src/domain/push.ts'; export const notifications = push;",
          exports: ['notifications'],
        },
        '/src/data/local/live.ts': { code: 'export const live = 1;', exports: ['live'] },
        '/src/data/firebase/firebase-backend.ts': {
          code: "import { vote } from '/src/data/vote.ts'; import { store } from '/lib/firestore.js'; export const firebase = [vote, store];",
          exports: ['firebase'],
        },
        '/lib/firestore.js': { code: 'export const store = 1;', exports: ['store'] },
      },
      ['/src/main.tsx'],
    );
    const chunks = await backendChunkModules(graph);
    const sorted = (ids: Set<string> | undefined) => [...(ids ?? [])].sort();
    expect(sorted(chunks.backend)).toEqual(['/src/data/vote.ts']);
    expect(sorted(chunks['local-backend'])).toEqual([
      '/src/data/local/live.ts',
      '/src/data/local/local-backend.ts',
    ]);
    expect(sorted(chunks['firebase-backend'])).toEqual([
      '/lib/firestore.js',
      '/src/data/firebase/firebase-backend.ts',
    ]);
  });
});

describe('the chunk of what every page loads', () => {
  it("takes what the every-page parts need, without the parts themselves, the app's or a member's head start's", async () => {
    const graph = await graphOf(
      {
        '/src/main.tsx': { code: "import('/src/app/start.tsx'); import('/src/app/boot.ts');" },
        [START]: {
          code: "import { Button } from '/mui/button.js'; export const start = () => [Button, import('/src/features/pwa/pwa-prompts.tsx'), import('/src/app/layout/footer.tsx'), import('/src/rate.tsx')];",
          exports: ['start'],
        },
        '/src/app/boot.ts': {
          code: "import { env } from '/src/config/env.ts'; export const boot = env;",
          exports: ['boot'],
        },
        '/src/config/env.ts': { code: 'export const env = 1;', exports: ['env'] },
        '/mui/button.js': { code: 'export const Button = 1;', exports: ['Button'] },
        '/mui/modal.js': { code: 'export const Modal = 1;', exports: ['Modal'] },
        '/mui/popover.js': {
          code: "import { Modal } from '/mui/modal.js'; export const Popover = Modal;",
          exports: ['Popover'],
        },
        '/mui/link.js': { code: 'export const Link = 1;', exports: ['Link'] },
        '/mui/slider.js': { code: 'export const Slider = 1;', exports: ['Slider'] },
        '/src/features/pwa/pwa-prompts.tsx': {
          code: "import { Popover } from '/mui/popover.js'; import { Button } from '/mui/button.js'; import { env } from '/src/config/env.ts'; export const PwaPrompts = [Popover, Button, env];",
          exports: ['PwaPrompts'],
        },
        '/src/app/layout/footer.tsx': {
          code: "import { Link } from '/mui/link.js'; export const Footer = Link;",
          exports: ['Footer'],
        },
        // A member's screen: it shares the modal with the prompts, and its slider stays its own.
        '/src/rate.tsx': {
          code: "import { Modal } from '/mui/modal.js'; import { Slider } from '/mui/slider.js'; export const Rate = [Modal, Slider];",
          exports: ['Rate'],
        },
      },
      ['/src/main.tsx'],
    );
    const apart = (id: string) => isAppStart(id) || isMemberBoot(id);
    expect([...(await everyPageChunkModules(graph, apart))].sort()).toEqual([
      '/mui/link.js',
      '/mui/modal.js',
      '/mui/popover.js',
    ]);
  });
});
