/**
 * Tool discovery, measured: recall@1 and recall@5 on test/discovery/queries.json for
 *
 * - `find_tools` (the search every surface ranks with: MCP find_tools, GET /api/v1/tools?q=, the web catalogue),
 * - a plain BM25 over each tool's name and description (the baseline to beat),
 * - a plain BM25 over the full listed text (name, listed description with its "Also:" keywords line,
 *   input field names and descriptions): the index a host that searches tools itself builds
 *   (Claude Code, the Agent SDK, Copilot CLI),
 *
 * plus what a find_tools answer costs in tokens. Deterministic, so test/discovery/discovery.test.ts
 * holds the figures; `npm run bench -- discovery` prints them.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import type { Registry } from '../src/core/registry.js';
import { fold } from '../src/search/text.js';
import { schemaText } from '../src/search/documents.js';
import { listedDescription, findTools } from '../src/mcp/discovery.js';
import { mcpInputSchema } from '../src/mcp/rows.js';

export interface Query {
  q: string;
  lang: 'en' | 'nl';
  tools: string[];
}

/** The evaluation set: the repository's file, or another of the same shape (WERKBANK_DISCOVERY_QUERIES). */
export function loadQueries(file = process.env.WERKBANK_DISCOVERY_QUERIES): Query[] {
  const here = dirname(fileURLToPath(import.meta.url));
  // From source (bench/) or built (dist/bench/): the set lives in test/discovery/ at the package root.
  const path =
    file ??
    [join(here, '..', 'test', 'discovery', 'queries.json'), join(here, '..', '..', 'test', 'discovery', 'queries.json')].find((p) => {
      try {
        readFileSync(p);
        return true;
      } catch {
        return false;
      }
    })!;
  return (JSON.parse(readFileSync(path, 'utf8')) as { queries: Query[] }).queries;
}

export type Ranker = (query: string) => string[];

export interface Recall {
  at1: number;
  at5: number;
  /** The requests whose tool is not in the top 5: the request, the expected tool and what came first. */
  misses: { q: string; expected: string[]; got: string[] }[];
  /** The requests whose tool is in the top 5 but not first: the same, with the rank it reached (2–5). */
  notFirst: { q: string; expected: string[]; got: string[]; rank: number }[];
}

export function recall(queries: readonly Query[], rank: Ranker): Recall {
  let at1 = 0;
  let at5 = 0;
  const misses: Recall['misses'] = [];
  const notFirst: Recall['notFirst'] = [];
  for (const { q, tools } of queries) {
    const ranked = rank(q).slice(0, 5);
    const at = ranked.findIndex((n) => tools.includes(n));
    if (at === 0) at1++;
    if (at >= 0) at5++;
    if (at < 0) misses.push({ q, expected: tools, got: ranked.slice(0, 3) });
    else if (at > 0) notFirst.push({ q, expected: tools, got: ranked.slice(0, 3), rank: at + 1 });
  }
  return { at1: at1 / queries.length, at5: at5 / queries.length, misses, notFirst };
}

/** A plain BM25 (k1 1.2, b 0.75) over one text per tool: folded words, no stems, no stop words, no typos. */
export function plainBm25(docs: readonly { name: string; text: string }[]): Ranker {
  const words = (t: string) =>
    fold(t)
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
  const tf = docs.map((d) => {
    const m = new Map<string, number>();
    for (const w of words(d.text)) m.set(w, (m.get(w) ?? 0) + 1);
    return m;
  });
  const len = docs.map((d) => words(d.text).length);
  const avg = len.reduce((a, b) => a + b, 0) / docs.length;
  const df = new Map<string, number>();
  for (const m of tf) for (const w of m.keys()) df.set(w, (df.get(w) ?? 0) + 1);
  return (query) => {
    const q = [...new Set(words(query))];
    return docs
      .map((d, i) => {
        let s = 0;
        for (const w of q) {
          const f = tf[i].get(w);
          if (!f) continue;
          const n = df.get(w)!;
          s += Math.log(1 + (docs.length - n + 0.5) / (n + 0.5)) * ((f * 2.2) / (f + 1.2 * (0.25 + (0.75 * len[i]) / avg)));
        }
        return { name: d.name, s };
      })
      .filter((x) => x.s > 0)
      .sort((a, b) => b.s - a.s || (a.name < b.name ? -1 : 1))
      .map((x) => x.name);
  };
}

export interface DiscoveryReport {
  queries: number;
  dutch: number;
  findTools: Recall;
  baseline: Recall;
  listed: Recall;
  /** o200k tokens of find_tools' text answer (limit 5), over the set: average and largest. */
  answerTokens: { average: number; max: number };
}

/** Every method on the set; the search sees every tool (hidden ones included), as on a server with every feature. */
export function discoveryReport(registry: Registry, queries: readonly Query[] = loadQueries()): DiscoveryReport {
  const all = registry.tools;
  const engine = registry.engine();
  const findToolsRank: Ranker = (q) => engine.search(q, { limit: 5 }).map((h) => h.name);
  const baseline = plainBm25(all.map(({ tool }) => ({ name: tool.name, text: `${tool.name.replace(/_/g, ' ')} ${tool.description}` })));
  const listed = plainBm25(
    all.map((e) => ({
      name: e.tool.name,
      text: `${e.tool.name.replace(/_/g, ' ')} ${listedDescription(e.tool)} ${schemaText(mcpInputSchema(e))}`,
    })),
  );
  const tokens = queries.map(({ q }) => encode(JSON.stringify(findTools(registry, { query: q, limit: 5 }, { all: true }))).length);
  return {
    queries: queries.length,
    dutch: queries.filter((q) => q.lang === 'nl').length,
    findTools: recall(queries, findToolsRank),
    baseline: recall(queries, baseline),
    listed: recall(queries, listed),
    answerTokens: { average: tokens.reduce((a, b) => a + b, 0) / tokens.length, max: Math.max(...tokens) },
  };
}
