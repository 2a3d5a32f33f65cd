/**
 * The running stack as a hostile web page in the member's browser would try it: the Auth emulator
 * and its hub hold every account with its password, so a page of another origin gets nothing from
 * either, while the app itself signs in as before (the other journeys).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';

const EVIL = 'https://attacker.example';

describe('the local backend against other pages in the browser', () => {
  it("does not hand the Auth emulator's accounts to another page", async () => {
    const url = `${inject('authUrl')}/identitytoolkit.googleapis.com/v1/projects/${inject('projectId')}/accounts:batchGet?maxResults=10`;
    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: {
        Origin: EVIL,
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const read = await fetch(url, { headers: { Origin: EVIL, Authorization: 'Bearer owner' } });
    expect(read.status).toBe(403);
    expect(await read.text()).not.toContain('passwordHash');
    // The stack itself (no Origin) still reads them: that is how it keeps the accounts safe.
    expect((await fetch(url, { headers: { Authorization: 'Bearer owner' } })).status).toBe(200);
  });

  it("does not let another page make the emulator's hub export over a folder", async () => {
    const victim = path.join(inject('dataDir'), 'victim');
    mkdirSync(victim, { recursive: true });
    writeFileSync(path.join(victim, 'keep.txt'), 'mine');
    const answer = await fetch(`${inject('hubUrl')}/_admin/export`, {
      method: 'POST',
      headers: { Origin: EVIL, 'Content-Type': 'text/plain' },
      body: JSON.stringify({ path: victim, initiatedBy: 'page' }),
    });
    // Refused by the guard before the hub sees it (the hub itself answers 403 too, then exports anyway).
    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain('Only the Photorater app may call this server');
    expect(existsSync(path.join(victim, 'keep.txt'))).toBe(true);
  });
});
