import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { round } from '../_lib/body-units.js';

/**
 * - epigenetic: Wang T et al., "Quantitative translation of dog-to-human aging by conserved remodeling
 *   of the DNA methylome", Cell Systems 2020;11(2):176–185: human age = 16·ln(dog age) + 31, fitted on
 *   Labrador retrievers. It reaches 0 at e^(−31/16) ≈ 0.144 y, so ages under 0.15 y (about 8 weeks)
 *   are refused for this method.
 * - size-based: the AVMA rule of thumb (catalogue §3): year 1 = 15 human years, year 2 adds 9 (24),
 *   then each year adds 4 (small, under ~9 kg / 20 lb), 5 (medium, 9–23 kg / 20–50 lb) or 6 (large,
 *   over 23 kg / 50 lb); linear within a year. Giant breeds are left out: the published charts
 *   disagree from year 1 (e.g. AKC starts them at 12), so no single rule could be verified.
 * The "× 7" rule is a myth: dogs mature far faster in the first two years.
 */
const SIZE_RATE = { small: 4, medium: 5, large: 6 } as const;
const MIN_EPIGENETIC = 0.15;
const DISCLAIMER = 'A rough comparison of life stages, not a veterinary assessment.';

export const epigenetic = (years: number) => 16 * Math.log(years) + 31;
export function sizeBased(years: number, size: keyof typeof SIZE_RATE): number {
  if (years <= 1) return 15 * years;
  if (years <= 2) return 15 + 9 * (years - 1);
  return 24 + SIZE_RATE[size] * (years - 2);
}

export default defineTool({
  slug: 'dog-age-calculator',
  title: 'Dog age in human years',
  summary: "Your dog's age in human years.",
  keywords: {
    en: ['dog years', 'human years', 'puppy', 'pet age', 'dog'],
    nl: ['hondenjaren', 'mensenjaren', 'hond', 'leeftijd hond', 'hondenleeftijd'],
  },
  description:
    'Dog age in human-equivalent years, by epigenetic (Wang et al. 2020: 16 × ln(age) + 31) or size-based (AVMA: 15 at 1, 24 at 2, then +4/+5/+6 a year by size; no giant breeds); both are returned. The "×7" rule is a myth.',
  resultView: { kind: 'figure', field: 'humanYears', unit: 'human years', label: 'Age in human years' },
  input: z.strictObject({
    ageYears: z.number().positive().max(30).describe("Dog's age in years (decimals ok)"),
    method: z.enum(['epigenetic', 'size-based']).default('epigenetic').describe('Headline method'),
    size: z.enum(['small', 'medium', 'large']).default('medium').describe('small < 9 kg, medium 9–23 kg, large > 23 kg'),
  }),
  output: z.object({
    humanYears: z.number().describe('1 decimal'),
    method: z.enum(['epigenetic', 'size-based']),
    epigeneticYears: z.number().nullable().describe('null below 0.15 years'),
    sizeBasedYears: z.number(),
    size: z.enum(['small', 'medium', 'large']),
    formula: z.string(),
    disclaimer: z.string(),
  }),
  examples: [
    // Wang et al. 2020 via youcalc.com's table: a 2-year-old dog = 16·ln 2 + 31 = 42.09 human years;
    // the AVMA rule gives 24.
    {
      name: '2-year-old dog (epigenetic)',
      input: { ageYears: 2 },
      output: {
        humanYears: 42.1,
        method: 'epigenetic',
        epigeneticYears: 42.1,
        sizeBasedYears: 24,
        size: 'medium',
        formula: '16 × ln(2) + 31',
        disclaimer: DISCLAIMER,
      },
    },
    // AVMA rule as quoted by animalencyclopedia.info: a 7-year-old small dog is about 44 (24 + 5 × 4).
    {
      name: '7-year-old small dog (size-based)',
      input: { ageYears: 7, method: 'size-based', size: 'small' },
      output: {
        humanYears: 44,
        method: 'size-based',
        epigeneticYears: 62.1,
        sizeBasedYears: 44,
        size: 'small',
        formula: '24 + 4 × (7 − 2)',
        disclaimer: DISCLAIMER,
      },
    },
  ],
  run({ ageYears, method, size }) {
    if (method === 'epigenetic' && ageYears < MIN_EPIGENETIC)
      throw new ToolError(
        `\`ageYears\` must be at least ${MIN_EPIGENETIC} for the epigenetic formula (use method size-based for young puppies)`,
        400,
        {
          field: 'ageYears',
        },
      );
    const epi = ageYears < MIN_EPIGENETIC ? null : epigenetic(ageYears);
    const sb = sizeBased(ageYears, size);
    const a = round(ageYears, 4);
    const formula =
      method === 'epigenetic'
        ? `16 × ln(${a}) + 31`
        : ageYears <= 1
          ? `15 × ${a}`
          : ageYears <= 2
            ? `15 + 9 × (${a} − 1)`
            : `24 + ${SIZE_RATE[size]} × (${a} − 2)`;
    return {
      humanYears: round(method === 'epigenetic' ? epi! : sb, 1),
      method,
      epigeneticYears: epi === null ? null : round(epi, 1),
      sizeBasedYears: round(sb, 1),
      size,
      formula,
      disclaimer: DISCLAIMER,
    };
  },
});
