/**
 * Real third-party MCP client libraries against a listening server: each one
 * lists every tool, converts its schema (top-level property types must survive
 * the conversion), and calls each tool's first declared example successfully.
 * LangChain (@langchain/mcp-adapters), the Vercel AI SDK (@ai-sdk/mcp) and the
 * OpenAI Agents SDK (@openai/agents).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MultiServerMCPClient } from '@langchain/mcp-adapters';
import { createMCPClient } from '@ai-sdk/mcp';
import { MCPServerStreamableHttp, getAllMcpTools } from '@openai/agents';
import { z } from 'zod';
import { Ajv2020 as Ajv } from 'ajv/dist/2020.js';
import { loadRegistry } from '../src/catalogue.js';
import { mcpInputSchema } from '../src/mcp/rows.js';
import { startServer, type TestServer } from './helpers/server.js';

const registry = await loadRegistry();
const tools = await Promise.all(registry.listed().map((e) => e.load()));
/**
 * Each tool's first offline example that fits the advertised (portable) input
 * schema: clients validate against that schema, and zod may accept wider forms
 * (a number where a string is advertised). Every tool must have one.
 */
const ajv = new Ajv({ strict: false, allErrors: false });
const firstExamples = tools.flatMap((t) => {
  const fits = ajv.compile(registry.requireName(t.name).inputSchema);
  const ex = t.examples.find((e) => !e.online && fits(e.input));
  return ex ? [{ name: t.name, input: ex.input }] : [];
});
/** The top-level property types as MCP lists them (with `allRows` where a tool declares mcpRows). */
const ourTypes = (name: string) =>
  Object.fromEntries(
    Object.entries((mcpInputSchema(registry.requireName(name)).properties ?? {}) as Record<string, { type?: string }>).map(([k, v]) => [
      k,
      v.type,
    ]),
  );

let srv: TestServer;
beforeAll(async () => {
  srv = await startServer({ toolsets: 'all' }, 'paid');
  await srv.server.accounts.addPack('test', 5000, 'cli');
});
afterAll(async () => {
  await srv?.close();
});

const url = () => `${srv.url}/mcp?toolsets=all`;
const headers = () => ({ 'X-API-Key': srv.key });

it('every tool has an offline example that fits its advertised schema', () => {
  const offline = tools.filter((t) => t.examples.some((e) => !e.online)).map((t) => t.name);
  expect(firstExamples.map((e) => e.name)).toEqual(offline);
});

describe('LangChain (@langchain/mcp-adapters)', () => {
  it('converts every tool without losing a property type and calls each first example', async () => {
    const client = new MultiServerMCPClient({
      mcpServers: { werkbank: { transport: 'http', url: url(), headers: headers() } },
      throwOnLoadError: true,
    });
    try {
      const list = await client.getTools();
      const byName = new Map(list.map((t) => [t.name, t]));
      for (const t of tools) {
        const lc = byName.get(t.name);
        expect(lc, t.name).toBeDefined();
        const schema = lc!.schema as unknown;
        const json = (schema instanceof z.ZodType ? z.toJSONSchema(schema) : schema) as { properties?: Record<string, { type?: string }> };
        const theirs = Object.fromEntries(Object.entries(json.properties ?? {}).map(([k, v]) => [k, v.type]));
        expect(theirs, t.name).toEqual(ourTypes(t.name));
      }
      const failures: string[] = [];
      for (const ex of firstExamples) {
        const out = await byName
          .get(ex.name)!
          .invoke(ex.input)
          .catch((e: Error) => `ERROR ${e.message}`);
        if (typeof out === 'string' && /^ERROR|isError|"error"/.test(out)) failures.push(`${ex.name}: ${out.slice(0, 200)}`);
      }
      expect(failures).toEqual([]);
    } finally {
      await client.close();
    }
  }, 240_000);
});

describe('Vercel AI SDK (@ai-sdk/mcp)', () => {
  it('converts every tool without losing a property type and calls each first example', async () => {
    const client = await createMCPClient({ transport: { type: 'http', url: url(), headers: headers() } });
    try {
      const aiTools = await client.tools();
      for (const t of tools) {
        const tool = aiTools[t.name] as unknown as { inputSchema: { jsonSchema: { properties?: Record<string, { type?: string }> } } };
        expect(tool, t.name).toBeDefined();
        const theirs = Object.fromEntries(Object.entries(tool.inputSchema.jsonSchema.properties ?? {}).map(([k, v]) => [k, v.type]));
        expect(theirs, t.name).toEqual(ourTypes(t.name));
      }
      const failures: string[] = [];
      for (const ex of firstExamples) {
        const tool = aiTools[ex.name] as unknown as {
          execute(args: unknown, opts: unknown): Promise<{ isError?: boolean; content: { text?: string }[] }>;
        };
        const out = await tool.execute(ex.input, { toolCallId: ex.name, messages: [] });
        if (out.isError) failures.push(`${ex.name}: ${out.content[0]?.text?.slice(0, 200)}`);
      }
      expect(failures).toEqual([]);
    } finally {
      await client.close();
    }
  }, 240_000);
});

describe('OpenAI Agents SDK (@openai/agents)', () => {
  it('converts every tool without losing a property type and calls each first example', async () => {
    const server = new MCPServerStreamableHttp({ url: url(), requestInit: { headers: headers() }, cacheToolsList: true });
    await server.connect();
    try {
      const agentTools = await getAllMcpTools({ mcpServers: [server], convertSchemasToStrict: false });
      const byName = new Map(
        agentTools.map((t) => [t.name, t as unknown as { name: string; parameters: { properties?: Record<string, { type?: string }> } }]),
      );
      for (const t of tools) {
        const tool = byName.get(t.name);
        expect(tool, t.name).toBeDefined();
        const theirs = Object.fromEntries(Object.entries(tool!.parameters.properties ?? {}).map(([k, v]) => [k, v.type]));
        expect(theirs, t.name).toEqual(ourTypes(t.name));
      }
      const failures: string[] = [];
      for (const ex of firstExamples) {
        const out = (await server.callTool(ex.name, ex.input)) as unknown as { type: string; text?: string }[];
        const text = out.map((c) => c.text ?? '').join('');
        if (/^(Invalid|Unknown|Internal)/.test(text)) failures.push(`${ex.name}: ${text.slice(0, 200)}`);
      }
      expect(failures).toEqual([]);
    } finally {
      await server.close();
    }
  }, 240_000);
});
