/**
 * The tool search: one ranking for MCP `find_tools`, REST `GET /api/v1/tools?q=` and the web
 * catalogue. BM25F (Robertson, Zaragoza & Taylor 2004) over the fields of each tool: a term's
 * frequency is normalised per field by that field's length, the fields are summed with their
 * weights into one pseudo-frequency, and saturation is applied once, so a word repeated in name,
 * title and keywords does not count three times.
 *
 * Query words are matched by their English and Dutch stems (the best of the two counts); a word that
 * matches no term exactly is tried as a compound (`ontslagvergoeding` → `ontslag` + `vergoeding`), as
 * a prefix of longer terms (`hypotheek` → `hypotheekrenteaftrek`; the last word from three letters, as typed)
 * and, from five letters, with one typo (insertion, deletion, substitution or transposition), each
 * scored below an exact match. Words that match nothing add nothing: a whole sentence ranks by the
 * words that do match. A tool matched only by its toolset's words is left out when another matches by its own. Deterministic: ties go to the tool name in alphabetical order.
 *
 * The index is plain JSON, built at build time into dist/manifest.json (scripts/gen-manifest.ts), so
 * a search loads no tool module; no network, no model.
 */
import { contentTokens, termsOf, valueWords } from './text.js';

/** What is indexed of one tool. */
export interface SearchDocument {
  /** The MCP tool name (the result's identity). */
  name: string;
  fields: Record<FieldName, string>;
}

export type FieldName = (typeof FIELDS)[number]['name'];

/**
 * The fields, their weights and length normalisation `b`. `keywords` are the words people use for
 * the task (English and Dutch), `summary` the description's first sentence and `body` the rest,
 * `toolset` the toolset's name and description, `examples` the example titles, `params` the input
 * fields' names and descriptions.
 */
export const FIELDS = [
  { name: 'name', weight: 3, b: 0.3 },
  { name: 'title', weight: 2.5, b: 0.3 },
  { name: 'keywords', weight: 3, b: 0.3 },
  { name: 'summary', weight: 1.5, b: 0.5 },
  { name: 'body', weight: 0.5, b: 0.75 },
  { name: 'toolset', weight: 0.3, b: 0.3 },
  { name: 'examples', weight: 0.6, b: 0.5 },
  { name: 'params', weight: 0.3, b: 0.75 },
] as const;

const K1 = 1.5;
/** What a match other than an exact one is worth, against 1 for a stem match. */
const WEIGHT = { compound: 0.8, prefix: 0.7, typo: 0.6, weak: 0.3 } as const;

/**
 * Words that say a tool is wanted but not which: generic verbs and nouns of both languages. They
 * still count (a tie between two tools may turn on them), at a third of a word's weight.
 */
const WEAK_WORDS = `calculate calculator calculation compute convert converter conversion generate generator create tool online free
check checker value berekenen bereken berekening uitrekenen rekenen omrekenen omzetten genereren genereer maken maak
controleren controleer waarde`.split(/\s+/);
let weakTerms: Set<string> | undefined;
const isWeak = (word: string) => (weakTerms ??= new Set(WEAK_WORDS.flatMap((w) => [w, ...termsOf(w)]))).has(word);

/** The index as stored in the manifest. */
export interface SerializedIndex {
  version: 1;
  fields: string[];
  /** Per tool: its name and each field's length in terms. */
  docs: { name: string; len: number[] }[];
  /** term → flat [doc, field, frequency, doc, field, frequency, ...]. */
  terms: Record<string, number[]>;
  /** `term term` → the tools whose name, title or a keyword has those two words side by side. */
  pairs: Record<string, number[]>;
}

/** The fields whose word pairs are indexed: phrases people say (`holiday pay`, `bruto netto`). */
const PHRASE_FIELDS: readonly string[] = ['name', 'title', 'keywords'];
/** A query's two neighbouring words found side by side in a tool's phrase: added, like a word of this weight. */
const PAIR_WEIGHT = 0.25;

/** The pairs of neighbouring words of a text (their stems, every combination), within commas. */
function pairsOf(text: string): string[] {
  const out: string[] = [];
  for (const phrase of text.split(/[,;:()]/)) {
    const words = contentTokens(phrase);
    for (let i = 1; i < words.length; i++) for (const a of termsOf(words[i - 1])) for (const b of termsOf(words[i])) out.push(`${a} ${b}`);
  }
  return out;
}

/** Builds the index of these tools (build time; also from source in tests). */
export function buildIndex(documents: readonly SearchDocument[]): SerializedIndex {
  const fields = FIELDS.map((f) => f.name);
  const terms = new Map<string, number[]>();
  const pairs = new Map<string, number[]>();
  // Every word of the catalogue: a compound of two of them is also indexed under its parts
  // (`stroomkosten` under `stroom` and `kosten`), so the parts find it as words of their own.
  const words = new Set(documents.flatMap((doc) => fields.flatMap((field) => contentTokens(doc.fields[field] ?? ''))));
  const partsOf = compoundSplitter((w) => words.has(w), true);
  const docs = documents.map((doc, d) => {
    const len = fields.map((field, f) => {
      const counts = new Map<string, number>();
      let n = 0;
      for (const token of contentTokens(doc.fields[field] ?? '')) {
        for (const term of termsOf(token)) counts.set(term, (counts.get(term) ?? 0) + 1);
        for (const part of partsOf(token) ?? []) for (const term of termsOf(part)) counts.set(term, (counts.get(term) ?? 0) + 1);
        n++;
      }
      for (const [term, tf] of [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
        let list = terms.get(term);
        if (!list) terms.set(term, (list = []));
        list.push(d, f, tf);
      }
      return n;
    });
    for (const pair of new Set(PHRASE_FIELDS.flatMap((field) => pairsOf(doc.fields[field as FieldName] ?? '')))) {
      let list = pairs.get(pair);
      if (!list) pairs.set(pair, (list = []));
      list.push(d);
    }
    return { name: doc.name, len };
  });
  const sorted = [...terms.keys()].sort();
  return {
    version: 1,
    fields,
    docs,
    terms: Object.fromEntries(sorted.map((t) => [t, terms.get(t)!])),
    pairs: Object.fromEntries([...pairs.keys()].sort().map((p) => [p, pairs.get(p)!])),
  };
}

export interface SearchHit {
  name: string;
  score: number;
}

export interface SearchOptions {
  /** At most this many hits (default: every tool that matches). */
  limit?: number;
  /** Only tools this accepts (toolset filter, hidden tools). */
  filter?: (name: string) => boolean;
}

export class ToolSearch {
  private readonly postings: Map<string, number[]>;
  private readonly pairs: Map<string, number[]>;
  private readonly vocabulary: string[];
  private readonly weights: number[];
  private readonly b: number[];
  private readonly avg: number[];
  private readonly names: string[];
  private readonly lens: number[][];
  private readonly toolsetField: number;

  constructor(private readonly index: SerializedIndex) {
    if (index.version !== 1) throw new Error(`search index version ${String(index.version)} is not supported: run npm run build`);
    this.postings = new Map(Object.entries(index.terms));
    this.pairs = new Map(Object.entries(index.pairs ?? {}));
    this.vocabulary = [...this.postings.keys()];
    const spec = new Map<string, { weight: number; b: number }>(FIELDS.map((f) => [f.name, f]));
    this.weights = index.fields.map((f) => spec.get(f)?.weight ?? 0);
    this.b = index.fields.map((f) => spec.get(f)?.b ?? 0.75);
    this.names = index.docs.map((d) => d.name);
    this.lens = index.docs.map((d) => d.len);
    this.toolsetField = index.fields.indexOf('toolset');
    this.avg = index.fields.map((_, f) => index.docs.reduce((s, d) => s + d.len[f], 0) / Math.max(1, index.docs.length) || 1);
  }

  static of(documents: readonly SearchDocument[]): ToolSearch {
    return new ToolSearch(buildIndex(documents));
  }

  get size(): number {
    return this.names.length;
  }

  /** Tools ranked for a query, best first; only tools that match at least one query word. */
  search(query: string, opts: SearchOptions = {}): SearchHit[] {
    const words = [...new Set([...contentTokens(query), ...valueWords(query)])];
    const scores = new Map<number, number>();
    const own = new Set<number>();
    words.forEach((word, i) => {
      const perDoc = this.wordScores(word, i === words.length - 1, own);
      const weight = isWeak(word) ? WEIGHT.weak : 1;
      for (const [d, s] of perDoc) scores.set(d, (scores.get(d) ?? 0) + weight * s);
    });
    // Phrases: two neighbouring query words that stand side by side in a tool's name, title or keyword.
    const sequence = contentTokens(query);
    const paired = new Map<number, number>();
    for (let i = 1; i < sequence.length; i++) {
      const docs = new Set<number>();
      for (const a of termsOf(sequence[i - 1]))
        for (const b of termsOf(sequence[i])) for (const d of this.pairs.get(`${a} ${b}`) ?? []) docs.add(d);
      if (!docs.size) continue;
      const idf = Math.log(1 + (this.names.length - docs.size + 0.5) / (docs.size + 0.5));
      for (const d of docs) paired.set(d, (paired.get(d) ?? 0) + PAIR_WEIGHT * idf * (K1 + 1));
    }
    for (const [d, bonus] of paired) if (scores.has(d)) scores.set(d, scores.get(d)! + bonus);
    const hits: (SearchHit & { own: boolean })[] = [];
    for (const [d, raw] of scores) {
      const name = this.names[d];
      // Direction: `json naar csv` is json_to_csv, not csv_to_json. Two query words found in the
      // tool's name in the order the query has them lift it a little.
      const score = raw * (inOrder(words, name) ? ORDER_BONUS : 1);
      if (score > 0 && (!opts.filter || opts.filter(name))) hits.push({ name, score: Math.round(score * 1e6) / 1e6, own: own.has(d) });
    }
    // A toolset's words say which shelf, not which tool: tools matched by them alone (every finance tool
    // for `loan`) stay out when some tool matches by its own words.
    const ranked = (hits.some((h) => h.own) ? hits.filter((h) => h.own) : hits).map(({ name, score }) => ({ name, score }));
    ranked.sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : 1));
    return opts.limit === undefined ? ranked : ranked.slice(0, opts.limit);
  }

  /** One query word's contribution per tool: the best of its matches (stems, compound parts, prefixes, one typo). */
  private wordScores(word: string, last: boolean, own: Set<number>): Map<number, number> {
    const variants = new Map<string, number>();
    const add = (term: string, weight: number) => {
      if (this.postings.has(term) && (variants.get(term) ?? 0) < weight) variants.set(term, weight);
    };
    const stems = termsOf(word);
    for (const t of stems) add(t, 1);
    add(word, 1);
    const exact = variants.size > 0;
    let parts: [string, string] | undefined;
    if (!exact && word.length >= 7 && !/\d/.test(word)) parts = this.splitCompound(word);
    if (!exact && word.length >= (last ? 3 : 4) && !/^\d+$/.test(word)) {
      const heads = new Set([word, ...stems].filter((s) => s.length >= 4));
      for (const term of this.vocabulary)
        if (term.length > 4) for (const head of heads) if (term.length > head.length && term.startsWith(head)) add(term, WEIGHT.prefix);
    }
    if (!exact && !parts && word.length >= 5 && !/\d/.test(word)) {
      const targets = new Set([word, ...stems]);
      for (const term of this.vocabulary) {
        if (Math.abs(term.length - word.length) > 3 || term.length < 4) continue;
        for (const t of targets) if (withinOneEdit(t, term)) add(term, WEIGHT.typo);
      }
    }
    const out = new Map<number, number>();
    for (const [term, weight] of variants) {
      for (const [d, s] of this.termScores(term)) out.set(d, Math.max(out.get(d) ?? 0, weight * s));
      for (const d of this.ownDocs(term)) own.add(d);
    }
    if (parts) {
      // A compound's parts each count, like two words.
      for (const part of parts) {
        const best = new Map<number, number>();
        for (const term of new Set([part, ...termsOf(part)])) {
          for (const [d, s] of this.termScores(term)) best.set(d, Math.max(best.get(d) ?? 0, WEIGHT.compound * s));
          for (const d of this.ownDocs(term)) own.add(d);
        }
        for (const [d, s] of best) out.set(d, (out.get(d) ?? 0) + s);
      }
    }
    return out;
  }

  private splitter?: (word: string) => [string, string] | undefined;
  /** `word` as two indexed words (`ontslag|vergoeding`, with a linking s or e/en allowed), or undefined. */
  private splitCompound(word: string): [string, string] | undefined {
    this.splitter ??= compoundSplitter((w) => this.postings.has(w) || termsOf(w).some((t) => this.postings.has(t)));
    return this.splitter(word);
  }

  /** The tools that have a term in a field of their own (any but `toolset`). */
  private ownDocs(term: string): number[] {
    const list = this.postings.get(term) ?? [];
    const docs: number[] = [];
    for (let i = 0; i < list.length; i += 3) if (list[i + 1] !== this.toolsetField) docs.push(list[i]);
    return docs;
  }

  private readonly termCache = new Map<string, Map<number, number>>();
  /** BM25F of one term for every tool that has it. */
  private termScores(term: string): Map<number, number> {
    let cached = this.termCache.get(term);
    if (cached) return cached;
    const list = this.postings.get(term) ?? [];
    const pseudo = new Map<number, number>();
    for (let i = 0; i < list.length; i += 3) {
      const [d, f, tf] = [list[i], list[i + 1], list[i + 2]];
      const norm = 1 - this.b[f] + (this.b[f] * this.lens[d][f]) / this.avg[f];
      pseudo.set(d, (pseudo.get(d) ?? 0) + (this.weights[f] * tf) / norm);
    }
    const n = this.names.length;
    const df = pseudo.size;
    const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
    cached = new Map([...pseudo].map(([d, tf]) => [d, (idf * tf * (K1 + 1)) / (K1 + tf)]));
    this.termCache.set(term, cached);
    return cached;
  }
}

/**
 * Splits a compound of two known words (each at least 3 letters; a linking s, e or en allowed after
 * the first: `ontslag|vergoeding`, `pensioen|s|leeftijd`). Words under 7 letters and numbers are
 * never split; of several splits the one with the longest parts wins.
 */
export function compoundSplitter(known: (word: string) => boolean, anyHead = false): (word: string) => [string, string] | undefined {
  return (word) => {
    if (word.length < 7 || /\d/.test(word)) return undefined;
    let best: [string, string] | undefined;
    for (let i = word.length - 3; i >= 3; i--) {
      const head = word.slice(0, i);
      const tail = word.slice(i);
      if (!known(tail)) continue;
      for (const h of new Set([head, head.replace(/(?:s|e|en)$/, '')])) {
        if (h.length < 3 || !known(h)) continue;
        if (!best || h.length + tail.length > best[0].length + best[1].length) best = [h, tail];
      }
    }
    // In the index, a compound whose tail is a known word of four letters or more also gives its head
    // (`stroomkosten` → `stroom`, `benzinekosten` → `benzine`), so the head finds it as a word.
    if (!best && anyHead)
      for (let i = 4; i <= word.length - 4; i++) {
        const tail = word.slice(i);
        if (known(tail)) return [word.slice(0, i).replace(/(?<=.{4})(?:s|e)$/, ''), tail];
      }
    return best;
  };
}

const ORDER_BONUS = 1.3;

/** Whether two of the query's words appear in the tool name in the query's order (`csv … json` in csv_to_json). */
function inOrder(words: readonly string[], name: string): boolean {
  const parts = name.split('_').map((p) => new Set([p, ...termsOf(p)]));
  const at = words.map((w) => {
    const stems = [w, ...termsOf(w)];
    return parts.findIndex((p) => stems.some((s) => p.has(s)));
  });
  const found = at.filter((i) => i >= 0);
  for (let i = 1; i < found.length; i++) if (found[i] > found[i - 1]) return true;
  return false;
}

/** Damerau–Levenshtein distance (optimal string alignment) of at most one. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return false;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i++;
  if (la === lb) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true; // substitution
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2); // transposition
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1); // deletion / insertion
}
