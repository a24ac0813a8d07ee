/**
 * Restarts drop nothing: SIGTERM to `werkbank serve` in the middle of a request lets that request finish and
 * answer, takes no new connection, ends the open MCP listen stream (its client reconnects elsewhere) and exits
 * 0 long before the grace period; while draining, readiness is 503 and every answer closes its connection.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { execFileSync, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { CLI, spawnServe, splitPost, startServer, stopProcesses, tempDir, type TestServer } from './helpers/server.js';

const procs: ChildProcess[] = [];
const servers: TestServer[] = [];
afterAll(async () => {
  await stopProcesses(procs);
  for (const s of servers) await s.close();
});

/** GET with Node's client (its answer shows the Connection header as sent). */
function get(url: string): Promise<{ status: number; connection: string | undefined; text: string }> {
  return new Promise((resolve, reject) => {
    request(url, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, text }));
    })
      .on('error', reject)
      .end();
  });
}

describe('drain on SIGTERM', () => {
  it('a request in flight finishes and answers, no new connection is taken, the listen stream ends, the process exits 0', async () => {
    const dataDir = tempDir();
    const cli = (args: string[]) => execFileSync(process.execPath, [CLI, ...args, '--data', dataDir], { encoding: 'utf8' });
    cli(['accounts', 'create', 'drain', '--plan', 'paid']);
    const { key } = JSON.parse(cli(['keys', 'create', '--account', 'drain', '--json'])) as { key: string };
    // A grace period longer than this test may take: the exit below is the drain's doing, not the cut's.
    const { proc, url } = await spawnServe(['--data', dataDir], { WERKBANK_SHUTDOWN_GRACE_MS: '120000' });
    procs.push(proc);
    const exited = new Promise<number | null>((r) => proc.on('exit', (code) => r(code)));

    const client = new Client({ name: 'drain-tests', version: '1' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { 'X-API-Key': key } } }));
    const sub = await client.listen({ resourcesListChanged: true });
    const streamEnded = sub.closed.then(
      () => 'ended',
      () => 'ended',
    );

    const text = 'one two three four five six seven '.repeat(200);
    const call = splitPost(url, '/api/v1/tools/word-counter', JSON.stringify({ text }), key);
    await new Promise((r) => setTimeout(r, 500)); // the server has the request's head and half its body
    proc.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    // No new connection: refused (the load balancer sends it to another instance).
    await expect(fetch(`${url}/health`)).rejects.toThrow();
    expect(await streamEnded).toBe('ended');
    expect(proc.exitCode).toBeNull(); // still waiting for the call in flight

    call.finish();
    const answer = await call.answer;
    expect(answer.status, answer.text).toBe(200);
    expect(JSON.parse(answer.text).data.words).toBe(1400);
    expect(answer.connection).toBe('close');
    expect(await exited).toBe(0);
    await client.close().catch(() => undefined);
  }, 90_000);

  it('while draining, readiness answers 503 and each answer closes its connection', async () => {
    const srv = await startServer();
    servers.push(srv);
    const before = await get(`${srv.url}/health/ready`);
    expect(before.status).toBe(200);
    expect(before.connection).toBe('keep-alive');
    srv.server.drain();
    const ready = await get(`${srv.url}/health/ready`);
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.text)).toMatchObject({ ok: false, draining: true });
    expect(ready.connection).toBe('close');
    expect((await get(`${srv.url}/health`)).status).toBe(200); // alive: it finishes what it has
  });
});
