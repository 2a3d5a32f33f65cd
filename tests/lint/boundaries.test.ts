/**
 * The layer rules of eslint.config.js (ARCHITECTURE.md, "Layers"), and the one that keeps admin checks
 * awaited: breaking snippets, each linted as if it lived at its path (nothing is written), must be
 * reported by the rule meant for them; allowed ones by none.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
let eslint: ESLint;

beforeAll(async () => {
  // Snippets are fragments: an unused import is beside the point.
  eslint = new ESLint({
    cwd: root,
    overrideConfig: { rules: { '@typescript-eslint/no-unused-vars': 'off' } },
  });
  // Loads the parser, the plugins and the resolver once, so each case below is quick.
  await eslint.lintText('export {};\n', { filePath: path.join(root, 'src/domain/warm-up.ts') });
}, 20_000);

async function problems(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => ({ rule: message.ruleId, message: message.message }));
}

type Case = [name: string, file: string, code: string];
interface Rule {
  rule: string;
  message: string;
  breaks: Case[];
}

const PATHS = 'import-x/no-restricted-paths';
const SYNTAX = 'no-restricted-syntax';

const rules: Rule[] = [
  {
    rule: PATHS,
    message: 'src/domain is pure TypeScript shared with the server',
    breaks: [
      ['domain → config, relative', 'src/domain/x.ts', "import { env } from '../config/env';"],
      ['domain → config, alias', 'src/domain/x.ts', "import { paths } from '@/config/paths';"],
      ['domain → lib, re-export', 'src/domain/x.ts', "export { storageKeys } from '@/lib/storage';"],
      ['domain → data, dynamic', 'src/domain/x.ts', "export const load = () => import('@/data/backend');"],
      ['domain → features', 'src/domain/x.ts', "export * from '../features/rating/rate-page';"],
      ['domain → components', 'src/domain/x.ts', "import '@/components/loading-screen';"],
      ['domain → app', 'src/domain/x.ts', "import '@/app/router';"],
      ['domain → React', 'src/domain/x.ts', "import { useState } from 'react';"],
      ['domain → MUI', 'src/domain/x.ts', "import Button from '@mui/material/Button';"],
      ['domain → Firebase types', 'src/domain/x.ts', "import type { Timestamp } from 'firebase/firestore';"],
      ['domain → server', 'src/domain/x.ts', "import '../../functions/src/handlers/handler';"],
    ],
  },
  {
    rule: 'import-x/no-nodejs-modules',
    message: 'Do not import Node.js builtin module',
    breaks: [
      ['domain → node:fs', 'src/domain/x.ts', "import { readFileSync } from 'node:fs';"],
      ['domain → fs, dynamic', 'src/domain/x.test.ts', "export const load = () => import('fs');"],
    ],
  },
  {
    rule: SYNTAX,
    message: 'src/domain is pure TypeScript shared with the server: .ts files only',
    breaks: [
      ['a .tsx file in src/domain', 'src/domain/x.tsx', 'export const answer = 42;'],
      ['a .js file in src/domain', 'src/domain/x.js', 'export const answer = 42;'],
    ],
  },
  {
    rule: PATHS,
    message: 'Only src/data/ talks to Firebase',
    breaks: [
      ['src → firebase/*', 'src/x.ts', "import 'firebase/auth';"],
      ['app → firebase/*', 'src/app/x.ts', "import { getAuth } from 'firebase/auth';"],
      ['feature → @firebase/*', 'src/features/rating/x.ts', "import '@firebase/firestore';"],
      [
        'components → firebase/*, dynamic',
        'src/components/x.ts',
        "export const l = () => import('firebase/app');",
      ],
      ['lib → firebase/*, re-export', 'src/lib/x.ts', "export { getApp } from 'firebase/app';"],
      ['testing → firebase/* types', 'src/testing/x.ts', "import type { User } from 'firebase/auth';"],
    ],
  },
  {
    rule: PATHS,
    message: 'The Admin and Functions SDKs are server-only',
    breaks: [
      ['data → firebase-admin', 'src/data/x.ts', "import { getFirestore } from 'firebase-admin/firestore';"],
      ['data → firebase-functions', 'src/data/firebase/x.ts', "import 'firebase-functions/v2/https';"],
    ],
  },
  {
    rule: PATHS,
    message: 'The client never imports server code',
    breaks: [
      ['data → server, relative', 'src/data/x.ts', "import '../../functions/src/handlers/handler';"],
      [
        'app → server, dynamic',
        'src/app/x.ts',
        "export const l = () => import('../../functions/src/store/store');",
      ],
    ],
  },
  {
    rule: PATHS,
    message: 'Server code imports nothing of the client but src/domain',
    breaks: [
      ['server → client data', 'functions/src/handlers/x.ts', "import '../../../src/data/callables';"],
      ['server → client lib, re-export', 'functions/src/x.ts', "export * from '../../src/lib/storage';"],
      [
        'server → client config, dynamic',
        'functions/src/x.ts',
        "export const l = () => import('../../src/config/env');",
      ],
      [
        'server → src/testing outside tests',
        'functions/src/local/x.ts',
        "import '../../../src/testing/photo-record';",
      ],
      [
        'server test → client feature',
        'functions/src/handlers/x.test.ts',
        "import '../../../src/features/rating/rate-page';",
      ],
    ],
  },
  {
    rule: PATHS,
    message: 'Features do not import each other or the app',
    breaks: [
      [
        'feature → feature, alias',
        'src/features/rating/x.tsx',
        "import { ProfilePage } from '@/features/profile/profile-page';",
      ],
      ['feature → feature, relative', 'src/features/rating/x.tsx', "import '../landing/landing-page';"],
      [
        'feature → feature, re-export',
        'src/features/rating/x.ts',
        "export * from '../leaderboard/leaderboard-page';",
      ],
      [
        'feature → feature, dynamic',
        'src/features/rating/x.ts',
        "export const l = () => import('@/features/photos/share');",
      ],
      ['feature → app', 'src/features/rating/x.tsx', "import '@/app/router';"],
      ['feature .js → feature', 'src/features/streak/x.js', "import '../profile/profile-page';"],
      ['feature → app, relative', 'src/features/streak/x.ts', "export * from '../../app/address';"],
    ],
  },
  {
    rule: PATHS,
    message: 'Shared code does not import features or the app',
    breaks: [
      ['components → features', 'src/components/x.tsx', "import '@/features/rating/rate-page';"],
      ['data → app', 'src/data/x.ts', "import '../app/router';"],
    ],
  },
  {
    rule: SYNTAX,
    message: 'import() takes a string literal',
    breaks: [
      [
        'import() of a variable',
        'src/features/rating/x.ts',
        'export const load = (name: string) => import(name);',
      ],
      [
        'import() of a template',
        'functions/src/x.ts',
        'export const load = () => import(`../../src/app/router`);',
      ],
    ],
  },
  {
    rule: SYNTAX,
    message: 'requireAdmin reads the member record: await it',
    breaks: [
      [
        'an admin check not awaited',
        'functions/src/handlers/x.ts',
        'export const run = async (c: never) => { requireAdmin(c); };',
      ],
      [
        'an admin check kept as a promise',
        'functions/src/handlers/x.ts',
        'export const run = (c: never) => requireAdmin(c).uid;',
      ],
    ],
  },
  {
    rule: 'import-x/no-cycle',
    message: 'Dependency cycle',
    // photo.ts imports rating.ts, so rating.ts may not import photo.ts.
    breaks: [['a dependency cycle', 'src/domain/rating.ts', "export { newPhoto } from './photo';"]],
  },
];

const allowed: Case[] = [
  [
    'domain → domain and its packages',
    'src/domain/x.ts',
    "import * as yup from 'yup';\nimport { LIMITS } from './limits';",
  ],
  [
    'domain test → the access table',
    'src/domain/x.test.ts',
    "import { ACCESS_CASES } from '../../tests/access/access-cases';",
  ],
  [
    'data adapters → Firebase',
    'src/data/firebase/x.ts',
    "import 'firebase/firestore';\nexport const l = () => import('firebase/database');",
  ],
  ['data → Firebase types', 'src/data/x.ts', "import type { User } from 'firebase/auth';"],
  [
    'feature → own files and shared layers',
    'src/features/rating/x.tsx',
    "import '@/config/paths';\nimport '@/data/callables';\nimport './rating-panel';",
  ],
  [
    'feature → the offers the app provides',
    'src/features/rating/x.tsx',
    "import { usePaymentOffers } from '@/components/payment-offers';",
  ],
  ['app → features', 'src/app/x.tsx', "import { RatePage } from '@/features/rating/rate-page';"],
  [
    'server → domain and its SDKs',
    'functions/src/handlers/x.ts',
    "import 'firebase-admin/firestore';\nimport '../../../src/domain/user';",
  ],
  [
    'an awaited admin check',
    'functions/src/handlers/x.ts',
    'export const run = async (c: never) => (await requireAdmin(c)).uid;',
  ],
  [
    'server test → src/testing',
    'functions/src/handlers/x.test.ts',
    "import '../../../src/testing/photo-record';",
  ],
  [
    'server test support → src/testing',
    'functions/src/testing.ts',
    "import '../../src/testing/photo-record';",
  ],
];

describe('layer rules', () => {
  const breaks = rules.flatMap(({ rule, message, breaks }) =>
    breaks.map((each) => [...each, rule, message] as const),
  );

  it.each(breaks)('catch %s', async (_name, file, code, rule, message) => {
    const found = await problems(file, code);
    expect(new Set(found.map((problem) => problem.rule))).toEqual(new Set([rule]));
    expect(found).toContainEqual({ rule, message: expect.stringContaining(message) });
  });

  it.each(allowed)('allow %s', async (_name, file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });
});
