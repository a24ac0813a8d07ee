import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { DISCLAIMER, round } from '../_lib/body-units.js';
import { ACTIVITY, ACTIVITY_LEVELS, BMR_FORMULAS, activityField, computeBmr, personShape, tdeeTable } from '../_lib/energy.js';

/** TDEE = BMR × activity factor; formulas, factors and sources: tools/_lib/energy.ts. */
export default defineTool({
  slug: 'tdee-calculator',
  title: 'TDEE calculator',
  summary: 'How many calories you burn in a day (TDEE), for your activity level.',
  keywords: {
    en: ['total daily energy expenditure', 'maintenance calories', 'activity level', 'TDEE', 'calories burned', 'daily calories'],
    nl: ['energieverbruik', 'onderhoudscalorieen', 'dagelijks verbruik', 'tdee', 'calorieverbruik', 'verbruik per dag'],
  },
  description:
    'Total daily energy expenditure (maintenance kcal/day) of an adult = BMR × activity factor; levels lists all five. For a weight-loss or gain target use calorie-calculator.',
  resultView: { kind: 'figure', field: 'tdee', unit: 'kcal/day', label: 'Daily energy use (TDEE)', detail: ['bmr'] },
  input: z.strictObject({ ...personShape, activityLevel: activityField() }),
  output: z.object({
    tdee: z.number().describe('kcal/day at activityLevel'),
    bmr: z.number(),
    activityLevel: z.enum(ACTIVITY_LEVELS),
    factor: z.number(),
    levels: z.array(z.object({ level: z.enum(ACTIVITY_LEVELS), factor: z.number(), label: z.string(), kcal: z.number() })),
    formula: z.enum(BMR_FORMULAS),
    equation: z.string().describe('The BMR equation with your numbers'),
    disclaimer: z.string(),
  }),
  examples: [
    // BMR from calculatorlib.com's Mifflin-St Jeor worked example (man, 30 y, 70 kg, 175 cm → 1648.75);
    // × 1.55 (moderate) = 2555.56 → 2556; × 1.2 = 1978.5 → 1979 (half away from zero).
    {
      name: 'Man, 30 y, 175 cm, 70 kg, moderately active',
      input: { sex: 'male', age: 30, height: 175, weight: 70, activityLevel: 'moderate' },
      output: {
        tdee: 2556,
        bmr: 1649,
        activityLevel: 'moderate',
        factor: 1.55,
        levels: [
          { level: 'sedentary', factor: 1.2, label: ACTIVITY.sedentary.label, kcal: 1979 },
          { level: 'light', factor: 1.375, label: ACTIVITY.light.label, kcal: 2267 },
          { level: 'moderate', factor: 1.55, label: ACTIVITY.moderate.label, kcal: 2556 },
          { level: 'very', factor: 1.725, label: ACTIVITY.very.label, kcal: 2844 },
          { level: 'extra', factor: 1.9, label: ACTIVITY.extra.label, kcal: 3133 },
        ],
        formula: 'mifflin-st-jeor',
        equation: '10 × 70 kg + 6.25 × 175 cm − 5 × 30 y + 5',
        disclaimer: DISCLAIMER,
      },
    },
    // By hand: Mifflin woman 25 y, 64 in (162.56 cm), 130 lb (58.967 kg):
    // 589.67 + 1016 − 125 − 161 = 1319.67; × 1.2 = 1583.6 → 1584.
    {
      name: 'Woman, 25 y, 64 in, 130 lb, sedentary (imperial)',
      input: { sex: 'female', age: 25, unitSystem: 'imperial', height: 64, weight: 130 },
      output: {
        tdee: 1584,
        bmr: 1320,
        activityLevel: 'sedentary',
        factor: 1.2,
        levels: [
          { level: 'sedentary', factor: 1.2, label: ACTIVITY.sedentary.label, kcal: 1584 },
          { level: 'light', factor: 1.375, label: ACTIVITY.light.label, kcal: 1815 },
          { level: 'moderate', factor: 1.55, label: ACTIVITY.moderate.label, kcal: 2045 },
          { level: 'very', factor: 1.725, label: ACTIVITY.very.label, kcal: 2276 },
          { level: 'extra', factor: 1.9, label: ACTIVITY.extra.label, kcal: 2507 },
        ],
        formula: 'mifflin-st-jeor',
        equation: '10 × 58.967 kg + 6.25 × 162.56 cm − 5 × 25 y − 161',
        disclaimer: DISCLAIMER,
      },
    },
  ],
  run(input) {
    const r = computeBmr(input);
    const levels = tdeeTable(r.bmr).map((l) => ({ ...l, kcal: round(l.kcal, 0) }));
    const factor = ACTIVITY[input.activityLevel].factor;
    return {
      tdee: round(r.bmr * factor, 0),
      bmr: round(r.bmr, 0),
      activityLevel: input.activityLevel,
      factor,
      levels,
      formula: r.formula,
      equation: r.equation,
      disclaimer: DISCLAIMER,
    };
  },
});
