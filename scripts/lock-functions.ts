/**
 * `npm run lock:functions`: writes functions/package-lock.json, what Cloud Build installs the deployed
 * functions from, from the root's lockfile: npm keeps each package the functions need at the version the
 * root installed (scripts/build-functions.test.ts checks it), in a scratch folder, so the root's
 * node_modules is untouched.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { functionsDir } from './build-functions';

const scratch = mkdtempSync(path.join(tmpdir(), 'photorater-functions-lock-'));
try {
  copyFileSync(path.join(functionsDir, 'package.json'), path.join(scratch, 'package.json'));
  copyFileSync(path.join(functionsDir, '..', 'package-lock.json'), path.join(scratch, 'package-lock.json'));
  execFileSync('npm', ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund'], {
    cwd: scratch,
    stdio: 'inherit',
  });
  const lock = JSON.parse(readFileSync(path.join(scratch, 'package-lock.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  // The root's version number, which the functions' package.json does not have.
  delete lock.version;
  writeFileSync(path.join(functionsDir, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
  console.log('functions/package-lock.json written');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
