/**
 * The hot path on Node's own request (src/http/node-fast-path.ts) answers tool calls exactly as the Hono app
 * does: for each request below, the same status, JSON body and headers (rate limits, Cache-Control, encoding)
 * from a listening server built as `werkbank serve` builds it and from the app itself. Requests a middleware
 * would act on (an Origin, a foreign Host, a chunked body, a repeated header, any other route) go to the app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer as createHttpServer, request as httpRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import type { Server as HttpServer } from 'node:http';
import { startServer, type TestServer } from './helpers/server.js';

let s: TestServer;
let http: HttpServer;
let port: number;
/** The app alone, for comparison. */
let appOnly: HttpServer;
let appPort: number;
/** Requests the fast path handed to the app. */
let toApp = 0;

beforeAll(async () => {
  s = await startServer({ toolsets: 'all' });
  const appListener = getRequestListener(s.server.app.fetch);
  http = s.server.createNodeServer({}, (req, res) => {
    toApp++;
    void appListener(req, res);
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  port = (http.address() as { port: number }).port;
  appOnly = createHttpServer((req, res) => void appListener(req, res));
  await new Promise<void>((r) => appOnly.listen(0, '127.0.0.1', r));
  appPort = (appOnly.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((r) => http.close(r));
  await new Promise((r) => appOnly.close(r));
  await s.close();
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  json: unknown;
}

/** What the app alone answers (Hono through node-server's listener: no fast path), over the same raw HTTP. */
function viaApp(path: string, headers: OutgoingHttpHeaders, body: string): Promise<Answer> {
  return rawRequest(appPort, path, headers, body);
}

/** What the listening server answers (raw HTTP/1.1, so nothing adds or decodes anything). */
function viaServer(path: string, headers: OutgoingHttpHeaders, body: string, method = 'POST'): Promise<Answer> {
  return rawRequest(port, path, headers, body, method);
}

function rawRequest(to: number, path: string, headers: OutgoingHttpHeaders, body: string, method = 'POST'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: to, path, method, agent: false, headers: { host: `127.0.0.1:${to}`, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(answer(res.statusCode!, flat(res.headers), Buffer.concat(chunks))));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function flat(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]));
}

function answer(status: number, headers: Record<string, string>, raw: Uint8Array): Answer {
  const encoding = headers['content-encoding'];
  const text = (encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : Buffer.from(raw)).toString('utf8');
  return { status, headers, json: text ? JSON.parse(text) : undefined };
}

/** The headers a caller sees, without those that differ by nature (the date, the connection, the moving balance). */
/** The headers both answers must have alike: all but those that differ per answer (each request gets its own id). */
function comparable(h: Record<string, string>): Record<string, string> {
  const skip = new Set([
    'date',
    'connection',
    'keep-alive',
    'x-ratelimit-remaining',
    'ratelimit',
    'content-length',
    'transfer-encoding',
    'x-request-id',
  ]);
  return Object.fromEntries(
    Object.entries(h)
      .filter(([k]) => !skip.has(k.toLowerCase()))
      .map(([k, v]) => [k.toLowerCase(), v]),
  );
}

const json = { 'content-type': 'application/json' };

describe('the tool-call fast path', () => {
  const cases: [string, string, Record<string, string>, unknown][] = [
    ['a call', '/api/v1/tools/word-counter', {}, { text: 'Hallo wereld' }],
    ['a 400 naming the field', '/api/v1/tools/word-counter', {}, { text: 5 }],
    ['an unknown field', '/api/v1/tools/word-counter', {}, { text: 'a', txt: 'b' }],
    ['a 404 with a did-you-mean', '/api/v1/tools/word-countr', {}, { text: 'a' }],
    ['a render tool on the tools route (404)', '/api/v1/tools/html-to-pdf', {}, { html: '<p>x</p>' }],
    ['a 401 without a key', '/api/v1/tools/word-counter', { 'x-api-key': '' }, { text: 'a' }],
    ['a 401 for a wrong key', '/api/v1/tools/word-counter', { 'x-api-key': 'wbk_nope' }, { text: 'a' }],
    ['a 401 for a malformed Authorization', '/api/v1/tools/word-counter', { authorization: 'Basic abc' }, { text: 'a' }],
    ['a 415 for another content type', '/api/v1/tools/word-counter', { 'content-type': 'text/plain' }, { text: 'a' }],
    ['a 415 for another charset', '/api/v1/tools/word-counter', { 'content-type': 'application/json; charset=latin1' }, { text: 'a' }],
    ['a long answer, brotli', '/api/v1/tools/lorem-ipsum-generator', { 'accept-encoding': 'br' }, { count: 20, seed: 1 }],
    ['a long answer, gzip', '/api/v1/tools/lorem-ipsum-generator', { 'accept-encoding': 'gzip;q=1, br;q=0.5' }, { count: 20, seed: 1 }],
    ['a short answer asked compressed', '/api/v1/tools/word-counter', { 'accept-encoding': 'br, gzip' }, { text: 'short' }],
  ];
  for (const [name, path, extra, body] of cases)
    it(`answers ${name} as the app does, without the app`, async () => {
      const headers = { ...json, 'x-api-key': s.key, ...extra };
      if (headers['x-api-key'] === '') delete (headers as Partial<typeof headers>)['x-api-key'];
      const text = JSON.stringify(body);
      const before = toApp;
      const fast = await viaServer(path, headers, text);
      expect(toApp).toBe(before);
      const app = await viaApp(path, headers, text);
      expect(fast.status).toBe(app.status);
      expect(fast.json).toEqual(app.json);
      expect(comparable(fast.headers)).toEqual(comparable(app.headers));
      for (const answer of [fast, app]) expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      if (headers['x-api-key'] && fast.status !== 401) expect(fast.headers['cache-control']).toBe('no-store');
      if (fast.status === 200) expect(fast.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
    });

  it("answers the body that is not UTF-8, not JSON or too deep with the app's 400s", async () => {
    for (const body of ['{"text": "a', '[1]', `{"text":${'['.repeat(200)}${']'.repeat(200)}}`, '\xff']) {
      const headers = { ...json, 'x-api-key': s.key };
      const fast = await viaServer('/api/v1/tools/word-counter', headers, body);
      const app = await viaApp('/api/v1/tools/word-counter', headers, body);
      expect([fast.status, fast.json]).toEqual([app.status, app.json]);
      expect(fast.status).toBe(400);
    }
  });

  it('charges each call once, and a revoked key is refused at once', async () => {
    const { key, id } = await s.server.accounts.createKey('test');
    const call = () => viaServer('/api/v1/tools/word-counter', { ...json, 'x-api-key': key }, '{"text":"a b"}');
    const first = await call();
    const second = await call();
    expect(Number(second.headers['x-ratelimit-remaining'])).toBe(Number(first.headers['x-ratelimit-remaining']) - 1);
    await s.server.accounts.revokeKey(id);
    const after = await call();
    expect([after.status, after.json]).toEqual([401, { error: 'This API key was revoked', code: 401 }]);
  });

  it('hands the app what a middleware acts on: an Origin, a foreign Host, a chunked or oversized body, a repeated header, a query, another method', async () => {
    const headers = { ...json, 'x-api-key': s.key };
    const body = '{"text":"a"}';
    const handed = async (path: string, h: OutgoingHttpHeaders, b = body, method = 'POST') => {
      const before = toApp;
      const res = await viaServer(path, h, b, method).catch((e: Error) => {
        throw new Error(`${method} ${path} ${JSON.stringify(h)}: ${e.message}`);
      });
      expect(toApp, `${method} ${path} ${JSON.stringify(h)}`).toBe(before + 1);
      return res;
    };
    const cors = await handed('/api/v1/tools/word-counter', { ...headers, origin: 'http://localhost:3000' });
    expect(cors.headers['access-control-allow-origin']).toBe('*');
    expect((await handed('/api/v1/tools/word-counter', { ...headers, host: 'evil.example' })).status).toBe(403);
    expect((await handed('/api/v1/tools/word-counter', { ...headers, 'transfer-encoding': 'chunked' })).status).toBe(200);
    expect((await handed('/api/v1/tools/word-counter', { ...headers, 'content-length': String(20 * 1024 * 1024) }, '')).status).toBe(413);
    expect((await handed('/api/v1/tools/word-counter', { ...headers, 'x-api-key': [s.key, s.key] })).status).toBe(401);
    expect((await handed('/api/v1/tools/word-counter?x=1', headers)).status).toBe(200);
    expect((await handed('/api/v1/tools/word-counter', headers, '', 'GET')).status).toBe(405);
    expect((await handed('/api/v1/render/qr-code', headers, '{"text":"x"}')).status).toBe(200);
  });
});
