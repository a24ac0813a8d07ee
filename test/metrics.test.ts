/**
 * `GET /metrics` (src/observe/): off unless WERKBANK_METRICS=on, guarded by its token, counters that move with the
 * calls made, labels that never hold an account id or a key; under `serve --workers 2` one answer that adds up
 * both server processes (on a real PostgreSQL).
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, post, spawnServe, startServer, tempDir, type TestServer } from './helpers/server.js';
import { startPostgres, type TestDatabase } from './helpers/postgres.js';

const TOKEN = 'metrics-token-for-tests-0123456789abcdef';

/** The value of one series in the text format, 0 when absent. */
function value(text: string, name: string, labels: Record<string, string>): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text.split('\n').find((l) => l.startsWith(name + '{') && want.every((w) => l.slice(0, l.indexOf('}')).includes(w)));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

async function scrape(url: string, token: string | null = TOKEN): Promise<{ status: number; text: string; type: string | null }> {
  const res = await fetch(`${url}/metrics`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') };
}

describe('off by default', () => {
  it('GET /metrics is a 404 without WERKBANK_METRICS=on', async () => {
    const srv = await startServer({ metricsToken: undefined });
    try {
      expect((await scrape(srv.url)).status).toBe(404);
    } finally {
      await srv.close();
    }
  });
});

describe('on, with its token', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startServer({ metricsToken: TOKEN });
  });
  afterAll(() => srv.close());

  it('a scrape without the token or with another is a 401', async () => {
    expect((await scrape(srv.url, null)).status).toBe(401);
    expect((await scrape(srv.url, 'x'.repeat(40))).status).toBe(401);
    const ok = await scrape(srv.url);
    expect(ok.status).toBe(200);
    expect(ok.type).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('counters move with the calls: requests, tool calls, credits, refusals; process metrics are there', async () => {
    const before = (await scrape(srv.url)).text;
    for (let i = 0; i < 3; i++) expect((await post(srv.url, '/api/v1/tools/word-counter', { text: 'a b' }, srv.key)).status).toBe(200);
    expect((await post(srv.url, '/api/v1/tools/word-counter', { text: 'a' }, 'wk_wrong_key_000000000000000000')).status).toBe(401);
    const after = (await scrape(srv.url)).text;
    const moved = (name: string, labels: Record<string, string>) => value(after, name, labels) - value(before, name, labels);
    expect(moved('werkbank_tool_calls_total', { tool: 'word-counter', surface: 'rest', outcome: 'ok' })).toBe(3);
    expect(moved('werkbank_credits_charged_total', { tool: 'word-counter', surface: 'rest' })).toBeGreaterThanOrEqual(3);
    expect(moved('werkbank_http_requests_total', { method: 'POST', route: '/api/v1/tools/:slug', status: '200' })).toBe(3);
    expect(moved('werkbank_http_refused_total', { status: '401' })).toBe(1);
    expect(moved('werkbank_http_request_duration_seconds_count', { method: 'POST', route: '/api/v1/tools/:slug' })).toBe(4);
    expect(after).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(after).toMatch(/^process_resident_memory_bytes /m);
    expect(after).toMatch(/^werkbank_pool_jobs\{pool="compute",state="waiting"\} 0$/m);
  });

  it('no label holds an account id, a key or a path parameter', async () => {
    await (await fetch(`${srv.url}/no/such/path-abc123`)).text();
    const text = (await scrape(srv.url)).text;
    expect(text).not.toContain(srv.accountId);
    expect(text).not.toContain(srv.key);
    expect(text).not.toContain('path-abc123');
    expect(text).toContain('route="unmatched"');
  });
});

describe('werkbank serve --workers 2', () => {
  let db: TestDatabase;
  let proc: ChildProcess | undefined;
  beforeAll(async () => {
    db = await startPostgres();
  }, 120_000);
  afterAll(async () => {
    if (proc && proc.exitCode === null) {
      const exited = new Promise((r) => proc!.on('exit', r));
      proc.kill('SIGTERM');
      await exited;
    }
    await db.stop();
  });

  it('one answer adds up the calls both server processes served', async () => {
    const data = tempDir();
    const env = { ...process.env, WERKBANK_DATABASE_URL: db.url };
    execFileSync(process.execPath, [CLI, 'accounts', 'create', 'm', '--plan', 'paid', '--data', data], { env });
    const { key } = JSON.parse(
      execFileSync(process.execPath, [CLI, 'keys', 'create', '--account', 'm', '--json', '--data', data], { env, encoding: 'utf8' }),
    ) as {
      key: string;
    };
    const s = await spawnServe(['--data', data, '--workers', '2', '--database-url', db.url], {
      WERKBANK_METRICS: 'on',
      WERKBANK_METRICS_TOKEN: TOKEN,
    });
    proc = s.proc;
    // Each call on a connection of its own: the primary hands connections to the processes in turn.
    const calls = 40;
    for (let i = 0; i < calls; i++) {
      const res = await fetch(`${s.url}/api/v1/tools/word-counter`, {
        method: 'POST',
        headers: { 'X-API-Key': key, 'Content-Type': 'application/json', Connection: 'close' },
        body: '{"text":"a b"}',
      });
      expect(res.status).toBe(200);
      await res.text();
    }
    for (let round = 0; round < 3; round++) {
      const { status, text } = await scrape(s.url);
      expect(status).toBe(200);
      expect(value(text, 'werkbank_tool_calls_total', { tool: 'word-counter', outcome: 'ok' })).toBe(calls);
      expect(value(text, 'werkbank_http_requests_total', { route: '/api/v1/tools/:slug', status: '200' })).toBe(calls);
    }
  }, 120_000);
});
