/**
 * Request bodies: JSON is UTF-8. A body labelled with another charset gets a 415 naming the
 * supported one; invalid UTF-8 bytes get a 400 instead of being replaced silently; the compute pool's queue is
 * bounded (503 with Retry-After).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/server.js';

let srv: TestServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(async () => srv?.close());

async function send(path: string, body: Uint8Array | string, contentType: string, extra: Record<string, string> = {}) {
  const res = await fetch(srv.url + path, {
    method: 'POST',
    headers: { 'Content-Type': contentType, 'X-API-Key': srv.key, ...extra },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  return { status: res.status, text: await res.text() };
}

describe('charsets', () => {
  it('answers 415 naming UTF-8 for any other charset', async () => {
    for (const charset of ['utf-16', 'UTF-16LE', 'iso-8859-1', '"windows-1252"']) {
      const res = await send('/api/v1/tools/word-counter', '{"text":"a b"}', `application/json; charset=${charset}`);
      expect(res.status, charset).toBe(415);
      expect(res.text).toMatch(/must be UTF-8/);
      expect(res.text).toContain(charset.replace(/"/g, ''));
    }
  });

  it('takes utf-8 in any spelling, and no charset', async () => {
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'application/json;charset="UTF-8"',
      'application/json; charset=utf8',
    ]) {
      const res = await send('/api/v1/tools/word-counter', '{"text":"één twee"}', type);
      expect(res.status, type).toBe(200);
      expect(JSON.parse(res.text).data.words).toBe(2);
    }
  });

  it('answers 415 on the MCP endpoint too', async () => {
    const res = await send('/mcp', '{"jsonrpc":"2.0","id":1,"method":"ping"}', 'application/json; charset=utf-16', {
      Accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
    });
    expect(res.status).toBe(415);
  });
});

describe('invalid UTF-8', () => {
  it('is a 400 naming the byte, never decoded with replacement characters', async () => {
    const prefix = new TextEncoder().encode('{"text":"ab');
    for (const bad of [[0xff], [0xc3], [0xe2, 0x82], [0xed, 0xa0, 0x80] /* surrogate */, [0xc0, 0xaf] /* overlong */]) {
      const body = new Uint8Array([...prefix, ...bad, ...new TextEncoder().encode('"}')]);
      const res = await send('/api/v1/tools/word-counter', body, 'application/json');
      expect(res.status, bad.join(',')).toBe(400);
      expect(res.text).toMatch(/not valid UTF-8 \(at byte 11\)/);
    }
  });

  it('still accepts a leading BOM and any valid UTF-8', async () => {
    const res = await send(
      '/api/v1/tools/word-counter',
      new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('{"text":"😀 ok"}')]),
      'application/json',
    );
    expect(res.status).toBe(200);
  });
});

describe('the compute pool', () => {
  it('runs declared tools off the main thread and refuses beyond its bounded queue with 503 + Retry-After', async () => {
    const text = 'line\n'.repeat(150_000);
    // Eight accounts, three calls each: within each one's share of the pool (workers + 2), beyond the queue for all.
    const keys: string[] = [];
    for (let i = 0; i < 8; i++) {
      await srv.server.accounts.createAccount(`pool-${i}`, 'paid');
      keys.push((await srv.server.accounts.createKey(`pool-${i}`)).key);
    }
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        fetch(`${srv.url}/api/v1/tools/sort-lines`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-API-Key': keys[i % 8] },
          body: JSON.stringify({ text, mode: 'natural' }),
        }).then(async (r) => ({ status: r.status, retryAfter: r.headers.get('retry-after'), body: await r.text() })),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses).toContain(200);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    const busy = results.find((r) => r.status === 503);
    expect(busy, 'some calls beyond the queue are refused').toBeDefined();
    expect(Number(busy!.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(busy!.body).toMatch(/busy/);
  });
});

describe('generator streams', () => {
  it('are compressed on the fly when Accept-Encoding asks (UPA XML: ~1.5 KB per employment-period, brotli ~59x)', async () => {
    const { request } = await import('node:http');
    const { brotliDecompressSync } = await import('node:zlib');
    const url = new URL(`${srv.url}/api/v1/tools/upa-file-generator`);
    const body = JSON.stringify({ format: 'xml', options: { population: { count: 50 }, period: { months: 12 } } });
    const res = await new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-API-Key': srv.key, 'Accept-Encoding': 'br' },
        },
        (r) => {
          const chunks: Buffer[] = [];
          r.on('data', (c) => chunks.push(c));
          r.on('end', () => resolve({ status: r.statusCode!, headers: r.headers, body: Buffer.concat(chunks) }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-length']).toBeUndefined();
    const plain = brotliDecompressSync(res.body);
    expect(JSON.parse(plain.toString('utf8')).data.files.length).toBeGreaterThan(0);
    expect(plain.length / res.body.length).toBeGreaterThan(10);
  });
});
