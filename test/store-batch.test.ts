/**
 * The group commit of the PostgreSQL store (src/store/batch.ts): what one
 * turn of the event loop queues leaves as one batch, in order; while batches
 * run, new items wait and leave together; a failed batch fails its own items
 * only.
 */
import { describe, expect, it } from 'vitest';
import { Batcher } from '../src/store/batch.js';

/** A batcher whose batches finish when the test says so. */
function controlled(opts: { maxInFlight?: number; maxBatch?: number } = {}) {
  const batches: { items: number[]; finish: (err?: Error) => void }[] = [];
  const batcher = new Batcher<number, string>(
    (items) =>
      new Promise((resolve, reject) => {
        batches.push({ items, finish: (err) => (err ? reject(err) : resolve(items.map((i) => `r${i}`))) });
      }),
    opts,
  );
  return { batcher, batches };
}

const turn = () => new Promise((r) => setImmediate(r));
/** Long enough for a finished batch to hand over to the next one (its settling, then one turn). */
const handover = async () => {
  await turn();
  await turn();
};

describe('Batcher', () => {
  it('sends the items of one turn as one batch, in order, and answers each with its own result', async () => {
    const { batcher, batches } = controlled();
    const answers = [3, 1, 2].map((i) => batcher.load(i));
    await turn();
    expect(batches.map((b) => b.items)).toEqual([[3, 1, 2]]);
    batches[0].finish();
    expect(await Promise.all(answers)).toEqual(['r3', 'r1', 'r2']);
  });

  it('holds new items while maxInFlight batches run, then sends them together', async () => {
    const { batcher, batches } = controlled({ maxInFlight: 1 });
    const first = batcher.load(1);
    await turn();
    const later = [2, 3].map((i) => batcher.load(i));
    await turn();
    const last = batcher.load(4);
    await turn();
    expect(batches.map((b) => b.items)).toEqual([[1]]); // 2, 3 and 4 wait for the running batch
    batches[0].finish();
    await first;
    await handover();
    expect(batches.map((b) => b.items)).toEqual([[1], [2, 3, 4]]);
    batches[1].finish();
    expect(await Promise.all([...later, last])).toEqual(['r2', 'r3', 'r4']);
  });

  it('runs up to maxInFlight batches at once and splits a long queue at maxBatch', async () => {
    const { batcher, batches } = controlled({ maxInFlight: 2, maxBatch: 3 });
    const answers = Array.from({ length: 8 }, (_, i) => batcher.load(i));
    await turn();
    expect(batches.map((b) => b.items)).toEqual([
      [0, 1, 2],
      [3, 4, 5],
    ]);
    batches[0].finish();
    await answers[0];
    await handover();
    expect(batches.map((b) => b.items).at(-1)).toEqual([6, 7]);
    batches[1].finish();
    batches[2].finish();
    expect(await Promise.all(answers)).toEqual(['r0', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7']);
  });

  it('fails every item of a failed batch with its error, and the next batch still runs', async () => {
    const { batcher, batches } = controlled({ maxInFlight: 1 });
    const failing = [1, 2].map((i) => batcher.load(i));
    await turn();
    const next = batcher.load(3);
    batches[0].finish(new Error('connection lost'));
    for (const f of failing) await expect(f).rejects.toThrow('connection lost');
    await handover();
    batches[1].finish();
    expect(await next).toBe('r3');
  });

  it('settles every item and frees the slot when the batch function throws at once', async () => {
    let calls = 0;
    const batcher = new Batcher<number, number>(
      (items: number[]) => {
        if (calls++ === 0) throw new Error('bad statement');
        return Promise.resolve(items);
      },
      { maxInFlight: 1 },
    );
    await expect(batcher.load(1)).rejects.toThrow('bad statement');
    expect(await batcher.load(2)).toBe(2);
  });

  it("refuses an answer with the wrong number of results (every item fails, none gets a stranger's result)", async () => {
    const batcher = new Batcher<number, number>(async (items) => items.slice(1));
    const answers = [1, 2].map((i) => batcher.load(i));
    for (const a of answers) await expect(a).rejects.toThrow('batch answered 1 results for 2 items');
  });
});
