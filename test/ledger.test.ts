/**
 * Accounts, keys and the credit ledger on real servers and real files.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, post, spawnServe, tempDir, CLI, type TestServer } from './helpers/server.js';
import { EmbeddedStore } from '../src/store/embedded/store.js';
import { Accounts } from '../src/accounts/accounts.js';
import { nextResetFor, periodStartFor } from '../src/accounts/plans.js';

const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

async function server(...args: Parameters<typeof startServer>) {
  const s = await startServer(...args);
  servers.push(s);
  return s;
}

/** Leave exactly `credits` in the account's allowance (no packs). */
async function setRemaining(s: TestServer, credits: number) {
  await s.server.store.updateAccount(s.accountId, (a) => {
    a.allowanceUsed = (a.plan === 'free' ? 1000 : 7500) - credits;
    a.packCredits = 0;
  });
}

function cli(args: string[], dataDir: string): string {
  return execFileSync(process.execPath, [CLI, ...args, '--data', dataDir], { encoding: 'utf8' });
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

describe('metering', () => {
  it('1,000 concurrent calls against a balance of 600: exactly 600 succeed', async () => {
    const s = await server({}, 'free');
    await setRemaining(s, 600);
    const results = await Promise.all(
      Array.from({ length: 1000 }, () => post(s.url, '/api/v1/tools/word-counter', { text: 'a b' }, s.key)),
    );
    const ok = results.filter((r) => r.status === 200).length;
    const limited = results.filter((r) => r.status === 429);
    expect(ok).toBe(600);
    expect(limited.length).toBe(400);
    expect(limited[0].json).toMatchObject({ code: 429, retry_after: expect.any(Number) });
    expect(limited[0].json.error).toContain('Credit balance exhausted');
    expect((await s.server.accounts.balance(s.accountId)).remaining).toBe(0);
    const usage = await s.server.accounts.usage(s.accountId, 7);
    expect(usage.entries.length).toBe(600);
    expect(usage.totals).toEqual({ calls: 600, credits: 600 });
  });

  it('headers are present and consistent on 200, 400, 404 and 429', async () => {
    const s = await server({}, 'free');
    await setRemaining(s, 1);
    const okRes = await post(s.url, '/api/v1/tools/word-counter', { text: 'x' }, s.key);
    const bad = await post(s.url, '/api/v1/tools/word-counter', { text: 1 }, s.key);
    const missing = await post(s.url, '/api/v1/tools/nope', {}, s.key);
    const limited = await post(s.url, '/api/v1/tools/word-counter', { text: 'x' }, s.key);
    expect([okRes.status, bad.status, missing.status, limited.status]).toEqual([200, 400, 404, 429]);
    const reset = okRes.headers.get('x-ratelimit-reset');
    for (const r of [okRes, bad, missing, limited]) {
      expect(r.headers.get('x-ratelimit-limit')).toBe('1000');
      expect(r.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(r.headers.get('x-ratelimit-reset')).toBe(reset);
      expect(r.headers.get('ratelimit')).toMatch(/^"credits";r=0;t=\d+$/);
    }
    expect(Number(reset)).toBeGreaterThan(Date.now() / 1000);
    expect(limited.headers.get('retry-after')).toBe(String(limited.json.retry_after));
    expect(limited.json.retry_after).toBeGreaterThan(0);
    // 400 and 404 cost nothing: the one success spent the last credit.
    expect((await s.server.accounts.usage(s.accountId, 1)).entries.length).toBe(1);
  });

  it('spends the monthly allowance before pack credits; packs survive the month rollover', async () => {
    let now = new Date('2026-01-31T10:00:00Z');
    const s = await server({ now: () => now }, 'free');
    await s.server.accounts.addPack('test', 100, 'cli');
    await setRemaining(s, 2);
    await s.server.store.updateAccount(s.accountId, (a) => void (a.packCredits = 100));
    for (let i = 0; i < 3; i++) expect((await post(s.url, '/api/v1/tools/word-counter', { text: 'x' }, s.key)).status).toBe(200);
    const info = await s.server.accounts.accountInfo(s.accountId);
    expect(info.allowanceRemaining).toBe(0);
    expect(info.packCredits).toBe(99);
    // Created on the 31st: February's period starts on the 28th (clamped), March's on the 31st.
    expect(info.resetsAt).toBe('2026-02-28T00:00:00.000Z');
    now = new Date('2026-02-28T00:00:01Z');
    const after = await post(s.url, '/api/v1/tools/word-counter', { text: 'x' }, s.key);
    expect(after.headers.get('x-ratelimit-remaining')).toBe(String(999 + 99));
    expect((await s.server.accounts.accountInfo(s.accountId)).resetsAt).toBe('2026-03-31T00:00:00.000Z');
  });

  it('computes cycle periods in UTC', () => {
    const created = new Date('2026-03-15T12:00:00Z');
    expect(periodStartFor(created, new Date('2026-03-20T00:00:00Z')).toISOString()).toBe('2026-03-15T12:00:00.000Z');
    expect(periodStartFor(created, new Date('2026-04-15T00:00:00Z')).toISOString()).toBe('2026-04-15T00:00:00.000Z');
    expect(periodStartFor(created, new Date('2026-04-14T23:59:59Z')).toISOString()).toBe('2026-03-15T12:00:00.000Z');
    expect(nextResetFor(created, new Date('2026-12-20T00:00:00Z')).toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });
});

describe('API keys', () => {
  it('accepts X-API-Key or Bearer, refuses conflicts, missing and invalid keys with 401', async () => {
    const s = await server();
    const body = { text: 'x' };
    expect((await post(s.url, '/api/v1/tools/word-counter', body, undefined, { Authorization: `Bearer ${s.key}` })).status).toBe(200);
    const both = await post(s.url, '/api/v1/tools/word-counter', body, s.key, { Authorization: 'Bearer wbk_other' });
    expect(both.json).toEqual({ error: expect.stringContaining('Conflicting credentials'), code: 401 });
    expect((await post(s.url, '/api/v1/tools/word-counter', body, s.key, { Authorization: `Bearer ${s.key}` })).status).toBe(200);
    expect((await post(s.url, '/api/v1/tools/word-counter', body)).json).toMatchObject({ code: 401 });
    expect((await post(s.url, '/api/v1/tools/word-counter', body, 'wbk_nope')).json).toEqual({ error: 'Invalid API key', code: 401 });
    const mcp = await fetch(`${s.url}/mcp`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(mcp.status).toBe(401);
  });

  it('revocation is immediate under load: nothing sent after the revoke returned succeeds', async () => {
    const s = await server();
    let revokedAt = Infinity;
    const lateSuccesses: number[] = [];
    let stop = false;
    const worker = async () => {
      while (!stop) {
        const sentAt = performance.now();
        const r = await post(s.url, '/api/v1/tools/word-counter', { text: 'x' }, s.key);
        if (r.status === 200 && sentAt > revokedAt) lateSuccesses.push(sentAt);
        if (r.status === 401) expect(r.json.error).toBe('This API key was revoked');
      }
    };
    const workers = Array.from({ length: 8 }, worker);
    await new Promise((r) => setTimeout(r, 300));
    const [key] = await s.server.accounts.listKeys('test');
    await s.server.accounts.revokeKey(key.id);
    revokedAt = performance.now();
    await new Promise((r) => setTimeout(r, 300));
    stop = true;
    await Promise.all(workers);
    expect(lateSuccesses).toEqual([]);
    expect((await post(s.url, '/api/v1/tools/word-counter', { text: 'x' }, s.key)).status).toBe(401);
  });

  it('keys are stored only as hashes and appear in no file, log or response but the creation', async () => {
    const dir = tempDir();
    cli(['accounts', 'create', 'acme', '--plan', 'paid'], dir);
    const created = JSON.parse(cli(['keys', 'create', '--account', 'acme', '--json'], dir));
    expect(created.key).toMatch(/^wbk_[A-Za-z0-9]{40}$/);
    const listed = cli(['keys', 'list', '--account', 'acme', '--json'], dir);
    expect(listed).not.toContain(created.key);
    const { proc, url } = await spawnServe(['--data', dir]);
    let logs = '';
    proc.stderr!.setEncoding('utf8').on('data', (d: string) => (logs += d));
    try {
      const responses = [
        await post(url, '/api/v1/tools/word-counter', { text: created.key }, created.key),
        await post(url, '/api/v1/tools/nope', {}, created.key),
        await post(url, '/api/v1/tools/word-counter', {}, created.key),
      ];
      const account = await fetch(`${url}/api/v1/account`, { headers: { 'X-API-Key': created.key } });
      const usage = await fetch(`${url}/api/v1/usage`, { headers: { 'X-API-Key': created.key } });
      const texts = [...responses.map((r) => r.text), await account.text(), await usage.text()];
      expect(responses.map((r) => r.status)).toEqual([200, 404, 400]);
      for (const t of texts) expect(t).not.toContain(created.key);
    } finally {
      proc.kill('SIGTERM');
      await new Promise((r) => proc.on('exit', r));
    }
    expect(logs).not.toContain(created.key);
    for (const f of filesUnder(dir)) expect(readFileSync(f, 'utf8'), f).not.toContain(created.key);
  });
});

describe('durability', () => {
  it('after SIGKILL during a burst, the store parses and every acknowledged charge is in the ledger', async () => {
    const dir = tempDir();
    cli(['accounts', 'create', 'burst', '--plan', 'paid'], dir);
    const { key } = JSON.parse(cli(['keys', 'create', '--account', 'burst', '--json'], dir));
    const { proc, url } = await spawnServe(['--data', dir]);
    let acknowledged = 0;
    let killed = false;
    const worker = async () => {
      while (!killed) {
        try {
          const r = await post(url, '/api/v1/tools/word-counter', { text: 'x' }, key);
          if (r.status === 200) acknowledged++;
        } catch {
          return; // connection died with the server
        }
        if (acknowledged >= 300 && !killed) {
          killed = true;
          proc.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    await new Promise((r) => (proc.exitCode !== null || proc.signalCode ? r(undefined) : proc.on('exit', r)));
    JSON.parse(readFileSync(join(dir, 'werkbank.json'), 'utf8')); // parses
    const store = await EmbeddedStore.open(dir); // stale lock of the killed process is taken over
    try {
      const accounts = new Accounts(store);
      const id = (await accounts.requireAccount('burst')).id;
      const usage = await accounts.usage(id, 1);
      expect(usage.entries.length).toBeGreaterThanOrEqual(acknowledged);
      expect(7500 - (await accounts.balance(id)).remaining).toBeGreaterThanOrEqual(acknowledged);
    } finally {
      await store.close();
    }
  });

  it('SIGTERM during a burst: calls in flight finish (no 5xx), the server exits 0, and exactly the acknowledged calls are charged', async () => {
    const dir = tempDir();
    cli(['accounts', 'create', 'drain', '--plan', 'paid'], dir);
    const { key } = JSON.parse(cli(['keys', 'create', '--account', 'drain', '--json'], dir));
    const { proc, url } = await spawnServe(['--data', dir]);
    const exited = new Promise<number | null>((r) => proc.on('exit', (code) => r(code)));
    const statuses: number[] = [];
    let stopped = false;
    const worker = async () => {
      for (;;) {
        try {
          statuses.push((await post(url, '/api/v1/tools/word-counter', { text: 'x' }, key)).status);
        } catch {
          return; // the server no longer takes connections
        }
        if (statuses.length >= 200 && !stopped) {
          stopped = true;
          proc.kill('SIGTERM');
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    expect(await exited).toBe(0);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const store = await EmbeddedStore.open(dir);
    try {
      const accounts = new Accounts(store);
      const id = (await accounts.requireAccount('drain')).id;
      expect((await accounts.usage(id, 1)).totals.calls).toBe(statuses.length);
      expect(7500 - (await accounts.balance(id)).remaining).toBe(statuses.length);
    } finally {
      await store.close();
    }
  });

  it('refuses a second server on the same data dir', async () => {
    const dir = tempDir();
    const { proc } = await spawnServe(['--data', dir]);
    try {
      await expect(spawnServe(['--data', dir])).rejects.toThrow(/in use by another werkbank process/);
    } finally {
      proc.kill('SIGTERM');
      await new Promise((r) => proc.on('exit', r));
    }
  });
});

describe('administration', () => {
  it('admin API: disabled without a token; with it, the same operations as the CLI', async () => {
    const off = await server();
    expect((await fetch(`${off.url}/api/v1/admin/accounts`)).status).toBe(404);
    const s = await server({ adminToken: 'secret-token-for-the-ledger-tests-0123456789' });
    const h = { Authorization: 'Bearer secret-token-for-the-ledger-tests-0123456789', 'Content-Type': 'application/json' };
    expect((await fetch(`${s.url}/api/v1/admin/accounts`, { headers: { Authorization: 'Bearer wrong' } })).status).toBe(401);
    const acc = await fetch(`${s.url}/api/v1/admin/accounts`, {
      method: 'POST',
      headers: h,
      body: JSON.stringify({ name: 'beta', plan: 'free' }),
    });
    expect(acc.status).toBe(201);
    const key = (
      await (await fetch(`${s.url}/api/v1/admin/keys`, { method: 'POST', headers: h, body: JSON.stringify({ account: 'beta' }) })).json()
    ).data;
    expect(key.key).toMatch(/^wbk_/);
    await fetch(`${s.url}/api/v1/admin/credits`, { method: 'POST', headers: h, body: JSON.stringify({ account: 'beta', pack: 1000 }) });
    const me = await (await fetch(`${s.url}/api/v1/account`, { headers: { 'X-API-Key': key.key } })).json();
    expect(me.data).toMatchObject({ name: 'beta', plan: 'free', remaining: 2000, packCredits: 1000 });
    // The pack is in the account's history, as a purchase is: credits added (no call), with the operator's reference.
    const history = (await (await fetch(`${s.url}/api/v1/usage`, { headers: { 'X-API-Key': key.key } })).json()).data;
    expect(history.totals).toEqual({ calls: 0, credits: 0 });
    expect(history.entries).toEqual([
      {
        at: expect.any(String),
        tool: 'credit-pack',
        surface: 'operator',
        credits: 0,
        fromAllowance: 0,
        fromPacks: 0,
        added: 1000,
        reference: expect.stringMatching(/^operator:admin-api:pack_[0-9a-f]{16}$/),
      },
    ]);
    const keys = await (await fetch(`${s.url}/api/v1/admin/keys?account=beta`, { headers: h })).json();
    expect(JSON.stringify(keys)).not.toContain(key.key);
    expect((await fetch(`${s.url}/api/v1/admin/keys/${key.id}`, { method: 'DELETE', headers: h })).status).toBe(200);
    expect((await post(s.url, '/api/v1/tools/word-counter', { text: 'x' }, key.key)).status).toBe(401);
    const bad = await fetch(`${s.url}/api/v1/admin/credits`, {
      method: 'POST',
      headers: h,
      body: JSON.stringify({ account: 'beta', pack: 7 }),
    });
    expect(await bad.json()).toMatchObject({ code: 400, error: expect.stringContaining('100, 1000, 5000') });
    // Unknown fields are refused by name, as on every tool.
    const extra = await fetch(`${s.url}/api/v1/admin/accounts`, {
      method: 'POST',
      headers: h,
      body: JSON.stringify({ name: 'gamma', plann: 'paid' }),
    });
    expect(extra.status).toBe(400);
    expect((await extra.json()).error).toMatch(/unknown field `plann` \(did you mean `plan`\?\)/);
    const missing = await fetch(`${s.url}/api/v1/admin/keys`, { method: 'POST', headers: h, body: '{}' });
    expect(await missing.json()).toMatchObject({ code: 400, error: expect.stringContaining('`account` is required') });
  });

  it('a caller sees only its own account and usage', async () => {
    const s = await server();
    await s.server.accounts.createAccount('other', 'free');
    const other = await s.server.accounts.createKey('other');
    await post(s.url, '/api/v1/tools/word-counter', { text: 'x' }, other.key);
    const mine = await (await fetch(`${s.url}/api/v1/usage?days=7`, { headers: { 'X-API-Key': s.key } })).json();
    expect(mine.data.account).toBe('test');
    expect(mine.data.entries).toEqual([]);
    const theirs = await (await fetch(`${s.url}/api/v1/usage`, { headers: { 'X-API-Key': other.key } })).json();
    expect(theirs.data.entries.length).toBe(1);
    expect((await fetch(`${s.url}/api/v1/usage?days=0`, { headers: { 'X-API-Key': s.key } })).status).toBe(400);
  });

  it('pages the usage entries newest first, with totals per day, per tool and per tool within each day', async () => {
    const s = await server();
    const calls = [
      ['word-counter', { text: 'a b' }],
      ['text-case-converter', { text: 'a b', mode: 'camel' }],
      ['word-counter', { text: 'c' }],
      ['word-counter', { text: 'd' }],
      ['text-case-converter', { text: 'c d', mode: 'camel' }],
    ] as const;
    for (const [tool, body] of calls) expect((await post(s.url, `/api/v1/tools/${tool}`, body, s.key)).status).toBe(200);
    const get = async (query: string) => {
      const r = await fetch(`${s.url}/api/v1/usage${query}`, { headers: { 'X-API-Key': s.key } });
      return { status: r.status, json: await r.json() };
    };
    const all = (await get('?days=1')).json.data;
    expect(all.entries.map((e: { tool: string }) => e.tool)).toEqual(calls.map(([tool]) => tool).reverse());
    expect(all).toMatchObject({ offset: 0, limit: 1000, nextOffset: null, totals: { calls: 5 } });
    expect(all.perTool.map((t: { tool: string; calls: number }) => [t.tool, t.calls])).toEqual([
      ['word-counter', 3],
      ['text-case-converter', 2],
    ]);
    expect(all.perDay).toHaveLength(1);
    expect(all.perDay[0]).toMatchObject({ calls: 5, tools: { 'word-counter': 3, 'text-case-converter': 2 } });
    // Pages of 2: the same entries in the same order, the last page says so.
    const pages = [await get('?days=1&limit=2'), await get('?days=1&limit=2&offset=2'), await get('?days=1&limit=2&offset=4')].map(
      (p) => p.json.data,
    );
    expect(pages.map((p) => p.nextOffset)).toEqual([2, 4, null]);
    expect(pages.flatMap((p) => p.entries)).toEqual(all.entries);
    expect(pages.every((p) => p.totals.calls === 5 && p.perTool.length === 2)).toBe(true);
    for (const bad of ['limit=0', 'limit=10001', 'offset=-1', 'limit=2.5'])
      expect(await get(`?${bad}`)).toMatchObject({
        status: 400,
        json: { code: 400, error: expect.stringMatching(/query parameter `(limit|offset)`/) },
      });
  });
});
