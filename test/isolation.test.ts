/**
 * Nothing one account (or one client) does can hurt another or lose data:
 * prototype names in every id and name field, quotas in stored bytes on memory
 * and keys, no-store on authenticated answers, throttled failed
 * authentication, request timeouts and a connection cap per address, the
 * admin token's minimum length, liveness and readiness. Over REST on a
 * listening server (the embedded store).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server as HttpServer } from 'node:http';
import { connect } from 'node:net';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { post, startServer, type TestServer } from './helpers/server.js';
import { AddressLimit, capConnections, ListenStreams } from '../src/http/protect.js';
import { memoryLeases } from '../src/store/embedded/leases.js';
import { memoryCounters } from '../src/store/embedded/counters.js';
import { createServer, configFromEnv } from '../src/server.js';
import { PLANS } from '../src/accounts/plans.js';
import { inline } from '../src/web/pages.js';

const ADMIN = 'isolation-admin-token-0123456789abcdef';
let s: TestServer;
const admin = { Authorization: `Bearer ${ADMIN}` };

beforeAll(async () => {
  s = await startServer({ adminToken: ADMIN }, 'free');
});
afterAll(async () => {
  await s?.close();
});

const PROTO_NAMES = Object.getOwnPropertyNames(Object.prototype);

async function call(method: string, path: string, headers: Record<string, string> = {}, body?: unknown) {
  const res = await fetch(s.url + path, {
    method,
    headers: { ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describe('prototype names', () => {
  it('every Object.prototype name in every id, key and name field of every route: a 4xx, never a 500, and the server stays whole', async () => {
    const key = { 'X-API-Key': s.key };
    const statuses = new Map<string, number>();
    for (const name of PROTO_NAMES) {
      const e = encodeURIComponent(name);
      const cases: [string, string, Record<string, string>, unknown?][] = [
        ['DELETE', `/api/v1/admin/keys/${e}`, admin],
        ['GET', `/api/v1/admin/keys?account=${e}`, admin],
        ['GET', `/api/v1/admin/usage?account=${e}`, admin],
        ['POST', '/api/v1/admin/keys', admin, { account: name }],
        ['POST', '/api/v1/admin/credits', admin, { account: name, pack: 100 }],
        ['POST', '/api/v1/admin/accounts', admin, { name, plan: name }],
        ['DELETE', `/api/v1/keys/${e}`, key],
        ['GET', `/api/v1/memory/${e}/${e}`, key],
        ['DELETE', `/api/v1/memory/${e}/${e}`, key],
        ['POST', `/api/v1/tools/${e}`, key, {}],
        ['POST', `/api/v1/render/${e}`, key, {}],
        ['GET', `/tools/${e}`, {}],
        ['GET', `/mcp?toolsets=${e}`, key],
        ['POST', '/api/v1/tools/word-counter', key, { [name]: 'x', text: 'a' }],
      ];
      for (const [method, path, headers, body] of cases) {
        const r = await call(method, path, headers, body);
        statuses.set(`${method} ${path}`, r.status);
        expect(r.status, `${method} ${path}: ${r.text.slice(0, 200)}`).toBeLessThan(500);
        expect(r.status, `${method} ${path}`).not.toBe(200);
      }
    }
    for (const name of PROTO_NAMES) {
      const e = encodeURIComponent(name);
      const list = await call('GET', `/api/v1/memory?namespace=${e}&tag=${e}&prefix=${e}`, key);
      if (list.status === 200) expect(JSON.parse(list.text).data.total, name).toBe(0);
      else expect(list.status, name).toBe(400); // not a namespace name (__proto__)
    }
    // __proto__ as a key id is no key (it once set Object.prototype.revokedAt, and every POST failed after it).
    expect(statuses.get('DELETE /api/v1/admin/keys/__proto__')).toBe(404);
    expect(({} as Record<string, unknown>).revokedAt).toBeUndefined();
    const ok = await post(s.url, '/api/v1/tools/word-counter', { text: 'still here' }, s.key);
    expect(ok.status).toBe(200);
    // A plan or pack named after a prototype member is refused by name.
    const plan = await call('POST', '/api/v1/admin/accounts', admin, { name: 'protoplan', plan: 'toString' });
    expect(plan.status).toBe(400);
  }, 60_000);
});

describe('quotas in stored bytes', () => {
  it('a free account stops at its memory quota counted after JSON escaping; another account and every other change still work', async () => {
    await s.server.accounts.createAccount('bystander', 'free');
    const { key: otherKey } = await s.server.accounts.createKey('bystander');
    // 60,000 control characters: 60,000 bytes of UTF-8, 360,000 stored (each becomes \u00XX in JSON).
    const value = '\u0001'.repeat(60_000);
    const statuses: number[] = [];
    let refused = '';
    for (let i = 0; i < 20; i++) {
      const r = await call('PUT', `/api/v1/memory/default/item-${i}`, { 'X-API-Key': s.key }, { value });
      statuses.push(r.status);
      if (r.status !== 201) refused = r.text;
    }
    const perItem = 'default/item-0'.length + JSON.stringify({ value }).length; // at least this much each
    const fit = Math.floor(PLANS.free.memoryBytes / perItem);
    expect(statuses.filter((x) => x === 201).length).toBeLessThanOrEqual(fit);
    expect(statuses.filter((x) => x === 201).length).toBeGreaterThanOrEqual(fit - 1);
    expect(statuses.filter((x) => x === 413).length).toBeGreaterThan(0);
    expect(JSON.parse(refused).error).toMatch(/Agent memory is full: this account stores [\d,]+ of its 5,242,880 bytes/);
    // The other account is not affected, and neither are keys, revocations or charges.
    expect((await call('PUT', '/api/v1/memory/default/mine', { 'X-API-Key': otherKey }, { value: 'ok' })).status).toBe(201);
    const created = await call('POST', '/api/v1/admin/keys', admin, { account: 'bystander' });
    expect(created.status).toBe(201);
    expect((await call('DELETE', `/api/v1/admin/keys/${JSON.parse(created.text).data.id}`, admin)).status).toBe(200);
    expect((await post(s.url, '/api/v1/tools/word-counter', { text: 'a b' }, otherKey)).status).toBe(200);
    // Memory lives in its own per-account logs: the snapshot every change rewrites stays small.
    await s.server.store.close().catch(() => undefined); // writes the snapshot now (the server is not used after this)
    const snapshot = readFileSync(join(s.dataDir, 'werkbank.json'));
    expect(snapshot.byteLength).toBeLessThan(16 * 1024);
    expect(snapshot.toString()).not.toContain('\\u0001');
    expect(statSync(s.dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(s.dataDir, 'werkbank.json')).mode & 0o777).toBe(0o600);
    await s.close().catch(() => undefined); // its store is closed already
    s = await startServer({ adminToken: ADMIN }, 'free'); // a fresh one for the cases below
  }, 60_000);

  it('at most 50 keys that are not revoked per account; revoking one makes room', async () => {
    const ids: string[] = [];
    for (let i = 0; i < PLANS.free.activeKeys - 1; i++) ids.push((await s.server.accounts.createKey('test')).id);
    const refused = await call('POST', '/api/v1/keys', { 'X-API-Key': s.key });
    expect(refused.status).toBe(409);
    expect(JSON.parse(refused.text).error).toMatch(/at most 50 keys that are not revoked/);
    await s.server.accounts.revokeKey(ids[0]);
    expect((await call('POST', '/api/v1/keys', { 'X-API-Key': s.key })).status).toBe(201);
  });
});

describe('answers and floods', () => {
  it('authenticated answers are never cached; public ones may be', async () => {
    const key = { 'X-API-Key': s.key };
    await s.server.accounts.createAccount('cache-check', 'free');
    for (const [method, path, headers, body] of [
      ['GET', '/api/v1/account', key],
      ['GET', '/api/v1/usage', key],
      ['GET', '/api/v1/memory', key],
      ['GET', '/api/v1/admin/accounts', admin],
      ['POST', '/api/v1/admin/keys', admin, { account: 'cache-check' }],
      ['POST', '/api/v1/tools/word-counter', key, { text: 'x' }],
    ] as [string, string, Record<string, string>, unknown?][]) {
      const r = await call(method, path, headers, body);
      expect(r.status, path).toBeLessThan(300);
      expect(r.headers.get('cache-control'), path).toBe('no-store');
    }
    expect((await call('GET', '/health')).headers.get('cache-control')).toBeNull();
  });

  it('failed authentication is throttled per address after a burst (429 with Retry-After); a key that works keeps working', async () => {
    const t = await startServer({ adminToken: ADMIN });
    try {
      expect((await post(t.url, '/api/v1/tools/word-counter', { text: 'x' }, t.key)).status).toBe(200);
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let i = 0; i < 40; i++) {
        const r = await post(t.url, '/api/v1/tools/word-counter', { text: 'x' }, `wbk_wrong${i}`);
        statuses.push(r.status);
        if (r.status === 429) retryAfter = r.headers.get('retry-after');
      }
      expect(statuses.slice(0, 30).every((x) => x === 401)).toBe(true);
      expect(statuses.slice(30).every((x) => x === 429)).toBe(true);
      expect(Number(retryAfter)).toBeGreaterThan(0);
      expect(Number(retryAfter)).toBeLessThanOrEqual(60);
      expect((await post(t.url, '/api/v1/tools/word-counter', { text: 'x' }, t.key)).status).toBe(200);
      // A revoked key is no guess: it stays a plain 401 however often it comes (on a server of its own: a fresh budget).
      const other = await startServer({ adminToken: ADMIN });
      try {
        const { id: id2, key: revoked2 } = await other.server.accounts.createKey('test');
        await other.server.accounts.revokeKey(id2);
        for (let i = 0; i < 40; i++)
          expect((await post(other.url, '/api/v1/tools/word-counter', { text: 'x' }, revoked2)).status).toBe(401);
      } finally {
        await other.close();
      }
    } finally {
      await t.close();
    }
  });

  it('AddressLimit: the budget is per address and per window; concurrent takes never pass it; a slot is given back once', async () => {
    let now = 0;
    const th = new AddressLimit('t', 2, 1000, memoryCounters(10), () => now);
    const waits = async (address: string, n: number) =>
      (await Promise.all(Array.from({ length: n }, () => th.take(address)))).map((s) => s.wait);
    expect(await waits('a', 5)).toEqual([0, 0, 1, 1, 1]);
    expect((await th.take('b')).wait).toBe(0);
    now = 500;
    expect(await th.waiting('a')).toBe(1);
    // The window began with the first count: it ends at 1000.
    now = 1000;
    expect(await th.waiting('a')).toBe(0);
    const slot = await th.take('a');
    await th.take('a');
    expect(await th.waiting('a')).toBe(1);
    await slot.give();
    await slot.give();
    expect(await th.waiting('a')).toBe(0);
    expect(await waits('a', 3)).toEqual([0, 1, 1]);
    // The counters kept are bounded: the oldest go first.
    for (let i = 0; i < 20; i++) await th.take(`x${i}`);
    expect(await th.waiting('a')).toBe(0);
  });

  it('a body that does not arrive in time is cut, and connections per address are capped', async () => {
    // SERVER_OPTIONS with shorter times (30 s and 15 s in `werkbank serve`).
    const appListener = getRequestListener(s.server.app.fetch);
    const http: HttpServer = s.server.createNodeServer(
      { requestTimeout: 500, headersTimeout: 400, connectionsCheckingInterval: 50 },
      (req, res) => void appListener(req, res),
    );
    capConnections(http, 3);
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    const port = (http.address() as { port: number }).port;
    try {
      const slow = connect(port, '127.0.0.1');
      slow.write(
        `POST /api/v1/tools/word-counter HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\nX-API-Key: ${s.key}\r\n\r\n{"te`,
      );
      const answer = await new Promise<string>((resolve) => {
        let text = '';
        slow.setEncoding('utf8').on('data', (d: string) => (text += d));
        slow.on('close', () => resolve(text));
      });
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      const sockets = await Promise.all(
        Array.from(
          { length: 4 },
          () =>
            new Promise<import('node:net').Socket>((r) => {
              const c = connect(port, '127.0.0.1', () => r(c));
            }),
        ),
      );
      const closed = await Promise.all(
        sockets.map(
          (c) =>
            new Promise<boolean>((r) => {
              c.once('close', () => r(true));
              setTimeout(() => r(false), 300);
            }),
        ),
      );
      expect(closed.filter(Boolean).length).toBe(1);
      for (const c of sockets) c.destroy();
    } finally {
      http.closeAllConnections();
      await new Promise((r) => http.close(r));
    }
  });

  it(
    'MCP listen streams are capped per key and counted until their body ends; an unrenewed lease ends its stream',
    { timeout: 30_000 },
    async () => {
      const leases = memoryLeases();
      const streams = new ListenStreams(2, leases);
      const a = await streams.take('k');
      expect(a).toBeDefined();
      expect(await streams.take('k')).toBeDefined();
      expect(await streams.take('k')).toBeUndefined();
      expect(await streams.take('other')).toBeDefined();
      const res = a!.track(new Response('done'));
      expect(await streams.take('k')).toBeUndefined();
      expect(await res.text()).toBe('done');
      expect(await streams.take('k')).toBeDefined();
      // An open stream renews its lease: it still counts after five lease periods, and stops when cancelled.
      const renewing = new ListenStreams(1, memoryLeases(), 1000);
      const held = await renewing.take('r');
      const stream = held!.track(new Response(new ReadableStream({ pull: () => new Promise(() => undefined) })));
      await new Promise((r) => setTimeout(r, 3000));
      expect(await renewing.take('r')).toBeUndefined();
      await stream.body!.cancel();
      expect(await renewing.take('r')).toBeDefined();
      // A stream whose lease the store no longer holds (it expired while the process stalled) ends at the next renewal.
      const short = new ListenStreams(1, memoryLeases(), 90);
      const lease = await short.take('s');
      const open = lease!.track(new Response(new ReadableStream({ pull: () => new Promise(() => undefined) })));
      lease!.give();
      const reader = open.body!.getReader();
      expect(await reader.read()).toEqual({ done: true, value: undefined });
    },
  );
});

describe('start-up and health', () => {
  it('an admin token shorter than 32 characters is refused at start with a message', async () => {
    await expect(createServer(configFromEnv({ dataDir: s.dataDir + '-short', adminToken: 'a' }))).rejects.toThrow(
      /WERKBANK_ADMIN_TOKEN has 1 characters; use at least 32/,
    );
  });

  it('the API reference treats the OpenAPI document as untrusted (the server-written page escapes it; Redoc sanitises)', async () => {
    expect(inline('<img src=x onerror=alert(1)> and `<b>`')).toBe('&#60;img src=x onerror=alert(1)&#62; and <code>&#60;b&#62;</code>');
    expect((await call('GET', '/docs/redoc')).text).toMatch(/<redoc spec-url="\/openapi.json" untrusted-spec>/);
  });

  it('liveness and readiness are separate', async () => {
    expect((await call('GET', '/health')).status).toBe(200);
    const ready = await call('GET', '/health/ready');
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.text)).toEqual({ ok: true, store: 'reachable' });
  });
});
