import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { DISCLAIMER, KG_PER_LB, round, weightUnit } from '../_lib/body-units.js';
import {
  ACTIVITY_LEVELS,
  BMR_FORMULAS,
  MIN_KCAL,
  activityField,
  calorieTarget,
  dailyKcalForWeeklyChange,
  personShape,
} from '../_lib/energy.js';

/** The goal rows shown in `goals`, per unit system (calculator.net's choices: ¼, ½, 1 kg or ½, 1, 2 lb). */
const GOAL_STEPS = { metric: [-1, -0.5, -0.25, 0, 0.25, 0.5, 1], imperial: [-2, -1, -0.5, 0, 0.5, 1, 2] } as const;

/** Target = TDEE + weekly change × 7,700 kcal/kg ÷ 7 (tools/_lib/energy.ts). */
export default defineTool({
  slug: 'calorie-calculator',
  title: 'Daily calorie calculator',
  summary: 'How many calories a day to eat to keep, lose or gain weight.',
  keywords: {
    en: ['calories per day', 'weight loss', 'lose weight', 'gain weight', 'diet', 'calorie deficit', 'calories', 'calorie intake'],
    nl: ['calorieen', 'kcal per dag', 'afvallen', 'aankomen', 'dieet', 'calorie inname'],
  },
  description:
    'Daily calorie target for an adult to keep, lose or gain weight: TDEE (as tdee-calculator) + weeklyChange × 7,700 kcal/kg ÷ 7; goals lists common rates. Below 1,500 (men) / 1,200 (women) kcal is flagged belowMinimum; a target ≤ 0 gives achievable: false.',
  resultView: { kind: 'figure', field: 'targetKcal', unit: 'kcal/day', label: 'Daily calories for your goal', detail: ['tdee', 'warning'] },
  input: z.strictObject({
    ...personShape,
    activityLevel: activityField(),
    weeklyChange: z.number().min(-2).max(2).default(0).describe('kg/week (lb if imperial), negative = lose'),
  }),
  output: z.object({
    targetKcal: z.number().describe('kcal/day, whole number'),
    tdee: z.number(),
    bmr: z.number(),
    dailyAdjustmentKcal: z.number(),
    weeklyChange: z.number(),
    unit: z.enum(['kg', 'lb']).describe('Unit of weeklyChange'),
    achievable: z.boolean(),
    belowMinimum: z.boolean(),
    warning: z.string().nullable(),
    goals: z.array(z.object({ weeklyChange: z.number(), kcal: z.number() })),
    activityLevel: z.enum(ACTIVITY_LEVELS),
    formula: z.enum(BMR_FORMULAS),
    equation: z.string(),
    disclaimer: z.string(),
  }),
  examples: [
    // BMR from calculatorlib.com's Mifflin-St Jeor worked example (man, 30 y, 70 kg, 175 cm → 1648.75);
    // × 1.55 = 2555.56; lose 0.5 kg/week: − 0.5 × 7700 / 7 = − 550 → 2005.56 → 2006.
    {
      name: 'Man, 30 y, 175 cm, 70 kg, moderate, lose 0.5 kg/week',
      input: { sex: 'male', age: 30, height: 175, weight: 70, activityLevel: 'moderate', weeklyChange: -0.5 },
      output: {
        targetKcal: 2006,
        tdee: 2556,
        bmr: 1649,
        dailyAdjustmentKcal: -550,
        weeklyChange: -0.5,
        unit: 'kg',
        achievable: true,
        belowMinimum: false,
        warning: null,
        goals: [
          { weeklyChange: -1, kcal: 1456 },
          { weeklyChange: -0.5, kcal: 2006 },
          { weeklyChange: -0.25, kcal: 2281 },
          { weeklyChange: 0, kcal: 2556 },
          { weeklyChange: 0.25, kcal: 2831 },
          { weeklyChange: 0.5, kcal: 3106 },
          { weeklyChange: 1, kcal: 3656 },
        ],
        activityLevel: 'moderate',
        formula: 'mifflin-st-jeor',
        equation: '10 × 70 kg + 6.25 × 175 cm − 5 × 30 y + 5',
        disclaimer: DISCLAIMER,
      },
    },
    // By hand: Mifflin woman 25 y, 64 in, 130 lb → 1319.67 × 1.2 = 1583.6; −1 lb/week =
    // −0.45359237 × 1100 = −498.95 kcal/day → 1084.65 → 1085, under the 1,200 floor for women.
    {
      name: 'Woman, 25 y, 64 in, 130 lb, sedentary, lose 1 lb/week (below the minimum)',
      input: { sex: 'female', age: 25, unitSystem: 'imperial', height: 64, weight: 130, weeklyChange: -1 },
      output: {
        targetKcal: 1085,
        tdee: 1584,
        bmr: 1320,
        dailyAdjustmentKcal: -499,
        weeklyChange: -1,
        unit: 'lb',
        achievable: true,
        belowMinimum: true,
        warning: 'below 1200 kcal/day, the usual minimum for women without medical supervision',
        goals: [
          { weeklyChange: -2, kcal: 586 },
          { weeklyChange: -1, kcal: 1085 },
          { weeklyChange: -0.5, kcal: 1334 },
          { weeklyChange: 0, kcal: 1584 },
          { weeklyChange: 0.5, kcal: 1833 },
          { weeklyChange: 1, kcal: 2083 },
          { weeklyChange: 2, kcal: 2582 },
        ],
        activityLevel: 'sedentary',
        formula: 'mifflin-st-jeor',
        equation: '10 × 58.967 kg + 6.25 × 162.56 cm − 5 × 25 y − 161',
        disclaimer: DISCLAIMER,
      },
    },
  ],
  run(input) {
    const toKg = (x: number) => (input.unitSystem === 'imperial' ? x * KG_PER_LB : x);
    const r = calorieTarget(input, input.activityLevel, toKg(input.weeklyChange));
    const { tdee, adjustment, target } = r;
    const min = MIN_KCAL[input.sex];
    const achievable = target > 0;
    const belowMinimum = target < min;
    return {
      targetKcal: round(target, 0),
      tdee: round(tdee, 0),
      bmr: round(r.bmr, 0),
      dailyAdjustmentKcal: round(adjustment, 0),
      weeklyChange: input.weeklyChange,
      unit: weightUnit(input.unitSystem),
      achievable,
      belowMinimum,
      warning: !achievable
        ? `a change of ${input.weeklyChange} ${weightUnit(input.unitSystem)}/week needs more than the whole TDEE; choose a slower rate`
        : belowMinimum
          ? `below ${min} kcal/day, the usual minimum for ${input.sex === 'male' ? 'men' : 'women'} without medical supervision`
          : null,
      goals: GOAL_STEPS[input.unitSystem].map((w) => ({ weeklyChange: w, kcal: round(tdee + dailyKcalForWeeklyChange(toKg(w)), 0) })),
      activityLevel: input.activityLevel,
      formula: r.formula,
      equation: r.equation,
      disclaimer: DISCLAIMER,
    };
  },
});
