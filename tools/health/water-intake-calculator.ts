import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { DISCLAIMER, ML_PER_US_FL_OZ, round, sexField, unitSystemField, weightField, weightKg } from '../_lib/body-units.js';

/**
 * There is no single standard (catalogue §3). Default: EFSA Panel on Dietetic Products, Nutrition and
 * Allergies, "Scientific Opinion on Dietary Reference Values for water", EFSA Journal 2010;8(3):1459:
 * adequate TOTAL water intake (drinks + food moisture) for adults and adolescents from 14 y at moderate
 * temperature and activity: 2.0 L/day women, 2.5 L/day men; pregnancy +0.3 L; lactation +0.7 L
 * ("about 700 mL/day above"). Food usually supplies about 20 % of it, so drinks ≈ 80 %
 * (EFSA: 1.6 / 2.0 L from beverages).
 * Alternative `weight`: mlPerKg × body weight (30–35 mL/kg is the usual adult rule of thumb; default 35).
 * Either way + 0.5 L per hour of exercise (catalogue §3), an estimate for sweat losses.
 */
const EFSA_L = { male: 2.5, female: 2.0 } as const;
const EXTRA_L = { none: 0, pregnant: 0.3, lactating: 0.7 } as const;
const EXERCISE_L_PER_HOUR = 0.5;
const FOOD_SHARE = 0.2;

export default defineTool({
  slug: 'water-intake-calculator',
  title: 'Water intake calculator',
  summary: 'How much water to drink in a day.',
  keywords: {
    en: ['hydration', 'litres per day', 'drink water', 'water', 'drink'],
    nl: ['waterinname', 'vocht', 'hydratatie', 'water', 'drinken'],
  },
  description:
    'Daily total water need of an adult: efsa (EFSA 2010 adequate intake by sex and status) or weight (mlPerKg × weight), +0.5 L per hour of exercise. Returns litres, US fl oz, glasses and the ~80 % to drink.',
  docs: [
    'EFSA 2010: women 2.0 L, men 2.5 L, +0.3 L pregnant, +0.7 L lactating. Food supplies ~20 %. Hot weather, illness and medical conditions change needs.',
  ].join('\n'),
  resultView: { kind: 'figure', field: 'totalLitres', unit: 'L/day', label: 'Water per day', detail: ['glasses250ml'] },
  input: z.strictObject({
    method: z.enum(['efsa', 'weight']).default('efsa').describe('How to estimate'),
    sex: sexField().optional().describe('Needed for efsa'),
    status: z.enum(['none', 'pregnant', 'lactating']).default('none').describe('efsa, women'),
    unitSystem: unitSystemField(),
    weight: weightField().optional().describe('kg (lb if imperial); for weight'),
    mlPerKg: z.number().min(20).max(50).default(35).describe('weight method, mL per kg'),
    exerciseMinutes: z.number().min(0).max(720).default(0).describe('Exercise per day, minutes'),
  }),
  output: z.object({
    totalLitres: z.number().describe('2 decimals'),
    fromDrinksLitres: z.number().describe('About 80 % of the total'),
    usFluidOunces: z.number(),
    glasses250ml: z.number(),
    baseLitres: z.number(),
    exerciseLitres: z.number(),
    method: z.enum(['efsa', 'weight']),
    formula: z.string(),
    disclaimer: z.string(),
  }),
  examples: [
    // EFSA Journal 2010;8(3):1459: adult man 2.5 L/day total water; 80 % from drinks = 2.0 L
    // (EFSA's own beverage figure); + 1 h exercise 0.5 L → 3.0 L total (2.4 L from drinks) = 101.4 US fl oz.
    {
      name: 'Man, 60 minutes of exercise (EFSA)',
      input: { sex: 'male', exerciseMinutes: 60 },
      output: {
        totalLitres: 3,
        fromDrinksLitres: 2.4,
        usFluidOunces: 101.4,
        glasses250ml: 12,
        baseLitres: 2.5,
        exerciseLitres: 0.5,
        method: 'efsa',
        formula: 'EFSA adequate intake 2.5 L + 0.5 L per hour of exercise',
        disclaimer: DISCLAIMER,
      },
    },
    // By hand: 150 lb = 68.04 kg × 35 mL = 2.381 L.
    {
      name: '150 lb, 35 mL per kg (weight method)',
      input: { method: 'weight', unitSystem: 'imperial', weight: 150 },
      output: {
        totalLitres: 2.38,
        fromDrinksLitres: 1.91,
        usFluidOunces: 80.5,
        glasses250ml: 9.5,
        baseLitres: 2.38,
        exerciseLitres: 0,
        method: 'weight',
        formula: '35 mL × 68.04 kg + 0.5 L per hour of exercise',
        disclaimer: DISCLAIMER,
      },
    },
  ],
  run(input) {
    let base: number;
    let formula: string;
    if (input.method === 'efsa') {
      if (!input.sex) throw new ToolError('`sex` is required for the efsa method', 400, { field: 'sex' });
      if (input.sex === 'male' && input.status !== 'none')
        throw new ToolError('`status` pregnant or lactating applies to women only', 400, { field: 'status' });
      base = EFSA_L[input.sex] + EXTRA_L[input.status];
      formula = `EFSA adequate intake ${EFSA_L[input.sex]} L${input.status !== 'none' ? ` + ${EXTRA_L[input.status]} L (${input.status})` : ''} + 0.5 L per hour of exercise`;
    } else {
      if (input.weight === undefined) throw new ToolError('`weight` is required for the weight method', 400, { field: 'weight' });
      const kg = weightKg(input.weight, input.unitSystem);
      base = (input.mlPerKg * kg) / 1000;
      formula = `${input.mlPerKg} mL × ${round(kg, 2)} kg + 0.5 L per hour of exercise`;
    }
    const exercise = (input.exerciseMinutes / 60) * EXERCISE_L_PER_HOUR;
    const total = base + exercise;
    return {
      totalLitres: round(total, 2),
      fromDrinksLitres: round(total * (1 - FOOD_SHARE), 2),
      usFluidOunces: round((total * 1000) / ML_PER_US_FL_OZ, 1),
      glasses250ml: round(total * 4, 1),
      baseLitres: round(base, 2),
      exerciseLitres: round(exercise, 2),
      method: input.method,
      formula,
      disclaimer: DISCLAIMER,
    };
  },
});
