/**
 * What real MCP hosts and clients need: every tool schema in the portable
 * subset (checked statically against Gemini's function-declaration rules),
 * rate-limit headers on every authenticated response, and a 401 that sends
 * mcp-remote straight to the configured header instead of OAuth discovery.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRegistry } from '../src/catalogue.js';
import { startServer, type TestServer } from './helpers/server.js';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI, tempDir } from './helpers/server.js';

const registry = await loadRegistry();

/**
 * Gemini function declarations take an OpenAPI-3.0 subset: these keywords are
 * refused (or silently dropped), every property needs a type, objects need
 * non-empty `properties` when they have them, and `type` is one string.
 * https://ai.google.dev/api/caching#Schema (additionalProperties is removed first, as clients do).
 */
const GEMINI_REFUSED = [
  '$ref',
  '$defs',
  'definitions',
  'propertyNames',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'const',
  'patternProperties',
  'oneOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
];

function geminiProblems(schema: unknown, path: string, out: string[]): string[] {
  if (Array.isArray(schema)) {
    schema.forEach((s, i) => geminiProblems(s, `${path}[${i}]`, out));
    return out;
  }
  if (!schema || typeof schema !== 'object') return out;
  const node = schema as Record<string, unknown>;
  for (const key of GEMINI_REFUSED) if (key in node) out.push(`${path}: uses ${key}`);
  if (Array.isArray(node.type)) out.push(`${path}: type is a list`);
  if (!('type' in node) && !('anyOf' in node) && !('enum' in node)) out.push(`${path}: untyped`);
  if (node.type === 'object' && node.properties && Object.keys(node.properties).length === 0) out.push(`${path}: empty properties`);
  for (const [k, v] of Object.entries(node)) {
    if (k === 'properties') for (const [p, s] of Object.entries(v as object)) geminiProblems(s, `${path}.${p}`, out);
    else if (k === 'items' || k === 'anyOf') geminiProblems(v, `${path}.${k}`, out);
  }
  return out;
}

describe('portable tool schemas', () => {
  it('every input schema: object at the root, every property typed, nothing Gemini refuses', () => {
    const problems = registry.tools.flatMap((e) => {
      expect(e.inputSchema.type, e.tool.name).toBe('object');
      return geminiProblems(e.inputSchema, e.tool.name, []);
    });
    expect(problems).toEqual([]);
  });

  it('unions of primitives become one type where one serves; validation stays as strict', async () => {
    const timestamp = registry.requireName('timestamp_converter');
    const value = (timestamp.inputSchema.properties as Record<string, Record<string, unknown>>).value;
    expect(value.anyOf).toBeUndefined();
    expect(typeof value.type).toBe('string');
    // The advertised minimum of a "greater than 0" field is 0, but zod still refuses 0.
    const bmi = await registry.requireName('compound_interest_calculator').load();
    expect(bmi.input.safeParse({ principal: 1000, ratePercent: 5, years: 10, compoundsPerYear: 0 }).success).toBe(false);
  });
});

describe('HTTP details hosts rely on', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startServer();
  });
  afterAll(async () => {
    await srv?.close();
  });

  it('GET /api/v1/account, /api/v1/usage and the memory REST mirror carry X-RateLimit-* headers', async () => {
    for (const path of ['/api/v1/account', '/api/v1/usage', '/api/v1/memory']) {
      const res = await fetch(srv.url + path, { headers: { 'X-API-Key': srv.key } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-ratelimit-limit'), path).toMatch(/^\d+$/);
      expect(res.headers.get('x-ratelimit-remaining'), path).toMatch(/^\d+$/);
      expect(res.headers.get('x-ratelimit-reset'), path).toMatch(/^\d+$/);
    }
    const put = await fetch(srv.url + '/api/v1/memory/notes/k1', {
      method: 'PUT',
      headers: { 'X-API-Key': srv.key, 'Content-Type': 'application/json' },
      body: JSON.stringify({ value: 'x' }),
    });
    expect(put.status).toBe(201);
    expect(put.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
  });

  it('a key in use shows when it was last used (the account page lists it)', async () => {
    await fetch(srv.url + '/api/v1/account', { headers: { 'X-API-Key': srv.key } });
    const res = await fetch(srv.url + '/api/v1/keys', { headers: { 'X-API-Key': srv.key } });
    const { data } = (await res.json()) as { data: { lastUsedAt: string | null }[] };
    expect(data).toHaveLength(1);
    expect(Date.parse(data[0].lastUsedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('/mcp without a key answers 401 with WWW-Authenticate: Bearer pointing to OAuth discovery (RFC 9728)', async () => {
    const res = await fetch(srv.url + '/mcp', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(
      `Bearer realm="werkbank", resource_metadata="${srv.url}/.well-known/oauth-protected-resource/mcp", scope="mcp"`,
    );
    for (const path of [
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-protected-resource/mcp',
      '/.well-known/oauth-authorization-server',
    ]) {
      const wk = await fetch(srv.url + path);
      expect(wk.status, path).toBe(200);
    }
    // A REST 401 stays a plain Bearer challenge.
    const rest = await fetch(srv.url + '/api/v1/account');
    expect(rest.headers.get('www-authenticate')).toBe('Bearer realm="werkbank"');
  });

  it('every tool has its full reference as the MCP resource werkbank://docs/<slug>, beside agent memory', async () => {
    const client = new Client({ name: 'docs-test', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${srv.url}/mcp`), { requestInit: { headers: { 'X-API-Key': srv.key } } }),
    );
    try {
      const { resourceTemplates } = await client.listResourceTemplates();
      expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(
        expect.arrayContaining(['memory://{namespace}/{key}', 'werkbank://docs/{tool}']),
      );
      const read = await client.readResource({ uri: 'werkbank://docs/word-counter' });
      const text = (read.contents[0] as { text: string }).text;
      expect(text).toContain('# Word counter (`word_counter`)');
      expect(text).toContain('POST /api/v1/tools/word-counter');
      expect(text).toMatch(/\| `text` \| string \| required \|/);
      expect(text).toContain('## Examples');
      // By MCP name too; an unknown tool is a clean not-found error; memory still reads.
      expect(((await client.readResource({ uri: 'werkbank://docs/word_counter' })).contents[0] as { text: string }).text).toBe(text);
      await expect(client.readResource({ uri: 'werkbank://docs/no-such-tool' })).rejects.toThrow();
      const done = await client.complete({
        ref: { type: 'ref/resource', uri: 'werkbank://docs/{tool}' },
        argument: { name: 'tool', value: 'word-c' },
      });
      expect(done.completion.values).toContain('word-counter');
    } finally {
      await client.close();
    }
  });
});

describe('qr_code over stdio', () => {
  it('returns the PNG as an image block, hosted in the data dir under its own extension', async () => {
    const dataDir = tempDir('werkbank-stdio-qr-');
    const client = new Client({ name: 'qr-test', version: '1' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [CLI, 'stdio', '--toolsets', 'render', '--data', dataDir],
        stderr: 'pipe',
      }),
    );
    try {
      const result = (await client.callTool({ name: 'qr_code', arguments: { text: 'https://example.org' } })) as {
        content: { type: string; mimeType?: string; data?: string }[];
        structuredContent: { url: string; contentType: string };
      };
      const image = result.content.find((c) => c.type === 'image');
      expect(image?.mimeType).toBe('image/png');
      expect(Buffer.from(image!.data!, 'base64').subarray(1, 4).toString()).toBe('PNG');
      const { url } = result.structuredContent;
      expect(url).toMatch(/^file:\/\/.*\.png$/);
      const file = fileURLToPath(url);
      expect(file.startsWith(join(dataDir, 'files'))).toBe(true);
      expect(existsSync(file)).toBe(true);
    } finally {
      await client.close();
    }
  });
});
