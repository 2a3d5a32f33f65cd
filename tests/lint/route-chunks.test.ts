/**
 * What loads with a screen: the modules a file imports statically (type-only imports aside) are bundled
 * with it, so code a screen needs only on an action must be reached through `import()` alone. Each
 * case walks the static import graph from a screen, as the bundler does, and names what must stay out.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

/** A project file for a specifier, or the package's name for a bare one. */
function resolve(specifier: string, from: string): string {
  const local = specifier.startsWith('@/')
    ? path.join(root, 'src', specifier.slice(2))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : undefined;
  if (!local) {
    const parts = specifier.split('/');
    return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  }
  const file = [local, ...EXTENSIONS.map((extension) => local + extension)].find(
    (candidate) => existsSync(candidate) && candidate.match(/\.tsx?$/),
  );
  if (!file) throw new Error(`${specifier} (from ${path.relative(root, from)}) resolves to no file.`);
  return file;
}

/** The specifiers a file imports or re-exports at run time, statically. */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const bindings = clause?.namedBindings;
      const onlyTypes =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (!clause.name &&
            bindings !== undefined &&
            ts.isNamedImports(bindings) &&
            bindings.elements.length > 0 &&
            bindings.elements.every((element) => element.isTypeOnly)));
      if (!onlyTypes) specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specifiers;
}

/** Everything bundled with the file: project files (relative to the root) and packages. */
function bundledWith(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [path.join(root, entry)];
  while (queue.length > 0) {
    const file = queue.pop()!;
    for (const specifier of staticImports(file)) {
      const target = resolve(specifier, file);
      const name = path.isAbsolute(target) ? path.relative(root, target) : target;
      if (seen.has(name)) continue;
      seen.add(name);
      if (path.isAbsolute(target)) queue.push(target);
    }
  }
  return seen;
}

/** Code a member screen needs only on an action, never before its first paint. */
const ON_ACTION = [
  'yup',
  'formik',
  // The comment filter and the caption check.
  'obscenity',
  'sentiment',
  'src/domain/schemas.ts',
  // The feed's device cache, first read behind the first page.
  'dexie',
  'src/data/feed-cache.ts',
  'src/features/rating/report-dialog.tsx',
  'src/features/rating/tutorial-dialog.tsx',
];

describe('code loaded on demand', () => {
  it.each([
    ['the first script', 'src/app/main.tsx'],
    ['the app', 'src/app/start.tsx'],
    ['the rating screen', 'src/features/rating/rate-page.tsx'],
    // Fetched while My Photos is idle, so that it opens at once: Yup there was a long task.
    ['the photo detail', 'src/features/photos/photo-detail-dialog.tsx'],
  ])('%s does not bring what only an action needs', (_name, entry) => {
    const bundled = bundledWith(entry);
    expect(ON_ACTION.filter((name) => bundled.has(name))).toEqual([]);
  });

  it.each([
    // Its calls load the app's SDK and the Functions SDK: Auth only where a member or a sign-in needs it.
    ['the calls of a visitor', 'src/data/firebase-app.ts', ['firebase/auth', 'src/data/firebase-auth.ts']],
    ['the app', 'src/app/start.tsx', ['firebase/auth', 'src/data/auth.ts', 'src/app/boot.ts']],
    ["the landing page's A/B test", 'src/features/landing/landing-experiment.ts', ['yup']],
    [
      'the cookie banner',
      'src/features/consent/consent-host.tsx',
      ['src/features/consent/consent-preferences-dialog.tsx'],
    ],
  ])("%s's first load does not bring what a visitor may never need", (_name, entry, later) => {
    const bundled = bundledWith(entry);
    expect(later.filter((name) => bundled.has(name))).toEqual([]);
  });

  it('sees through re-exports and relative paths, and leaves type-only imports out', () => {
    // The rating screen's check (src/domain/schemas.ts) is a type import there, and a value import here.
    expect(bundledWith('src/features/photos/new-photo-dialog.tsx')).toContain('obscenity');
    expect(bundledWith('src/domain/callables.ts').has('src/domain/schemas.ts')).toBe(false);
  });
});
