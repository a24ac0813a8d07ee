/**
 * The compute pool under one account's flood, twice:
 * - over REST: account A keeps FLOOD `readability` calls on 100,000 characters in flight, account B makes CALLS
 *   sequential `json-formatter` calls on a 60 KB document; the statuses each account got. The server runs in this
 *   process (the pool is per process).
 * - in the pool itself, with jobs that each run to their limit (a hostile input that takes its tool's whole
 *   deadline): one worker, A keeps FLOOD jobs of 1 s (their limit) in flight, B runs CALLS short jobs one after
 *   another; the ratio of limit to queue wait is the production one (5 s deadline, 3 s wait).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { configFromEnv, createServer } from '../src/server.js';
import { WorkerPool } from '../src/compute/worker-pool.js';
import { COMPUTE_LIMITS } from '../src/compute/limits.js';

const FLOOD = 12;
const CALLS = 10;
const HEAVY = JSON.stringify({ text: 'a.'.repeat(50_000) });
const DOC = JSON.stringify({
  json: JSON.stringify(Array.from({ length: 1_000 }, (_, i) => ({ id: i, name: `item ${i}`, tags: ['a', 'b'] }))).slice(0, 60_000) + '',
});

function tally(into: Record<string, number>, status: number | string): void {
  into[status] = (into[status] ?? 0) + 1;
}

function show(t: Record<string, number>): string {
  return Object.entries(t)
    .map(([s, n]) => `${n} x ${s}`)
    .join(', ');
}

// Sleeps job.ms on the worker thread (a job that holds its worker, as a hostile input would), then answers.
const SLEEPER = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', (job) => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, job.ms);
  parentPort.postMessage({ ok: true, value: job.ms });
});`;

/** The pool-level scenario; `Pool` is the pool class to measure. */
export async function poolFlood(Pool: typeof WorkerPool = WorkerPool): Promise<Record<string, string>> {
  const limitMs = 1_000;
  const pool = new Pool({
    source: SLEEPER,
    size: 1,
    queue: 8,
    maxWaitMs: 600,
    timeMs: limitMs,
    heapMb: 64,
    perOwner: 1 + COMPUTE_LIMITS.ownerWaiting,
  });
  const flooder: Record<string, number> = {};
  const neighbour: Record<string, number> = {};
  const outcome = (p: Promise<unknown>) =>
    p.then(
      () => 'ok',
      (e: { kind?: string }) => e.kind ?? 'error',
    );
  let done = false;
  const floods = Array.from({ length: FLOOD }, async () => {
    while (!done) {
      const kind = await outcome(pool.run({ ms: limitMs + 500 }, { owner: 'A' }));
      tally(flooder, kind);
      if (kind !== 'timeout') await new Promise((r) => setTimeout(r, 20));
    }
  });
  await new Promise((r) => setTimeout(r, 100));
  for (let i = 0; i < CALLS; i++) tally(neighbour, await outcome(pool.run({ ms: 10 }, { owner: 'B' })));
  done = true;
  await Promise.all(floods);
  return {
    [`pool: neighbour's short jobs done`]: `${neighbour.ok ?? 0} of ${CALLS} (${show(neighbour)})`,
    [`pool: flooder's jobs (${FLOOD} in flight, each to its 1 s limit)`]: show(flooder),
  };
}

export async function benchFairness(): Promise<Record<string, number | string>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'werkbank-bench-fair-'));
  const server = await createServer(configFromEnv({ dataDir, toolsets: 'all', metering: true }));
  const keys: string[] = [];
  for (const name of ['flooder', 'neighbour']) {
    await server.accounts.createAccount(name, 'paid');
    await server.accounts.addPack(name, 5000, 'cli');
    keys.push((await server.accounts.createKey(name)).key);
  }
  const http = serve({ fetch: server.app.fetch, createServer: server.createNodeServer, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => http.once('listening', r));
  const url = `http://127.0.0.1:${(http.address() as { port: number }).port}/api/v1/tools/`;
  const post = async (slug: string, key: string, body: string) => {
    const res = await fetch(url + slug, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-API-Key': key }, body });
    await res.arrayBuffer();
    return res.status;
  };
  const flooder: Record<string, number> = {};
  const neighbour: Record<string, number> = {};
  let done = false;
  const floods = Array.from({ length: FLOOD }, async () => {
    while (!done) tally(flooder, await post('readability', keys[0], HEAVY));
  });
  await new Promise((r) => setTimeout(r, 300));
  const waits: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const t = performance.now();
    tally(neighbour, await post('json-formatter', keys[1], DOC));
    waits.push(performance.now() - t);
  }
  done = true;
  await Promise.all(floods);
  await new Promise((r) => http.close(() => r(undefined)));
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
  waits.sort((a, b) => a - b);
  return {
    ...(await poolFlood()),
    [`neighbour's json-formatter (60 KB) answered 200`]: `${neighbour[200] ?? 0} of ${CALLS}`,
    "neighbour's statuses": show(neighbour),
    "neighbour's slowest call, ms": Math.round(waits[waits.length - 1] ?? 0),
    [`flooder's statuses (${FLOOD} readability calls in flight)`]: show(flooder),
  };
}
