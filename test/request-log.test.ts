/**
 * The request log (src/observe/requests.ts): one JSON line per request on stderr with the request id the client
 * received, for both ways in (Node's tool-call fast path and the Hono app), and none of the secrets the requests
 * carried. stdio keeps stdout for JSON-RPC alone.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureLog } from '../src/core/log.js';
import { CLI, post, startServer, tempDir, type TestServer } from './helpers/server.js';

interface Line {
  time: string;
  level: string;
  msg: string;
  request_id?: string;
  method?: string;
  route?: string;
  status?: number;
  duration_ms?: number;
  surface?: string;
  tool?: string;
  account?: string;
}

let srv: TestServer;
const written: string[] = [];
const SESSION = 'werkbank_session=sess-secret-4f9a2c7e1b3d5f60';
const BEARER = 'oauth-access-token-secret-9c8b7a6d5e4f3a2b';
const QUERY_SECRET = 'query-secret-77aa88bb99cc';

beforeAll(async () => {
  srv = await startServer();
  configureLog({ env: 'json', level: 'info' });
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => (written.push(String(chunk)), true));
});
afterAll(async () => {
  vi.restoreAllMocks();
  await srv.close();
});

/** The line of request `id`, once written (info lines are written once per turn of the event loop). */
async function lineOf(id: string | null): Promise<Line | undefined> {
  let found: Line | undefined;
  await vi.waitFor(() => expect((found = requestLines().find((l) => l.request_id === id))).toBeDefined());
  return found;
}

/** The request lines logged so far (every stderr line must be JSON). */
function requestLines(): Line[] {
  const lines = written.join('').split('\n').filter(Boolean);
  return lines.map((l) => JSON.parse(l) as Line).filter((l) => l.msg === 'request');
}

describe('one JSON line per request', () => {
  it('a tool call on the fast path: the id the client sent, route template, status, tool, surface, account, duration', async () => {
    const r = await post(srv.url, '/api/v1/tools/word-counter', { text: 'een twee drie' }, srv.key, { 'X-Request-Id': 'client-id.1_A' });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-request-id')).toBe('client-id.1_A');
    const line = await lineOf('client-id.1_A');
    expect(line).toMatchObject({
      level: 'info',
      method: 'POST',
      route: '/api/v1/tools/:slug',
      status: 200,
      tool: 'word-counter',
      surface: 'rest',
      account: srv.accountId,
    });
    expect(line!.duration_ms).toBeGreaterThanOrEqual(0);
    expect(Date.parse(line!.time)).not.toBeNaN();
  });

  it('an insane X-Request-Id is replaced by a fresh one, which the answer names', async () => {
    const ids = new Set<string>();
    for (const bad of ['', 'has space', 'x'.repeat(129), 'semi;colon', 'a/b']) {
      const res = await fetch(`${srv.url}/health`, { headers: bad ? { 'X-Request-Id': bad } : {} });
      await res.text();
      const id = res.headers.get('x-request-id');
      expect(id).toMatch(/^[A-Za-z0-9._-]{1,128}$/);
      expect(id).not.toBe(bad);
      ids.add(id!);
      expect(await lineOf(id)).toMatchObject({
        method: 'GET',
        route: '/health',
        status: 200,
        surface: 'web',
      });
    }
    expect(ids.size).toBe(5);
  });

  it('through the Hono app (an Origin header): the same line; a 404 is `unmatched`, never the path', async () => {
    const r = await post(srv.url, '/api/v1/tools/word-counter', { text: 'a b' }, srv.key, { Origin: srv.url });
    expect(r.status).toBe(200);
    const id = r.headers.get('x-request-id')!;
    expect(r.headers.get('access-control-expose-headers')).toContain('X-Request-Id'); // a page's script may read it
    expect(await lineOf(id)).toMatchObject({
      route: '/api/v1/tools/:slug',
      tool: 'word-counter',
      account: srv.accountId,
      status: 200,
    });
    const missing = await fetch(`${srv.url}/no/such/page-${QUERY_SECRET}`);
    await missing.text();
    expect(missing.status).toBe(404);
    const line = await lineOf(missing.headers.get('x-request-id'));
    expect(line).toMatchObject({ route: 'unmatched', status: 404 });
  });

  it('a 401 and a 503-class error body: the body keeps {error, code} and a 500/503 names request_id', async () => {
    const r = await post(srv.url, '/api/v1/tools/word-counter', { text: 'a' }, 'wk_not_a_real_key_0000000000000000');
    expect(r.status).toBe(401);
    expect(r.json).toMatchObject({ code: 401 });
    expect(r.json.request_id).toBeUndefined(); // only 500 and 503 bodies name it
    expect(await lineOf(r.headers.get('x-request-id'))).toMatchObject({ status: 401 });
  });

  it('the log holds none of the secrets the requests carried: key, session cookie, OAuth token, query string', async () => {
    await post(srv.url, '/api/v1/tools/word-counter', { text: 'geheim' }, srv.key, { Cookie: SESSION });
    await post(srv.url, '/api/v1/tools/word-counter', { text: 'geheim' }, undefined, { Authorization: `Bearer ${BEARER}` });
    await (await fetch(`${srv.url}/api/v1/tools?token=${QUERY_SECRET}`, { headers: { Cookie: SESSION, 'X-API-Key': srv.key } })).text();
    const mcp = { method: 'POST', headers: { Authorization: `Bearer ${BEARER}` }, body: '{}' };
    await (await fetch(`${srv.url}/mcp?key=${QUERY_SECRET}`, mcp)).text();
    await vi.waitFor(() => expect(requestLines().length).toBeGreaterThanOrEqual(12));
    const log = written.join('');
    for (const secret of [srv.key, SESSION, 'sess-secret-4f9a2c7e1b3d5f60', BEARER, QUERY_SECRET, 'geheim'])
      expect(log).not.toContain(secret);
  });
});

describe('a client that goes away', () => {
  it('mid-body: a 400 line with the request id, no internal error, on both ways in', async () => {
    const { port } = new URL(srv.url);
    for (const [path, extra] of [
      ['/api/v1/tools/word-counter', ''],
      ['/api/v1/tools/word-counter', `Origin: ${srv.url}\r\n`],
    ]) {
      const id = `cut-off-${extra ? 'app' : 'fast'}`;
      const socket = connect(Number(port), '127.0.0.1');
      await once(socket, 'connect');
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n` +
          `X-API-Key: ${srv.key}\r\nX-Request-Id: ${id}\r\n${extra}\r\n{"text": "the rest never co`,
      );
      await new Promise((r) => setTimeout(r, 100));
      socket.destroy();
      const line = await lineOf(id);
      expect(line).toMatchObject({ level: 'info', status: 400 });
    }
    expect(written.join('')).not.toMatch(/internal error/);
  });
});

describe('a 503 names its request id', () => {
  it('the body keeps {error, code, retry_after} and adds request_id, the id of the header and of the error line', async () => {
    const dir = tempDir();
    const notExecutable = join(dir, 'chrome');
    writeFileSync(notExecutable, '#!/bin/sh\n');
    chmodSync(notExecutable, 0o644);
    process.env.WERKBANK_CHROMIUM_PATH = notExecutable;
    const render = await startServer();
    try {
      const r = await post(render.url, '/api/v1/render/html-to-pdf', { html: '<p>x</p>' }, render.key, {
        'X-Request-Id': 'user-saw-this-1',
      });
      expect(r.status, r.text).toBe(503);
      expect(r.json).toMatchObject({ code: 503, request_id: 'user-saw-this-1' });
      expect(typeof r.json.error).toBe('string');
      expect(r.json.retry_after).toBeGreaterThan(0);
      expect(r.headers.get('x-request-id')).toBe('user-saw-this-1');
      expect(await lineOf('user-saw-this-1')).toMatchObject({
        level: 'error',
        status: 503,
        route: '/api/v1/render/:slug',
        tool: 'html-to-pdf',
      });
    } finally {
      delete process.env.WERKBANK_CHROMIUM_PATH;
      await render.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the log level', () => {
  it('WERKBANK_LOG_LEVEL=warn leaves the request lines out; an unknown level is refused naming the variable', async () => {
    configureLog({ env: 'json', level: 'warn' });
    try {
      const r = await post(srv.url, '/api/v1/tools/word-counter', { text: 'stil' }, srv.key, { 'X-Request-Id': 'quiet-1' });
      expect(r.status).toBe(200);
      await new Promise((res) => setImmediate(res)); // info lines are written once per turn of the event loop
      expect(requestLines().find((l) => l.request_id === 'quiet-1')).toBeUndefined();
    } finally {
      configureLog({ env: 'json', level: 'info' });
    }
    expect(() => configureLog({ level: 'loud' })).toThrow('WERKBANK_LOG_LEVEL must be one of debug, info, warn, error, silent, got "loud"');
  });
});

describe('stdio', () => {
  it('stdout carries JSON-RPC only; the log stays on stderr', async () => {
    const proc = spawn(process.execPath, [CLI, '--data', tempDir()], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    proc.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    const send = (m: unknown) => proc.stdin.write(JSON.stringify(m) + '\n');
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'word-counter', arguments: { text: 'a b c' } } });
    send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'no-such-tool', arguments: {} } });
    await vi.waitFor(() => expect(out.split('\n').filter(Boolean).length).toBeGreaterThanOrEqual(3), { timeout: 20_000 });
    proc.kill();
    for (const line of out.split('\n').filter(Boolean)) expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
  });
});
