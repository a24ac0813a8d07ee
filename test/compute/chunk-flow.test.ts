/**
 * Flow control of streams from worker jobs (src/compute/chunk-flow.ts): a producer that could run far ahead of a
 * slow consumer is held to the window (batches and characters in flight), and the text arrives whole and in order.
 * The two sides are wired directly, as the pool's request/answer channel wires them across threads.
 */
import { describe, expect, it } from 'vitest';
import { ChunkQueue, ChunkSender, type FlowWindow } from '../../src/compute/chunk-flow.js';

const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
};

/** Chunks of varied sizes (a deterministic sequence), as a generator's mix of headers and slices. */
const chunks = Array.from({ length: 300 }, (_, i) => String.fromCharCode(97 + (i % 26)).repeat(1 + ((i * 7919) % 5000)));

describe('ChunkSender and ChunkQueue', () => {
  it.each([
    ['batches', { batches: 3, chars: 1_000_000, batchChars: 4_000 }],
    ['characters', { batches: 1_000, chars: 20_000, batchChars: 4_000 }],
  ] as const)(
    'a slow consumer holds the producer to the window (%s): the text arrives whole and in order',
    async (binding, window: FlowWindow) => {
      const queue = new ChunkQueue();
      let produced = 0;
      let consumed = 0;
      let maxBatches = 0;
      let maxChars = 0;
      const sender = new ChunkSender(window, (text) => {
        produced += text.length;
        maxBatches = Math.max(maxBatches, queue.size + 1);
        maxChars = Math.max(maxChars, produced - consumed);
        return queue.push(text);
      });
      const producer = (async () => {
        for (const c of chunks) await sender.send(c);
        await sender.end();
        queue.end();
      })();
      let out = '';
      for (let text = await queue.take(); text !== undefined; text = await queue.take()) {
        consumed += text.length;
        out += text;
        await turns(5); // the slow reader: the producer gets every chance to run ahead
      }
      await producer;
      expect(out).toBe(chunks.join(''));
      const longestBatch = window.batchChars + Math.max(...chunks.map((c) => c.length)); // batchChars, plus the chunk that filled it
      expect(maxBatches).toBeLessThanOrEqual(window.batches);
      expect(maxChars).toBeLessThanOrEqual(window.chars);
      // The window was used up (the producer ran ahead until held), so the bounds above are not vacuous.
      if (binding === 'batches') expect(maxBatches).toBe(window.batches);
      else expect(maxChars).toBeGreaterThan(window.chars - longestBatch);
    },
  );

  it('a consumer that stops taking stops the producer at the window', async () => {
    const window: FlowWindow = { batches: 2, chars: 1_000_000, batchChars: 1 };
    const queue = new ChunkQueue();
    const sender = new ChunkSender(window, (text) => queue.push(text));
    let sent = 0;
    void (async () => {
      for (const c of chunks) {
        await sender.send(c);
        sent++;
      }
    })();
    await turns(50);
    expect(queue.size).toBe(2);
    expect(sent).toBe(2); // the third send waits for credit
    await queue.take();
    await turns(10);
    expect(sent).toBe(3);
    expect(queue.size).toBe(2);
  });

  it('the end and a failure come after the batches before them', async () => {
    const queue = new ChunkQueue();
    void queue.push('a');
    void queue.push('b');
    queue.fail(new Error('deadline'));
    queue.end(); // the first outcome stands
    expect(await queue.take()).toBe('a');
    expect(await queue.take()).toBe('b');
    await expect(queue.take()).rejects.toThrow('deadline');
    const ended = new ChunkQueue();
    ended.end();
    expect(await ended.take()).toBeUndefined();
  });
});

describe('waiting for the consumer', () => {
  it('the producer names the batch it waits for, unless its answer is already in; the queue says when it is taken', async () => {
    const window: FlowWindow = { batches: 1, chars: 1_000_000, batchChars: 1 };
    const queue = new ChunkQueue();
    const waits: number[] = [];
    const sender = new ChunkSender(
      window,
      (text) => queue.push(text),
      (seq) => waits.push(seq),
    );
    await sender.send('a'); // batch 1: the window is free
    expect(await queue.take()).toBe('a');
    await turns(2);
    await sender.send('b'); // batch 2: batch 1's answer is in, no wait
    expect(waits).toEqual([]);
    expect(queue.whenTaken(1)).toBeUndefined();
    let third = false;
    void sender.send('c').then(() => (third = true)); // batch 3 waits for batch 2
    await turns(5);
    expect(waits).toEqual([2]);
    expect(third).toBe(false);
    let taken = false;
    void queue.whenTaken(2)!.then(() => (taken = true));
    await turns(5);
    expect(taken).toBe(false);
    expect(await queue.take()).toBe('b');
    await turns(5);
    expect(taken).toBe(true);
    expect(third).toBe(true);
    // The end waits for the last batch too.
    const ended = sender.end();
    await turns(5);
    expect(waits).toEqual([2, 3]);
    expect(await queue.take()).toBe('c');
    await ended;
  });
});
