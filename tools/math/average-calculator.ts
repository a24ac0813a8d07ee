import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { clean, MAX_VALUES, numberListFields, readValues, sum } from './_stats.js';

/**
 * Averages (catalogue §7; definitions as Wikipedia "Arithmetic mean", "Median", "Mode (statistics)",
 * "Geometric mean", "Harmonic mean", "Weighted arithmetic mean"):
 * - mode(s): every value tied at the highest count; none when every value occurs once;
 * - median: middle value of the sorted list, the mean of the two middle ones for an even count;
 * - geometric mean exp(mean(ln x)) and harmonic mean n / Σ(1/x): only for all-positive data, else null;
 * - weighted mean Σwx / Σw when `weights` is given (same length, ≥ 0, not all 0).
 * Sums are compensated (Neumaier); results are cleaned to 15 significant digits.
 */
export default defineTool({
  slug: 'average-calculator',
  mainThread: 'at most 20,000 values; parsing them takes ~10-50 ms at the 500,000-character cap',
  title: 'Average calculator (mean, median, mode)',
  summary: 'Mean, median, mode, range and sum of a list of numbers.',
  keywords: {
    en: ['mean', 'median', 'mode', 'average', 'range', 'statistics'],
    nl: ['gemiddelde', 'mediaan', 'modus', 'statistiek', 'getallen'],
  },
  description:
    `Mean, median, mode(s), range, min, max, count and sum of up to ${MAX_VALUES.toLocaleString('en')} numbers, given as a JSON array \`numbers\` or as \`text\` (separated by spaces, commas, semicolons or newlines; decimal point only). ` +
    'Modes: all values tied at the highest count, [] when every value occurs once. Geometric and harmonic means need all values > 0 (else null). ' +
    'With `weights` (same length) also the weighted mean. Sums are compensated; results have 15 significant digits.',
  resultView: { kind: 'figure', field: 'mean', label: 'Average (mean)', detail: ['median', 'modes'] },
  input: z.strictObject({
    ...numberListFields,
    weights: z.array(z.number().min(0).max(1e150)).max(MAX_VALUES).optional().describe('Weights for the weighted mean, one per value, ≥ 0'),
  }),
  output: z.object({
    count: z.int(),
    sum: z.number(),
    mean: z.number(),
    median: z.number(),
    modes: z.array(z.number()),
    modeCount: z.int(),
    min: z.number(),
    max: z.number(),
    range: z.number(),
    geometricMean: z.number().nullable(),
    harmonicMean: z.number().nullable(),
    weightedMean: z.number().nullable(),
  }),
  examples: [
    // calculator.net "Mean, Median, Mode, Range Calculator" default data: 10, 2, 38, 23, 38, 23, 21 → mean 22.142857…, median 23, modes 23 and 38, range 36.
    {
      name: 'Mean, median and two modes',
      input: { text: '10, 2, 38, 23, 38, 23, 21' },
      output: {
        count: 7,
        sum: 155,
        mean: 22.1428571428571,
        median: 23,
        modes: [23, 38],
        modeCount: 2,
        min: 2,
        max: 38,
        range: 36,
        geometricMean: 16.4127644431113,
        harmonicMean: 8.89219567564575,
        weightedMean: null,
      },
    },
    // Wikipedia "Harmonic mean": the harmonic mean of 1, 4 and 4 is 2 (geometric 16^(1/3) = 2.5198…); weighted (2·1 + 4 + 4) / 4 = 2.5.
    {
      name: 'Harmonic and weighted mean of 1, 4, 4 (weights 2, 1, 1)',
      input: { numbers: [1, 4, 4], weights: [2, 1, 1] },
      output: {
        count: 3,
        sum: 9,
        mean: 3,
        median: 4,
        modes: [4],
        modeCount: 2,
        min: 1,
        max: 4,
        range: 3,
        geometricMean: 2.51984209978975,
        harmonicMean: 2,
        weightedMean: 2.5,
      },
    },
  ],
  run(input) {
    const xs = readValues(input);
    const n = xs.length;
    const sorted = Float64Array.from(xs).sort();
    const median = n % 2 ? sorted[(n - 1) / 2] : sorted[n / 2 - 1] / 2 + sorted[n / 2] / 2;
    const counts = new Map<number, number>();
    let top = 0;
    for (const x of sorted) {
      const c = (counts.get(x + 0) ?? 0) + 1; // + 0: −0 and 0 are one value
      counts.set(x + 0, c);
      if (c > top) top = c;
    }
    const modes = top > 1 ? [...counts].filter(([, c]) => c === top).map(([v]) => v) : [];
    const positive = sorted[0] > 0;
    let weightedMean = null;
    if (input.weights) {
      if (input.weights.length !== n)
        throw new ToolError(`\`weights\` has ${input.weights.length} entries for ${n} values; give one per value`, 400, {
          field: 'weights',
        });
      const w = input.weights;
      const sw = sum(w);
      if (!(sw > 0)) throw new ToolError('`weights` sum to 0', 400, { field: 'weights' });
      weightedMean = clean(sum(xs, (x, i) => x * w[i]) / sw);
    }
    const total = sum(xs);
    return {
      count: n,
      sum: clean(total),
      mean: clean(total / n),
      median: clean(median),
      modes,
      modeCount: top,
      min: sorted[0] + 0,
      max: sorted[n - 1] + 0,
      range: clean(sorted[n - 1] - sorted[0]),
      geometricMean: positive ? clean(Math.exp(sum(xs, Math.log) / n)) : null,
      harmonicMean: positive ? clean(n / sum(xs, (x) => 1 / x)) : null,
      weightedMean,
    };
  },
});
