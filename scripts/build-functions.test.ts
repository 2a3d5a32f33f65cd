/**
 * The Node the functions run on is named three times: firebase.json's runtime (what Cloud Functions
 * runs), functions/package.json's engines and the bundle's target (the syntax esbuild leaves as it is).
 * They agree, and the runtime is one firebase-tools still deploys without a warning.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { functionsBuildOptions, functionsDir, functionsNodeMajor, lockMismatches } from './build-functions';

interface RuntimeSupport {
  friendly: string;
  status: string;
  deprecationDate: string;
  decommissionDate: string;
}

// The table `firebase deploy` checks a runtime against; firebase-tools ships no types for it.
const { RUNTIMES } = createRequire(import.meta.url)(
  'firebase-tools/lib/deploy/functions/runtimes/supported/types.js',
) as { RUNTIMES: Record<string, RuntimeSupport | undefined> };

const firebaseJson = JSON.parse(readFileSync(path.join(functionsDir, '..', 'firebase.json'), 'utf8')) as {
  functions: { source: string; runtime: string; ignore: string[] }[];
};

describe('the Node of the functions', () => {
  it("is one in firebase.json, functions/package.json and the bundle's target", () => {
    const major = functionsNodeMajor();
    expect(firebaseJson.functions.map(({ source, runtime }) => ({ source, runtime }))).toEqual([
      { source: 'functions', runtime: `nodejs${major}` },
    ]);
    expect(functionsBuildOptions().target).toBe(`node${major}`);
  });

  it('is a runtime firebase-tools neither deprecates nor has decommissioned today', () => {
    const runtime = `nodejs${functionsNodeMajor()}`;
    const support = RUNTIMES[runtime];
    expect(support, `${runtime} in firebase-tools' table`).toBeDefined();
    if (!support) return;
    expect(['deprecated', 'decommissioned']).not.toContain(support.status);
    const today = new Date();
    expect(
      today < new Date(support.deprecationDate) && today < new Date(support.decommissionDate),
      `${support.friendly} is deprecated from ${support.deprecationDate} and decommissioned from ${support.decommissionDate}: move to a newer runtime`,
    ).toBe(true);
  });
});

describe("the functions' installed packages", () => {
  it("are locked in functions/package-lock.json at exactly the root's installed versions", () => {
    expect(lockMismatches()).toEqual([]);
  });

  it('are installed from the lockfile, which firebase deploy uploads with package.json', async () => {
    // The listing firebase-tools makes of what it uploads, with the functions' ignore list.
    const { readdirRecursive } = createRequire(import.meta.url)('firebase-tools/lib/fsAsync.js') as {
      readdirRecursive(options: { path: string; ignoreStrings: string[] }): Promise<{ name: string }[]>;
    };
    const uploaded = await readdirRecursive({
      path: functionsDir,
      ignoreStrings: firebaseJson.functions[0]!.ignore,
    });
    const names = uploaded.map(({ name }) => path.relative(functionsDir, name));
    expect(names).toContain('package.json');
    expect(names).toContain('package-lock.json');
  });
});
