/**
 * Answers that grow with the input stay small over MCP (src/mcp/rows.ts): a tool's declared
 * `mcpRows` arrays carry their first rows and `truncated`, `allRows: true` answers them whole, the
 * listing says so, and REST answers every row as the spec defines. Through a real MCP client and the
 * REST route on a listening server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { z } from 'zod';
import { loadRegistry } from '../src/catalogue.js';
import { Registry } from '../src/core/registry.js';
import { defineTool } from '../src/core/tool.js';
import { declareToolset } from '../src/core/toolset.js';
import { post, startServer, type TestServer } from './helpers/server.js';

const registry = await loadRegistry();
const LOAN = { amount: 250_000, annualRatePercent: 4, term: 30, termUnit: 'years' };

let srv: TestServer;
let client: Client;
beforeAll(async () => {
  srv = await startServer();
  client = new Client({ name: 'rows', version: '1' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${srv.url}/mcp?toolsets=finance,generators`), {
      requestInit: { headers: { 'X-API-Key': srv.key } },
    }),
  );
});
afterAll(async () => {
  await client?.close();
  await srv?.close();
});

const call = (name: string, args: Record<string, unknown>) =>
  client.callTool({ name, arguments: args }) as Promise<{
    structuredContent?: any;
    content: { type: string; text: string }[];
    isError?: boolean;
  }>;

describe('answers that grow with the input, over MCP', () => {
  it('a 30-year loan answers its first 12 schedule rows and the totals, in compact JSON, a few hundred tokens', async () => {
    const result = await call('loan_calculator', LOAN);
    expect(result.isError).toBeFalsy();
    const data = result.structuredContent;
    expect(data.schedule).toHaveLength(12);
    expect(data.schedule[0].month).toBe(1);
    expect(data.truncated).toEqual({ schedule: { shown: 12, total: 360 } });
    const rest = await post(srv.url, '/api/v1/tools/loan-calculator', LOAN, srv.key);
    expect(rest.json.data.schedule).toHaveLength(360);
    expect(rest.json.data).not.toHaveProperty('truncated');
    // Everything but the schedule is the REST answer; the rows shown are its first rows.
    expect({ ...data, schedule: undefined, truncated: undefined }).toEqual({ ...rest.json.data, schedule: undefined });
    expect(data.schedule).toEqual(rest.json.data.schedule.slice(0, 12));
    expect(result.content[0].text).toBe(JSON.stringify(data));
    // Deterministic: the whole schedule costs ~10,900 o200k tokens, the MCP answer well under 600.
    expect(encode(result.content[0].text).length).toBeLessThan(600);
    expect(encode(JSON.stringify(rest.json.data)).length).toBeGreaterThan(10_000);
  });

  it('allRows: true answers every row (also through call_tool); a non-boolean allRows is refused', async () => {
    const all = await call('loan_calculator', { ...LOAN, allRows: true });
    expect(all.structuredContent.schedule).toHaveLength(360);
    expect(all.structuredContent).not.toHaveProperty('truncated');
    const viaCall = await call('call_tool', { name: 'loan_calculator', arguments: { ...LOAN, allRows: true } });
    expect(viaCall.structuredContent.schedule).toHaveLength(360);
    const bad = await call('loan_calculator', { ...LOAN, allRows: 'yes' });
    expect(bad.isError).toBe(true);
    expect(bad.content[0].text).toBe('Invalid input: `allRows` must be true or false');
    // A tool without mcpRows does not take allRows (its own schema refuses the unknown field).
    const other = await call('call_tool', { name: 'word_counter', arguments: { text: 'a b', allRows: true } });
    expect(other.isError).toBe(true);
    expect(other.content[0].text).toContain('allRows');
  });

  it('a short answer is not marked: a 3-month loan has no truncated', async () => {
    const short = await call('loan_calculator', { amount: 1000, annualRatePercent: 12, term: 3, termUnit: 'months' });
    expect(short.structuredContent.schedule).toHaveLength(3);
    expect(short.structuredContent).not.toHaveProperty('truncated');
  });

  it('generated records: 20 BRP persons answer 5 over MCP, all 20 with allRows and over REST', async () => {
    const input = { options: { count: 20, seed: 1 } };
    const mcp = await call('generate_brp_test_data', input);
    expect(mcp.structuredContent.people).toHaveLength(5);
    expect(mcp.structuredContent.count).toBe(20);
    expect(mcp.structuredContent.truncated).toEqual({ people: { shown: 5, total: 20 } });
    const all = await call('generate_brp_test_data', { ...input, allRows: true });
    expect(all.structuredContent.people).toHaveLength(20);
    expect(all.structuredContent.people.slice(0, 5)).toEqual(mcp.structuredContent.people);
    const rest = await post(srv.url, '/api/v1/tools/brp-test-data-generator', input, srv.key);
    expect(rest.json.data.people).toEqual(all.structuredContent.people);
  });

  it('by-products of a long range: working days over ten years list 10 of the holidays they skip', async () => {
    const input = { start: '2020-01-01', end: '2029-12-31', excludeDutchHolidays: true };
    const mcp = await call('working_days', input);
    const rest = await post(srv.url, registry.restPath(registry.requireName('working_days').tool), input, srv.key);
    expect(rest.status, rest.text).toBe(200);
    const total = rest.json.data.holidaysExcluded.length;
    expect(total).toBeGreaterThan(40);
    expect(mcp.structuredContent.holidaysExcluded).toEqual(rest.json.data.holidaysExcluded.slice(0, 10));
    expect(mcp.structuredContent.truncated).toEqual({ holidaysExcluded: { shown: 10, total } });
    expect(mcp.structuredContent.workingDays).toBe(rest.json.data.workingDays);
  });

  it('the listing states it: the description, allRows in the input schema, truncated in the output schema', async () => {
    const { tools } = await client.listTools();
    const loan = tools.find((t) => t.name === 'loan_calculator')!;
    expect(loan.description).toContain(
      'MCP answers hold the first 12 rows of `schedule` (`truncated` gives the total; allRows: true for all).',
    );
    expect(loan.inputSchema.properties).toHaveProperty('allRows', expect.objectContaining({ type: 'boolean', default: false }));
    expect(loan.outputSchema?.properties).toHaveProperty('truncated');
    const declared = registry.tools.filter((t) => t.tool.mcpRows).map((t) => t.tool.name);
    for (const t of tools.filter((t) => declared.includes(t.name)))
      expect(t.description, t.name).toMatch(/MCP answers hold the first \d+ rows of `/);
    for (const t of tools.filter((t) => !declared.includes(t.name)))
      expect(t.inputSchema.properties ?? {}, t.name).not.toHaveProperty('allRows');
    // find_tools answers the same callable schema.
    const found = await call('find_tools', { query: 'amortisation schedule of a personal loan', limit: 3 });
    const hit = found.structuredContent.tools.find((t: { name: string }) => t.name === 'loan_calculator');
    expect(hit.inputSchema.properties).toHaveProperty('allRows');
  });
});

describe('the declaration', () => {
  const base = {
    slug: 'rows-check',
    title: 'Rows check',
    keywords: { en: ['rows', 'check'], nl: ['rijen', 'controle'] },
    description: 'A tool that declares mcpRows, which the registry checks at start-up against its output.',
    input: z.strictObject({ n: z.int() }),
    output: z.object({ items: z.array(z.int()), total: z.int() }),
    examples: [
      { name: 'a', input: { n: 1 }, output: { items: [1], total: 1 } },
      { name: 'b', input: { n: 2 }, output: { items: [1, 2], total: 2 } },
    ],
    run: ({ n }: { n: number }) => ({ items: Array.from({ length: n }, (_, i) => i + 1), total: n }),
  };
  const set = [declareToolset('text', { description: 'Text' })];
  const of = (extra: object) => Registry.of([{ ...defineTool({ ...base, ...extra }), toolset: 'text' }], set);

  it('names array fields of the output with a row count of at least 1, and leaves allRows free in the input', () => {
    expect(of({ mcpRows: { items: 5 } }).tools).toHaveLength(1);
    expect(() => of({ mcpRows: { total: 5 } })).toThrow(/mcpRows.total is not an array field of the output/);
    expect(() => of({ mcpRows: { items: 0 } })).toThrow(/mcpRows.items must be a whole number/);
    expect(() => of({ mcpRows: { items: 5 }, input: z.strictObject({ n: z.int(), allRows: z.boolean() }) })).toThrow(/allRows clashes/);
  });
});
