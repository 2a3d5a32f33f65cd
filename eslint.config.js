import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import tseslint from 'typescript-eslint';

// Layer rules: ARCHITECTURE.md, "Layers". Every import is resolved to a file (relative paths, the @/ alias,
// import(), export ... from, require) and the file's path decides; tests/lint/boundaries.test.ts holds one
// breaking snippet per rule.

const root = import.meta.dirname;
const at = (...parts) => path.join(root, ...parts);

const features = readdirSync(at('src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// What src/domain may import besides itself: it runs in the browser and in the functions bundle.
const domainPackages = ['yup', 'obscenity', 'sentiment', '@types/sentiment', 'vitest', 'xss'];

// A package wherever its node_modules lies (hoisted, nested, or linked from outside the project).
const inPackage = (name) => `/**/node_modules/${name}/**`;

const clientZones = [
  {
    target: 'src',
    from: 'functions',
    message: 'The client never imports server code; shared code lives in src/domain.',
  },
  {
    target: 'src',
    from: ['firebase-admin', 'firebase-functions'].map(inPackage),
    message: 'The Admin and Functions SDKs are server-only (functions/src).',
  },
  {
    target: ['src/*.*', 'src/!(data)/**'],
    from: ['firebase', '@firebase'].map(inPackage),
    message: 'Only src/data/ talks to Firebase (design.md: the UI never imports firebase/*).',
  },
  {
    target: 'src/domain',
    from: '/**',
    // tests/access holds the access table that access.test.ts runs.
    except: [at('src/domain/**'), at('tests/access/**'), ...domainPackages.map(inPackage)],
    message: `src/domain is pure TypeScript shared with the server: it imports only itself and ${domainPackages.join(', ')}.`,
  },
  {
    target: ['src/components', 'src/lib', 'src/config', 'src/data'],
    from: ['src/features', 'src/app'],
    message: 'Shared code does not import features or the app.',
  },
  ...features.map((feature) => ({
    target: `src/features/${feature}`,
    from: [
      'src/app',
      ...features.filter((other) => other !== feature).map((other) => `src/features/${other}`),
    ],
    message: 'Features do not import each other or the app; the route files in src/app compose them.',
  })),
];

const serverZone = (allowed) => ({
  target: 'functions/src',
  from: 'src',
  except: allowed,
  message: 'Server code imports nothing of the client but src/domain (and, in tests, src/testing).',
});

const serverTests = ['functions/src/**/*.test.ts', 'functions/src/testing.ts'];

// Every script file counts, so a .js file cannot step around the layers.
const code = '{ts,tsx,js,jsx,mjs,cjs}';

const layers = (zones) => ['error', { basePath: root, zones }];

// An import() whose argument is not a plain string escapes every rule above.
const literalImportsOnly = {
  selector: "ImportExpression[source.type!='Literal']",
  message: 'import() takes a string literal, so the layer rules can check it.',
};

// An admin check reads the caller's record: one not awaited checks nothing (no type rule says so).
const awaitedAdminChecks = {
  selector: "CallExpression[callee.name='requireAdmin']:not(AwaitExpression > CallExpression)",
  message: 'requireAdmin reads the member record: await it, or it checks nothing.',
};

export default tseslint.config(
  { ignores: ['dist', 'dist-bench', 'dist-local', 'functions/lib', 'node_modules', '.data', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-console': ['error', { allow: ['error', 'warn', 'log'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: [`src/**/*.${code}`, `functions/src/**/*.${code}`],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: at('tsconfig.json') })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
    },
    rules: {
      'import-x/no-restricted-paths': layers([...clientZones, serverZone(['domain'])]),
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-restricted-syntax': ['error', literalImportsOnly, awaitedAdminChecks],
    },
  },
  {
    files: serverTests,
    rules: { 'import-x/no-restricted-paths': layers([serverZone(['domain', 'testing'])]) },
  },
  {
    files: [`src/domain/**/*.${code}`],
    rules: { 'import-x/no-nodejs-modules': 'error' },
  },
  {
    files: ['src/domain/**/*.{tsx,js,jsx,mjs,cjs}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        literalImportsOnly,
        {
          selector: 'Program',
          message: 'src/domain is pure TypeScript shared with the server: .ts files only.',
        },
      ],
    },
  },
);
