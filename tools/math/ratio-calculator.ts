import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { clean, reduceTerms } from './_rational.js';

/**
 * Ratios (catalogue §7, calculator.net "Ratio Calculator"):
 * - simplify: terms scaled to integers by a common power of ten, then divided by their gcd (1.5 : 2.25 → 2 : 3);
 * - solve: A : B = C : D with exactly one term missing (cross-multiplication: A·D = B·C);
 * - divide: split `total` in the ratio, part = total · term / Σterms (120 in 2 : 3 → 48 : 72).
 */
const MODES = ['simplify', 'solve', 'divide'] as const;
const term = (d: string) => z.number().min(0).max(1e15).optional().describe(d);

export default defineTool({
  slug: 'ratio-calculator',
  title: 'Ratio calculator',
  keywords: {
    en: ['ratio', 'proportion', 'scale ratio', 'simplify ratio', 'mixing ratio', 'ratios'],
    nl: ['verhouding', 'verhoudingen', 'mengverhouding', 'schaal'],
  },
  description:
    'Ratios: simplify, solve a proportion or split an amount in a ratio. mode simplify: reduce `terms` (2–20 non-negative numbers, decimals allowed) to the smallest whole numbers (1.5:2.25 → 2:3), also as 1:n. ' +
    'mode solve: A:B = C:D with exactly one of a, b, c, d left out (cross-multiplication). mode divide: split `total` in the ratio of `terms` (120 in 2:3 → 48:72).',
  resultView: { kind: 'list', field: ['parts', 'simplified'], choose: { by: 'mode', fields: { solve: 'solved.value' } } },
  input: z.strictObject({
    mode: z.enum(MODES).describe('simplify, solve or divide'),
    terms: z.array(z.number().min(0).max(1e15)).min(2).max(20).optional().describe('Ratio terms (simplify, divide)'),
    a: term('A in A:B = C:D (mode solve: leave out the one to find)'),
    b: term('B in A:B = C:D (mode solve)'),
    c: term('C in A:B = C:D (mode solve)'),
    d: term('D in A:B = C:D (mode solve)'),
    total: z.number().min(-1e15).max(1e15).optional().describe('Amount to split (divide)'),
  }),
  output: z.object({
    mode: z.enum(MODES),
    ratio: z.string(),
    simplified: z.array(z.string()),
    oneTo: z.string().nullable(),
    solved: z.object({ term: z.enum(['a', 'b', 'c', 'd']), value: z.number() }).nullable(),
    parts: z.array(z.number()).nullable(),
    formula: z.string(),
  }),
  examples: [
    // Catalogue §7: divide 120 in the ratio 2:3 → 48:72.
    {
      name: 'Divide 120 in the ratio 2:3',
      input: { mode: 'divide', terms: [2, 3], total: 120 },
      output: {
        mode: 'divide',
        ratio: '2:3',
        simplified: ['2', '3'],
        oneTo: '1:1.5',
        solved: null,
        parts: [48, 72],
        formula: 'part = 120 × term / 5',
      },
    },
    // calculator.net Ratio Calculator (A:B = C:D): 3:4 = C:20 → C = 15.
    {
      name: 'Solve 3:4 = C:20',
      input: { mode: 'solve', a: 3, b: 4, d: 20 },
      output: {
        mode: 'solve',
        ratio: '3:4 = 15:20',
        simplified: ['3', '4'],
        oneTo: '1:1.33333333333333',
        solved: { term: 'c', value: 15 },
        parts: null,
        formula: 'C = A × D / B = 3 × 20 / 4',
      },
    },
    {
      name: 'Simplify 1.5:2.25',
      input: { mode: 'simplify', terms: [1.5, 2.25] },
      output: {
        mode: 'simplify',
        ratio: '2:3',
        simplified: ['2', '3'],
        oneTo: '1:1.5',
        solved: null,
        parts: null,
        formula: '150:225 ÷ 75 (all ×100, then ÷ gcd)',
      },
    },
  ],
  run(input) {
    const { mode } = input;
    const oneTo = (t: readonly number[]) => (t.length === 2 && t[0] > 0 ? `1:${clean(t[1] / t[0])}` : null);
    if (mode === 'solve') {
      const given = { a: input.a, b: input.b, c: input.c, d: input.d };
      const missing = (Object.keys(given) as (keyof typeof given)[]).filter((k) => given[k] === undefined);
      if (missing.length !== 1)
        throw new ToolError(`mode solve needs exactly three of a, b, c, d (missing: ${missing.join(', ') || 'none'})`, 400, {
          field: missing[0] ?? 'a',
        });
      const m = missing[0];
      const { a = 0, b = 0, c = 0, d = 0 } = given;
      // a·d = b·c
      const plan = {
        a: [b * c, d, 'd', 'A = B × C / D', `${b} × ${c} / ${d}`],
        b: [a * d, c, 'c', 'B = A × D / C', `${a} × ${d} / ${c}`],
        c: [a * d, b, 'b', 'C = A × D / B', `${a} × ${d} / ${b}`],
        d: [b * c, a, 'a', 'D = B × C / A', `${b} × ${c} / ${a}`],
      } as const;
      const [num, den, denField, rule, nums] = plan[m];
      if (den === 0) throw new ToolError(`\`${denField}\` is 0: ${m} cannot be solved (division by zero)`, 400, { field: denField });
      const value = clean(num / den);
      const full = { a, b, c, d, [m]: value };
      const simplified = full.a + full.b > 0 ? reduceTerms([full.a, full.b]).terms : ['0', '0'];
      return {
        mode,
        ratio: `${full.a}:${full.b} = ${full.c}:${full.d}`,
        simplified,
        oneTo: oneTo([full.a, full.b]),
        solved: { term: m, value },
        parts: null,
        formula: `${rule} = ${nums}`,
      };
    }
    if (!input.terms) throw new ToolError(`\`terms\` is required for mode ${mode}`, 400, { field: 'terms' });
    const terms = input.terms;
    const total = terms.reduce((s, t) => s + t, 0);
    if (total === 0) throw new ToolError('`terms` are all 0: no ratio', 400, { field: 'terms' });
    const { terms: simplified, scaledBy, scaled, gcd } = reduceTerms(terms);
    const nums = simplified.map(Number);
    if (mode === 'simplify') {
      return {
        mode,
        ratio: simplified.join(':'),
        simplified,
        oneTo: oneTo(nums),
        solved: null,
        parts: null,
        formula: `${scaled.join(':')} ÷ ${gcd}${scaledBy === '1' ? ' (÷ gcd)' : ` (all ×${scaledBy}, then ÷ gcd)`}`,
      };
    }
    if (input.total === undefined) throw new ToolError('`total` is required for mode divide', 400, { field: 'total' });
    const T = input.total;
    return {
      mode,
      ratio: simplified.join(':'),
      simplified,
      oneTo: oneTo(nums),
      solved: null,
      parts: terms.map((t) => clean((T * t) / total)),
      formula: `part = ${T} × term / ${clean(total)}`,
    };
  },
});
