/**
 * Deep nesting is refused before validation, in every field of every tool, with a 400 naming the limit:
 * on REST (a scan of the body's bytes, before JSON.parse), on MCP and every other surface
 * (parseInput), and the message builder is safe for any value.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startServer, type TestServer } from './helpers/server.js';
import { loadAllTools } from '../tools/index.js';
import { LIMITS } from '../src/core/limits.js';
import { jsonTextDepth, nestingDepth, parseInput, preview } from '../src/core/validate.js';
import { ToolError, type Tool } from '../src/core/tool.js';
import yamlToJson from '../tools/format/yaml-to-json.js';
import { runTool } from './helpers/run.js';

const DEEP = 5000;
const deepValue = (n: number): unknown => {
  let v: unknown = 'x';
  for (let i = 0; i < n; i++) v = i % 2 ? { k: v } : [v];
  return v;
};
const deepText = (n: number) => '['.repeat(n) + ']'.repeat(n);
const LIMIT_MESSAGE = new RegExp(`nested deeper than ${LIMITS.depth} levels`);

let tools: Tool[];
let srv: TestServer;
beforeAll(async () => {
  tools = await loadAllTools();
  srv = await startServer();
});
afterAll(async () => srv?.close());

function fieldsOf(tool: Tool): string[] {
  const js = z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown> };
  return Object.keys(js.properties ?? {});
}

describe('every field of every tool', () => {
  it('refuses a 5,000-deep value with a 400 naming the limit (parseInput: MCP, stdio, direct)', () => {
    const deep = deepValue(DEEP);
    const failures: string[] = [];
    for (const tool of tools)
      for (const field of fieldsOf(tool)) {
        const input = { ...(tool.examples[0].input as object), [field]: deep };
        try {
          parseInput(tool.input, input);
          failures.push(`${tool.slug}.${field}: accepted`);
        } catch (err) {
          if (!(err instanceof ToolError) || err.status !== 400 || !LIMIT_MESSAGE.test(err.message))
            failures.push(`${tool.slug}.${field}: ${err instanceof Error ? err.message.slice(0, 120) : String(err)}`);
          else if (!err.message.includes(`\`${field}\``)) failures.push(`${tool.slug}.${field}: the message does not name the field`);
        }
      }
    expect(failures).toEqual([]);
  });

  it('refuses it over REST before parsing, for every tool', async () => {
    const failures: string[] = [];
    for (const tool of tools) {
      const field = fieldsOf(tool)[0] ?? 'x';
      const body = JSON.stringify({ ...(tool.examples[0].input as object) }).replace(/^\{/, `{${JSON.stringify(field)}:${deepText(DEEP)},`);
      const path = tool.metering === 'render' || tool.toolset === 'render' ? `/api/v1/render/${tool.slug}` : `/api/v1/tools/${tool.slug}`;
      const res = await fetch(srv.url + path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-API-Key': srv.key },
        body,
      });
      const json = (await res.json()) as { error?: string };
      if (res.status !== 400 || !LIMIT_MESSAGE.test(json.error ?? '')) failures.push(`${tool.slug}: ${res.status} ${json.error}`);
    }
    expect(failures).toEqual([]);
  });

  it('accepts values exactly at the limit (the body object is level 1)', async () => {
    const res = await fetch(`${srv.url}/api/v1/tools/text-case-converter`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': srv.key },
      body: `{"text":"x","mode":${deepText(LIMITS.depth - 1)}}`,
    });
    const json = (await res.json()) as { error: string };
    expect(res.status).toBe(400);
    expect(json.error).not.toMatch(LIMIT_MESSAGE); // a normal validation message: mode must be one of …
    expect(json.error).toMatch(/`mode`/);
  });

  it('refuses it on MCP tools/call with a 400', async () => {
    const body = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"text_case_converter","arguments":{"text":"x","mode":${deepText(DEEP)}}}}`;
    const res = await fetch(`${srv.url}/mcp`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'X-API-Key': srv.key,
        'mcp-protocol-version': '2025-11-25',
      },
      body,
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(LIMIT_MESSAGE);
  });

  it('refuses it on MCP before the SDK parses it, also off the fast path (no protocol version; a chunked body)', async () => {
    const body = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"text_case_converter","arguments":{"text":"x","mode":${deepText(200_000)}}}}`;
    const headers = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'X-API-Key': srv.key };
    const chunked = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(body));
        controller.close();
      },
    });
    for (const init of [
      { headers, body }, // no mcp-protocol-version: the SDK's path
      { headers: { ...headers, 'mcp-protocol-version': '2025-11-25' }, body: chunked, duplex: 'half' }, // no Content-Length
    ]) {
      const res = await fetch(`${srv.url}/mcp`, { method: 'POST', ...init });
      expect(res.status).toBe(400);
      const json = await res.json();
      expect(json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
      expect(json.error.message).toMatch(LIMIT_MESSAGE);
    }
  });
});

describe('the message builder', () => {
  it('previews any value in bounded time and length', () => {
    const huge = 'x'.repeat(1_000_000);
    const wide = Array.from({ length: 100_000 }, (_, i) => i);
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    for (const v of [deepValue(100_000), huge, wide, cyclic, 10n, Symbol('s'), () => 1, undefined, null, { [huge]: 1 }]) {
      const text = preview(v, 40);
      expect(text.length).toBeLessThanOrEqual(41);
    }
    expect(preview([1, [2, { a: 'b' }]])).toBe('[1,[2,{"a":"b"}]]');
  });

  it('describes a wrong value of any shape without failing', () => {
    const schema = z.strictObject({ n: z.number(), s: z.string().max(3), e: z.enum(['a', 'b']) });
    for (const bad of [
      { n: 'x'.repeat(1_000_000) },
      { s: 'x'.repeat(1_000_000) },
      { e: deepValue(90) },
      { n: 1, s: 'a', e: 'a', ['k'.repeat(100_000)]: 1 },
    ]) {
      const err = (() => {
        try {
          parseInput(schema, bad);
        } catch (e) {
          return e;
        }
      })();
      expect(err).toBeInstanceOf(ToolError);
      expect((err as ToolError).status).toBe(400);
      expect((err as ToolError).message.length).toBeLessThan(1000);
    }
  });

  it('counts depth iteratively, on values and on JSON text', () => {
    expect(nestingDepth(deepValue(100_000), 100)).toBe(101);
    expect(nestingDepth({ a: [1, { b: 2 }] })).toBe(3);
    expect(jsonTextDepth(new TextEncoder().encode('{"a":"[[[[","b":[{"c":"\\"]"}]}'))).toBe(3);
    expect(jsonTextDepth(new TextEncoder().encode(deepText(1_000_000)), 100)).toBe(101);
  });
});

describe('YAML', () => {
  it('says "nested deeper than 100 levels" like JSON and XML do, quickly', async () => {
    for (const yaml of [deepText(300_000), '- '.repeat(200) + 'x', '{a: '.repeat(500) + '1' + '}'.repeat(500)]) {
      const err = await runTool(yamlToJson, { yaml }).catch((e) => e);
      expect(err).toBeInstanceOf(ToolError);
      expect(err.status).toBe(400);
      expect(err.message).toMatch(/nested deeper than 100 levels/);
    }
  });
});
