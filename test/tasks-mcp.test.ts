/**
 * Tasks over MCP (src/tasks/, the tasks extension of the 2026-07-28 revision) on a listening server: a long call of a
 * client that declares the extension is answered with a task, polled to its result; a client that does not declare
 * it gets the result as before; a cancelled task stops its worker and is not charged; progress reaches the task's
 * status message and, for a call with a progress token, the client as notifications in order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/server.js';
import { TaskClient, waitFor } from './helpers/mcp-tasks.js';
import { LONG_UPA, LONG_UPA_PLANNED } from './helpers/upa-runs.js';
import { longJobLoad } from '../src/compute/tool-jobs.js';

let srv: TestServer;
let client: TaskClient;
beforeAll(async () => {
  srv = await startServer();
  client = await new TaskClient(srv.url, srv.key).open();
}, 60_000);
afterAll(async () => {
  await client?.close();
  await srv?.close();
});

const small = { format: 'summary', options: { population: { count: 20 }, period: { startYear: 2026, months: 2 } } };
/** 36 files with a progress report each, in well under a second. */
const months36 = { format: 'summary', options: { population: { count: 1000 }, period: { startYear: 2026, months: 36 } } };

const remaining = async () => (await srv.server.accounts.balance(srv.accountId)).remaining;

describe('tasks over MCP', () => {
  it('answers a long call of a client that declares the extension with a task, then its result, charged once', async () => {
    const before = await remaining();
    const { result, error } = await client.callTool('generate_upa_files', small);
    expect(error).toBeUndefined();
    expect(result).toMatchObject({ resultType: 'task', status: 'working', ttlMs: expect.any(Number), pollIntervalMs: expect.any(Number) });
    const done = await client.until(result!.taskId);
    expect(done).toMatchObject({ resultType: 'complete', taskId: result!.taskId, status: 'completed' });
    expect(done.result.structuredContent).toMatchObject({ format: 'summary', fileCount: 2, peopleCount: 20 });
    expect(await remaining()).toBe(before - 1);
  }, 120_000);

  it('never answers with a task when the request does not declare the extension', async () => {
    const { result } = await client.callTool('generate_upa_files', small, { tasks: false });
    expect(result!.resultType).toBe('complete');
    expect(result!.taskId).toBeUndefined();
    expect(result!.structuredContent).toMatchObject({ format: 'summary', fileCount: 2 });
  }, 60_000);

  it('answers a short call at once even when the client allows a task', async () => {
    const { result } = await client.callTool('word_counter', { text: 'two words' });
    expect(result).toMatchObject({ resultType: 'complete', structuredContent: { words: 2 } });
  });

  it('answers bad input at once, as an isError result, with no task', async () => {
    const { result } = await client.callTool('generate_upa_files', { format: 'summary', options: { population: { count: 0 } } });
    expect(result).toMatchObject({ resultType: 'complete', isError: true });
  });

  it('refuses tasks/get without the extension (-32021) and an unknown task (-32602)', async () => {
    const { result } = await client.callTool('generate_upa_files', small);
    const missing = await client.request('tasks/get', { taskId: result!.taskId }, { tasks: false });
    expect(missing.error).toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } } },
    });
    const unknown = await client.request('tasks/get', { taskId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.error).toMatchObject({ code: -32602 });
    await client.until(result!.taskId);
  }, 60_000);

  it("hides a task from another account's key", async () => {
    const { result } = await client.callTool('generate_upa_files', small);
    await srv.server.accounts.createAccount('other', 'paid');
    const { key } = await srv.server.accounts.createKey('other');
    const other = await new TaskClient(srv.url, key).open();
    try {
      expect((await other.request('tasks/get', { taskId: result!.taskId })).error).toMatchObject({ code: -32602 });
      expect((await other.request('tasks/cancel', { taskId: result!.taskId })).error).toMatchObject({ code: -32602 });
    } finally {
      await other.close();
    }
    expect((await client.until(result!.taskId)).status).toBe('completed');
  }, 60_000);

  it('reports progress as the status message, and a cancel stops the worker and refunds the call', async () => {
    const before = await remaining();
    const { result } = await client.callTool('generate_upa_files', LONG_UPA);
    const taskId = result!.taskId as string;
    const working = await waitFor('a progress report', async () => {
      const { result: t } = await client.request('tasks/get', { taskId });
      return t?.status === 'working' && t.statusMessage?.startsWith(LONG_UPA_PLANNED) ? t : undefined;
    });
    expect(working.statusMessage).toMatch(/^planned 1,000 people over 36 months; (\d+ files to write|writing month \d+ of 36)/);
    expect(longJobLoad().running).toBe(1);
    expect((await client.request('tasks/cancel', { taskId })).result).toMatchObject({ resultType: 'complete' });
    const ended = await client.until(taskId);
    expect(ended.status).toBe('cancelled');
    expect(ended.result).toBeUndefined();
    expect(longJobLoad().running).toBe(0);
    expect(await remaining()).toBe(before);
  }, 120_000);

  it('sends progress notifications in order to a call with a progress token', async () => {
    const { result } = await client.callTool('generate_upa_files', months36, { tasks: false, meta: { progressToken: 'upa-1' } });
    expect(result!.structuredContent).toMatchObject({ fileCount: 36 });
    const progress = client.notifications.filter((n) => n.method === 'notifications/progress').map((n) => n.params);
    expect(progress.length).toBeGreaterThanOrEqual(2);
    for (const p of progress)
      expect(p).toMatchObject({ progressToken: 'upa-1', total: 36, message: expect.stringMatching(/^planned 1,000 people/) });
    const values = progress.map((p) => p.progress as number);
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeGreaterThan(values[i - 1]);
    expect(progress.at(-1)).toMatchObject({ progress: 36, message: 'planned 1,000 people over 36 months; wrote 36 files' });
  }, 120_000);
});
