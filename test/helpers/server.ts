/**
 * Real servers for tests: an in-process HTTP server listening on a loopback
 * port with its own data dir, and a spawned process of the built CLI.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import type { Server as HttpServer } from 'node:http';
import { request } from 'node:http';
import { serve, type ServerType } from '@hono/node-server';
import { createServer, configFromEnv, type ServerConfig, type Server } from '../../src/server.js';
import { repoRoot } from './paths.js';
import { SERVER_OPTIONS } from '../../src/http/protect.js';
import { configureLog } from '../../src/core/log.js';

/** The built CLI as published (the bundle the package's bin points at). */
export const CLI = resolve(repoRoot, 'dist/werkbank.js');

export interface TestServer {
  url: string;
  server: Server;
  key: string;
  accountId: string;
  dataDir: string;
  close(): Promise<void>;
}

export function tempDir(prefix = 'werkbank-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** Start an HTTP server on 127.0.0.1:<random> with a fresh data dir and one paid account + key. */
export async function startServer(over: Partial<ServerConfig> = {}, plan: 'free' | 'paid' = 'paid'): Promise<TestServer> {
  // A line per request from every in-process server would bury the test report; a test of the log sets its level.
  configureLog({ env: process.env.WERKBANK_LOG_FORMAT, level: process.env.WERKBANK_LOG_LEVEL ?? 'warn' });
  const dataDir = over.dataDir ?? tempDir();
  const config = configFromEnv({ toolsets: new Set(), ...over, dataDir });
  const server = await createServer(config);
  const account = await server.accounts.createAccount('test', plan);
  const { key } = await server.accounts.createKey('test');
  const http: ServerType = await new Promise((res) => {
    const s = serve(
      { fetch: server.app.fetch, createServer: server.createNodeServer, port: 0, hostname: '127.0.0.1', serverOptions: SERVER_OPTIONS },
      () => res(s),
    );
  });
  const port = (http.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    key,
    accountId: account.id,
    dataDir,
    close: async () => {
      // A test is over: connections still open (a client's keep-alive, a download it stopped reading) are cut.
      const closed = new Promise((r) => http.close(() => r(undefined)));
      (http as HttpServer).closeAllConnections();
      await closed;
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** POST JSON to a REST path. */
export async function post(base: string, path: string, body: unknown, key?: string, headers: Record<string, string> = {}) {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(key ? { 'X-API-Key': key } : {}), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json, text };
}

/** Spawn the built CLI (`werkbank serve`) and wait for its port. */
export async function spawnServe(
  args: string[],
  env: Record<string, string> = {},
  /** How long it may take to listen (a busy machine starts slowly). */
  startMs = 20_000,
): Promise<{ proc: ChildProcess; url: string; stdout: string }> {
  const proc = spawn(process.execPath, [CLI, 'serve', '--port', '0', ...args], {
    env: { ...process.env, WERKBANK_PRINT_PORT: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  proc.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  let out = '';
  const port = await new Promise<number>((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`server did not start: ${stderr}`)), startMs);
    proc.stdout.on('data', (d) => {
      out += d;
      const m = /\{"port":(\d+)\}/.exec(out);
      if (m) {
        clearTimeout(timer);
        res(Number(m[1]));
      }
    });
    proc.on('exit', (code) => {
      clearTimeout(timer);
      rej(new Error(`server exited ${code}: ${stderr}`));
    });
  });
  return { proc, url: `http://127.0.0.1:${port}`, stdout: out };
}

/** Stop spawned servers (SIGTERM) and wait until each has exited. */
export async function stopProcesses(procs: readonly ChildProcess[]): Promise<void> {
  await Promise.all(
    procs.map((p) => {
      if (p.exitCode !== null || p.signalCode) return Promise.resolve();
      const exited = new Promise((r) => p.on('exit', r));
      p.kill('SIGTERM');
      return exited;
    }),
  );
}

/** A POST whose body is sent in two parts: the request is in flight (headers read, body pending) between them. */
export function splitPost(url: string, path: string, body: string, key: string) {
  const u = new URL(url);
  const req = request({
    host: u.hostname,
    port: u.port,
    path,
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'X-API-Key': key },
  });
  const answer = new Promise<{ status: number; connection: string | undefined; text: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, text }));
    });
    req.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  req.write(body.slice(0, half));
  req.flushHeaders();
  return { finish: () => req.end(body.slice(half)), answer };
}
