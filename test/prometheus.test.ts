/**
 * A real Prometheus (Debian's `prometheus` package; .ci/run installs it) scrapes `werkbank serve --workers 2`
 * on PostgreSQL with the metrics token, and its query API answers with the tool calls just made, summed over
 * both server processes. Without the binary the test is skipped locally with a message, and fails in CI.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, spawnServe, stopProcesses, tempDir } from './helpers/server.js';
import { freePort, startPostgres, type TestDatabase } from './helpers/postgres.js';

const TOKEN = 'metrics-token-for-prometheus-0123456789abcdef';

function prometheusBinary(): string | null {
  try {
    return execFileSync('which', ['prometheus'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

const binary = prometheusBinary();
if (!binary && process.env.CI !== 'true')
  console.warn('test/prometheus.test.ts skipped: no `prometheus` binary here (apt-get install prometheus; CI installs it)');

const procs: ChildProcess[] = [];
let db: TestDatabase | undefined;
afterAll(async () => {
  await stopProcesses(procs);
  await db?.stop();
});

/** The value of a PromQL instant query (one series), or null when it has none yet. */
async function query(api: string, promql: string): Promise<number | null> {
  const res = await fetch(`${api}/api/v1/query?query=${encodeURIComponent(promql)}`).catch(() => null);
  if (!res?.ok) return null;
  const body = (await res.json()) as { data: { result: { value: [number, string] }[] } };
  return body.data.result.length ? Number(body.data.result[0].value[1]) : null;
}

describe.skipIf(!binary && process.env.CI !== 'true')('a real Prometheus scrapes werkbank', () => {
  it('its API answers a query on the tool-call counter with the calls just made, summed over both server processes', async () => {
    expect(binary, 'CI must have the prometheus binary (.ci/run installs it)').not.toBeNull();
    db = await startPostgres();
    const data = tempDir();
    const env = { ...process.env, WERKBANK_DATABASE_URL: db.url };
    execFileSync(process.execPath, [CLI, 'accounts', 'create', 'p', '--plan', 'paid', '--data', data], { env });
    const { key } = JSON.parse(
      execFileSync(process.execPath, [CLI, 'keys', 'create', '--account', 'p', '--json', '--data', data], { env, encoding: 'utf8' }),
    ) as { key: string };
    const s = await spawnServe(['--data', data, '--workers', '2', '--database-url', db.url], {
      WERKBANK_METRICS: 'on',
      WERKBANK_METRICS_TOKEN: TOKEN,
    });
    procs.push(s.proc);
    const calls = 23;
    for (let i = 0; i < calls; i++) {
      // A connection each: the primary hands connections to the two processes in turn.
      const res = await fetch(`${s.url}/api/v1/tools/word-counter`, {
        method: 'POST',
        headers: { 'X-API-Key': key, 'Content-Type': 'application/json', Connection: 'close' },
        body: '{"text":"a b c"}',
      });
      expect(res.status).toBe(200);
      await res.text();
    }

    const dir = tempDir('werkbank-prometheus-');
    const target = new URL(s.url).host;
    writeFileSync(
      join(dir, 'prometheus.yml'),
      [
        'global: { scrape_interval: 1s, evaluation_interval: 1s }',
        'scrape_configs:',
        '  - job_name: werkbank',
        '    metrics_path: /metrics',
        '    authorization: { type: Bearer, credentials_file: ' + JSON.stringify(join(dir, 'token')) + ' }',
        `    static_configs: [{ targets: [${JSON.stringify(target)}] }]`,
        '',
      ].join('\n'),
    );
    writeFileSync(join(dir, 'token'), TOKEN, { mode: 0o600 });
    const port = await freePort();
    const prometheus = spawn(
      binary!,
      [
        `--config.file=${join(dir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    procs.push(prometheus);
    let log = '';
    prometheus.stderr.setEncoding('utf8').on('data', (d: string) => (log += d));
    const api = `http://127.0.0.1:${port}`;
    let seen: number | null = null;
    for (let i = 0; i < 120 && seen !== calls; i++) {
      await new Promise((r) => setTimeout(r, 500));
      seen = await query(api, 'sum(werkbank_tool_calls_total{job="werkbank",tool="word-counter",outcome="ok"})');
    }
    expect(seen, `Prometheus log:\n${log.slice(-3000)}`).toBe(calls);
    // The scrape itself succeeded with the token (up = 1), and the series carry no account or key label.
    expect(await query(api, 'up{job="werkbank"}')).toBe(1);
    const labels = await fetch(`${api}/api/v1/labels`).then((r) => r.json() as Promise<{ data: string[] }>);
    expect(labels.data).not.toContain('account');
    expect(labels.data).not.toContain('key');
  }, 180_000);
});
