/**
 * The app's own chunk: the modules `src/app/start.tsx` needs at once (the shell, the MUI parts it
 * renders, the session, React's router) in one chunk, rather than the bundler's default of a small
 * shared chunk for each set of screens that shares a module with it: some 20 chunks, each with its own
 * imports, exports and request, that a visitor loads right after the first paint anyway. A screen
 * loaded on demand imports from the app's chunk, which is always there before it.
 *
 * What the first script needs stays in the entry chunk, what a member's head start (src/app/boot.ts,
 * loaded beside the app) needs stays out of the app's, and what only a screen or an action needs stays
 * out: the group takes what start.tsx reaches through static imports, minus what those two reach,
 * and follows a re-export (`export * from './Button'` in a package's index) only for the names
 * imported through it, as the bundler's tree-shaking does, not to the whole package.
 */
import type { Plugin } from 'vite';

/** The names taken from a module: 'all' for a namespace, a side effect, a require or `export *`. */
export type Names = ReadonlySet<string> | 'all';

/** A static import of `target`, needed whenever its importer is. */
export interface ImportEdge {
  target: string;
  names: Names;
}

/** A name a module passes on: `export { imported as exported } from target`; '*' for `export *`. */
export interface Reexport {
  target: string;
  imported: string;
  exported: string;
}

/** What the grouping reads of one module. */
export interface ModuleFacts {
  imports: readonly ImportEdge[];
  /** Followed only for the names asked of the module. */
  reexports: readonly Reexport[];
  /** The names the module exports, `export *` included. */
  exports: readonly string[];
}

export interface ModuleGraph {
  ids(): Iterable<string>;
  isEntry(id: string): boolean;
  /** The modules that import this one through `import()` (none for a module imported only statically). */
  dynamicImporters(id: string): readonly string[];
  facts(id: string): Promise<ModuleFacts | undefined>;
  /** The module's transformed code's length, in characters. */
  size(id: string): number;
}

const namesOf = (imported: string): Names => (imported === '*' ? 'all' : new Set([imported]));

/** The modules the bundler keeps of what `from` imports statically, re-exports followed by name. */
async function neededBy(graph: ModuleGraph, from: readonly string[]): Promise<Set<string>> {
  // Each module reached, with the names already followed through its re-exports ('all' once all are).
  const reached = new Map<string, Set<string> | 'all'>();
  const queue: Array<{ id: string; names: Names }> = from.map((id) => ({ id, names: 'all' }));
  while (queue.length > 0) {
    const { id, names } = queue.pop()!;
    const followed = reached.get(id);
    if (followed === 'all') continue;
    const facts = await graph.facts(id);
    if (!facts) continue;
    if (!followed) for (const edge of facts.imports) queue.push({ id: edge.target, names: edge.names });
    if (names === 'all') {
      reached.set(id, 'all');
      for (const { target, imported } of facts.reexports)
        queue.push({ id: target, names: namesOf(imported) });
      continue;
    }
    const done = followed ?? new Set<string>();
    reached.set(id, done);
    for (const name of names) {
      if (done.has(name)) continue;
      done.add(name);
      const named = facts.reexports.filter((reexport) => reexport.exported === name);
      for (const { target, imported } of named) queue.push({ id: target, names: namesOf(imported) });
      if (named.length > 0) continue;
      // The first `export *` that has it, as a module's namespace resolves it.
      for (const { target, exported } of facts.reexports)
        if (exported === '*' && (await graph.facts(target))?.exports.includes(name)) {
          queue.push({ id: target, names: new Set([name]) });
          break;
        }
    }
  }
  return new Set(reached.keys());
}

/**
 * The modules of the app's chunk: what `app` needs, without what the entries need, nor what a module
 * loaded ahead of the app (`apart`) needs, which would otherwise wait for the app's whole chunk.
 * Empty without `app`.
 */
export async function appChunkModules(
  graph: ModuleGraph,
  isApp: (id: string) => boolean,
  isApart: (id: string) => boolean = () => false,
): Promise<Set<string>> {
  const ids = [...graph.ids()];
  const app = ids.filter(isApp);
  if (app.length === 0) return new Set();
  const outside = await neededBy(
    graph,
    ids.filter((id) => graph.isEntry(id) || isApart(id)),
  );
  return new Set([...(await neededBy(graph, app))].filter((id) => !outside.has(id)));
}

export const isAppStart = (id: string) => /[\\/]src[\\/]app[\\/]start\.tsx$/.test(id);
/** A module of `src/`, named without its extension, as a test of a module id. */
function moduleMatcher(module: string): (id: string) => boolean {
  const pattern = new RegExp(`[\\\\/]src[\\\\/]${module.replaceAll('/', '[\\\\/]')}\\.tsx?$`);
  return (id: string) => pattern.test(id);
}

/**
 * A member's everyday screens, and the tab bar drawn with each: what two of them or more share goes in
 * one chunk beside the app's, rather than the some 30 small chunks the bundler makes of it, each a
 * request on the phone's connection before the screen can draw. What one screen alone needs stays in
 * its own chunk.
 */
export const MEMBER_SCREENS: ReadonlyArray<(id: string) => boolean> = [
  'features/rating/rate-page',
  'features/photos/my-photos-page',
  'features/profile/profile-page',
  'features/leaderboard/leaderboard-page',
  'app/layout/bottom-tabs',
].map(moduleMatcher);

/**
 * The backend's adapters, one of which a member's screen loads for its first read (src/data/backend.ts):
 * each with what it alone needs in a chunk of its own, what both need in a third.
 */
export const BACKENDS = {
  'local-backend': (id: string) => /[\\/]src[\\/]data[\\/]local[\\/]local-backend\.ts$/.test(id),
  'firebase-backend': (id: string) => /[\\/]src[\\/]data[\\/]firebase[\\/]firebase-backend\.ts$/.test(id),
};

/** Auth and the calls, which a member's page loads first, each in its own chunks (scripts/route-preload.ts). */
const isLoadedFirst = (id: string) => /[\\/]src[\\/]data[\\/](auth|callables|firebase-app)\.ts$/.test(id);

const isBackend = (id: string) => Object.values(BACKENDS).some((backend) => backend(id));

/**
 * What a group must leave out: what the entries need, what a module loaded `apart` needs, and what any
 * module loaded on demand other than the group's own (`own`) needs. A module another chunk needs stays
 * out of the group, so no chunk a visitor loads (the PWA prompts, the blog, the shared photo) ever
 * imports the group's.
 */
function neededOutside(
  graph: ModuleGraph,
  own: (id: string) => boolean,
  isApart: (id: string) => boolean,
): Promise<Set<string>> {
  return neededBy(
    graph,
    [...graph.ids()].filter(
      (id) => graph.isEntry(id) || isApart(id) || (graph.dynamicImporters(id).length > 0 && !own(id)),
    ),
  );
}

/**
 * The backends' chunks: each adapter with what it alone needs, and what both need (`backend`), without
 * what anything else needs (the entries, the app, a member's head start, Auth and the calls, the
 * screens, any module loaded on demand).
 */
export async function backendChunkModules(graph: ModuleGraph): Promise<Record<string, Set<string>>> {
  const loadedEarlier = (id: string) =>
    isMemberBoot(id) || isAppStart(id) || isLoadedFirst(id) || MEMBER_SCREENS.some((screen) => screen(id));
  const outside = await neededOutside(graph, isBackend, loadedEarlier);
  const ids = [...graph.ids()];
  const [local, firebase] = await Promise.all(
    Object.values(BACKENDS).map(async (backend) => {
      const from = ids.filter(backend);
      return from.length === 0
        ? new Set<string>()
        : new Set([...(await neededBy(graph, from))].filter((id) => !outside.has(id)));
    }),
  );
  const both = new Set([...local!].filter((id) => firebase!.has(id)));
  return {
    backend: both,
    'local-backend': new Set([...local!].filter((id) => !both.has(id))),
    'firebase-backend': new Set([...firebase!].filter((id) => !both.has(id))),
  };
}

/**
 * What every page loads once it has painted, a visitor's too: nothing these need goes in the member
 * screens' chunk, so a visitor's page never loads it for them. (A visitor's page loaded on demand, the
 * sign-in form or the blog, may import from it what it shares with the screens.)
 */
export const EVERY_PAGE: ReadonlyArray<(id: string) => boolean> = [
  'features/pwa/pwa-prompts',
  'features/consent/consent-host',
  'components/toast-bar',
  'app/layout/footer',
].map(moduleMatcher);

/**
 * What at least two of `screens` need, without what the entries, a module `apart` or one of `everyPage`
 * needs.
 */
export async function sharedChunkModules(
  graph: ModuleGraph,
  screens: ReadonlyArray<(id: string) => boolean>,
  isApart: (id: string) => boolean,
  everyPage: ReadonlyArray<(id: string) => boolean> = EVERY_PAGE,
): Promise<Set<string>> {
  const ids = [...graph.ids()];
  const outside = await neededBy(
    graph,
    ids.filter((id) => graph.isEntry(id) || isApart(id) || everyPage.some((page) => page(id))),
  );
  const reached = new Map<string, number>();
  for (const screen of screens) {
    const from = ids.filter(screen);
    if (from.length === 0) continue;
    for (const id of await neededBy(graph, from))
      if (!outside.has(id)) reached.set(id, (reached.get(id) ?? 0) + 1);
  }
  return new Set([...reached].filter(([, count]) => count >= 2).map(([id]) => id));
}

/**
 * What the pages of `everyPage` need, in one chunk, without what the entries or a module `apart` (the
 * app among them) needs, nor the pages themselves, which load when each is asked for. Every page loads
 * all of it after its first paint anyway, so one chunk costs no page a byte more; the bundler's own
 * split made a small chunk for each set of screens and pages that shares a module (the dialog's modal,
 * the menu's list, the popover), some 15 requests before a member's screen could draw.
 */
export async function everyPageChunkModules(
  graph: ModuleGraph,
  isApart: (id: string) => boolean,
  everyPage: ReadonlyArray<(id: string) => boolean> = EVERY_PAGE,
): Promise<Set<string>> {
  const ids = [...graph.ids()];
  const isPage = (id: string) => everyPage.some((page) => page(id));
  const outside = await neededBy(
    graph,
    ids.filter((id) => graph.isEntry(id) || isApart(id)),
  );
  const needed = await neededBy(graph, ids.filter(isPage));
  return new Set([...needed].filter((id) => !outside.has(id) && !isPage(id)));
}

/** Below this, a module is not worth a request of its own on a phone's connection. */
export const SMALL_MODULE_CHARS = 8000;

/**
 * The small modules a member's start loads that no other group takes: in one chunk (`shared`), rather
 * than the some 15 chunks of a few hundred bytes each the bundler makes of them (the domain's photo,
 * vote and wire, consent, the operation log, a MUI part two screens share), each a request, and each a
 * modulepreload the page's head adds, before a screen can draw. `loadedAtStart` names the modules
 * a member's start loads (the screens, the backends, Auth and the calls, what every page loads);
 * `taken`, the modules other groups hold.
 *
 * Left out: what the entries or a module loaded `apart` (before the app) need, which would then wait
 * for this chunk, and a module that imports or passes on anything but what those need (outside the
 * other groups), the app's and this chunk's own: so this chunk imports no chunk that imports it back.
 */
export async function smallSharedModules(
  graph: ModuleGraph,
  loadedAtStart: (id: string) => boolean,
  taken: ReadonlySet<string>,
  app: ReadonlySet<string>,
  isApart: (id: string) => boolean,
): Promise<Set<string>> {
  const ids = [...graph.ids()];
  const before = await neededBy(
    graph,
    ids.filter((id) => graph.isEntry(id) || isApart(id)),
  );
  const candidates = new Set(
    [...(await neededBy(graph, ids.filter(loadedAtStart)))].filter(
      (id) =>
        !before.has(id) &&
        !taken.has(id) &&
        !app.has(id) &&
        !loadedAtStart(id) &&
        graph.size(id) < SMALL_MODULE_CHARS,
    ),
  );
  // Until none is left that imports a module outside the entries, the head start, the app and the group.
  for (let changed = true; changed;) {
    changed = false;
    for (const id of [...candidates]) {
      const facts = await graph.facts(id);
      // A module passing names on (a package's index) reaches what it passes on too.
      const reached = [...(facts?.imports ?? []), ...(facts?.reexports ?? [])];
      const allowed = (target: string) =>
        app.has(target) || candidates.has(target) || (before.has(target) && !taken.has(target));
      if (reached.every(({ target }) => allowed(target))) continue;
      candidates.delete(id);
      changed = true;
    }
  }
  return candidates;
}

/**
 * What a member's first read goes out through, without waiting for the app's chunk: the head start,
 * the calls and Firebase's app, and what asks for /rate's feed and the leaderboard's board.
 */
const isFirstRead = (id: string) =>
  isMemberBoot(id) ||
  /[\\/]src[\\/]data[\\/](callables|firebase-app|feed-prefetch)\.ts$/.test(id) ||
  /[\\/]src[\\/]features[\\/]leaderboard[\\/]leaderboard-prefetch\.ts$/.test(id);

/** A member's head start (src/app/boot.ts), loaded beside the app's chunk rather than from it. */
export const isMemberBoot = (id: string) => /[\\/]src[\\/]app[\\/]boot\.ts$/.test(id);

/** An identifier or string name in the parser's tree. */
interface Named {
  name?: string;
  value?: string;
}
/** The parts of a top-level statement the facts are read from (ESTree). */
interface Statement {
  type: string;
  directive?: string;
  declaration?: unknown;
  source?: { value: string } | null;
  exported?: Named | null;
  specifiers?: Array<{ type: string; imported?: Named; local?: Named; exported?: Named }>;
}

const nameOf = (node: Named | undefined | null) => node?.name ?? node?.value ?? 'default';

export interface ModuleSource {
  /** The transformed code. */
  code: string;
  /** What the bundler found it imports statically. */
  importedIds: readonly string[];
  exports: readonly string[];
}

/**
 * A module's facts, from its top-level statements. A module that only imports and passes names on (a
 * package's index, `import * as colors ...; export { colors }` included) has no imports of its own.
 */
export async function readFacts(
  source: ModuleSource,
  parse: (code: string) => { body: unknown[] },
  resolve: (specifier: string) => Promise<string | undefined>,
): Promise<ModuleFacts> {
  const known = new Set(source.importedIds);
  const imports = new Map<string, Set<string> | 'all'>();
  const take = (target: string | undefined, names: string[] | 'all') => {
    if (!target || !known.has(target)) return;
    const before = imports.get(target) ?? new Set<string>();
    imports.set(target, before === 'all' || names === 'all' ? 'all' : new Set([...before, ...names]));
  };
  const reexports: Reexport[] = [];
  const bindings = new Map<string, { target: string; imported: string }>();
  const imported: Array<{ target: string | undefined; names: string[] | 'all' }> = [];
  let onlyPassesOn = true;
  for (const statement of source.code ? (parse(source.code).body as Statement[]) : []) {
    const target = statement.source ? await resolve(statement.source.value) : undefined;
    const specifiers = statement.specifiers ?? [];
    if (statement.type === 'ImportDeclaration') {
      const names = specifiers.map((specifier) =>
        specifier.type === 'ImportDefaultSpecifier'
          ? 'default'
          : specifier.type === 'ImportNamespaceSpecifier'
            ? '*'
            : nameOf(specifier.imported),
      );
      if (names.length === 0) onlyPassesOn = false;
      imported.push({ target, names: names.length === 0 || names.includes('*') ? 'all' : names });
      if (target)
        specifiers.forEach((specifier, index) =>
          bindings.set(nameOf(specifier.local), { target, imported: names[index]! }),
        );
    } else if (statement.type === 'ExportAllDeclaration' && target) {
      reexports.push({
        target,
        imported: '*',
        exported: statement.exported ? nameOf(statement.exported) : '*',
      });
    } else if (statement.type === 'ExportNamedDeclaration' && !statement.declaration) {
      for (const specifier of specifiers) {
        const local = nameOf(specifier.local);
        const from = target ? { target, imported: local } : bindings.get(local);
        if (from) reexports.push({ ...from, exported: nameOf(specifier.exported) });
        else onlyPassesOn = false;
      }
    } else if (!(statement.type === 'ExpressionStatement' && statement.directive)) onlyPassesOn = false;
  }
  // A module with code of its own may use what it imports; one that only passes names on does not.
  if (!onlyPassesOn) for (const { target, names } of imported) take(target, names);
  const passedOn = new Set(reexports.map((reexport) => reexport.target));
  // What the code reaches otherwise (a require, a resolver's own addition) is taken whole.
  for (const target of source.importedIds)
    if (!imports.has(target) && !passedOn.has(target)) imports.set(target, 'all');
  return {
    imports: [...imports].map(([target, names]) => ({ target, names })),
    reexports,
    exports: source.exports,
  };
}

/**
 * The Vite plugin: reads the module graph once it is complete and groups the app's modules into one
 * chunk named `app`. A build without `src/app/start.tsx` (the service worker's) is left as it is.
 */
export function appChunkPlugin(): Plugin {
  let modules = new Set<string>();
  let memberModules = new Set<string>();
  let everyPageModules = new Set<string>();
  let backendModules: Record<string, Set<string>> = {};
  let smallModules = new Set<string>();
  return {
    name: 'app-chunk',
    // PHOTORATER_APP_CHUNK=off builds with the bundler's own chunks, which `npm run bench` compares with.
    apply: (_config, { command }) => command === 'build' && process.env.PHOTORATER_APP_CHUNK !== 'off',
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: 'app',
                  test: (id: string) => modules.has(id),
                  // What the entry needs is the app's too, and stays in the entry chunk.
                  includeDependenciesRecursively: false,
                },
                {
                  name: 'every-page',
                  test: (id: string) => everyPageModules.has(id),
                  includeDependenciesRecursively: false,
                },
                {
                  name: 'member',
                  test: (id: string) => memberModules.has(id),
                  includeDependenciesRecursively: false,
                },
                ...['backend', ...Object.keys(BACKENDS)].map((name) => ({
                  // Each backend's adapter with what it needs (some 6 small chunks otherwise).
                  name,
                  test: (id: string) => backendModules[name]?.has(id) ?? false,
                  includeDependenciesRecursively: false,
                })),
                {
                  name: 'shared',
                  test: (id: string) => smallModules.has(id),
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
      },
    }),
    async buildEnd() {
      const facts = new Map<string, Promise<ModuleFacts | undefined>>();
      const graph: ModuleGraph = {
        ids: () => this.getModuleIds(),
        isEntry: (id) => this.getModuleInfo(id)?.isEntry ?? false,
        dynamicImporters: (id) => this.getModuleInfo(id)?.dynamicImporters ?? [],
        size: (id) => this.getModuleInfo(id)?.code?.length ?? 0,
        facts: (id) => {
          let known = facts.get(id);
          if (!known) {
            const info = this.getModuleInfo(id);
            known = info
              ? readFacts(
                  { code: info.code ?? '', importedIds: info.importedIds, exports: info.exports },
                  (code) => this.parse(code) as unknown as { body: unknown[] },
                  async (specifier) => (await this.resolve(specifier, id))?.id,
                )
              : Promise.resolve(undefined);
            facts.set(id, known);
          }
          return known;
        },
      };
      modules = await appChunkModules(graph, isAppStart, isMemberBoot);
      // What loads before or beside a screen, in chunks of its own: the head start, the app, Auth and the
      // calls, and the backends' adapters, which load on a visitor's pages too (the shared photo).
      const apart = (id: string) => isMemberBoot(id) || isAppStart(id) || isLoadedFirst(id) || isBackend(id);
      everyPageModules = await everyPageChunkModules(graph, apart);
      memberModules = await sharedChunkModules(graph, MEMBER_SCREENS, apart);
      backendModules = await backendChunkModules(graph);
      const taken = new Set([
        ...everyPageModules,
        ...memberModules,
        ...Object.values(backendModules).flatMap((group) => [...group]),
      ]);
      const loadedAtStart = (id: string) =>
        MEMBER_SCREENS.some((screen) => screen(id)) ||
        EVERY_PAGE.some((page) => page(id)) ||
        isBackend(id) ||
        isLoadedFirst(id);
      smallModules = await smallSharedModules(graph, loadedAtStart, taken, modules, isFirstRead);
    },
  };
}
