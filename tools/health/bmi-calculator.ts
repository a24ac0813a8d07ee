import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { clean15 } from '../_lib/money.js';
import {
  DISCLAIMER,
  heightCm,
  heightField,
  round,
  unitSystemField,
  weightField,
  weightKg,
  weightOut,
  weightUnit,
} from '../_lib/body-units.js';

/**
 * BMI = kg / m² (WHO). Imperial input is converted exactly (1 in = 2.54 cm, 1 lb = 0.45359237 kg)
 * rather than with the 703·lb/in² shortcut (0.01 % off). Adult categories, WHO (Obesity: preventing and
 * managing the global epidemic, TRS 894, 2000): underweight < 18.5, normal weight 18.5–< 25,
 * overweight 25–< 30, obese ≥ 30 (classes I 30–< 35, II 35–< 40, III ≥ 40). The category is taken
 * from the unrounded BMI (catalogue §0.3), so 24.96 is "normal weight" though `bmi` shows 25.
 * Normal-weight range = 18.5·h² to 25·h² kg, the upper bound exclusive (as calculator.net shows
 * "18.5–25"; we do not use 24.9·h²). BMI Prime = BMI / 25; Ponderal index = kg / m³.
 */
export const BMI_CATEGORIES = ['underweight', 'normal weight', 'overweight', 'obese'] as const;
export type BmiCategory = (typeof BMI_CATEGORIES)[number];

export function bmiCategory(bmi: number): BmiCategory {
  return bmi < 18.5 ? 'underweight' : bmi < 25 ? 'normal weight' : bmi < 30 ? 'overweight' : 'obese';
}
export function obesityClass(bmi: number): 'I' | 'II' | 'III' | null {
  return bmi < 30 ? null : bmi < 35 ? 'I' : bmi < 40 ? 'II' : 'III';
}

export default defineTool({
  slug: 'bmi-calculator',
  title: 'BMI calculator',
  summary: 'Your body mass index (BMI) and its WHO category.',
  featured: true,
  keywords: {
    en: ['body mass index', 'overweight', 'obesity', 'healthy weight', 'underweight', 'BMI', 'weight', 'height'],
    nl: ['bmi', 'overgewicht', 'gezond gewicht', 'ondergewicht', 'gewicht', 'lengte'],
  },
  description:
    'Adult body mass index (kg/m²) with the WHO category (from the unrounded bmiExact; obesity classes I–III), the normal-weight range for the height, BMI Prime and Ponderal index. Not for children or pregnancy.',
  docs: [
    'WHO: underweight < 18.5, normal weight 18.5–<25, overweight 25–<30, obese ≥ 30 (class I/II/III at 30/35/40). Normal-weight range 18.5·h² to 25·h². Imperial units are converted exactly; `bmi` is rounded to 1 decimal.',
  ].join('\n'),
  resultView: { kind: 'figure', field: 'bmi', unit: 'kg/m²', label: 'BMI', detail: ['category', 'obesityClass'] },
  input: z.strictObject({
    unitSystem: unitSystemField(),
    height: heightField(),
    weight: weightField(),
  }),
  output: z.object({
    bmi: z.number().describe('kg/m², 1 decimal'),
    bmiExact: z.number().describe('Unrounded BMI the category is taken from'),
    category: z.enum(BMI_CATEGORIES),
    obesityClass: z.enum(['I', 'II', 'III']).nullable(),
    normalWeightRange: z
      .object({ min: z.number(), max: z.number(), unit: z.enum(['kg', 'lb']) })
      .describe('18.5·h² to 25·h² (upper bound exclusive), 1 decimal'),
    bmiPrime: z.number().describe('BMI / 25, 2 decimals'),
    ponderalIndex: z.number().describe('kg/m³, 1 decimal'),
    heightM: z.number(),
    weightKg: z.number(),
    formula: z.string(),
    disclaimer: z.string(),
  }),
  examples: [
    // calculator.net BMI calculator, metric default (180 cm, 65 kg): BMI 20.1, "Normal", healthy
    // weight 59.9–81 kg, BMI Prime 0.8, Ponderal index 11.1 kg/m³.
    {
      name: '180 cm, 65 kg (calculator.net metric example)',
      input: { height: 180, weight: 65 },
      output: {
        bmi: 20.1,
        bmiExact: 20.0617283950617,
        category: 'normal weight',
        obesityClass: null,
        normalWeightRange: { min: 59.9, max: 81, unit: 'kg' },
        bmiPrime: 0.8,
        ponderalIndex: 11.1,
        heightM: 1.8,
        weightKg: 65,
        formula: 'BMI = weight (kg) / height (m)²',
        disclaimer: DISCLAIMER,
      },
    },
    // calculator.net BMI calculator, US units default (5 ft 10 in, 160 lb): BMI 23.0, "Normal",
    // healthy weight 128.9–174.2 lbs, BMI Prime 0.92.
    {
      name: '70 in, 160 lb (calculator.net US-units example)',
      input: { unitSystem: 'imperial', height: 70, weight: 160 },
      output: {
        bmi: 23,
        bmiExact: 22.9573740290338,
        category: 'normal weight',
        obesityClass: null,
        normalWeightRange: { min: 128.9, max: 174.2, unit: 'lb' },
        bmiPrime: 0.92,
        ponderalIndex: 12.9,
        heightM: 1.778,
        weightKg: 72.5748,
        formula: 'BMI = weight (kg) / height (m)²',
        disclaimer: DISCLAIMER,
      },
    },
  ],
  run({ unitSystem, height, weight }) {
    const cm = heightCm(height, unitSystem);
    const m = cm / 100;
    const kg = weightKg(weight, unitSystem);
    // Free of binary noise, so a BMI of exactly 25 (64 kg at 1.60 m) is 25 and "overweight", not 24.999…
    const bmi = clean15((kg * 10_000) / (cm * cm));
    return {
      bmi: round(bmi, 1),
      bmiExact: bmi,
      category: bmiCategory(bmi),
      obesityClass: obesityClass(bmi),
      normalWeightRange: {
        min: round(weightOut(18.5 * m * m, unitSystem), 1),
        max: round(weightOut(25 * m * m, unitSystem), 1),
        unit: weightUnit(unitSystem),
      },
      bmiPrime: round(bmi / 25, 2),
      ponderalIndex: round(kg / (m * m * m), 1),
      heightM: round(m, 4),
      weightKg: round(kg, 4),
      formula: 'BMI = weight (kg) / height (m)²',
      disclaimer: DISCLAIMER,
    };
  },
});
