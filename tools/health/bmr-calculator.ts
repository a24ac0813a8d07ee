import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { DISCLAIMER, round } from '../_lib/body-units.js';
import { BMR_FORMULAS, computeBmr, personShape } from '../_lib/energy.js';

/** Formulas and sources: tools/_lib/energy.ts. */
export default defineTool({
  slug: 'bmr-calculator',
  title: 'BMR calculator',
  summary: 'How many calories your body burns at rest (basal metabolic rate).',
  keywords: {
    en: ['basal metabolic rate', 'resting metabolism', 'calories at rest', 'metabolism', 'BMR', 'metabolic rate'],
    nl: ['basaal metabolisme', 'ruststofwisseling', 'verbranding in rust', 'bmr', 'stofwisseling', 'rust'],
  },
  description:
    'Basal metabolic rate (kcal/day at rest) of an adult by mifflin-st-jeor, harris-benedict (Roza-Shizgal 1984) or katch-mcardle (needs bodyFatPercent), with the equation filled in and the other formulas for comparison. Daily needs: tdee-calculator.',
  docs: [
    'Mifflin 1990: 10·kg + 6.25·cm − 5·age + 5 (men) / − 161 (women). Harris-Benedict: the Roza-Shizgal 1984 revision, not the 1919 original. Katch-McArdle: 370 + 21.6·lean kg.',
  ].join('\n'),
  resultView: { kind: 'figure', field: 'bmr', unit: 'kcal/day', label: 'Basal metabolic rate' },
  input: z.strictObject(personShape),
  output: z.object({
    bmr: z.number().describe('kcal/day, whole number'),
    formula: z.enum(BMR_FORMULAS),
    equation: z.string(),
    byFormula: z
      .object({ mifflinStJeor: z.number(), harrisBenedict: z.number(), katchMcArdle: z.number().nullable() })
      .describe('Each equation, whole kcal; katchMcArdle null without bodyFatPercent'),
    heightCm: z.number(),
    weightKg: z.number(),
    disclaimer: z.string(),
  }),
  examples: [
    // calculatorlib.com Mifflin-St Jeor worked example: man, 30 y, 70 kg, 175 cm →
    // 700 + 1093.75 − 150 + 5 = 1648.75 kcal/day (whole: 1649).
    // Roza-Shizgal by hand: 88.362 + 13.397·70 + 4.799·175 − 5.677·30 = 1695.67 → 1696.
    {
      name: 'Man, 30 y, 175 cm, 70 kg (Mifflin-St Jeor)',
      input: { sex: 'male', age: 30, height: 175, weight: 70 },
      output: {
        bmr: 1649,
        formula: 'mifflin-st-jeor',
        equation: '10 × 70 kg + 6.25 × 175 cm − 5 × 30 y + 5',
        byFormula: { mifflinStJeor: 1649, harrisBenedict: 1696, katchMcArdle: null },
        heightCm: 175,
        weightKg: 70,
        disclaimer: DISCLAIMER,
      },
    },
    // Katch-McArdle by hand: 150 lb = 68.0389 kg, lean mass at 25 % fat = 51.0292 kg;
    // 370 + 21.6 × 51.0292 = 1472.2 → 1472.
    {
      name: 'Woman, 40 y, 65 in, 150 lb, 25 % body fat (Katch-McArdle, imperial)',
      input: { sex: 'female', age: 40, unitSystem: 'imperial', height: 65, weight: 150, formula: 'katch-mcardle', bodyFatPercent: 25 },
      output: {
        bmr: 1472,
        formula: 'katch-mcardle',
        equation: '370 + 21.6 × lean mass 51.029 kg (68.039 kg × (1 − 25 %))',
        byFormula: { mifflinStJeor: 1351, harrisBenedict: 1415, katchMcArdle: 1472 },
        heightCm: 165.1,
        weightKg: 68.04,
        disclaimer: DISCLAIMER,
      },
    },
  ],
  run(input) {
    const r = computeBmr(input);
    const other = (formula: (typeof BMR_FORMULAS)[number]) => round(computeBmr({ ...input, formula }).bmr, 0);
    return {
      bmr: round(r.bmr, 0),
      formula: r.formula,
      equation: r.equation,
      byFormula: {
        mifflinStJeor: other('mifflin-st-jeor'),
        harrisBenedict: other('harris-benedict'),
        katchMcArdle: input.bodyFatPercent === undefined ? null : other('katch-mcardle'),
      },
      heightCm: round(r.heightCm, 2),
      weightKg: round(r.weightKg, 2),
      disclaimer: DISCLAIMER,
    };
  },
});
