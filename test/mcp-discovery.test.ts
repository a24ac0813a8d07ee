/**
 * Toolsets and the discovery tools over a real MCP client: a short default
 * list, every tool reachable through describe_toolset / call_tool, and
 * enable_toolset with a list_changed notification on stdio.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { CLI, startServer, tempDir, type TestServer } from './helpers/server.js';
import { loadRegistry } from '../src/catalogue.js';

const registry = await loadRegistry();

const DEFAULT_TOOLSETS = registry.defaultToolsets;
const TEXT_TOOLS = registry.inToolsets(new Set(['text'])).length;

let stdio: Client;
let srv: TestServer;
beforeAll(async () => {
  stdio = new Client({ name: 'discovery', version: '1' });
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'WERKBANK_TOOLSETS')) as Record<string, string>;
  await stdio.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, '--data', tempDir()], env, stderr: 'pipe' }));
  srv = await startServer({ toolsets: new Set(DEFAULT_TOOLSETS) });
});
afterAll(async () => {
  await stdio?.close();
  await srv?.close();
});

const data = (r: { structuredContent?: unknown }) => r.structuredContent as any;

describe('toolsets and discovery', () => {
  it('lists the default toolsets plus the discovery tools', async () => {
    const { tools } = await stdio.listTools();
    const names = tools.map((t) => t.name);
    expect(names.slice(0, 5)).toEqual(['find_tools', 'list_toolsets', 'describe_toolset', 'call_tool', 'enable_toolset']);
    expect(names).toContain('generate_brp_test_data');
    expect(names).not.toContain('word_counter');
    expect(tools.length).toBeLessThan(40);
  });

  it('list_toolsets and describe_toolset reveal every tool; call_tool and direct calls reach them', async () => {
    const sets = data(await stdio.callTool({ name: 'list_toolsets', arguments: {} })).toolsets;
    expect(sets.find((s: { name: string }) => s.name === 'text')).toMatchObject({ enabled: false, tools: TEXT_TOOLS });
    expect(sets.find((s: { name: string }) => s.name === 'dutch')).toMatchObject({ enabled: true });
    const text = data(await stdio.callTool({ name: 'describe_toolset', arguments: { toolset: 'text' } }));
    expect(text.tools.map((t: { name: string }) => t.name)).toContain('word_counter');
    expect(text.tools[0].inputSchema.type).toBe('object');
    const viaCall = await stdio.callTool({ name: 'call_tool', arguments: { name: 'word_counter', arguments: { text: 'een twee' } } });
    expect(data(viaCall)).toMatchObject({ words: 2 });
    const direct = await stdio.callTool({ name: 'word_counter', arguments: { text: 'een twee drie' } });
    expect(data(direct)).toMatchObject({ words: 3 });
    const bad = await stdio.callTool({ name: 'describe_toolset', arguments: { toolset: 'txt' } });
    expect(bad.isError).toBe(true);
    expect((bad.content as { text: string }[])[0].text).toContain('did you mean "text"?');
    const unknown = await stdio.callTool({ name: 'call_tool', arguments: { name: 'word_countr' } });
    expect((unknown.content as { text: string }[])[0].text).toBe('Unknown tool "word_countr" (did you mean "word_counter"?)');
  });

  it('find_tools is listed and answers ranked, callable tools in compact JSON; bad arguments are refused', async () => {
    const tools = (await stdio.listTools()).tools;
    expect(tools.find((t) => t.name === 'find_tools')?.description).toMatch(/English or Dutch/);
    const result = await stdio.callTool({ name: 'find_tools', arguments: { query: 'convert this SRT file to WebVTT' } });
    const found = data(result);
    expect(found.tools[0]).toMatchObject({ name: 'subtitle_converter', toolset: 'format' });
    expect(found.tools.length).toBeLessThanOrEqual(5);
    expect((result.content as { text: string }[])[0].text).toBe(JSON.stringify(found));
    const call = await stdio.callTool({
      name: 'call_tool',
      arguments: { name: found.tools[0].name, arguments: { subtitles: '1\n00:00:01,000 --> 00:00:02,000\nHoi\n', to: 'vtt' } },
    });
    expect(call.isError).toBeFalsy();
    for (const args of [
      {},
      { query: 'x', limit: 0 },
      { query: 'x', limit: 21 },
      { query: 'x', toolset: 'txt' },
      { query: 'x', extra: 1 },
    ]) {
      const bad = await stdio.callTool({ name: 'find_tools', arguments: args });
      expect(bad.isError).toBe(true);
    }
    const hidden = await stdio.callTool({ name: 'describe_toolset', arguments: { toolset: 'ai' } });
    expect(hidden.isError).toBe(true);
    expect((hidden.content as { text: string }[])[0].text).not.toMatch(/\bai\b,/);
  });

  it('enable_toolset adds a toolset and notifies the client (stdio)', async () => {
    let changed = 0;
    stdio.setNotificationHandler('notifications/tools/list_changed', () => void changed++);
    const result = data(await stdio.callTool({ name: 'enable_toolset', arguments: { toolset: 'text' } }));
    expect(result).toMatchObject({ toolset: 'text', added: TEXT_TOOLS });
    for (let i = 0; i < 50 && changed === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(changed).toBe(1);
    expect((await stdio.listTools()).tools.map((t) => t.name)).toContain('word_counter');
  });

  it('over HTTP, ?toolsets= selects per connection and a bad name is a 400', async () => {
    const client = new Client({ name: 'discovery-http', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${srv.url}/mcp?toolsets=dutch`), { requestInit: { headers: { 'X-API-Key': srv.key } } }),
    );
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual([
      'find_tools',
      'list_toolsets',
      'describe_toolset',
      'call_tool',
      ...registry.inToolsets(new Set(['dutch'])).map((t) => t.tool.name),
    ]);
    expect(names.slice(4, 8)).toEqual(['dutch_holidays', 'working_days', 'test_bsn_generator', 'test_iban_generator']);
    // find_tools over HTTP, with a toolset filter, answers a tool callable at once.
    const found = await client.callTool({
      name: 'find_tools',
      arguments: { query: 'woorden tellen in mijn tekst', toolset: 'text', limit: 2 },
    });
    expect(data(found).tools[0].name).toBe('word_counter');
    expect((found.content as { text: string }[])[0].text).toBe(JSON.stringify(data(found)));
    await client.close();
    const res = await fetch(`${srv.url}/mcp?toolsets=dutsch`, {
      method: 'POST',
      headers: { 'X-API-Key': srv.key, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toContain('did you mean "dutch"?');
  });
});
