/**
 * The web pages over HTTP (no browser): generated for every tool, security
 * headers on every page, assets, the API reference, dev mode's key, the
 * self-service key routes of the account page, and the transfer size of `/`.
 */
import { Script } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, post, type TestServer } from './helpers/server.js';
import { transferSize, writeOutput } from './helpers/web.js';

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ adminToken: 'web-admin-token-0123456789abcdef0123456789' });
});
afterAll(async () => s?.close());

const get = (path: string, headers: Record<string, string> = {}) => fetch(s.url + path, { headers });

function expectPageHeaders(res: Response) {
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("default-src 'none'");
  expect(csp).toMatch(/script-src 'self'(;|$)/);
  expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
}

describe('pages', () => {
  it('the catalogue lists every listed tool, with a search box and a toolset filter', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expectPageHeaders(res);
    const html = await res.text();
    expect(html).toContain('<input type="search" id="q"');
    expect(html).toContain('<select id="toolset">');
    for (const { tool } of s.server.registry.listed()) expect(html).toContain(`href="/tools/${tool.slug}"`);
    for (const set of s.server.registry.toolsets)
      if (s.server.registry.listed().some((e) => e.tool.toolset === set.name)) expect(html).toContain(`<option value="${set.name}">`);
    expect(html).not.toMatch(/<script>(?!<)/); // no inline script (CSP): only src= and JSON blocks
    expect(html).not.toMatch(/ style="/);
  });

  it('every listed tool has a page generated from the registry, with its schema, examples and REST path', async () => {
    const { registry } = s.server;
    for (const entry of registry.listed()) {
      const res = await get(`/tools/${entry.tool.slug}`);
      expect(res.status, entry.tool.slug).toBe(200);
      const html = await res.text();
      const m = /<script type="application\/json" id="tool-data">(.*?)<\/script>/s.exec(html);
      expect(m, entry.tool.slug).not.toBeNull();
      const data = JSON.parse(m![1]);
      expect(data.path).toBe(registry.restPath(entry.tool));
      expect(data.name).toBe(entry.tool.name);
      expect(data.inputSchema).toEqual(entry.inputSchema);
      const declared = (await entry.load()).examples ?? [];
      expect(data.examples.length).toBe(declared.length);
      expect(html).toContain(`/docs#operation/${encodeURIComponent(entry.tool.name)}`);
    }
  });

  it('an unknown tool is a 404 page with the site header and the closest tools; /tools is the catalogue', async () => {
    const res = await get('/tools/no-such-tool');
    expect(res.status).toBe(404);
    expectPageHeaders(res);
    const near = await (await get('/tools/loan')).text();
    expect(near).toContain('<header class="top">');
    expect(near).toContain('href="/tools/loan-calculator"');
    const list = await fetch(s.url + '/tools', { redirect: 'manual' });
    expect(list.status).toBe(301);
    expect(list.headers.get('location')).toBe('/');
  });

  it('the account page and the API reference carry the security headers', async () => {
    const account = await get('/account');
    expect(account.status).toBe(200);
    expectPageHeaders(account);
    expectPageHeaders(await get('/docs'));
    const docs = await get('/docs/redoc');
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const html = await docs.text();
    expect(html).toContain('spec-url="/openapi.json"');
    const script = /<script src="([^"]+)">/.exec(html)![1];
    const redoc = await get(script);
    expect(redoc.status).toBe(200);
    expect(redoc.headers.get('content-type')).toMatch(/javascript/);
    expect((await redoc.text()).length).toBeGreaterThan(500_000); // the bundled renderer, no CDN
  });

  it('the browser code parses, and assets are cached by content hash', async () => {
    const html = await (await get('/')).text();
    const js = /<script src="(\/web\/app\.js\?v=[^"]+)"/.exec(html)![1];
    const res = await get(js);
    expect(res.headers.get('cache-control')).toContain('immutable');
    const text = await res.text();
    // Compiled as a classic script, as the page loads it, and not run.
    expect(() => new Script(text, { filename: 'app.js' })).not.toThrow();
    const again = await get(js, { 'if-none-match': res.headers.get('etag')! });
    expect(again.status).toBe(304);
  });

  it('first paint of / (HTML, stylesheet, script and icon) is under 100 KB of transfer', async () => {
    const html = await (await get('/')).text();
    const assets = [...new Set([...html.matchAll(/(?:href|src)="(\/(?:web\/[^"]+|favicon\.svg))"/g)].map((m) => m[1]))];
    expect(assets.length).toBe(3);
    const sizes = await Promise.all(['/', ...assets].map(async (p) => ({ path: p, ...(await transferSize(s.url + p)) })));
    const total = sizes.reduce((n, x) => n + x.bytes, 0);
    writeOutput('transfer-size.json', JSON.stringify({ total, sizes }, null, 2) + '\n');
    console.log(`transfer size of /: ${total} bytes`, sizes);
    expect(sizes[0].encoding).toBe('br');
    expect(total).toBeLessThan(100_000);
  });
});

describe('the API reference (/docs)', () => {
  it('is one page written from the OpenAPI document: every operation under its anchor, no renderer to download', async () => {
    const doc = await (await get('/openapi.json')).json();
    const html = await (await get('/docs')).text();
    const ids = Object.values(doc.paths as Record<string, Record<string, { operationId: string }>>).flatMap((item) =>
      Object.values(item).map((op) => op.operationId),
    );
    expect(ids.length).toBeGreaterThan(s.server.registry.listed().length);
    for (const id of ids) expect(html, id).toContain(`id="operation/${id}"`);
    expect(html).toContain('href="/tools/word-counter">Try it</a>');
    expect(html).not.toContain('/web/redoc.js');
    expect(html).toContain('href="/docs/redoc"');
  });

  it('weighs under 100 KB on the wire with its stylesheet, script and icon (Redoc and openapi.json: 494 KB)', async () => {
    const html = await (await get('/docs')).text();
    const assets = [...new Set([...html.matchAll(/(?:href|src)="(\/(?:web\/[^"]+|favicon\.svg))"/g)].map((m) => m[1]))];
    expect(assets.length).toBe(3);
    const sizes = await Promise.all(['/docs', ...assets].map(async (p) => ({ path: p, ...(await transferSize(s.url + p)) })));
    const total = sizes.reduce((n, x) => n + x.bytes, 0);
    writeOutput('transfer-size-docs.json', JSON.stringify({ total, sizes }, null, 2) + '\n');
    expect(sizes[0].encoding).toBe('br');
    expect(total).toBeLessThan(100_000);
  });
});

describe('a path no route answers', () => {
  const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

  it('is an HTML page for a browser, with the site header, a search of its words and the closest tools', async () => {
    const res = await get('/bmi-calculater', { accept: BROWSER });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expectPageHeaders(res);
    const html = await res.text();
    expect(html).toContain('<header class="top">');
    expect(html).toContain('<h1>Page not found</h1>');
    expect(html).toContain('value="bmi calculater"');
    expect(html).toContain('href="/tools/bmi-calculator"');
  });

  it('stays JSON {error, code} for API clients and API paths, whatever they accept', async () => {
    for (const [path, accept] of [
      ['/bmi-calculater', 'application/json'],
      ['/bmi-calculater', '*/*'],
      ['/api/v1/nope', BROWSER],
      ['/mcp/nope', BROWSER],
    ]) {
      const res = await get(path, { accept });
      expect(res.status, `${path} ${accept}`).toBe(404);
      expect(await res.json()).toEqual({ error: `Not found: GET ${path}`, code: 404 });
    }
    const posted = await fetch(s.url + '/nope', { method: 'POST', headers: { accept: BROWSER } });
    expect(await posted.json()).toMatchObject({ code: 404 });
  });
});

describe('dev mode', () => {
  it('offers no key unless the dev account exists on a loopback server; then only same-origin with the page token', async () => {
    const headers = (extra: Record<string, string> = {}) => ({ Origin: s.url, ...extra });
    expect((await fetch(s.url + '/web/dev-key', { method: 'POST', headers: headers() })).status).toBe(404);
    await s.server.accounts.createAccount('dev', 'paid');
    const html = await (await get('/')).text();
    expect(html).toContain('data-dev="1"');
    const token = /name="csrf-token" content="([^"]+)"/.exec(html)![1];
    expect((await fetch(s.url + '/web/dev-key', { method: 'POST', headers: headers() })).status).toBe(403);
    expect((await fetch(s.url + '/web/dev-key', { method: 'POST', headers: { 'X-CSRF-Token': token } })).status).toBe(403);
    const ok = await fetch(s.url + '/web/dev-key', { method: 'POST', headers: headers({ 'X-CSRF-Token': token }) });
    expect(ok.status).toBe(200);
    const { key } = (await ok.json()).data;
    expect((await post(s.url, '/api/v1/tools/word-counter', { text: 'a b' }, key)).json.data.words).toBe(2);
    // Another origin is refused by the host guard before it gets here.
    expect(
      (await fetch(s.url + '/web/dev-key', { method: 'POST', headers: { Origin: 'http://evil.example', 'X-CSRF-Token': token } })).status,
    ).toBe(403);
  });
});

describe('self-service keys (/api/v1/keys)', () => {
  it('lists, creates and revokes the caller’s own keys; a revoked key is 401 at once', async () => {
    const list = async (key: string) => (await fetch(s.url + '/api/v1/keys', { headers: { 'X-API-Key': key } })).json();
    expect((await list(s.key)).data.map((k: { prefix: string }) => k.prefix)).toEqual([s.key.slice(0, 10)]);
    const created = await post(s.url, '/api/v1/keys', undefined, s.key);
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const { id, key, prefix } = created.json.data;
    expect(key).toMatch(/^wbk_/);
    expect(key.startsWith(prefix)).toBe(true);
    expect(JSON.stringify((await list(s.key)).data)).not.toContain(key); // shown once, never listed
    expect((await post(s.url, '/api/v1/tools/word-counter', { text: 'x' }, key)).status).toBe(200);
    const revoked = await fetch(s.url + `/api/v1/keys/${id}`, { method: 'DELETE', headers: { 'X-API-Key': s.key } });
    expect(revoked.status).toBe(200);
    const after = await post(s.url, '/api/v1/tools/word-counter', { text: 'x' }, key);
    expect(after.status).toBe(401);
    expect(after.json.error).toMatch(/revoked/);
  });

  it('names a key at creation (trimmed, 1-40 characters); lists the names; refuses a bad one naming the field', async () => {
    const named = await post(s.url, '/api/v1/keys', { name: '  laptop  ' }, s.key);
    expect(named.status).toBe(201);
    expect(named.json.data.name).toBe('laptop');
    const listed = (await (await fetch(s.url + '/api/v1/keys', { headers: { 'X-API-Key': s.key } })).json()).data;
    expect(listed.find((k: { id: string }) => k.id === named.json.data.id).name).toBe('laptop');
    expect(listed.every((k: object) => 'name' in k)).toBe(true); // null when unnamed
    for (const name of ['', 'x'.repeat(41), 'tab\there']) {
      const bad = await post(s.url, '/api/v1/keys', { name }, s.key);
      expect(bad.status, name).toBe(400);
      expect(bad.json.error).toMatch(/`name`/);
    }
    expect((await post(s.url, '/api/v1/keys', { label: 'x' }, s.key)).status).toBe(400); // unknown field
    const admin = await s.server.accounts.createKey('test', { name: 'CI' });
    expect(admin.name).toBe('CI');
  });

  it('never reaches another account’s keys', async () => {
    await s.server.accounts.createAccount('other', 'free');
    const theirs = await s.server.accounts.createKey('other');
    const res = await fetch(s.url + `/api/v1/keys/${theirs.id}`, { method: 'DELETE', headers: { 'X-API-Key': s.key } });
    expect(res.status).toBe(404);
    expect((await post(s.url, '/api/v1/tools/word-counter', { text: 'x' }, theirs.key)).status).toBe(200);
    expect((await fetch(s.url + '/api/v1/keys')).status).toBe(401);
    expect((await fetch(s.url + '/api/v1/keys', { method: 'POST' })).status).toBe(401);
  });

  it('reports the render allowance left', async () => {
    const res = await fetch(s.url + '/api/v1/account/renders', { headers: { 'X-API-Key': s.key } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-remaining')).not.toBeNull();
    const { data } = await res.json();
    expect(data).toMatchObject({ limit: 50, used: 0, remaining: 50 });
    expect(Date.parse(data.resetsAt)).toBeGreaterThan(Date.now());
  });
});
