/**
 * PostgreSQL faults reach callers as 503 with Retry-After, never as a 500 or a
 * hang: a database that stops answering (every connection frozen mid-stream,
 * as under SIGSTOP or a network partition) and one that is gone (connections
 * refused). A TCP proxy between werkbank and the database makes both faults
 * on demand, so the case runs against the embedded server and against the
 * external one CI uses alike. Liveness (`/health`) stays up while readiness
 * (`/health/ready`) fails; nothing is charged for a refused call; the server
 * recovers on its own. A NUL byte in an id is a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer as createTcpServer, connect, type Server as TcpServer, type Socket } from 'node:net';
import { post, startServer, type TestServer } from './helpers/server.js';
import { startPostgres, type TestDatabase } from './helpers/postgres.js';

/** A TCP proxy to the database that can freeze (stop moving bytes, accept but never answer) or refuse. */
class FaultProxy {
  private server: TcpServer | null = null;
  private readonly pairs = new Set<[Socket, Socket]>();
  frozen = false;
  port = 0;
  constructor(
    private readonly host: string,
    private readonly target: number,
  ) {}

  async start(port = 0): Promise<void> {
    this.server = createTcpServer((client) => {
      const upstream = connect(this.target, this.host);
      const pair: [Socket, Socket] = [client, upstream];
      this.pairs.add(pair);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        this.pairs.delete(pair);
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
      client.on('data', (d) => void (this.frozen ? undefined : upstream.write(d)));
      upstream.on('data', (d) => void (this.frozen ? undefined : client.write(d)));
    });
    await new Promise<void>((r) => this.server!.listen(port, '127.0.0.1', r));
    this.port = (this.server.address() as { port: number }).port;
  }

  /** Stop listening and cut every connection: the database is gone. */
  async stop(): Promise<void> {
    for (const [a, b] of this.pairs) {
      a.destroy();
      b.destroy();
    }
    this.pairs.clear();
    await new Promise((r) => this.server?.close(r));
    this.server = null;
  }
}

let db: TestDatabase;
let proxy: FaultProxy;
let s: TestServer;
const ADMIN = 'postgres-faults-admin-token-0123456789';

beforeAll(async () => {
  db = await startPostgres();
  const url = new URL(db.url);
  proxy = new FaultProxy(url.hostname, Number(url.port));
  await proxy.start();
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  process.env.WERKBANK_DB_TIMEOUT_MS = '1000';
  s = await startServer({ databaseUrl: url.toString(), adminToken: ADMIN }, 'paid');
}, 120_000);

afterAll(async () => {
  delete process.env.WERKBANK_DB_TIMEOUT_MS;
  proxy.frozen = false;
  await s?.close().catch(() => undefined);
  await proxy?.stop().catch(() => undefined);
  await db?.stop();
});

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t = Date.now();
  const r = await fn();
  return [r, Date.now() - t];
}

async function usageCalls(): Promise<number> {
  const r = await fetch(`${s.url}/api/v1/usage?days=1`, { headers: { 'X-API-Key': s.key } });
  return (await r.json()).data.totals.calls;
}

describe('PostgreSQL faults', () => {
  it('a hung database: calls answer 503 with Retry-After within 10 s, /health stays up, /health/ready fails, nothing is charged; then it recovers', async () => {
    expect((await post(s.url, '/api/v1/tools/word-counter', { text: 'a' }, s.key)).status).toBe(200);
    const before = await usageCalls();
    proxy.frozen = true;
    try {
      const [results, ms] = await timed(() =>
        Promise.all(Array.from({ length: 5 }, () => post(s.url, '/api/v1/tools/word-counter', { text: 'b' }, s.key))),
      );
      for (const r of results) {
        expect(r.status, r.text).toBe(503);
        expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(r.json).toMatchObject({ code: 503, retry_after: expect.any(Number) });
        expect(r.json.error).toMatch(/Storage is unavailable/);
      }
      expect(ms).toBeLessThan(10_000);
      const live = await fetch(`${s.url}/health`);
      expect(live.status).toBe(200);
      const [ready, readyMs] = await timed(() => fetch(`${s.url}/health/ready`));
      expect(ready.status).toBe(503);
      expect(readyMs).toBeLessThan(10_000);
    } finally {
      proxy.frozen = false;
    }
    // Frozen connections were given up; new ones work.
    let ok = 0;
    for (let i = 0; i < 20 && ok === 0; i++) {
      if ((await post(s.url, '/api/v1/tools/word-counter', { text: 'c' }, s.key)).status === 200) ok++;
      else await new Promise((r) => setTimeout(r, 250));
    }
    expect(ok).toBe(1);
    expect((await fetch(`${s.url}/health/ready`)).status).toBe(200);
    expect(await usageCalls()).toBe(before + 1); // the 503s cost nothing
  }, 60_000);

  it('a stopped database: 503 at once, not 500; the server recovers when it is back', async () => {
    const port = proxy.port;
    await proxy.stop();
    try {
      const statuses = await Promise.all(
        Array.from({ length: 10 }, () => post(s.url, '/api/v1/tools/word-counter', { text: 'd' }, s.key).then((r) => r.status)),
      );
      expect(statuses.every((x) => x === 503)).toBe(true);
      expect((await fetch(`${s.url}/health`)).status).toBe(200);
      expect((await fetch(`${s.url}/health/ready`)).status).toBe(503);
      const admin = await fetch(`${s.url}/api/v1/admin/accounts`, { headers: { Authorization: `Bearer ${ADMIN}` } });
      expect(admin.status).toBe(503);
    } finally {
      await proxy.start(port);
    }
    let status = 0;
    for (let i = 0; i < 20 && status !== 200; i++) {
      status = (await post(s.url, '/api/v1/tools/word-counter', { text: 'e' }, s.key)).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(200);
  }, 60_000);

  it('a NUL byte in an id or a name is a 400, not a 500', async () => {
    const h = { Authorization: `Bearer ${ADMIN}`, 'Content-Type': 'application/json' };
    const del = await fetch(`${s.url}/api/v1/admin/keys/key_%00x`, { method: 'DELETE', headers: h });
    expect([400, 404]).toContain(del.status);
    const keys = await fetch(`${s.url}/api/v1/admin/keys?account=a%00b`, { headers: h });
    expect([400, 404]).toContain(keys.status);
    const mem = await fetch(`${s.url}/api/v1/memory/default/k`, {
      method: 'PUT',
      headers: { 'X-API-Key': s.key, 'Content-Type': 'application/json' },
      body: JSON.stringify({ value: 'a\u0000b' }),
    });
    expect(mem.status, await mem.text()).toBeLessThan(500);
  });
});
