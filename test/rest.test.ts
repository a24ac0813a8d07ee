/**
 * REST conventions on a listening server: status codes, error bodies, limits,
 * compression, catalog, OpenAPI (checked by an independent validator), and
 * DNS-rebinding protection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { request } from 'node:http';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 as Ajv } from 'ajv/dist/2020.js';
import { startServer, post, type TestServer } from './helpers/server.js';
import { LIMITS } from '../src/core/limits.js';
import { runTool } from './helpers/run.js';

let srv: TestServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(async () => srv?.close());

/** Raw request (fetch would decompress and hide Content-Encoding). */
function raw(path: string, opts: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const url = new URL(srv.url + path);
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method: opts.method ?? 'GET', headers: opts.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    if (opts.body) req.write(opts.body);
    req.end();
  });
}

describe('REST tool calls', () => {
  it('answers 200 {ok, data}', async () => {
    const res = await post(srv.url, '/api/v1/tools/word-counter', { text: 'one two' }, srv.key);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true, data: expect.objectContaining({ words: 2 }) });
  });

  it('400 names the field and the rule; unknown fields get a did-you-mean', async () => {
    const res = await post(srv.url, '/api/v1/tools/word-counter', { text: 5 }, srv.key);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: expect.stringContaining('`text` must be a string'), code: 400 });
    const typo = await post(srv.url, '/api/v1/tools/word-counter', { text: 'x', txet: 'y' }, srv.key);
    expect(typo.json.error).toContain('unknown field `txet` (did you mean `text`?)');
  });

  it('400 for a body that is not JSON or not an object', async () => {
    expect((await post(srv.url, '/api/v1/tools/word-counter', '{"text":', srv.key)).json).toMatchObject({ code: 400 });
    const arr = await post(srv.url, '/api/v1/tools/word-counter', '[1,2]', srv.key);
    expect(arr.json).toEqual({ error: 'The request body must be a JSON object', code: 400 });
  });

  it('404 for an unknown tool, with a did-you-mean', async () => {
    const res = await post(srv.url, '/api/v1/tools/word-countr', {}, srv.key);
    expect(res.status).toBe(404);
    expect(res.json).toEqual({
      error: 'Unknown tool "word-countr" (did you mean "word-counter"? POST /api/v1/tools/word-counter)',
      code: 404,
    });
  });

  it('404 for an MCP tool name or a tool under the other prefix names the REST path that works', async () => {
    const mcpName = await post(srv.url, '/api/v1/tools/generate_brp_test_data', {}, srv.key);
    expect(mcpName.status).toBe(404);
    expect(mcpName.json.error).toBe(
      'Unknown tool "generate_brp_test_data" ("generate_brp_test_data" is its MCP name; over REST: POST /api/v1/tools/brp-test-data-generator)',
    );
    const nearName = await post(srv.url, '/api/v1/tools/word_countr', {}, srv.key);
    expect(nearName.json.error).toContain('(did you mean "word-counter"? POST /api/v1/tools/word-counter)');
    const otherPrefix = await post(srv.url, '/api/v1/tools/qr-code', {}, srv.key);
    expect(otherPrefix.json.error).toBe('Unknown tool "qr-code" (it is served at POST /api/v1/render/qr-code)');
    const nothing = await post(srv.url, '/api/v1/tools/zzzzzzzzzzzz', {}, srv.key);
    expect(nothing.json).toEqual({ error: 'Unknown tool "zzzzzzzzzzzz"', code: 404 });
  });

  it('405 for a wrong method, with Allow', async () => {
    const res = await fetch(`${srv.url}/api/v1/tools/word-counter`, { headers: { 'X-API-Key': srv.key } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(await res.json()).toMatchObject({ code: 405 });
  });

  it('415 for a wrong content type', async () => {
    const res = await post(srv.url, '/api/v1/tools/word-counter', '{"text":"x"}', srv.key, { 'Content-Type': 'text/plain' });
    expect(res.status).toBe(415);
    expect(res.json.code).toBe(415);
  });

  it('413 above the body limit, also when Content-Length is absent', async () => {
    const big = JSON.stringify({ text: 'a'.repeat(LIMITS.bodyBytes) });
    const res = await post(srv.url, '/api/v1/tools/word-counter', big, srv.key);
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ error: `Request body too large: the limit is ${LIMITS.bodyBytes} bytes`, code: 413 });
    const chunked = await raw('/api/v1/tools/word-counter', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': srv.key, 'Transfer-Encoding': 'chunked' },
      body: big,
    });
    expect(chunked.status).toBe(413);
    // Every other route that takes a body (forms, OAuth, webhooks, MCP) is held to the same limit, chunked or not.
    for (const path of ['/api/v1/billing/webhook', '/billing/checkout', '/oauth/token', '/mcp', '/account/sign-in']) {
      const res = await raw(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Transfer-Encoding': 'chunked' },
        body: big,
      });
      expect(res.status, path).toBe(413);
      expect(JSON.parse(res.body.toString()), path).toEqual({
        error: `Request body too large: the limit is ${LIMITS.bodyBytes} bytes`,
        code: 413,
      });
    }
  });

  it('compresses with brotli or gzip when asked', async () => {
    const body = JSON.stringify({ text: 'word '.repeat(2000) });
    const headers = { 'Content-Type': 'application/json', 'X-API-Key': srv.key };
    const plain = await raw('/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await raw('/openapi.json', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(JSON.parse(plain.body.toString()));
    const gz = await raw('/api/v1/tools', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString()).ok).toBe(true);
    const small = await raw('/api/v1/tools/word-counter', { method: 'POST', headers: { ...headers, 'Accept-Encoding': 'gzip' }, body });
    expect(small.status).toBe(200);
  });
});

describe('streamed responses (tools with streamJson)', () => {
  it('streams the UPA generator without Content-Length; the body equals the tool result; charged once', async () => {
    const input = { options: { population: { count: 3, seed: 7 }, period: { startYear: 2026, months: 2 } } };
    const before = (await srv.server.accounts.balance(srv.accountId)).remaining;
    const res = await raw('/api/v1/tools/upa-file-generator', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': srv.key },
      body: JSON.stringify(input),
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.headers['transfer-encoding']).toBe('chunked');
    const body = JSON.parse(res.body.toString());
    const tool = await srv.server.registry.requireSlug('upa-file-generator').load();
    expect(body).toEqual({ ok: true, data: JSON.parse(JSON.stringify(await runTool(tool, input))) });
    expect((await srv.server.accounts.balance(srv.accountId)).remaining).toBe(before - tool.cost);
  });

  it('refuses bad input before streaming starts, with a normal 400', async () => {
    const res = await post(srv.url, '/api/v1/tools/upa-file-generator', { options: { population: { count: 0 } } }, srv.key);
    expect(res.status).toBe(400);
    expect(res.json.error).toContain('`options.population.count`');
  });
});

describe('catalog, health and OpenAPI', () => {
  it('GET /health', async () => {
    const res = await fetch(`${srv.url}/health`);
    expect(await res.json()).toMatchObject({ ok: true, version: '1.1.0' });
  });

  it('GET /api/v1/tools lists every tool', async () => {
    const res = await (await fetch(`${srv.url}/api/v1/tools`)).json();
    expect(res.data.count).toBe(srv.server.registry.listed().length);
    expect(res.data.tools[0]).toEqual(
      expect.objectContaining({
        slug: expect.any(String),
        name: expect.any(String),
        title: expect.any(String),
        toolset: expect.any(String),
        cost: 1,
      }),
    );
  });

  it('GET /openapi.json is a valid OpenAPI 3.1 document with one operation per tool', async () => {
    const doc = await (await fetch(`${srv.url}/openapi.json`)).json();
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.1.0');
    expect(doc.components.securitySchemes).toEqual({
      ApiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      BearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      AdminToken: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    const toolOps = Object.entries(doc.paths).filter(([path]) => /^\/api\/v1\/(tools|render)\//.test(path));
    expect(toolOps.length).toBe(srv.server.registry.listed().length);
    const ids = Object.values(doc.paths).flatMap((p: any) => Object.values(p).map((op: any) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    const wc = doc.paths['/api/v1/tools/word-counter'].post;
    expect(Object.keys(wc.requestBody.content['application/json'].examples).length).toBeGreaterThanOrEqual(2);
  });

  it('describes every other /api/v1 route (catalog, account, usage, keys, memory, admin), and each answers as described', async () => {
    const doc = await (await fetch(`${srv.url}/openapi.json`)).json();
    const described = Object.entries(doc.paths)
      .filter(([path]) => !/^\/api\/v1\/(tools|render)\//.test(path))
      .flatMap(([path, ops]) => Object.keys(ops as object).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    const mounted = srv.server.app.routes
      .filter((r) => r.path.startsWith('/api/v1/') && r.method !== 'ALL' && !/^\/api\/v1\/(tools|render)\//.test(r.path))
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`);
    expect([...new Set(mounted)].sort()).toEqual(described);
    // The answers of the key's own routes match their documented `data` (a schema that drifted would fail here).
    const ajv = new Ajv({ strict: false });
    const answer = async (
      base: string,
      method: string,
      path: string,
      body?: unknown,
      headers: Record<string, string> = { 'X-API-Key': srv.key },
    ) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { ...headers, ...(body ? { 'Content-Type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: res.status, json: await res.json() };
    };
    const check = async (
      method: string,
      template: string,
      path: string,
      body?: unknown,
      on: { base: string; headers?: Record<string, string> } = { base: srv.url },
    ) => {
      const op = doc.paths[template][method.toLowerCase()];
      const { status, json } = await answer(on.base, method, path, body, on.headers);
      expect(status, `${method} ${path}: ${JSON.stringify(json)}`).toBeLessThan(300);
      expect(Object.keys(op.responses)).toContain(String(status));
      const validate = ajv.compile({ ...op.responses[status].content['application/json'].schema, components: doc.components });
      expect(validate(json), `${method} ${path}: ${JSON.stringify(validate.errors)}`).toBe(true);
      return json.data;
    };
    await post(srv.url, '/api/v1/tools/word-counter', { text: 'one call for the usage' }, srv.key);
    await check('GET', '/api/v1/tools', '/api/v1/tools');
    await check('GET', '/api/v1/account', '/api/v1/account');
    await check('GET', '/api/v1/usage', '/api/v1/usage?days=2&limit=1');
    await check('PUT', '/api/v1/memory/{namespace}/{key}', '/api/v1/memory/notes/first', { value: 'hello' });
    await check('GET', '/api/v1/memory', '/api/v1/memory');
    await check('GET', '/api/v1/memory/search', '/api/v1/memory/search?q=hello');
    await check('GET', '/api/v1/memory/{namespace}/{key}', '/api/v1/memory/notes/first');
    await check('DELETE', '/api/v1/memory/{namespace}/{key}', '/api/v1/memory/notes/first');
    // The admin routes, on a server with an admin token.
    const admin = await startServer({ adminToken: 'token-for-the-openapi-test-0123456789abcdef' });
    try {
      const on = { base: admin.url, headers: { Authorization: 'Bearer token-for-the-openapi-test-0123456789abcdef' } };
      await check('POST', '/api/v1/admin/accounts', '/api/v1/admin/accounts', { name: 'docs-check', plan: 'free' }, on);
      await check('GET', '/api/v1/admin/accounts', '/api/v1/admin/accounts', undefined, on);
      const created = await check('POST', '/api/v1/admin/keys', '/api/v1/admin/keys', { account: 'docs-check' }, on);
      await check('GET', '/api/v1/admin/keys', '/api/v1/admin/keys?account=docs-check', undefined, on);
      await check('POST', '/api/v1/admin/credits', '/api/v1/admin/credits', { account: 'docs-check', pack: 100 }, on);
      await check('GET', '/api/v1/admin/usage', '/api/v1/admin/usage?account=docs-check', undefined, on);
      await check('DELETE', '/api/v1/admin/keys/{id}', `/api/v1/admin/keys/${created.id}`, undefined, on);
    } finally {
      await admin.close();
    }
  });
});

describe('DNS-rebinding protection and CORS', () => {
  it('refuses a foreign Host or Origin on a loopback server', async () => {
    const host = await raw('/health', { headers: { Host: 'evil.example' } });
    expect(host.status).toBe(403);
    const origin = await raw('/mcp', {
      method: 'POST',
      headers: { Origin: 'http://evil.example', 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(origin.status).toBe(403);
    expect(JSON.parse(origin.body.toString()).error.message).toContain('DNS-rebinding');
  });

  it('exposes the MCP and rate-limit headers to browsers', async () => {
    const res = await raw('/mcp', {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'POST' },
    });
    expect(String(res.headers['access-control-expose-headers'])).toContain('mcp-session-id');
    expect(String(res.headers['access-control-expose-headers'])).toContain('mcp-protocol-version');
  });
});
