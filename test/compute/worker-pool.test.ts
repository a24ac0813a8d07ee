/**
 * The worker pool's fair share: a free worker goes first to the owner (account)
 * with the fewest jobs running; an owner past its share is refused on its own;
 * a queued job waits while the job ahead of it may still run, within a bound; a
 * full queue makes room for an owner with fewer waiting jobs by refusing the
 * newest job of the owner with the most.
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
  it("a free worker goes first to an owner without one: a second account waits only for the job running, not the first's backlog", async () => {
    pool = new WorkerPool({ source: SLEEPER, size: 1, queue: 8, timeMs: 5_000, heapMb: 64 });
    const done: string[] = [];
    const run = (owner: string, id: string) => pool.run<string>({ id, ms: 60 }, { owner }).then((v) => void done.push(v));
    const a = ['a0', 'a1', 'a2', 'a3', 'a4'].map((id) => run('A', id));
    await new Promise((r) => setTimeout(r, 10));
    const b = ['b0', 'b1'].map((id) => run('B', id));
    await Promise.all([...a, ...b]);
    expect(done).toEqual(['a0', 'b0', 'a1', 'b1', 'a2', 'a3', 'a4']);
  });

  it('with two workers held by one owner, the first to free up goes to the other owner', async () => {
    pool = new WorkerPool({ source: SLEEPER, size: 2, queue: 8, timeMs: 5_000, heapMb: 64 });
    const done: string[] = [];
    const run = (owner: string, id: string, ms: number) => pool.run<string>({ id, ms }, { owner }).then((v) => void done.push(v));
    const a = [run('A', 'a0', 40), run('A', 'a1', 400), run('A', 'a2', 40), run('A', 'a3', 40)];
    await new Promise((r) => setTimeout(r, 10));
    const b = run('B', 'b0', 40);
    await Promise.all([...a, b]);
    expect(done.indexOf('b0')).toBeLessThan(done.indexOf('a2'));
  });

  it('an owner past its share is refused on its own (over-share, with Retry-After); others still get in, and its share frees up', async () => {
    pool = new WorkerPool({ source: SLEEPER, size: 1, queue: 8, perOwner: 3, timeMs: 5_000, heapMb: 64 });
    const outcome = (p: Promise<string>) =>
      p.then(
        (v) => v,
        (e: WorkerPoolError) => `${e.kind}:${e.detail.share}:${(e.detail.retryAfter ?? 0) >= 1}`,
      );
    for (let round = 0; round < 3; round++) {
      const b0 = outcome(pool.run<string>({ id: 'b0', ms: 20 }, { owner: 'B' }));
      const a = ['a0', 'a1', 'a2', 'a3', 'a4', 'a5'].map((id) => outcome(pool.run<string>({ id, ms: 20 }, { owner: 'A' })));
      const b1 = outcome(pool.run<string>({ id: 'b1', ms: 1 }, { owner: 'B' }));
      // The process's own user ('') has no share to keep: only the queue bounds it.
      const local = ['l0', 'l1'].map((id) => outcome(pool.run<string>({ id, ms: 1 })));
      expect(await Promise.all([b0, ...a, b1, ...local])).toEqual([
        'b0',
        'a0',
        'a1',
        'a2',
        ...Array(3).fill('over-share:3:true'),
        'b1',
        'l0',
        'l1',
      ]);
    }
  });

  it('alone, an owner may fill the pool; once it is full, its excess is refused as over-share, and a newcomer takes its newest place', async () => {
    pool = new WorkerPool({ source: SLEEPER, size: 1, queue: 4, perOwner: 2, timeMs: 5_000, heapMb: 64 });
    const outcome = (p: Promise<string>) =>
      p.then(
        (v) => v,
        (e: WorkerPoolError) => e.kind,
      );
    const a = ['a0', 'a1', 'a2', 'a3', 'a4'].map((id) => outcome(pool.run<string>({ id, ms: 40 }, { owner: 'A' })));
    await new Promise((r) => setTimeout(r, 10));
    expect(pool.load).toEqual({ running: 1, waiting: 4 });
    const a5 = outcome(pool.run<string>({ id: 'a5', ms: 1 }, { owner: 'A' }));
    const b = outcome(pool.run<string>({ id: 'b0', ms: 1 }, { owner: 'B' }));
    expect(await Promise.all([...a, a5, b])).toEqual(['a0', 'a1', 'a2', 'a3', 'over-share', 'over-share', 'b0']);
  });

  it('a queued job waits past maxWaitMs while the job ahead of it may still run', async () => {
    pool = new WorkerPool({ source: SLEEPER, size: 1, queue: 8, maxWaitMs: 30, timeMs: 5_000, heapMb: 64 });
    const a = pool.run<string>({ id: 'a0', ms: 300 }, { owner: 'A' });
    await new Promise((r) => setTimeout(r, 10));
    const b = pool.run<string>({ id: 'b0', ms: 1 }, { owner: 'B' });
    expect(await Promise.all([a, b])).toEqual(['a0', 'b0']);
  });

  it("but within a bound: maxWaitMs plus the pool's time budget, then busy", async () => {
    pool = new WorkerPool({ source: SLEEPER, size: 1, queue: 8, maxWaitMs: 30, timeMs: 60, heapMb: 64 });
    // This job's own budget is far longer than the pool's: the waiting job does not wait for all of it.
    const a = pool.run<string>({ id: 'a0', ms: 1_500 }, { owner: 'A', timeMs: 10_000 });
    await new Promise((r) => setTimeout(r, 10));
    const b = pool.run<string>({ id: 'b0', ms: 1 }, { owner: 'B' }).catch((e: WorkerPoolError) => e.kind);
    expect(await b).toBe('busy');
    expect(await a).toBe('a0');
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
