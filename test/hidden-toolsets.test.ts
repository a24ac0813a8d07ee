/**
 * A hidden toolset is hidden everywhere: without an AI endpoint the `ai` toolset is named by no
 * surface (the MCP tool list and the discovery tools' enums and errors, find_tools, the tool references,
 * GET /api/v1/tools, the OpenAPI document behind /docs, the web catalogue), and it appears on all of them
 * once an endpoint is configured, on the same running server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startServer, type TestServer } from './helpers/server.js';
import { setAiEnv } from './helpers/fake-openai.js';

let srv: TestServer;
let restoreEnv: () => void;
beforeAll(async () => {
  restoreEnv = setAiEnv({});
  srv = await startServer();
});
afterAll(async () => {
  await srv?.close();
  restoreEnv?.();
});

async function connect(): Promise<Client> {
  const client = new Client({ name: 'hidden', version: '1' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${srv.url}/mcp?toolsets=all`), { requestInit: { headers: { 'X-API-Key': srv.key } } }),
  );
  return client;
}
const text = (r: { content: unknown }) => (r.content as { text: string }[])[0].text;
const get = async (path: string) => {
  const res = await fetch(srv.url + path, { headers: { 'X-API-Key': srv.key } });
  return { status: res.status, body: await res.text() };
};

/** Whether each surface names the ai toolset or its tools. */
async function surfaces(client: Client) {
  const { tools } = await client.listTools();
  const enumOf = (name: string, field: string) =>
    (tools.find((t) => t.name === name)!.inputSchema.properties as Record<string, { enum: string[] }>)[field].enum;
  const sets = (await client.callTool({ name: 'list_toolsets', arguments: {} })).structuredContent as { toolsets: { name: string }[] };
  const found = (
    await client.callTool({ name: 'find_tools', arguments: { query: 'summarize this article in three sentences', limit: 20 } })
  ).structuredContent as {
    tools: { toolset: string }[];
  };
  const describe = await client.callTool({ name: 'describe_toolset', arguments: { toolset: 'ai' } });
  const docs = await client.readResource({ uri: 'werkbank://docs/ai-summarize' }).then(
    () => true,
    () => false,
  );
  const openapi = JSON.parse((await get('/openapi.json')).body) as { paths: Record<string, unknown>; tags: { name: string }[] };
  const catalogue = (
    JSON.parse((await get('/api/v1/tools?q=summarize%20this%20article&limit=50')).body) as { data: { tools: { toolset: string }[] } }
  ).data;
  return {
    listed: tools.some((t) => t.name.startsWith('ai_')),
    describeEnum: enumOf('describe_toolset', 'toolset').includes('ai'),
    findEnum: enumOf('find_tools', 'toolset').includes('ai'),
    listToolsets: sets.toolsets.some((s) => s.name === 'ai'),
    findTools: found.tools.some((t) => t.toolset === 'ai'),
    describeToolset: !describe.isError,
    docsResource: docs,
    openapiPaths: Object.keys(openapi.paths).some((p) => p.includes('/ai-')),
    openapiTags: openapi.tags.some((t) => t.name === 'ai'),
    restSearch: catalogue.tools.some((t) => t.toolset === 'ai'),
    restToolset: (await get('/api/v1/tools?toolset=ai')).status === 200,
    webCatalogue: (await get('/')).body.includes('data-toolset="ai"'),
    webToolPage: (await get('/tools/ai-summarize')).status === 200,
    // /mcp?toolsets=ai: refused as an unknown toolset (the empty body is refused later, for any toolset).
    mcpSelection: !(
      await fetch(`${srv.url}/mcp?toolsets=ai`, {
        method: 'POST',
        headers: { 'X-API-Key': srv.key, 'Content-Type': 'application/json' },
        body: '{}',
      }).then((r) => r.text())
    ).includes('unknown toolset'),
  };
}

describe('a toolset whose tools all need an unset environment', () => {
  it('is named by no surface, and its errors do not offer it', async () => {
    const client = await connect();
    try {
      const seen = await surfaces(client);
      expect(Object.entries(seen).filter(([, shown]) => shown)).toEqual([]);
      const bad = await client.callTool({ name: 'describe_toolset', arguments: { toolset: 'ai' } });
      expect(text(bad)).toMatch(/^Invalid toolset: unknown toolset "ai"; toolsets: /);
      expect(text(bad).split('toolsets: ')[1].split(', ')).not.toContain('ai');
      const near = await client.callTool({ name: 'find_tools', arguments: { query: 'x', toolset: 'aj' } });
      expect(text(near)).not.toMatch(/did you mean "ai"/);
    } finally {
      await client.close();
    }
  });

  it('appears on every surface once an endpoint is configured (the same running server)', async () => {
    const restore = setAiEnv({ OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' });
    const client = await connect();
    try {
      const seen = await surfaces(client);
      // The OpenAPI document is built once per process (at the first request), so it keeps what it saw then.
      const { openapiPaths, openapiTags, ...rest } = seen;
      expect(Object.entries(rest).filter(([, shown]) => !shown)).toEqual([]);
      expect({ openapiPaths, openapiTags }).toEqual({ openapiPaths: false, openapiTags: false });
    } finally {
      await client.close();
      restore();
    }
  });
});
