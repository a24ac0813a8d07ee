/**
 * The task service (src/tasks/tasks.ts) on a real embedded store: a task is kept for its time to live and then gone;
 * a result over the row's bound is hosted as a file and the row links to it; a task of an earlier start of the
 * process is failed with the reason; a stop of the process fails its running tasks.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EmbeddedStore } from '../src/store/embedded/store.js';
import { FileStore } from '../src/render/files.js';
import { MAX_TASK_RESULT_BYTES, Tasks, TASKS_TABLE, type TaskRow, type TaskOutcome } from '../src/tasks/tasks.js';
import { tempDir } from './helpers/server.js';

let store: EmbeddedStore | undefined;
afterEach(async () => store?.close());

async function settled(tasks: Tasks, id: string): Promise<TaskRow> {
  for (;;) {
    const row = (await tasks.get('acc', id))!;
    if (row.value.status !== 'working') return row.value;
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('tasks', () => {
  it('keep a task for its time to live, then it is gone for every reader', async () => {
    store = await EmbeddedStore.open(tempDir());
    let now = new Date('2026-11-29T10:00:00Z');
    const tasks = new Tasks(store.records<TaskRow>(TASKS_TABLE), { shared: false, now: () => now, ttlMs: 60_000 });
    const task = await tasks.start('acc', 'tool', 'mcp', async () => ({ result: { answer: 42 } }));
    expect((await settled(tasks, task.id)).result).toEqual({ answer: 42 });
    expect(await tasks.get('other', task.id)).toBeUndefined();
    now = new Date(now.getTime() + 60_001);
    expect(await tasks.get('acc', task.id)).toBeUndefined();
    expect(await tasks.sweep()).toBe(1);
  });

  it('host a result over the bound as a JSON file and link to it', async () => {
    store = await EmbeddedStore.open(tempDir());
    const files = new FileStore({ dir: tempDir(), baseUrl: () => null });
    const tasks = new Tasks(store.records<TaskRow>(TASKS_TABLE), { shared: false, host: (b, t, n) => files.put(b, t, n) });
    const big = { rows: 'x'.repeat(MAX_TASK_RESULT_BYTES) };
    const task = await tasks.start('acc', 'tool', 'rest', async () => ({ result: big }));
    const row = await settled(tasks, task.id);
    expect(row).toMatchObject({ status: 'completed', hosted: { contentType: 'application/json' } });
    expect(row.result).toBeUndefined();
    expect(JSON.parse(readFileSync(fileURLToPath(row.hosted!.url), 'utf8'))).toEqual(big);
  });

  it('fail a task of an earlier start of the process, and those running when the process stops', async () => {
    const dir = tempDir();
    store = await EmbeddedStore.open(dir);
    const earlier = new Tasks(store.records<TaskRow>(TASKS_TABLE), { shared: false });
    const never = new Promise<TaskOutcome>(() => undefined);
    const orphan = await earlier.start('acc', 'tool', 'mcp', () => never);
    const later = new Tasks(store.records<TaskRow>(TASKS_TABLE), { shared: false });
    expect((await later.get('acc', orphan.id))!.value).toMatchObject({
      status: 'failed',
      statusMessage: expect.stringMatching(/stopped before it finished/),
    });
    const running = await later.start(
      'acc',
      'tool',
      'mcp',
      ({ signal }) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('stopped')))),
    );
    await later.close();
    expect((await later.get('acc', running.id))!.value).toMatchObject({
      status: 'failed',
      statusMessage: expect.stringMatching(/server stopped/),
    });
  });
});
