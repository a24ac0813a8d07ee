/**
 * Hosted files on PostgreSQL: two server instances that share only the database (their own data dirs, no
 * files dir) serve each other's files, whole and by byte range; a file expires on both at once and the sweep
 * deletes it for both; a file near the size limit (above the 128 MB archive cap) goes in and out a chunk at a
 * time; a write over the storage quota is refused (503, nothing charged).
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type ServerType } from '@hono/node-server';
import { createServer, configFromEnv, type Server } from '../src/server.js';
import { SERVER_OPTIONS } from '../src/http/protect.js';
import { FileStore } from '../src/render/files.js';
import { PostgresStore } from '../src/store/postgres/store.js';
import { post, tempDir } from './helpers/server.js';
import { startPostgres, type TestDatabase } from './helpers/postgres.js';

const MiB = 1024 * 1024;
let db: TestDatabase;
let store: PostgresStore;
let now = new Date('2026-03-10T12:00:00Z');
const clock = () => now;
const running: { server: Server; http: ServerType }[] = [];
let a: string;
let b: string;
let key: string;
const dataDirs: string[] = [];

async function instance(env: Record<string, string> = {}): Promise<string> {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    const dataDir = tempDir();
    dataDirs.push(dataDir);
    const server = await createServer(configFromEnv({ toolsets: new Set(), dataDir, databaseUrl: db.url, now: clock }));
    const http: ServerType = await new Promise((res) => {
      const s = serve(
        { fetch: server.app.fetch, createServer: server.createNodeServer, port: 0, hostname: '127.0.0.1', serverOptions: SERVER_OPTIONS },
        () => res(s),
      );
    });
    running.push({ server, http });
    return `http://127.0.0.1:${(http.address() as { port: number }).port}`;
  } finally {
    for (const [k, v] of Object.entries(saved))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  }
}

/** The test's own handle on the shared files, as a third instance would have (same database, same clock). */
const files = (maxBytes?: number) => new FileStore({ dir: tempDir(), baseUrl: () => '', now: clock, store, maxBytes });

beforeAll(async () => {
  db = await startPostgres();
  a = await instance();
  b = await instance();
  store = await PostgresStore.open(db.url, { poolSize: 2 });
  await running[0].server.accounts.createAccount('files', 'paid');
  key = (await running[0].server.accounts.createKey('files')).key;
}, 120_000);

afterAll(async () => {
  for (const { server, http } of running) {
    await new Promise((r) => http.close(r));
    await server.close();
  }
  await store?.close();
  await db?.stop();
});

const get = (base: string, path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers });

describe('hosted files shared through PostgreSQL', () => {
  it('a file made on A downloads from B, whole and by byte range; neither instance has a files dir', async () => {
    const made = await post(a, '/api/v1/render/qr-code', { text: 'https://example.com/made-on-a' }, key);
    expect(made.status, made.text).toBe(200);
    const path = new URL(made.json.data.url as string, a).pathname;
    const own = Buffer.from(await (await get(a, path)).arrayBuffer());
    expect(own.length).toBe(made.json.data.bytes);
    const whole = await get(b, path);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('image/png');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await whole.arrayBuffer()).equals(own)).toBe(true);
    const part = await get(b, path, { Range: 'bytes=8-23' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 8-23/${own.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(own.subarray(8, 24))).toBe(true);
    const tail = await get(b, path, { Range: 'bytes=-10' });
    expect(Buffer.from(await tail.arrayBuffer()).equals(own.subarray(-10))).toBe(true);
    const outside = await get(b, path, { Range: `bytes=${own.length}-` });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${own.length}`);
    // An If-Range naming another version: the whole file.
    expect((await get(b, path, { Range: 'bytes=0-1', 'If-Range': '"other"' })).status).toBe(200);
    for (const dir of dataDirs) expect(existsSync(join(dir, 'files'))).toBe(false);
  });

  it('a file expires on both instances at once (410), and the sweep deletes it for both (404)', async () => {
    const made = await post(b, '/api/v1/render/qr-code', { text: 'expires' }, key);
    const path = new URL(made.json.data.url as string, b).pathname;
    const start = now;
    try {
      now = new Date(start.getTime() + 24 * 3600_000 - 1000);
      for (const base of [a, b]) expect((await get(base, path)).status).toBe(200);
      now = new Date(start.getTime() + 24 * 3600_000);
      for (const base of [a, b]) expect((await get(base, path)).status).toBe(410);
      const before = await store.files.bytes();
      expect(await files().sweep()).toBeGreaterThanOrEqual(1);
      expect(await store.files.bytes()).toBeLessThan(before);
      for (const base of [a, b]) expect((await get(base, path)).status).toBe(404);
    } finally {
      now = start;
    }
  });

  it('a file near the size limit (130 MiB, above the 128 MB archive cap) is written and served a chunk at a time', async () => {
    const size = 130 * MiB;
    const written = createHash('sha256');
    let middle = Buffer.alloc(0);
    async function* body() {
      for (let i = 0; i < size / MiB; i++) {
        const piece = randomBytes(MiB);
        written.update(piece);
        if (i === 64) middle = piece;
        yield piece;
      }
    }
    const hosted = await files().put(body(), 'application/zip', 'big.zip');
    expect(hosted.bytes).toBe(size);
    const res = await get(a, new URL(hosted.url, a).pathname);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(size));
    const read = createHash('sha256');
    let received = 0;
    for await (const part of res.body as unknown as AsyncIterable<Uint8Array>) {
      read.update(part);
      received += part.byteLength;
    }
    expect(received).toBe(size);
    expect(read.digest('hex')).toBe(written.digest('hex'));
    const slice = await get(b, new URL(hosted.url, b).pathname, { Range: `bytes=${64 * MiB + 100}-${64 * MiB + 199}` });
    expect(Buffer.from(await slice.arrayBuffer()).equals(middle.subarray(100, 200))).toBe(true);
  }, 300_000);

  it('a write over the storage quota is refused (503 with Retry-After), stores nothing and charges nothing', async () => {
    const used = await store.files.bytes();
    await expect(files(used + 100).put(randomBytes(1000), 'image/png', 'x.png')).rejects.toMatchObject({ status: 503 });
    expect(await store.files.bytes()).toBe(used);
    const tight = await instance({ WERKBANK_FILES_MAX_BYTES: String(used + 100) });
    const before = (await store.pool.query('SELECT count(*)::int AS n FROM usage')).rows[0].n as number;
    const res = await post(tight, '/api/v1/render/qr-code', { text: 'https://example.com/no-room' }, key);
    expect(res.status, res.text).toBe(503);
    expect(res.json.error).toMatch(/Hosted file storage is full/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await store.pool.query('SELECT count(*)::int AS n FROM usage')).rows[0].n).toBe(before);
    expect(await store.files.bytes()).toBe(used);
  });
});
