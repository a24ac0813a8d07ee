/**
 * Sessions on the embedded store: only the id's hash is stored, idle and absolute expiry, CSRF
 * token derived from the id, sign out everywhere, the cookie's attributes, and survival of a
 * restart (the record tables are journaled).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { openStore } from '../src/store/select.js';
import type { Store } from '../src/store/store.js';
import { Sessions } from '../src/http/sessions.js';
import { tempDir } from './helpers/server.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Sessions belong to accounts that exist (a session of no account, or a deleted one, is never made). */
async function withAccounts(store: Store, ...ids: string[]): Promise<void> {
  for (const id of ids)
    await store.createAccount({
      id,
      name: id.replace('_', '-'),
      plan: 'free',
      createdAt: '2026-11-01T00:00:00.000Z',
      periodStart: '2026-11-01T00:00:00.000Z',
      allowanceUsed: 0,
      packCredits: 0,
      renderAllowanceUsed: 0,
    });
}

function clock(start = Date.parse('2026-11-26T12:00:00Z')) {
  let t = start;
  return { now: () => new Date(t), advance: (ms: number) => void (t += ms) };
}

/** Every byte the store wrote, to look for a secret in it. */
function written(dir: string): string {
  let out = '';
  const walk = (d: string) => {
    for (const f of readdirSync(d)) {
      const p = join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else out += readFileSync(p, 'latin1');
    }
  };
  walk(dir);
  return out;
}

describe('sessions', () => {
  it('stores only the hash, ends after 7 idle days, and the CSRF token is not derivable from the store', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const store = await openStore({ dataDir: dir });
    await withAccounts(store, 'acc_1');
    const c = clock();
    const sessions = new Sessions(store, c.now);
    const s = await sessions.create('acc_1');
    expect(s.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await sessions.find(s.id))?.accountId).toBe('acc_1');
    expect(Sessions.csrfMatches(s, s.csrf)).toBe(true);
    expect(Sessions.csrfMatches(s, 'x')).toBe(false);
    expect(Sessions.csrfMatches(s, undefined)).toBe(false);
    const disk = written(dir);
    expect(disk).not.toContain(s.id);
    expect(disk).not.toContain(s.csrf);
    c.advance(7 * 86_400_000 + 1000);
    expect(await sessions.find(s.id)).toBeUndefined();
    await store.close();
  });

  it('use keeps a session alive, but never past 30 days after sign-in', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const store = await openStore({ dataDir: dir });
    await withAccounts(store, 'acc_1');
    const c = clock();
    const sessions = new Sessions(store, c.now);
    const s = await sessions.create('acc_1');
    for (let day = 5; day < 30; day += 5) {
      c.advance(5 * 86_400_000);
      expect(await sessions.find(s.id), `day ${day}`).toBeDefined();
      await new Promise((r) => setTimeout(r, 20)); // the last-seen write is not awaited by requests
    }
    c.advance(5 * 86_400_000 + 1000);
    expect(await sessions.find(s.id)).toBeUndefined();
    await store.close();
  });

  it("sign out everywhere ends every session of the account, not another account's; sessions survive a restart", async () => {
    const dir = tempDir();
    dirs.push(dir);
    let store = await openStore({ dataDir: dir });
    await withAccounts(store, 'acc_a', 'acc_b');
    const sessions = new Sessions(store);
    const a1 = await sessions.create('acc_a');
    const a2 = await sessions.create('acc_a');
    const b = await sessions.create('acc_b');
    expect(a1.id).not.toBe(a2.id);
    await store.close();
    store = await openStore({ dataDir: dir });
    const again = new Sessions(store);
    expect((await again.find(a1.id))?.accountId).toBe('acc_a');
    expect(await again.endAll('acc_a')).toBe(2);
    expect(await again.find(a1.id)).toBeUndefined();
    expect(await again.find(a2.id)).toBeUndefined();
    expect((await again.find(b.id))?.accountId).toBe('acc_b');
    expect(await again.find('not-a-session')).toBeUndefined();
    await store.close();
  });

  it('the cookie is HttpOnly and SameSite=Lax, Secure over HTTPS only', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const store = await openStore({ dataDir: dir });
    const sessions = new Sessions(store);
    expect(sessions.cookie('abc', true)).toMatch(/^wb_session=abc; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/);
    expect(sessions.cookie('abc', false)).not.toContain('Secure');
    expect(Sessions.clearCookie(false)).toContain('Max-Age=0');
    await store.close();
  });
});
