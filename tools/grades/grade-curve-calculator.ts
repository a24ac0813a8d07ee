import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { bandFor, resolveScale, scaleFields } from '../_lib/grade-scale.js';
import { clean15 } from '../_lib/money.js';

/**
 * Grade curves (catalogue §4). Scores are first turned into percents (score / maxScore · 100), then:
 * - flat: + addPoints (default: what lifts the best score to 100);
 * - highest-to-100: · 100 / best percent;
 * - square-root: 10·√percent (81 → 90);
 * - linear: targetMean + z·targetSd with z = (x − mean) / σ, σ the POPULATION standard deviation (the class is the
 *   whole population); all-equal scores (σ = 0) all get targetMean; targetSd defaults to the current σ (a shift);
 * - bell: letters by rank, top 10 % A, next 20 % B, 40 % C, 20 % D, bottom 10 % F (`distribution`); tied scores
 *   get the letter of the best-placed of them; percents are not changed.
 * Curved percents are clamped to 0…100 (to 0…∞ with allowOver100). Other letters come from the shared scale.
 */
/** 2000 scores: one sort, about 1 ms. */
const MAX_SCORES = 2000;
const METHODS = ['flat', 'highest-to-100', 'square-root', 'linear', 'bell'] as const;
const BELL_LETTERS = ['A', 'B', 'C', 'D', 'F'];

const stats = (xs: number[]) => {
  const n = xs.length;
  const mean = xs.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / n);
  return { mean: clean15(mean), sd: clean15(sd), min: Math.min(...xs), max: Math.max(...xs) };
};

const statsSchema = z.object({ mean: z.number(), sd: z.number(), min: z.number(), max: z.number() });

export default defineTool({
  slug: 'grade-curve-calculator',
  title: 'Grade curve calculator',
  summary: "Curve a class's test scores up by one of five common methods.",
  keywords: {
    en: ['curve grades', 'scale scores', 'bell curve', 'adjust marks', 'curve', 'scores'],
    nl: ['cijfers schalen', 'normeren', 'curve', 'scores', 'opschalen', 'toetsscores', 'scores schalen'],
  },
  description:
    'Curves (scales up) the test scores of a class, as percent of maxScore. Methods: flat (+addPoints, default lifts the best to 100), highest-to-100, square-root (10·√percent), linear (to targetMean/targetSd via z-scores), bell (letters by rank; ties get the better letter). Clamped to 0–100 unless allowOver100.',
  docs: [
    '- flat: + addPoints (default: what lifts the best score to 100).',
    '- highest-to-100: · 100 / best percent.',
    '- square-root: 10·√percent (81 → 90).',
    '- linear: targetMean + z·targetSd, z = (x − mean)/σ with the population SD; targetSd defaults to the current SD (a shift).',
    '- bell: letters by rank, distribution default 10/20/40/20/10 % for A–F; percents unchanged. Other methods take letters from the scale.',
  ].join('\n'),
  resultView: { kind: 'table', field: 'results', label: 'Curved scores' },
  input: z.strictObject({
    scores: z.array(z.number().min(0).max(1e6)).min(1).max(MAX_SCORES).describe('Raw scores'),
    maxScore: z.number().positive().max(1e6).default(100).describe('Full marks'),
    method: z.enum(METHODS).describe('Curve method'),
    addPoints: z.number().min(-100).max(100).optional().describe('flat: points to add'),
    targetMean: z.number().min(0).max(100).optional().describe('linear: wanted mean'),
    targetSd: z.number().min(0).max(100).optional().describe('linear: wanted SD'),
    distribution: z.array(z.number().min(0).max(100)).length(5).optional().describe('bell: % for A,B,C,D,F (sum 100)'),
    allowOver100: z.boolean().default(false).describe('Let curved scores exceed 100'),
    ...scaleFields,
  }),
  output: z.object({
    method: z.enum(METHODS),
    results: z.array(z.object({ score: z.number(), percent: z.number(), curvedPercent: z.number(), letter: z.string() })),
    before: statsSchema,
    after: statsSchema,
    formula: z.string(),
    scale: z.string(),
  }),
  examples: [
    // Square-root curve: 10·√81 = 90 (the usual textbook illustration); 10·√49 = 70, 10·√100 = 100.
    {
      name: 'Square-root curve of 49, 81 and 100',
      input: { scores: [49, 81, 100], method: 'square-root' },
      output: {
        method: 'square-root',
        results: [
          { score: 49, percent: 49, curvedPercent: 70, letter: 'C-' },
          { score: 81, percent: 81, curvedPercent: 90, letter: 'A-' },
          { score: 100, percent: 100, curvedPercent: 100, letter: 'A+' },
        ],
        before: { mean: 76.6666666666667, sd: 21.0449254902195, min: 49, max: 100 },
        after: { mean: 86.6666666666667, sd: 12.4721912892465, min: 70, max: 100 },
        formula: 'curved = 10·√percent',
        scale: 'us',
      },
    },
    // Flat curve: the best score 44/50 = 88 % is lifted to 100, so every score gains 12 points.
    {
      name: 'Flat curve out of 50 (best lifted to 100)',
      input: { scores: [30, 37.5, 44], maxScore: 50, method: 'flat', scale: 'simple' },
      output: {
        method: 'flat',
        results: [
          { score: 30, percent: 60, curvedPercent: 72, letter: 'C' },
          { score: 37.5, percent: 75, curvedPercent: 87, letter: 'B' },
          { score: 44, percent: 88, curvedPercent: 100, letter: 'A' },
        ],
        before: { mean: 74.3333333333333, sd: 11.4406682011537, min: 60, max: 88 },
        after: { mean: 86.3333333333333, sd: 11.4406682011537, min: 72, max: 100 },
        formula: 'curved = percent + 12',
        scale: 'simple',
      },
    },
  ],
  run(input) {
    const { scores, maxScore, method, allowOver100 } = input;
    const { name: scale, bands } = resolveScale(input.scale, input.customScale);
    const percents = scores.map((s) => clean15((s / maxScore) * 100));
    const before = stats(percents);
    const clamp = (x: number) => clean15(Math.max(0, allowOver100 ? x : Math.min(100, x)));
    let curved: number[];
    let formula: string;
    let letters: string[] | undefined;
    switch (method) {
      case 'flat': {
        const add = input.addPoints ?? Math.max(0, clean15(100 - before.max));
        curved = percents.map((p) => clamp(p + add));
        formula = `curved = percent + ${add}`;
        break;
      }
      case 'highest-to-100': {
        if (before.max === 0)
          throw new ToolError('`scores`: the best score is 0, so highest-to-100 cannot scale', 400, { field: 'scores' });
        curved = percents.map((p) => clamp((p * 100) / before.max));
        formula = `curved = percent × 100 / ${before.max}`;
        break;
      }
      case 'square-root':
        curved = percents.map((p) => clamp(10 * Math.sqrt(p)));
        formula = 'curved = 10·√percent';
        break;
      case 'linear': {
        if (input.targetMean === undefined) throw new ToolError('`targetMean` is required for method linear', 400, { field: 'targetMean' });
        const mean = input.targetMean;
        const sd = input.targetSd ?? before.sd;
        curved = percents.map((p) => clamp(before.sd === 0 ? mean : mean + ((p - before.mean) / before.sd) * sd));
        formula =
          before.sd === 0
            ? `all scores equal (σ = 0): curved = ${mean}`
            : `curved = ${mean} + (percent − ${before.mean}) / ${before.sd} × ${sd}`;
        break;
      }
      case 'bell': {
        const dist = input.distribution ?? [10, 20, 40, 20, 10];
        if (Math.abs(dist.reduce((a, b) => a + b, 0) - 100) > 1e-9)
          throw new ToolError('`distribution` must sum to 100', 400, { field: 'distribution' });
        const n = percents.length;
        const order = percents.map((p, i) => ({ p, i })).sort((a, b) => b.p - a.p);
        const firstRank = new Map<number, number>();
        order.forEach((o, r) => {
          if (!firstRank.has(o.p)) firstRank.set(o.p, r);
        });
        const cum: number[] = [];
        dist.reduce((acc, d, k) => (cum[k] = acc + d), 0);
        letters = percents.map((p) => {
          const r = firstRank.get(p) as number;
          // rank r (0-based) sits in the first bucket whose upper edge cum·n/100 is above it
          const k = cum.findIndex((c, j) => r < (c * n) / 100 - 1e-9 && dist[j] > 0);
          return BELL_LETTERS[k === -1 ? 4 : k];
        });
        curved = percents.slice();
        formula = `letters by rank: ${dist.map((d, k) => `${BELL_LETTERS[k]} ${d}%`).join(', ')}`;
        break;
      }
    }
    const results = scores.map((score, i) => ({
      score,
      percent: percents[i],
      curvedPercent: curved[i],
      letter: letters ? letters[i] : bandFor(curved[i], bands).letter,
    }));
    return { method, results, before, after: stats(curved), formula, scale: letters ? 'bell' : scale };
  },
});
