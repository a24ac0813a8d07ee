/**
 * Hostile inputs for every tool: the worst cases that stalled the server plus, for every tool, its
 * examples with each long text field filled to the field's limit in a few shapes (repeated example text, many
 * short lines, bracket and markup runs) and each option of a mode field tried. Used by the stall test
 * (test/stall.test.ts) and `npm run bench -- stall`, which measure a cheap call's latency while these run.
 *
 * `familyHostile` generates, per family of tools (a toolset), the worst cases the issue names (long words, deep
 * nesting, many tiny lines, backtracking bait, huge numbers) at each big field's limit, at most 100 KB, and one
 * past the limit: test/hostile-families.test.ts holds their answers, `npm run bench -- hostile` their worker time.
 */
import { z } from 'zod';
import type { Tool } from '../src/core/tool.js';

export interface HostileCall {
  slug: string;
  label: string;
  input: Record<string, unknown>;
}

const MB = 1_000_000;

function fill(unit: string, length: number): string {
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}

/** Lines of distinct words (sorting, diffing, dedupe, CSV rows). */
/** An example's value of a text field, or 'x' where the example leaves it out or empty. */
function exampleText(value: unknown): string {
  return typeof value === 'string' && value ? value : 'x';
}

function wordLines(length: number, seed = 1): string {
  const words = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta', 'iota', 'kappa'];
  let out = '';
  let x = seed;
  while (out.length < length) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out += `${words[x % 10]} ${x % 9973} ${words[(x >> 8) % 10]}\n`;
  }
  return out.slice(0, length);
}

/** The hand-written worst cases, from the reports and from measuring each tool. */
export function knownHostile(): HostileCall[] {
  const attrs = (n: number) => '<a ' + Array.from({ length: n }, (_, i) => `a${i}="x"`).join(' ') + '/>';
  const deepJson = (n: number) => '['.repeat(n) + ']'.repeat(n);
  const manyKeys = JSON.stringify(Object.fromEntries(Array.from({ length: 25_000 }, (_, i) => [`k${i}`, { [`n${i}`]: [i, { x: i }] }])));
  return [
    { slug: 'yaml-to-json', label: '300k [ then 300k ]', input: { yaml: deepJson(300_000) } },
    { slug: 'yaml-to-json', label: '100k aliases', input: { yaml: 'a: &a x\nb:\n' + '  - *a\n'.repeat(100_000) } },
    { slug: 'yaml-to-json', label: '1 MB of - - -', input: { yaml: fill('- ', MB) } },
    {
      slug: 'yaml-to-json',
      label: '1 MB flow mapping',
      input: { yaml: '{' + Array.from({ length: 80_000 }, (_, i) => `k${i}: v`).join(', ') + '}' },
    },
    { slug: 'xml-formatter', label: '90k attributes', input: { xml: attrs(90_000) } },
    {
      slug: 'xml-formatter',
      label: '1 MB of nested elements, minify',
      input: { xml: '<r>' + '<a><b>x</b></a>'.repeat(60_000) + '</r>', mode: 'minify' },
    },
    { slug: 'xml-to-json', label: '85k attributes', input: { xml: attrs(85_000) } },
    { slug: 'xml-to-json', label: '1 MB of siblings', input: { xml: '<r>' + '<a>x</a>'.repeat(120_000) + '</r>' } },
    { slug: 'json-to-xml', label: '25k keys', input: { json: manyKeys } },
    { slug: 'json-to-yaml', label: '25k keys', input: { json: manyKeys, sortKeys: true } },
    { slug: 'json-to-typescript', label: '25k keys', input: { json: manyKeys } },
    {
      slug: 'json-to-typescript',
      label: '95-deep objects, 400 wide',
      input: { json: JSON.stringify(Array.from({ length: 400 }, (_, i) => deepObject(95, i))) },
    },
    { slug: 'json-formatter', label: '1 MB of numbers', input: { json: '[' + fill('1,', MB - 4) + '1]' } },
    {
      slug: 'json-to-csv',
      label: '25k rows',
      input: { json: JSON.stringify(Array.from({ length: 25_000 }, (_, i) => ({ a: i, b: `x${i}`, c: { d: i } }))) },
    },
    { slug: 'csv-to-json', label: '1 MB of quoted cells', input: { csv: '"a,b",c,"d""e"\n'.repeat(60_000) } },
    { slug: 'csv-to-json', label: '1 MB one row of 200k columns', input: { csv: fill('a,', MB) } },
    { slug: 'csv-to-markdown', label: '1 MB of cells', input: { csv: fill('a,bb,ccc\n', MB), padded: true } },
    { slug: 'sort-lines', label: 'length on 1M characters', input: { text: wordLines(MB), mode: 'length' } },
    { slug: 'sort-lines', label: 'natural on 1M characters', input: { text: wordLines(MB), mode: 'natural', removeDuplicates: true } },
    {
      slug: 'text-diff',
      label: '2 × 200k, all lines differ',
      input: { original: wordLines(200_000, 1), modified: wordLines(200_000, 2), granularity: 'line' },
    },
    {
      slug: 'text-diff',
      label: '2 × 200k characters',
      input: { original: wordLines(200_000, 3), modified: wordLines(200_000, 4), granularity: 'character' },
    },
    {
      slug: 'text-diff',
      label: '2 × 200k words',
      input: { original: wordLines(200_000, 5), modified: wordLines(200_000, 6), granularity: 'word' },
    },
    { slug: 'markdown-to-html', label: '"ab\\n" × 3,333 (the 10,000-character limit)', input: { markdown: 'ab\n'.repeat(3_333) } },
    { slug: 'markdown-to-html', label: '10,000 [', input: { markdown: '['.repeat(10_000) } },
    { slug: 'markdown-to-html', label: '250,000 [ (refused: over the limit)', input: { markdown: '['.repeat(250_000) } },
    { slug: 'markdown-to-html', label: '1M [ (refused: over the limit)', input: { markdown: '['.repeat(MB) } },
    { slug: 'markdown-to-html', label: '9,998 nested >', input: { markdown: '>'.repeat(9_998) + ' x' } },
    { slug: 'markdown-to-html', label: '830 unclosed tags', input: { markdown: '<div>'.repeat(830) + '</span>'.repeat(830) } },
    {
      slug: 'sql-formatter',
      label: '4,000 of SQL (the limit)',
      input: { sql: fill('SELECT a, b FROM t WHERE (x = 1 AND (y = 2 OR z IN (1,2,3)));\n', 4_000) },
    },
    { slug: 'sql-formatter', label: '4,000 of ; (the limit)', input: { sql: ';'.repeat(4_000) } },
    { slug: 'sql-formatter', label: '100 nested ( (the limit)', input: { sql: 'SELECT ' + '('.repeat(100) + '1' + ')'.repeat(100) } },
    { slug: 'sql-formatter', label: '1,900 nested ( (refused)', input: { sql: 'SELECT ' + '('.repeat(1_900) + '1' + ')'.repeat(1_900) } },
    {
      slug: 'subtitle-converter',
      label: '500k of cues',
      input: { subtitles: fill('1\n00:00:01,000 --> 00:00:02,000\nHello <i>there</i>\n\n', 500_000), to: 'vtt' },
    },
    { slug: 'readability', label: 'one 100,000-letter word', input: { text: 'x'.repeat(100_000) } },
    { slug: 'readability', label: '"xë" × 50,000 (an ASCII \\b at every x)', input: { text: 'xë'.repeat(50_000), language: 'nl' } },
    { slug: 'readability', label: '"a." × 50,000', input: { text: 'a.'.repeat(49_998) + ' b' } },
    {
      slug: 'csv-to-markdown',
      label: 'one 100k cell above 50k rows, padded (refused)',
      input: { csv: 'h\n' + 'x'.repeat(100_000) + '\n' + 'a\n'.repeat(50_000), padded: true },
    },
    {
      slug: 'csv-to-json',
      label: 'one 20k-wide row above 50k rows (refused)',
      input: { csv: ','.repeat(20_000) + '\n' + 'a\n'.repeat(50_000) },
    },
    {
      slug: 'json-to-csv',
      label: 'one item of 20k keys above 40k empty ones (refused)',
      input: {
        json: JSON.stringify([
          Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, 1])),
          ...Array.from({ length: 40_000 }, () => ({})),
        ]),
      },
    },
    {
      slug: 'csv-column-extractor',
      label: 'one 100k-wide row above 70k rows (refused)',
      input: { csv: 'a\n' + ','.repeat(100_000) + '\n' + 'x\n'.repeat(70_000), columns: ['a'] },
    },
    { slug: 'regex-tester', label: 'ReDoS (a+)+$', input: { pattern: '(a+)+$', text: 'a'.repeat(40) + '!' } },
    {
      slug: 'find-and-replace',
      label: 'ReDoS (a|a)*$',
      input: { text: 'a'.repeat(40) + '!', find: '(a|a)*$', replace: 'x', useRegex: true },
    },
    { slug: 'numbers-to-words', label: '100-digit number', input: { number: '9'.repeat(100) } },
    { slug: 'text-case-converter', label: 'title case of 1M', input: { text: wordLines(MB), mode: 'title' } },
    { slug: 'text-case-converter', label: 'camel case of 1M', input: { text: wordLines(MB), mode: 'camel' } },
    {
      slug: 'text-cleaner',
      label: '1M of markup and emoji',
      input: { text: fill('<b>x</b> 😀 “q” ', MB), htmlTags: true, emojis: true, plainQuotes: true, punctuation: true },
    },
    { slug: 'remove-duplicate-lines', label: '1M of lines', input: { text: wordLines(MB), caseInsensitive: true, trim: true } },
    { slug: 'word-frequency-counter', label: '1M of words', input: { text: wordLines(MB) } },
    { slug: 'keyword-density', label: '100k of words', input: { text: wordLines(100_000), ngramSizes: [1, 2, 3] } },
    { slug: 'text-similarity', label: '2 × 10k', input: { a: wordLines(10_000, 1), b: wordLines(10_000, 2) } },
  ];
}

function deepObject(depth: number, seed: number): unknown {
  let v: unknown = seed;
  for (let i = 0; i < depth; i++) v = { [`k${(seed + i) % 7}`]: v, n: i };
  return v;
}

interface FieldInfo {
  name: string;
  maxLength?: number;
  enumValues?: string[];
  /** An array field: its most items, and its items' type and longest string. */
  maxItems?: number;
  itemType?: string;
  itemMaxLength?: number;
}

type PropertySchema = { type?: string; maxLength?: number; maxItems?: number; enum?: unknown[]; items?: PropertySchema };

function fields(tool: Tool): FieldInfo[] {
  let schema: { properties?: Record<string, PropertySchema> };
  try {
    schema = z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' }) as typeof schema;
  } catch {
    return [];
  }
  return Object.entries(schema.properties ?? {}).map(([name, p]) => ({
    name,
    maxLength: p.type === 'string' ? p.maxLength : undefined,
    enumValues: Array.isArray(p.enum) && p.enum.every((v) => typeof v === 'string') ? p.enum : undefined,
    ...(p.type === 'array' ? { maxItems: p.maxItems, itemType: p.items?.type, itemMaxLength: p.items?.maxLength } : {}),
  }));
}

/** A hostile call of a family: `pastLimit` calls send one character or item more than the field allows. */
export interface FamilyCall extends HostileCall {
  family: string;
  /** The field sent one past its limit: the answer must be a 400 naming it and the limit. */
  pastLimit?: { field: string; limit: number };
}

/** The largest hostile text the family inputs use, characters (the 100 KB). */
export const FAMILY_TEXT_CHARS = 100_000;

/** The worst-case shapes of a text of `n` characters. */
const TEXT_SHAPES: Record<string, (n: number) => string> = {
  'one long word': (n) => 'x'.repeat(n),
  'a non-ASCII letter at every other character': (n) => fill('xë', n),
  'many tiny lines': (n) => fill('a\n', n),
  'dotted letters (sentence and backtracking bait)': (n) => fill('a.', n - 1) + '!',
  'deep brackets': (n) => '['.repeat(Math.floor(n / 2)) + ']'.repeat(n - Math.floor(n / 2)),
  'deep unclosed markup': (n) => fill('<a>', n),
  'separators only': (n) => fill(',;\t|', n),
  'one huge number': (n) => '9'.repeat(n),
  'quotes and escapes': (n) => fill('"\\\'`', n),
};

/** The items of an array field filled to its limit: the example's first item, or huge numbers and long strings. */
function arrayShapes(f: FieldInfo, example: unknown): Array<[string, unknown[]]> {
  const n = f.maxItems!;
  const out: Array<[string, unknown[]]> = [];
  const items: unknown[] = Array.isArray(example) ? example : [];
  if (items.length > 0) out.push(['example items to the limit', Array.from({ length: n }, (_, i) => items[i % items.length])]);
  if (f.itemType === 'number') out.push(['huge numbers to the limit', Array.from({ length: n }, (_, i) => (i % 2 ? -1 : 1) * 1e300)]);
  if (f.itemType === 'string')
    out.push(['longest strings to the limit', Array.from({ length: n }, () => '9'.repeat(f.itemMaxLength ?? 100))]);
  return out;
}

/** Whether a family's tools can be called here: no network, no browser, no AI endpoint, no memory. */
function callable(tool: Tool): boolean {
  return tool.examples.some((e) => !e.online) && tool.metering !== 'render' && tool.toolset !== 'ai' && tool.toolset !== 'memory';
}

/**
 * For every tool with a text field of 1,000+ characters or an array field of 100+ items: each worst-case shape in
 * every such field at once (at the field's limit, at most FAMILY_TEXT_CHARS), and each field one past its limit.
 */
export function familyHostile(tools: readonly Tool[]): FamilyCall[] {
  const out: FamilyCall[] = [];
  for (const tool of tools.filter(callable)) {
    const base = tool.examples.find((e) => !e.online)!.input as Record<string, unknown>;
    const info = fields(tool);
    const texts = info.filter((f) => (f.maxLength ?? 0) >= 1000);
    const arrays = info.filter((f) => (f.maxItems ?? 0) >= 100);
    const call = (label: string, input: Record<string, unknown>, pastLimit?: FamilyCall['pastLimit']) =>
      out.push({ family: tool.toolset, slug: tool.slug, label, input, ...(pastLimit ? { pastLimit } : {}) });
    if (texts.length > 0)
      for (const [label, shape] of Object.entries(TEXT_SHAPES)) {
        const input = { ...base };
        for (const f of texts) input[f.name] = shape(Math.min(f.maxLength!, FAMILY_TEXT_CHARS));
        call(label, input);
      }
    for (const f of arrays)
      for (const [label, items] of arrayShapes(f, base[f.name])) call(`${f.name}: ${label}`, { ...base, [f.name]: items });
    for (const f of texts)
      call(
        `${f.name} one character past its limit`,
        { ...base, [f.name]: 'x'.repeat(f.maxLength! + 1) },
        { field: f.name, limit: f.maxLength! },
      );
    for (const f of arrays)
      if (f.maxItems !== undefined && Array.isArray(base[f.name]) && (base[f.name] as unknown[]).length > 0) {
        const item = (base[f.name] as unknown[])[0];
        call(
          `${f.name} one item past its limit`,
          { ...base, [f.name]: Array.from({ length: f.maxItems + 1 }, () => item) },
          { field: f.name, limit: f.maxItems },
        );
      }
  }
  return out;
}

/**
 * For every tool: each example with every text field of 1,000+ characters filled to its limit, in three shapes,
 * and (shape one) each value of each option field. Tools whose examples need the network are skipped.
 */
export function generatedHostile(tools: readonly Tool[]): HostileCall[] {
  const out: HostileCall[] = [];
  for (const tool of tools) {
    const example = tool.examples.find((e) => !e.online);
    if (!example || tool.metering === 'render' || tool.toolset === 'ai' || tool.toolset === 'memory' || tool.streamJson) continue;
    const base = example.input as Record<string, unknown>;
    const info = fields(tool);
    const long = info.filter((f) => (f.maxLength ?? 0) >= 1000);
    if (long.length === 0) continue;
    const shapes: Array<[string, (f: FieldInfo) => string]> = [
      ['example text to the limit', (f) => fill(exampleText(base[f.name]), f.maxLength!)],
      ['short lines to the limit', (f) => wordLines(f.maxLength!)],
      ['brackets and markup to the limit', (f) => fill('[{(<a "&*_`\\', f.maxLength!)],
    ];
    for (const [label, shape] of shapes) {
      const input = { ...base };
      for (const f of long) input[f.name] = shape(f);
      out.push({ slug: tool.slug, label, input });
      if (label !== shapes[0][0]) continue;
      for (const f of info)
        for (const value of f.enumValues ?? [])
          if (value !== base[f.name] && info.length > 1)
            out.push({ slug: tool.slug, label: `${label}, ${f.name}=${value}`, input: { ...input, [f.name]: value } });
    }
  }
  return out;
}
