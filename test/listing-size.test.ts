/**
 * The tool listing as a client receives it: the whole `tools/list` answer of the built server over stdio (what
 * MCP hosts start), counted in o200k tokens on the line sent, is within the budget docs/mcp-hosts.md states for
 * the default listing. And every listed schema passes the checks the MCP Inspector's `--strict` makes (its
 * schema-portability lint: no `type` arrays, no schema without a type or other constraint, no bare boolean
 * schema, no remote `$ref`), so the Inspector reports no warning; test/external-clients.test.ts runs the
 * Inspector itself when it can fetch it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { CLI, tempDir } from './helpers/server.js';
import { readDoc } from './helpers/docs.js';

/** The whole default listing, in tokens (docs/mcp-hosts.md states it). */
const LISTING_BUDGET = 9_500;

const home = tempDir('werkbank-listing-');
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** The raw JSON-RPC line the server sends for tools/list, after the handshake, over stdio. */
async function listingLine(args: string[]): Promise<string> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(WERKBANK_|OPENAI_)/.test(k)));
  const child = spawn(process.execPath, [CLI, ...args], { env: { ...env, HOME: home }, stdio: ['pipe', 'pipe', 'ignore'] });
  const send = (m: object) => child.stdin.write(JSON.stringify(m) + '\n');
  try {
    return await new Promise<string>((resolve, reject) => {
      let buffer = '';
      child.on('exit', (code) => reject(new Error(`the server exited (${code}) before it listed its tools`)));
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        buffer += chunk;
        for (let at = buffer.indexOf('\n'); at >= 0; at = buffer.indexOf('\n')) {
          const line = buffer.slice(0, at);
          buffer = buffer.slice(at + 1);
          const id = (JSON.parse(line) as { id?: number }).id;
          if (id === 1) {
            send({ jsonrpc: '2.0', method: 'notifications/initialized' });
            send({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} });
          } else if (id === 2) resolve(line);
        }
      });
      send({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'listing-size', version: '1' } },
      });
    });
  } finally {
    child.kill();
  }
}

type Schema = Record<string, unknown>;
interface Finding {
  tool: string;
  path: string;
  rule: string;
}

// The keywords the Inspector's lint walks and those it counts as constraining (its `constrainsInstance`).
const MAPS = ['properties', 'patternProperties', 'dependentSchemas', 'dependencies', '$defs', 'definitions'];
const LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SINGLE = ['items', 'additionalProperties', 'unevaluatedProperties', 'additionalItems', 'unevaluatedItems'];
const SINGLE_MORE = ['contains', 'not', 'propertyNames', 'if', 'then', 'else', 'contentSchema'];
const BOOLEAN_OK = new Set(['additionalProperties', 'unevaluatedProperties', 'additionalItems', 'unevaluatedItems', 'items']);
const CONSTRAINING = new Set([
  ...['type', 'enum', 'const', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength'],
  ...['pattern', 'format', 'contentMediaType', 'contentEncoding', 'contentSchema', 'maxItems', 'minItems', 'uniqueItems'],
  ...['maxContains', 'minContains', 'maxProperties', 'minProperties', 'required', 'dependentRequired', 'allOf', 'anyOf', 'oneOf'],
  ...['not', 'items', 'prefixItems', 'contains', 'additionalItems', 'unevaluatedItems', 'properties', 'patternProperties'],
  ...['additionalProperties', 'unevaluatedProperties', 'propertyNames', 'dependentSchemas', 'dependencies', '$ref', '$dynamicRef'],
  '$recursiveRef',
]);

/** The Inspector's `--strict` schema findings for one schema (rules type-union, untyped-schema, boolean-schema, remote-ref). */
function lint(tool: string, node: unknown, path: string, keyword: string | undefined, out: Finding[]): void {
  if (typeof node === 'boolean') {
    if (!(keyword && BOOLEAN_OK.has(keyword))) out.push({ tool, path, rule: 'boolean-schema' });
    return;
  }
  if (!node || typeof node !== 'object' || Array.isArray(node)) return;
  const s = node as Schema;
  if (Array.isArray(s.type)) out.push({ tool, path, rule: 'type-union' });
  if (typeof s.$ref === 'string' && s.$ref && !s.$ref.startsWith('#')) out.push({ tool, path, rule: 'remote-ref' });
  const constrains = Object.keys(s).some((k) => CONSTRAINING.has(k)) || ('if' in s && ('then' in s || 'else' in s));
  if (!constrains && keyword !== 'not') out.push({ tool, path, rule: 'untyped-schema' });
  for (const k of MAPS)
    if (s[k] && typeof s[k] === 'object')
      for (const [name, sub] of Object.entries(s[k] as Schema)) lint(tool, sub, `${path}.${k}.${name}`, k, out);
  for (const k of LISTS) if (Array.isArray(s[k])) (s[k] as unknown[]).forEach((sub, i) => lint(tool, sub, `${path}.${k}[${i}]`, k, out));
  for (const k of [...SINGLE, ...SINGLE_MORE]) if (k in s) lint(tool, s[k], `${path}.${k}`, k, out);
}

describe('tools/list as a client receives it', () => {
  it(`the default listing (stdio, the default toolsets and the discovery tools) is within ${LISTING_BUDGET} tokens`, async () => {
    const line = await listingLine([]);
    const tools = (JSON.parse(line) as { result: { tools: { name: string }[] } }).result.tools;
    expect(tools.map((t) => t.name)).toContain('find_tools');
    expect(tools.map((t) => t.name)).toContain('generate_brp_test_data');
    const tokens = encode(line).length;
    expect(tokens, `${line.length} characters, ${tokens} tokens`).toBeLessThanOrEqual(LISTING_BUDGET);
  }, 60_000);

  it('docs/mcp-hosts.md states that budget and what it counts', () => {
    const page = readDoc('docs/mcp-hosts.md');
    expect(page).toContain(`within ${LISTING_BUDGET.toLocaleString('en-US')} tokens`);
    expect(page).toMatch(/whole `tools\/list` answer/);
  });

  it('every listed schema of every tool passes the Inspector’s --strict checks (no warning)', async () => {
    const line = await listingLine(['--toolsets', 'all']);
    const tools = (JSON.parse(line) as { result: { tools: { name: string; inputSchema: unknown; outputSchema?: unknown }[] } }).result
      .tools;
    expect(tools.length).toBeGreaterThan(150);
    const findings: Finding[] = [];
    for (const t of tools) {
      lint(t.name, t.inputSchema, 'inputSchema', undefined, findings);
      if (t.outputSchema !== undefined) lint(t.name, t.outputSchema, 'outputSchema', undefined, findings);
    }
    expect(findings).toEqual([]);
    // The lint finds what it should: a type array, an untyped field.
    const probe: Finding[] = [];
    lint('probe', { type: 'object', properties: { a: { type: ['number', 'null'] }, b: { description: 'x' } } }, 's', undefined, probe);
    expect(probe.map((f) => f.rule)).toEqual(['type-union', 'untyped-schema']);
  }, 60_000);

  it('a listed output schema carries the top level and names the resource with the full shape', async () => {
    const line = await listingLine([]);
    const brp = (
      JSON.parse(line) as { result: { tools: { name: string; outputSchema: { description?: string; properties: object } }[] } }
    ).result.tools.find((t) => t.name === 'generate_brp_test_data')!;
    expect(Object.keys(brp.outputSchema.properties)).toEqual(expect.arrayContaining(['people', 'count', 'seed', 'truncated']));
    expect(brp.outputSchema.description).toBe('Full shape: werkbank://docs/brp-test-data-generator');
  }, 60_000);
});
