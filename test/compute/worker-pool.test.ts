/**
 * The worker pool's fair share: jobs queue per owner (account) and owners are
 * served in turn; a full queue makes room for an owner with fewer waiting jobs
 * by refusing the newest job of the owner with the most.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { WorkerPool, WorkerPoolError } from '../../src/compute/worker-pool.js';

// Sleeps job.ms on the worker thread (blocking, as a slow parse would), then answers job.id.
const SLEEPER = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', (job) => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, job.ms);
  parentPort.postMessage({ ok: true, value: job.id });
});`;

let pool: WorkerPool;
afterEach(() => {
  pool = undefined as never;
});

describe('WorkerPool fair share', () => {
  it('owners are served in turn: a second account waits behind one job of the first, not its whole backlog', async () => {
    pool = new WorkerPool({ source: SLEEPER, size: 1, queue: 8, timeMs: 5_000, heapMb: 64 });
    const done: string[] = [];
    const run = (owner: string, id: string) => pool.run<string>({ id, ms: 60 }, { owner }).then((v) => void done.push(v));
    const a = ['a0', 'a1', 'a2', 'a3', 'a4'].map((id) => run('A', id));
    await new Promise((r) => setTimeout(r, 10));
    const b = run('B', 'b0');
    await Promise.all([...a, b]);
    expect(done).toEqual(['a0', 'a1', 'b0', 'a2', 'a3', 'a4']);
  });

  it('a full queue: a newcomer takes the place of the newest job of the account holding it (that one is refused as busy)', async () => {
    pool = new WorkerPool({ source: SLEEPER, size: 1, queue: 4, timeMs: 5_000, heapMb: 64 });
    const outcome = (p: Promise<string>) =>
      p.then(
        (v) => v,
        (e: WorkerPoolError) => `busy:${e.kind}`,
      );
    const a = ['a0', 'a1', 'a2', 'a3', 'a4'].map((id) => outcome(pool.run<string>({ id, ms: 40 }, { owner: 'A' })));
    await new Promise((r) => setTimeout(r, 10));
    expect(pool.load).toEqual({ running: 1, waiting: 4 });
    // A sixth job of the same account is refused: it already holds the queue.
    expect(await outcome(pool.run<string>({ id: 'a5', ms: 1 }, { owner: 'A' }))).toBe('busy:busy');
    const b = outcome(pool.run<string>({ id: 'b0', ms: 1 }, { owner: 'B' }));
    expect(await Promise.all([...a, b])).toEqual(['a0', 'a1', 'a2', 'a3', 'busy:busy', 'b0']);
  });
});
