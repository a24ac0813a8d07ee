import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { DISCLAIMER, KG_PER_LB, ageField, heightField, round, sexField, weightField, weightKg } from '../_lib/body-units.js';
import { activityField, calorieTarget, personShape } from '../_lib/energy.js';

/**
 * Macronutrient grams from a calorie budget with the Atwater general factors (carbohydrate 4,
 * protein 4, fat 9 kcal/g; FAO Food and Nutrition Paper 77, 2003). The budget is `calories`, or
 * the calorie-calculator target (tools/_lib/energy.ts) from the person fields.
 * Presets (carbs/protein/fat % of kcal): balanced 50/20/30 (catalogue §3); low-fat 60/20/20,
 * low-carb 25/35/40, high-protein 30/40/30 (the common splits in devutl.com's macro reference
 * table). They are conventions, not clinical standards; `custom` takes your own percents.
 */
const DIETS = ['balanced', 'low-fat', 'low-carb', 'high-protein', 'custom'] as const;
type Diet = (typeof DIETS)[number];
const PRESETS: Record<Exclude<Diet, 'custom'>, { carbs: number; protein: number; fat: number }> = {
  balanced: { carbs: 50, protein: 20, fat: 30 },
  'low-fat': { carbs: 60, protein: 20, fat: 20 },
  'low-carb': { carbs: 25, protein: 35, fat: 40 },
  'high-protein': { carbs: 30, protein: 40, fat: 30 },
};
const KCAL_PER_G = { carbs: 4, protein: 4, fat: 9 } as const;
const pct = (what: string) => z.number().min(0).max(100).optional().describe(`${what} % (custom)`);

const macro = z.object({ grams: z.number(), kcal: z.number(), percent: z.number() });

export default defineTool({
  slug: 'macro-calculator',
  title: 'Macro calculator',
  summary: 'How many grams of carbs, protein and fat to eat for your daily calories.',
  keywords: {
    en: ['macros', 'protein', 'carbs', 'fat', 'macronutrients', 'grams'],
    nl: ['macros', 'eiwitten', 'koolhydraten', 'vetten', 'voeding', 'eiwit'],
  },
  description:
    "Splits daily kcal into carbohydrate, protein and fat grams (4/4/9 kcal/g). Give calories, or sex, age, height and weight for the calorie-calculator target. diet sets carbs/protein/fat % (custom: three percents, sum 100); proteinPerKg fixes protein, the rest keeps the diet's carb:fat ratio.",
  docs: ['Diets (carbs/protein/fat %): balanced 50/20/30, low-fat 60/20/20, low-carb 25/35/40, high-protein 30/40/30.'].join('\n'),
  resultView: {
    kind: 'figure',
    field: 'calories',
    unit: 'kcal/day',
    label: 'Calories',
    detail: ['carbs.grams', 'protein.grams', 'fat.grams'],
  },
  input: z.strictObject({
    calories: z.number().min(500).max(10000).optional().describe('Daily kcal; omit to compute'),
    diet: z.enum(DIETS).default('balanced').describe('Macro split'),
    carbPercent: pct('Carbohydrate'),
    proteinPercent: pct('Protein'),
    fatPercent: pct('Fat'),
    proteinPerKg: z.number().min(0.5).max(4).optional().describe('g/kg body weight'),
    sex: sexField().optional().describe('For the computed target'),
    age: ageField().optional(),
    unitSystem: personShape.unitSystem,
    height: heightField().optional().describe('cm (inches if imperial)'),
    weight: weightField().optional().describe('kg (lb if imperial)'),
    formula: personShape.formula,
    bodyFatPercent: personShape.bodyFatPercent,
    activityLevel: activityField().describe('As in tdee-calculator'),
    weeklyChange: z.number().min(-2).max(2).default(0).describe('kg/week (lb if imperial); − = lose'),
  }),
  output: z.object({
    calories: z.number(),
    caloriesFrom: z.enum(['input', 'calorie-target']),
    tdee: z.number().nullable(),
    diet: z.enum(DIETS),
    carbs: macro,
    protein: macro,
    fat: macro,
    formula: z.string(),
    disclaimer: z.string(),
  }),
  examples: [
    // By hand, 2,000 kcal at 50/20/30: 1000 kcal ÷ 4 = 250 g carbs, 400 ÷ 4 = 100 g protein,
    // 600 ÷ 9 = 66.7 → 67 g fat (the 2,000-kcal reference diet of food labels).
    {
      name: '2,000 kcal, balanced',
      input: { calories: 2000 },
      output: {
        calories: 2000,
        caloriesFrom: 'input',
        tdee: null,
        diet: 'balanced',
        carbs: { grams: 250, kcal: 1000, percent: 50 },
        protein: { grams: 100, kcal: 400, percent: 20 },
        fat: { grams: 67, kcal: 600, percent: 30 },
        formula: 'grams = kcal share ÷ 4 (carbs, protein) or ÷ 9 (fat)',
        disclaimer: DISCLAIMER,
      },
    },
    // Man, 30 y, 175 cm, 70 kg, moderate (calculatorlib.com's Mifflin example 1648.75 × 1.55 =
    // 2555.56 kcal); protein 2 g/kg = 140 g = 560 kcal; the other 1995.56 kcal split 50:30 →
    // carbs 1247.2 kcal = 311.8 g, fat 748.3 kcal = 83.1 g.
    {
      name: 'From the person: 70 kg man, moderate, 2 g protein per kg',
      input: { sex: 'male', age: 30, height: 175, weight: 70, activityLevel: 'moderate', proteinPerKg: 2 },
      output: {
        calories: 2556,
        caloriesFrom: 'calorie-target',
        tdee: 2556,
        diet: 'balanced',
        carbs: { grams: 312, kcal: 1247, percent: 48.8 },
        protein: { grams: 140, kcal: 560, percent: 21.9 },
        fat: { grams: 83, kcal: 748, percent: 29.3 },
        formula: 'grams = kcal share ÷ 4 (carbs, protein) or ÷ 9 (fat)',
        disclaimer: DISCLAIMER,
      },
    },
  ],
  run(input) {
    let calories: number;
    let tdee: number | null = null;
    if (input.calories !== undefined) calories = input.calories;
    else {
      for (const field of ['sex', 'age', 'height', 'weight'] as const)
        if (input[field] === undefined)
          throw new ToolError(`\`${field}\` is required when \`calories\` is not given (or give \`calories\`)`, 400, { field });
      const kg = input.unitSystem === 'imperial' ? input.weeklyChange * KG_PER_LB : input.weeklyChange;
      const t = calorieTarget(
        { ...input, sex: input.sex!, age: input.age!, height: input.height!, weight: input.weight! },
        input.activityLevel,
        kg,
      );
      if (t.target < 500)
        throw new ToolError(
          `the calorie target comes to ${Math.round(t.target)} kcal/day, too low to split; use a smaller \`weeklyChange\``,
          400,
          {
            field: 'weeklyChange',
          },
        );
      calories = t.target;
      tdee = t.tdee;
    }

    const given = (['carbPercent', 'proteinPercent', 'fatPercent'] as const).filter((f) => input[f] !== undefined);
    let split: { carbs: number; protein: number; fat: number };
    if (input.diet === 'custom') {
      for (const f of ['carbPercent', 'proteinPercent', 'fatPercent'] as const)
        if (input[f] === undefined) throw new ToolError(`\`${f}\` is required when \`diet\` is custom`, 400, { field: f });
      split = { carbs: input.carbPercent!, protein: input.proteinPercent!, fat: input.fatPercent! };
      const sum = split.carbs + split.protein + split.fat;
      if (Math.abs(sum - 100) > 1e-9)
        throw new ToolError(`\`carbPercent\` + \`proteinPercent\` + \`fatPercent\` must sum to 100 (got ${round(sum, 6)})`, 400, {
          field: 'carbPercent',
        });
    } else {
      if (given.length) throw new ToolError(`\`${given[0]}\` is only used with \`diet\`: custom`, 400, { field: given[0] });
      split = PRESETS[input.diet];
    }

    let kcal: { carbs: number; protein: number; fat: number };
    if (input.proteinPerKg !== undefined) {
      if (input.weight === undefined) throw new ToolError('`weight` is required with `proteinPerKg`', 400, { field: 'weight' });
      const proteinKcal = input.proteinPerKg * weightKg(input.weight, input.unitSystem) * KCAL_PER_G.protein;
      const rest = calories - proteinKcal;
      if (rest < 0)
        throw new ToolError(
          `\`proteinPerKg\` ${input.proteinPerKg} alone needs ${Math.round(proteinKcal)} kcal, more than the ${Math.round(calories)} kcal budget`,
          400,
          {
            field: 'proteinPerKg',
          },
        );
      const cf = split.carbs + split.fat;
      kcal =
        cf > 0
          ? { protein: proteinKcal, carbs: (rest * split.carbs) / cf, fat: (rest * split.fat) / cf }
          : { protein: proteinKcal, carbs: rest, fat: 0 };
    } else {
      kcal = { carbs: (calories * split.carbs) / 100, protein: (calories * split.protein) / 100, fat: (calories * split.fat) / 100 };
    }
    const out = (k: keyof typeof kcal) => ({
      grams: round(kcal[k] / KCAL_PER_G[k], 0),
      kcal: round(kcal[k], 0),
      percent: round((kcal[k] / calories) * 100, 1),
    });
    return {
      calories: round(calories, 0),
      caloriesFrom: input.calories !== undefined ? ('input' as const) : ('calorie-target' as const),
      tdee: tdee === null ? null : round(tdee, 0),
      diet: input.diet,
      carbs: out('carbs'),
      protein: out('protein'),
      fat: out('fat'),
      formula: 'grams = kcal share ÷ 4 (carbs, protein) or ÷ 9 (fat)',
      disclaimer: DISCLAIMER,
    };
  },
});
