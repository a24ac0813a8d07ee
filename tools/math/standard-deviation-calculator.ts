import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { clean, MAX_VALUES, meanAndM2, numberListFields, readValues, sum } from './_stats.js';

/**
 * Standard deviation (catalogue §7, calculator.net "Standard Deviation Calculator"):
 * population σ² = M2 / n, sample s² = M2 / (n − 1) (Bessel), M2 by the corrected two-pass algorithm (tools/math/_stats.ts).
 * Standard error of the mean SE = s / √n; 95 % margin of error = z·SE with z = 1.959963984540054 (normal quantile,
 * as calculator.net's confidence table); n = 1 → sample statistics are null (undefined, not 0).
 */
const Z95 = 1.959963984540054;

export default defineTool({
  slug: 'standard-deviation-calculator',
  mainThread: 'at most 20,000 values; parsing them takes ~10-50 ms at the 500,000-character cap',
  title: 'Standard deviation calculator',
  summary: 'Standard deviation, variance and mean of a list of numbers.',
  keywords: {
    en: ['standard deviation', 'variance', 'spread', 'standard error', 'statistics'],
    nl: ['standaarddeviatie', 'standaardafwijking', 'variantie', 'spreiding'],
  },
  description:
    `Population (÷n) and sample (÷(n−1)) standard deviation and variance, mean, count, sum, standard error of the mean (s/√n) and the 95 % margin of error (1.96·SE, normal z) of up to ${MAX_VALUES.toLocaleString('en')} numbers, ` +
    'given as a JSON array `numbers` or as `text` (separated by spaces, commas, semicolons or newlines; decimal point only). ' +
    'Numerically stable (two-pass, compensated sums: large offsets such as 1e9 + small values stay exact). With one value the sample figures are null.',
  resultView: {
    kind: 'figure',
    field: ['sample.standardDeviation', 'population.standardDeviation'],
    label: 'Standard deviation',
    detail: ['population.standardDeviation', 'mean'],
  },
  input: z.strictObject({ ...numberListFields }),
  output: z.object({
    count: z.int(),
    sum: z.number(),
    mean: z.number(),
    population: z.object({ variance: z.number(), standardDeviation: z.number() }),
    sample: z.object({ variance: z.number(), standardDeviation: z.number() }).nullable(),
    standardError: z.number().nullable(),
    marginOfError95: z.number().nullable(),
    confidenceInterval95: z.object({ low: z.number(), high: z.number() }).nullable(),
    sumOfSquares: z.number(),
  }),
  examples: [
    // calculator.net Standard Deviation Calculator default data 10, 12, 23, 23, 16, 23, 21, 16: mean 18, Σ(x−x̄)² = 192,
    // population σ² = 24, σ = 4.8989794855664; sample s² = 27.428571428571, s = 5.2372293656638.
    {
      name: 'Population and sample SD',
      input: { text: '10, 12, 23, 23, 16, 23, 21, 16' },
      output: {
        count: 8,
        sum: 144,
        mean: 18,
        population: { variance: 24, standardDeviation: 4.89897948556636 },
        sample: { variance: 27.4285714285714, standardDeviation: 5.23722936566382 },
        standardError: 1.8516401995451,
        marginOfError95: 3.62914810343496,
        confidenceInterval95: { low: 14.370851896565, high: 21.629148103435 },
        sumOfSquares: 192,
      },
    },
    // Wikipedia "Algorithms for calculating variance": 1e9 + 4, 7, 13, 16 has sample variance 30 (the naive formula fails).
    {
      name: 'Large offset stays exact (1e9 + 4, 7, 13, 16)',
      input: { numbers: [1000000004, 1000000007, 1000000013, 1000000016] },
      output: {
        count: 4,
        sum: 4000000040,
        mean: 1000000010,
        population: { variance: 22.5, standardDeviation: 4.74341649025257 },
        sample: { variance: 30, standardDeviation: 5.47722557505166 },
        standardError: 2.73861278752583,
        marginOfError95: 5.36758243115147,
        confidenceInterval95: { low: 1000000004.63242, high: 1000000015.36758 },
        sumOfSquares: 90,
      },
    },
  ],
  run(input) {
    const xs = readValues(input);
    const n = xs.length;
    const { mean, m2 } = meanAndM2(xs);
    const population = { variance: clean(m2 / n), standardDeviation: clean(Math.sqrt(m2 / n)) };
    if (n === 1)
      return {
        count: n,
        sum: clean(sum(xs)),
        mean: clean(mean),
        population,
        sample: null,
        standardError: null,
        marginOfError95: null,
        confidenceInterval95: null,
        sumOfSquares: clean(m2),
      };
    const s = Math.sqrt(m2 / (n - 1));
    const se = s / Math.sqrt(n);
    return {
      count: n,
      sum: clean(sum(xs)),
      mean: clean(mean),
      population,
      sample: { variance: clean(m2 / (n - 1)), standardDeviation: clean(s) },
      standardError: clean(se),
      marginOfError95: clean(Z95 * se),
      confidenceInterval95: { low: clean(mean - Z95 * se), high: clean(mean + Z95 * se) },
      sumOfSquares: clean(m2),
    };
  },
});
