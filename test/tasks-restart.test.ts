/**
 * Tasks on the embedded store across a restart: the built CLI serving one data dir is killed while a UPA task runs;
 * started again on the same data dir, it reports the task `failed` with the reason (never silently lost, never
 * `working` for ever), and the call was not charged.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { execFileSync, type ChildProcess } from 'node:child_process';
import { CLI, spawnServe, stopProcesses, tempDir } from './helpers/server.js';
import { TaskClient } from './helpers/mcp-tasks.js';
import { LONG_UPA } from './helpers/upa-runs.js';

const dataDir = tempDir('werkbank-tasks-restart-');
const procs: ChildProcess[] = [];
afterAll(() => stopProcesses(procs));

function cli(args: string[]): string {
  return execFileSync(process.execPath, [CLI, ...args, '--data', dataDir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

async function serve(): Promise<{ proc: ChildProcess; url: string }> {
  const s = await spawnServe(['--data', dataDir]);
  procs.push(s.proc);
  return s;
}

describe('a restarted embedded server', () => {
  it('reports the task its earlier start was running as failed, saying why, and uncharged', async () => {
    cli(['accounts', 'create', 'restart', '--plan', 'paid']);
    const { key } = JSON.parse(cli(['keys', 'create', '--account', 'restart', '--json'])) as { key: string };
    const first = await serve();
    const client = await new TaskClient(first.url, key).open();
    const { result } = await client.callTool('generate_upa_files', LONG_UPA);
    const taskId = result!.taskId as string;
    expect((await client.request('tasks/get', { taskId })).result).toMatchObject({ status: 'working' });
    await client.close();
    const killed = new Promise((r) => first.proc.on('exit', r));
    first.proc.kill('SIGKILL'); // a crash: nothing of the process runs after this
    await killed;

    const second = await serve();
    const after = await new TaskClient(second.url, key).open();
    try {
      const task = (await after.request('tasks/get', { taskId })).result!;
      expect(task).toMatchObject({ taskId, status: 'failed', error: { code: -32603 } });
      expect(task.statusMessage).toMatch(/stopped before it finished/);
      const usage = await fetch(`${second.url}/api/v1/usage`, { headers: { 'X-API-Key': key } });
      const body = (await usage.json()) as { data: { entries?: unknown[] } };
      expect(JSON.stringify(body.data)).not.toContain('upa-file-generator');
    } finally {
      await after.close();
    }
  }, 180_000);
});
