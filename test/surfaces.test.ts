/**
 * Every tool's declared examples over the public surfaces: REST on a listening
 * server, MCP over Streamable HTTP in both protocol eras, and MCP over stdio
 * (the built binary, spawned).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { loadRegistry } from '../src/catalogue.js';
import { startServer, post, tempDir, CLI, type TestServer } from './helpers/server.js';
import { setAiEnv, startFakeOpenAI, type FakeOpenAI } from './helpers/fake-openai.js';

const registry = await loadRegistry();
const tools = await Promise.all(registry.tools.map((t) => t.load()));
const cases = tools.flatMap((tool) => tool.examples.filter((ex) => !ex.online).map((ex) => ({ tool, ex })));

function check(actual: unknown, ex: { output: unknown; partial?: boolean }) {
  // Compare through JSON: that is what every surface delivers.
  const expected = JSON.parse(JSON.stringify(ex.output));
  if (ex.partial) expect(actual).toMatchObject(expected);
  else expect(actual).toEqual(expected);
}

let srv: TestServer;
// The AI tools' examples run against a local OpenAI-compatible fake (deterministic answers).
let fake: FakeOpenAI;
let restoreEnv: () => void;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  restoreEnv = setAiEnv({ OPENAI_BASE_URL: fake.baseURL });
  srv = await startServer();
});
afterAll(async () => {
  await srv?.close();
  restoreEnv?.();
  await fake?.close();
});

describe('examples over REST', () => {
  it.each(cases.map((c) => [`${c.tool.slug}: ${c.ex.name}`, c] as const))('%s', async (_, { tool, ex }) => {
    const path = registry.restPath(registry.requireSlug(tool.slug).tool);
    const res = await post(srv.url, path, ex.input, srv.key);
    expect(res.status, res.text).toBe(200);
    expect(res.json.ok).toBe(true);
    check(res.json.data, ex);
  });
});

async function mcpClient(transport: ConstructorParameters<typeof StreamableHTTPClientTransport>[0] | 'stdio', mode: 'legacy' | 'auto') {
  const client = new Client({ name: 'werkbank-tests', version: '1.0.0' }, { versionNegotiation: { mode } });
  if (transport === 'stdio') {
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [CLI, 'stdio', '--toolsets', 'all', '--data', tempDir()],
        env: { ...(process.env as Record<string, string>) },
        stderr: 'pipe',
      }),
    );
  } else {
    await client.connect(new StreamableHTTPClientTransport(transport, { requestInit: { headers: { 'X-API-Key': srv.key } } }));
  }
  return client;
}

for (const [label, target, mode] of [
  ['MCP Streamable HTTP, 2025-11-25 era', 'http', 'legacy'],
  ['MCP Streamable HTTP, 2026-07-28 era', 'http', 'auto'],
  ['MCP stdio, 2025-11-25 era', 'stdio', 'legacy'],
  ['MCP stdio, 2026-07-28 era', 'stdio', 'auto'],
] as const) {
  describe(`examples over ${label}`, () => {
    let client: Client;
    beforeAll(async () => {
      client = await mcpClient(target === 'http' ? new URL(`${srv.url}/mcp?toolsets=all`) : 'stdio', mode);
    });
    afterAll(async () => client?.close());

    it('negotiates the expected protocol era', () => {
      expect(client.getNegotiatedProtocolVersion()).toBe(mode === 'legacy' ? '2025-11-25' : '2026-07-28');
    });

    it('lists every tool with schemas and annotations', async () => {
      const { tools } = await client.listTools();
      const names = new Set(tools.map((t) => t.name));
      for (const { tool } of registry.tools) expect(names.has(tool.name), tool.name).toBe(true);
      for (const t of tools) {
        expect(t.inputSchema.type).toBe('object');
        expect(t.name).toMatch(/^[a-z][a-z0-9_]{0,47}$/);
        expect(('mcp__werkbank__' + t.name).length).toBeLessThanOrEqual(64);
      }
    });

    it.each(cases.map((c) => [`${c.tool.name}: ${c.ex.name}`, c] as const))('%s', async (_, { tool, ex }) => {
      // A tool whose answer MCP shortens by default (mcpRows, src/mcp/rows.ts) is asked for every row here.
      const args = { ...(ex.input as Record<string, unknown>), ...(tool.mcpRows ? { allRows: true } : {}) };
      const result = await client.callTool({ name: tool.name, arguments: args });
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      check(result.structuredContent, ex);
      const text = (result.content as { type: string; text: string }[])[0];
      expect(text.type).toBe('text');
      // The text content is the structured content as compact JSON.
      expect(text.text).toBe(JSON.stringify(result.structuredContent));
    });

    it('reports bad input as an isError result with the REST message', async () => {
      const result = await client.callTool({ name: 'word_counter', arguments: { txt: 'x' } });
      expect(result.isError).toBe(true);
      const rest = await post(srv.url, '/api/v1/tools/word-counter', { txt: 'x' }, srv.key);
      expect((result.content as { text: string }[])[0].text).toBe(rest.json.error);
    });
  });
}
