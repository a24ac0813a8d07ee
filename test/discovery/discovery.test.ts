/**
 * Tool discovery: the evaluation set is sound, find_tools reaches its recall targets on
 * it and beats a plain BM25 measured in the same run, every tool has English and Dutch keywords,
 * and the search behaves as documented (folding, typos, compounds, sentences, hidden tools).
 * Deterministic, so the figures are held here; `npm run bench -- discovery` prints them.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadRegistry } from '../../src/catalogue.js';
import { Registry } from '../../src/core/registry.js';
import { defineTool } from '../../src/core/tool.js';
import { declareToolset } from '../../src/core/toolset.js';
import { discoveryReport, loadQueries } from '../../bench/discovery.js';
import { findTools } from '../../src/mcp/discovery.js';

const registry = await loadRegistry();
const queries = loadQueries();
const report = discoveryReport(registry, queries);
const top = (q: string, n = 1) =>
  registry
    .engine()
    .search(q, { limit: n })
    .map((h) => h.name);

describe('the evaluation set', () => {
  it('has at least 300 requests, a third of them Dutch, naming only real tools and covering every tool', () => {
    expect(queries.length).toBeGreaterThanOrEqual(300);
    expect(queries.filter((q) => q.lang === 'nl').length).toBeGreaterThanOrEqual(queries.length / 3);
    const names = new Set(registry.tools.map((t) => t.tool.name));
    expect(queries.flatMap((q) => q.tools).filter((n) => !names.has(n))).toEqual([]);
    const covered = new Set(queries.flatMap((q) => q.tools));
    expect([...names].filter((n) => !covered.has(n))).toEqual([]);
  });
});

describe('find_tools recall', () => {
  // The target is 90 % / 98 %; held at what it reaches (measured 92.5 % / 99.7 %).
  it('recall@1 ≥ 92 % and recall@5 ≥ 99 % (target 90 % / 98 %)', () => {
    expect(report.findTools.at1, JSON.stringify(report.findTools.notFirst)).toBeGreaterThanOrEqual(0.92);
    expect(report.findTools.at5, JSON.stringify(report.findTools.misses)).toBeGreaterThanOrEqual(0.99);
  });

  it('clearly above a plain BM25 over name + description measured in the same run', () => {
    expect(report.findTools.at1 - report.baseline.at1).toBeGreaterThan(0.2);
    expect(report.findTools.at5).toBeGreaterThan(report.baseline.at5);
  });

  // The target is 85 % / 97 %, reached by carrying each tool's keywords in its listing ("Also: …", phrases
  // kept unless the description already has them) and words people type for the task (measured 85.4 % / 98.5 %;
  // 78.5 % / 94.3 % before). A plain BM25 neither stems nor drops stop words, so a few requests move with any
  // listing change: the floor is the target, with recall@5 held at 98 %.
  it('a plain BM25 over the listed text (what hosts that search tools build) reaches 85 % / 98 %, above one over name + description', () => {
    expect(report.listed.at1, JSON.stringify(report.listed.notFirst)).toBeGreaterThanOrEqual(0.85);
    expect(report.listed.at5, JSON.stringify(report.listed.misses)).toBeGreaterThanOrEqual(0.98);
    expect(report.listed.at1).toBeGreaterThan(report.baseline.at1 + 0.3);
  });
});

describe('keywords', () => {
  it('every tool has English and Dutch keywords', () => {
    const without = registry.tools.filter(({ tool }) => !(tool.keywords?.en?.length >= 2 && tool.keywords?.nl?.length >= 2));
    expect(without.map((t) => t.tool.name)).toEqual([]);
  });

  it('the registry refuses a tool without them', () => {
    const base = {
      slug: 'no-keywords',
      title: 'No keywords',
      description: 'A tool declared without keywords, which the registry must refuse at start-up.',
      input: z.strictObject({ text: z.string() }),
      output: z.object({ text: z.string() }),
      examples: [
        { name: 'a', input: { text: 'a' }, output: { text: 'a' } },
        { name: 'b', input: { text: 'b' }, output: { text: 'b' } },
      ],
      run: ({ text }: { text: string }) => ({ text }),
    };
    const set = [declareToolset('text', { description: 'Text' })];
    const bare = { ...defineTool({ ...base, keywords: { en: [], nl: [] } }), toolset: 'text' };
    expect(() => Registry.of([bare], set)).toThrow(/no-keywords: needs keywords/);
    const english = { ...defineTool({ ...base, keywords: { en: ['echo', 'repeat'], nl: [] } }), toolset: 'text' };
    expect(() => Registry.of([english], set)).toThrow(/needs keywords/);
    const both = { ...defineTool({ ...base, keywords: { en: ['echo', 'repeat'], nl: ['herhalen', 'echo'] } }), toolset: 'text' };
    expect(Registry.of([both], set).tools).toHaveLength(1);
  });
});

describe('the search', () => {
  it('folds accents and case, takes one typo in longer words and Dutch compounds', () => {
    expect(top('ANNUÏTEITENHYPOTHEEK')).toEqual(['mortgage_calculator']);
    expect(top('hypoteek maandlasten')).toEqual(['mortgage_calculator']);
    expect(top('pasword generater')).toEqual(['password_generator']);
    expect(top('weeknummer')).toEqual(['week_number_calculator']);
  });

  it('ranks a whole sentence by the words that match: unknown words do not sink the tool', () => {
    expect(top('could you please help me figure out how many working days my sister has left in march, thanks!', 3)).toContain(
      'working_days',
    );
    expect(top('zzzqx blorf vakantiegeld')).toEqual(['holiday_allowance_calculator']);
  });

  it('tells direction apart: json naar csv is json_to_csv', () => {
    expect(top('json naar csv')).toEqual(['json_to_csv']);
    expect(top('csv naar json')).toEqual(['csv_to_json']);
  });

  it('answers nothing for words that match no tool, and is deterministic', () => {
    expect(findTools(registry, { query: 'qqqq zzzz' }).tools).toEqual([]);
    expect(top('loan', 10)).toEqual(top('loan', 10));
  });

  it('answers callable tools: name, title, summary, toolset and a compact input schema', () => {
    const { tools } = findTools(registry, { query: 'convert this SRT to VTT', limit: 3 });
    expect(tools[0]).toMatchObject({
      name: 'subtitle_converter',
      toolset: 'format',
      title: expect.any(String),
      summary: expect.stringMatching(/\.$/),
    });
    expect((tools[0].inputSchema as { type: string }).type).toBe('object');
    expect(JSON.stringify(tools[0].inputSchema)).not.toContain('"additionalProperties":false');
  });

  it('never answers a hidden tool (the AI tools without an endpoint)', () => {
    const saved = { key: process.env.OPENAI_API_KEY, url: process.env.OPENAI_BASE_URL };
    delete process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_BASE_URL;
    try {
      expect(findTools(registry, { query: 'summarize this article', limit: 20 }).tools.map((t) => t.toolset)).not.toContain('ai');
      expect(registry.visibleToolsets().map((t) => t.name)).not.toContain('ai');
    } finally {
      if (saved.key !== undefined) process.env.OPENAI_API_KEY = saved.key;
      if (saved.url !== undefined) process.env.OPENAI_BASE_URL = saved.url;
    }
  });
});
