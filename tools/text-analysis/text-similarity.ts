import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { graphemes } from '../_lib/graphemes.js';
import { lazy } from '../_lib/lazy.js';
import { tokenizeWords } from '../_lib/words.js';

/**
 * fastest-levenshtein is CommonJS: Node's ESM loader gives its exports both named and as `default`, the bundled
 * build (esbuild, split chunks) only as `default`; take `default` when there is one.
 */
const loadLevenshtein = lazy(async () => {
  const mod = await import('fastest-levenshtein');
  return (mod as unknown as { default?: typeof mod }).default ?? mod;
});

const METRICS = ['all', 'levenshtein', 'damerau', 'jaro-winkler', 'dice', 'jaccard', 'cosine'] as const;

/**
 * Work caps, measured on a loaded 2-core machine (about 3× slower than idle): Levenshtein uses fastest-levenshtein
 * (Myers' bit-parallel algorithm, about n·m/32 steps): 5,000 × 5,000 characters took 34 ms. Damerau (OSA) and Jaro
 * are plain O(n·m) loops: 1,000 × 1,000 took 13 ms. So Levenshtein needs n·m ≤ 25,000,000 and Damerau/Jaro–Winkler
 * n·m ≤ 2,250,000 (1,500 × 1,500); above that they are skipped with a note (metric all) or refused (asked by name,
 * 413). Dice, Jaccard and cosine are linear and run on the full 10,000 characters.
 */
const MAX_CHARS = 10_000;
const MAX_CELLS = { levenshtein: 25_000_000, damerau: 2_250_000, 'jaro-winkler': 2_250_000 } as const;

/** Each distinct grapheme gets one UTF-16 unit, so the edit distances count user-perceived characters. */
function encodeGraphemes(a: string[], b: string[]): [string, string] {
  const ids = new Map<string, string>();
  const code = (g: string) => {
    let c = ids.get(g);
    if (c === undefined) ids.set(g, (c = String.fromCharCode(ids.size + 1)));
    return c;
  };
  return [a.map(code).join(''), b.map(code).join('')];
}

/** Optimal string alignment distance (Damerau–Levenshtein without editing a substring twice; Wikipedia). */
function osaDistance(a: string, b: string): number {
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0) return n + m;
  let prev2 = new Uint32Array(m + 1);
  let prev = Uint32Array.from({ length: m + 1 }, (_, j) => j);
  let cur = new Uint32Array(m + 1);
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const bj = b.charCodeAt(j - 1);
      const cost = ai === bj ? 0 : 1;
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) d = Math.min(d, prev2[j - 2] + 1);
      cur[j] = d;
    }
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[m];
}

/** Jaro similarity (Jaro 1989; Wikipedia "Jaro–Winkler distance"): matches within ⌊max/2⌋−1, half the transpositions. */
function jaro(a: string, b: string): number {
  if (a.length === 0 && b.length === 0) return 1;
  if (a.length === 0 || b.length === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1);
  const aMatched = new Uint8Array(a.length);
  const bMatched = new Uint8Array(b.length);
  let matches = 0;
  for (let i = 0; i < a.length; i++) {
    const lo = Math.max(0, i - window);
    const hi = Math.min(b.length - 1, i + window);
    for (let j = lo; j <= hi; j++) {
      if (!bMatched[j] && a.charCodeAt(i) === b.charCodeAt(j)) {
        aMatched[i] = bMatched[j] = 1;
        matches++;
        break;
      }
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  for (let i = 0, j = 0; i < a.length; i++) {
    if (!aMatched[i]) continue;
    while (!bMatched[j]) j++;
    if (a.charCodeAt(i) !== b.charCodeAt(j)) transpositions++;
    j++;
  }
  const t = transpositions / 2;
  return (matches / a.length + matches / b.length + (matches - t) / matches) / 3;
}

/** Sørensen–Dice on character bigrams (multisets, as the dice-coefficient and string-similarity packages count them). */
function dice(a: string[], b: string[]): number {
  if (a.length === 0 && b.length === 0) return 1;
  const pairs = (s: string[]) => (s.length === 1 ? [s[0]] : s.slice(1).map((g, i) => s[i] + '\u0000' + g));
  const left = pairs(a);
  const right = pairs(b);
  if (left.length + right.length === 0) return 1;
  const counts = new Map<string, number>();
  for (const p of left) counts.set(p, (counts.get(p) ?? 0) + 1);
  let shared = 0;
  for (const p of right) {
    const c = counts.get(p);
    if (c) {
      shared++;
      counts.set(p, c - 1);
    }
  }
  return (2 * shared) / (left.length + right.length);
}

function termCounts(words: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const w of words) m.set(w, (m.get(w) ?? 0) + 1);
  return m;
}

const similarity = z.number().describe('0 (nothing alike) to 1 (identical)');

export default defineTool({
  slug: 'text-similarity',
  worker: { reason: "the stall test's slowest main-thread probes came from its largest inputs", timeMs: 5_000 },
  title: 'Text similarity',
  summary: 'How similar two texts are, by edit distance and other measures.',
  keywords: {
    en: ['similarity', 'compare strings', 'Levenshtein', 'edit distance', 'plagiarism', 'fuzzy match', 'similar', 'similarity percentage'],
    nl: ['gelijkenis', 'overeenkomst', 'vergelijken', 'lijkt op', 'lijken op elkaar'],
  },
  description:
    'Compares two texts with one metric or all (default): levenshtein (edit distance; similarity = 1 − distance / longer length), damerau (optimal string alignment: also swaps of neighbours), ' +
    'jaro-winkler (prefix scale 0.1, prefix up to 4, no threshold: MARTHA/MARHTA = 0.961), dice (character bigrams: night/nacht = 0.25), jaccard and cosine (on words, cosine with word counts). ' +
    'Characters are user-perceived characters; texts are NFC-normalised. Options ignoreCase, ignoreWhitespace (removes it), ignorePunctuation. Two empty texts are identical (1). ' +
    'Texts up to 10,000 characters; length(a) × length(b) must be ≤ 25,000,000 for levenshtein and ≤ 2,250,000 for damerau and jaro-winkler (else skipped with a note under all, or 413 when asked by name).',
  resultView: {
    kind: 'figure',
    field: [
      'levenshtein.similarity',
      'damerau.similarity',
      'jaroWinkler.similarity',
      'dice.similarity',
      'jaccard.similarity',
      'cosine.similarity',
    ],
    label: 'Similarity (0 to 1)',
  },
  input: z.strictObject({
    a: z.string().max(MAX_CHARS).describe('First text'),
    b: z.string().max(MAX_CHARS).describe('Second text'),
    metric: z.enum(METRICS).default('all').describe('One metric or all (default)'),
    ignoreCase: z.boolean().default(false).describe('Compare case-insensitively (default false)'),
    ignoreWhitespace: z.boolean().default(false).describe('Remove all whitespace first (default false)'),
    ignorePunctuation: z.boolean().default(false).describe('Remove punctuation first (default false)'),
  }),
  output: z.object({
    lengthA: z.int().describe('Characters of a after the options'),
    lengthB: z.int(),
    levenshtein: z.object({ distance: z.int(), similarity }).optional(),
    damerau: z.object({ distance: z.int(), similarity }).optional(),
    jaroWinkler: z.object({ similarity, jaro: z.number(), prefix: z.int().describe('Common prefix used (0–4)') }).optional(),
    dice: z.object({ similarity }).optional(),
    jaccard: z.object({ similarity, sharedWords: z.int(), allWords: z.int().describe('Distinct words in either text') }).optional(),
    cosine: z.object({ similarity }).optional(),
    notes: z.array(z.string()),
  }),
  examples: [
    {
      // Wikipedia "Jaro–Winkler distance": MARTHA vs MARHTA, Jaro 0.944, Jaro–Winkler 0.961.
      name: 'MARTHA vs MARHTA',
      input: { a: 'MARTHA', b: 'MARHTA', metric: 'jaro-winkler' },
      output: { lengthA: 6, lengthB: 6, jaroWinkler: { similarity: 0.9611111111111111, jaro: 0.9444444444444445, prefix: 3 }, notes: [] },
    },
    {
      // Wikipedia "Levenshtein distance": kitten → sitting = 3 edits.
      name: 'kitten vs sitting, all metrics',
      input: { a: 'kitten', b: 'sitting' },
      output: {
        lengthA: 6,
        lengthB: 7,
        levenshtein: { distance: 3, similarity: 0.5714285714285714 },
        damerau: { distance: 3, similarity: 0.5714285714285714 },
        jaroWinkler: { similarity: 0.746031746031746, jaro: 0.746031746031746, prefix: 0 },
        dice: { similarity: 0.36363636363636365 },
        jaccard: { similarity: 0, sharedWords: 0, allWords: 2 },
        cosine: { similarity: 0 },
        notes: [],
      },
    },
    {
      // Wikipedia "Sørensen–Dice coefficient": night vs nacht, bigrams {ni,ig,gh,ht} and {na,ac,ch,ht} → 2·1/8 = 0.25.
      name: 'night vs nacht (Dice)',
      input: { a: 'night', b: 'nacht', metric: 'dice' },
      output: { lengthA: 5, lengthB: 5, dice: { similarity: 0.25 }, notes: [] },
    },
  ],
  async run({ a, b, metric, ignoreCase, ignoreWhitespace, ignorePunctuation }) {
    const prepare = (s: string) => {
      let t = s.normalize('NFC');
      if (ignoreCase) t = t.toLowerCase();
      if (ignoreWhitespace) t = t.replace(/\s+/gu, '');
      if (ignorePunctuation) t = t.replace(/\p{P}+/gu, '');
      return t;
    };
    const ta = prepare(a);
    const tb = prepare(b);
    const ga = graphemes(ta);
    const gb = graphemes(tb);
    const [ea, eb] = encodeGraphemes(ga, gb);
    const longer = Math.max(ga.length, gb.length);
    const editSimilarity = (d: number) => (longer === 0 ? 1 : 1 - d / longer);
    const want = (m: (typeof METRICS)[number]) => metric === 'all' || metric === m;
    const notes: string[] = [];
    const cells = ga.length * gb.length;
    /** Whether metric `name` fits its cap; if not, a note (metric all) or a 413. */
    const fits = (name: keyof typeof MAX_CELLS) => {
      if (cells <= MAX_CELLS[name]) return true;
      const msg = `${name} needs length(a) × length(b) ≤ ${MAX_CELLS[name].toLocaleString('en-US')}; these texts give ${cells.toLocaleString('en-US')}`;
      if (metric !== 'all') throw new ToolError(`\`a\`, \`b\`: ${msg}`, 413, { field: 'a' });
      notes.push(`${msg}: skipped`);
      return false;
    };
    const out: Record<string, unknown> = { lengthA: ga.length, lengthB: gb.length };
    if (want('levenshtein') && fits('levenshtein')) {
      const { distance } = await loadLevenshtein();
      const d = distance(ea, eb);
      out.levenshtein = { distance: d, similarity: editSimilarity(d) };
    }
    if (want('damerau') && fits('damerau')) {
      const d = osaDistance(ea, eb);
      out.damerau = { distance: d, similarity: editSimilarity(d) };
    }
    if (want('jaro-winkler') && fits('jaro-winkler')) {
      const j = jaro(ea, eb);
      let prefix = 0;
      while (prefix < 4 && prefix < ea.length && prefix < eb.length && ea[prefix] === eb[prefix]) prefix++;
      out.jaroWinkler = { similarity: j + prefix * 0.1 * (1 - j), jaro: j, prefix };
    }
    if (want('dice')) out.dice = { similarity: dice(ga, gb) };
    if (want('jaccard') || want('cosine')) {
      const wa = termCounts(tokenizeWords(ta));
      const wb = termCounts(tokenizeWords(tb));
      if (want('jaccard')) {
        let shared = 0;
        for (const w of wa.keys()) if (wb.has(w)) shared++;
        const all = wa.size + wb.size - shared;
        out.jaccard = { similarity: all === 0 ? 1 : shared / all, sharedWords: shared, allWords: all };
      }
      if (want('cosine')) {
        let dot = 0;
        for (const [w, c] of wa) dot += c * (wb.get(w) ?? 0);
        const squares = (m: Map<string, number>) => [...m.values()].reduce((s, c) => s + c * c, 0);
        const na = squares(wa);
        const nb = squares(wb);
        // One square root of the product (not a product of roots): equal vectors then give exactly 1.
        out.cosine = { similarity: na === 0 && nb === 0 ? 1 : na === 0 || nb === 0 ? 0 : Math.min(1, dot / Math.sqrt(na * nb)) };
      }
    }
    out.notes = notes;
    return out as never;
  },
});
