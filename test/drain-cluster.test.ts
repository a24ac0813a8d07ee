/**
 * Draining at the scale of a service: SIGTERM to `werkbank serve --workers 2` drains every server process (each
 * keeps its requests in flight to their answers, ends its MCP listen streams, exits; then the primary exits 0),
 * and a rolling restart of two instances behind a round-robin proxy fails no call of a loop running through it.
 * The proxy is the load balancer a deployment puts in front: a connection an instance refuses (it stopped
 * listening) goes to the next instance, as nginx's `proxy_next_upstream error` does.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { execFileSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { CLI, post, spawnServe, splitPost, stopProcesses, tempDir } from './helpers/server.js';
import { startPostgres, type TestDatabase } from './helpers/postgres.js';

let db: TestDatabase;
const procs: ChildProcess[] = [];
const proxies: Server[] = [];

beforeAll(async () => {
  db = await startPostgres();
}, 120_000);
afterAll(async () => {
  await stopProcesses(procs);
  for (const p of proxies) p.close();
  await db?.stop();
});

const env = () => ({ WERKBANK_DATABASE_URL: db.url, WERKBANK_SHUTDOWN_GRACE_MS: '120000' });

function keyFor(name: string): string {
  const cli = (args: string[]) =>
    execFileSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env: { ...process.env, WERKBANK_DATABASE_URL: db.url } });
  cli(['accounts', 'create', name, '--plan', 'paid']);
  return (JSON.parse(cli(['keys', 'create', '--account', name, '--json'])) as { key: string }).key;
}

async function serve(args: string[] = [], over: Record<string, string> = {}) {
  const s = await spawnServe(['--data', tempDir(), ...args], { ...env(), ...over }, 90_000);
  procs.push(s.proc);
  return { ...s, exited: new Promise<number | null>((r) => s.proc.on('exit', (code) => r(code))) };
}

/** The live child processes of `pid` (the server processes under a cluster's primary). */
function children(pid: number): string[] {
  return readdirSync('/proc').filter((d) => {
    if (!/^\d+$/.test(d)) return false;
    try {
      return readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1].split(' ')[1] === String(pid);
    } catch {
      return false;
    }
  });
}

/**
 * A round-robin HTTP proxy over `backends()`: a connection per request (no keep-alive to the instances); a
 * connection refused, or reset before any answer, is tried on the next one, as docs/operators.md asks of a load
 * balancer: a draining instance answers every request it read, and a reset without an answer is a connection the
 * kernel had queued when the instance stopped listening (the request never reached it). Any other failure is a 502.
 */
async function roundRobinProxy(backends: () => string[]): Promise<string> {
  let next = 0;
  const proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => forward(Buffer.concat(chunks), next++, 0));
    const forward = (body: Buffer, first: number, tried: number) => {
      const list = backends();
      const target = new URL(list[(first + tried) % list.length]);
      const upstream = request(
        {
          host: target.hostname,
          port: target.port,
          path: req.url,
          method: req.method,
          headers: { ...req.headers, host: target.host },
          agent: false,
        },
        (answer) => {
          const { connection: _, ...headers } = answer.headers;
          res.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', (err: NodeJS.ErrnoException) => {
        const unanswered = err.code === 'ECONNREFUSED' || (err.code === 'ECONNRESET' && !res.headersSent);
        if (unanswered && tried + 1 < list.length) return forward(body, first, tried + 1);
        res.writeHead(502, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: err.message, code: 502 }));
      });
      upstream.end(body);
    };
  });
  proxies.push(proxy);
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}

describe('drain of a --workers cluster', () => {
  it('SIGTERM to the primary drains every server process: calls in flight on each answer, the listen stream ends, exit 0', async () => {
    const key = keyFor('cluster-drain');
    const cluster = await serve(['--workers', '2']);
    expect(children(cluster.proc.pid!).length).toBe(2);
    const client = new Client({ name: 'drain-tests', version: '1' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${cluster.url}/mcp`), { requestInit: { headers: { 'X-API-Key': key } } }),
    );
    const sub = await client.listen({ resourcesListChanged: true });
    const streamEnded = sub.closed.then(
      () => 'ended',
      () => 'ended',
    );
    // Four connections, handed round-robin to the two server processes: each holds calls in flight.
    const text = 'one two three four five six seven '.repeat(200);
    const calls = Array.from({ length: 4 }, () => splitPost(cluster.url, '/api/v1/tools/word-counter', JSON.stringify({ text }), key));
    await new Promise((r) => setTimeout(r, 1000));
    cluster.proc.kill('SIGTERM');
    expect(await streamEnded).toBe('ended');
    await new Promise((r) => setTimeout(r, 1000));
    // Both server processes still wait for their calls (one without a call in flight would have exited).
    expect(cluster.proc.exitCode).toBeNull();
    expect(children(cluster.proc.pid!).length).toBe(2);
    await expect(fetch(`${cluster.url}/health`)).rejects.toThrow(); // no new connection is taken

    for (const call of calls) call.finish();
    for (const answer of await Promise.all(calls.map((c) => c.answer))) {
      expect(answer.status, answer.text).toBe(200);
      expect(JSON.parse(answer.text).data.words).toBe(1400);
      expect(answer.connection).toBe('close');
    }
    expect(await cluster.exited).toBe(0);
    await client.close().catch(() => undefined);
  }, 120_000);

  it('a server process that never finishes draining is killed after the grace and a margin; the primary exits 1', async () => {
    const cluster = await serve(['--workers', '2'], { WERKBANK_SHUTDOWN_GRACE_MS: '1000' });
    const [hung, other] = children(cluster.proc.pid!).map(Number);
    process.kill(hung, 'SIGSTOP'); // it cannot act on the SIGTERM: a process stuck in its drain
    cluster.proc.kill('SIGTERM');
    expect(await cluster.exited).toBe(1);
    // Both gone (the killed one once its new parent has reaped it).
    await vi.waitFor(() => [hung, other].forEach((pid) => expect(() => process.kill(pid, 0)).toThrow()), { timeout: 10_000 });
  }, 60_000);
});

describe('rolling restart behind a load balancer', () => {
  it('restarting two instances one after the other fails no call of a loop through a round-robin proxy', async () => {
    const key = keyFor('rolling-proxy');
    let backends = [await serve(), await serve()];
    const url = await roundRobinProxy(() => backends.map((b) => b.url));
    const failures: string[] = [];
    let ok = 0;
    let restarting = true;
    const loop = async () => {
      while (restarting) {
        try {
          const r = await post(url, '/api/v1/tools/word-counter', { text: 'one two' }, key);
          if (r.status === 200 && r.json?.data?.words === 2) ok++;
          else failures.push(`${r.status} ${r.text}`);
        } catch (err) {
          failures.push(String(err));
        }
        // A steady load, not a flood: the replacements must start on this shared machine meanwhile.
        await new Promise((r) => setTimeout(r, 25));
      }
    };
    const loops = Promise.all(Array.from({ length: 6 }, loop));
    for (const i of [0, 1]) {
      await new Promise((r) => setTimeout(r, 1000));
      const leaving = backends[i];
      leaving.proc.kill('SIGTERM');
      expect(await leaving.exited).toBe(0);
      const replacement = await serve();
      backends = backends.map((b, j) => (j === i ? replacement : b));
    }
    await new Promise((r) => setTimeout(r, 1000));
    restarting = false;
    await loops;
    expect(failures).toEqual([]);
    expect(ok).toBeGreaterThan(50);
  }, 120_000);
});
