import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import {
  DISCLAIMER,
  type Sex,
  ageField,
  girthCm,
  heightCm,
  heightField,
  round,
  sexField,
  unitSystemField,
  weightField,
  weightKg,
  weightOut,
  weightUnit,
} from '../_lib/body-units.js';

/**
 * - navy: U.S. Navy circumference method, Hodgdon JA & Beckett MB, "Prediction of percent body fat
 *   for U.S. Navy men and women from body circumferences and height", Naval Health Research Center
 *   reports 84-11 and 84-29 (1984), in the centimetre form:
 *     men   495 / (1.0324 − 0.19077·log10(waist − neck) + 0.15456·log10(height)) − 450
 *     women 495 / (1.29579 − 0.35004·log10(waist + hip − neck) + 0.22100·log10(height)) − 450
 *   Inches are converted exactly to cm first (the separate inch regression gives slightly different
 *   values: 70/34/15 in → 17.5 % instead of 17.4 %; catalogue §3 picks the cm form).
 * - bmi: Deurenberg P et al., Br J Nutr 1991;65:105–114: 1.20·BMI + 0.23·age − 10.8·(1 men, 0 women) − 5.4.
 * Categories: American Council on Exercise (men essential 2–5, athletes 6–13, fitness 14–17, average
 * 18–24, obese ≥ 25; women 10–13/14–20/21–24/25–31/≥ 32), read on the unrounded value with the
 * gaps closed upward: men < 6, < 14, < 18, < 25; women < 14, < 21, < 25, < 32.
 */
export const BODY_FAT_CATEGORIES = ['essential fat', 'athletes', 'fitness', 'average', 'obese'] as const;
const BOUNDS: Record<Sex, [number, number, number, number]> = { male: [6, 14, 18, 25], female: [14, 21, 25, 32] };

export function aceCategory(sex: Sex, percent: number): (typeof BODY_FAT_CATEGORIES)[number] {
  const b = BOUNDS[sex];
  return percent < b[0] ? 'essential fat' : percent < b[1] ? 'athletes' : percent < b[2] ? 'fitness' : percent < b[3] ? 'average' : 'obese';
}

const girth = (what: string) => z.number().min(1).max(1200).optional().describe(`${what}, cm (inches if imperial)`);

export default defineTool({
  slug: 'body-fat-calculator',
  title: 'Body fat calculator',
  summary: 'Estimate your body fat percentage from a few body measurements.',
  keywords: {
    en: ['body fat percentage', 'US Navy method', 'fat mass', 'lean mass', 'body fat', 'fat percentage'],
    nl: ['vetpercentage', 'lichaamsvet', 'vetmassa'],
  },
  description:
    'Estimates adult body fat %: navy (U.S. Navy, from height, neck and waist, plus hip for women) or bmi (Deurenberg, from height, weight, age). Returns the ACE category, and fat and lean mass when weight is given.',
  docs: [
    'Navy: Hodgdon-Beckett 1984; waist at the navel for men, narrowest for women. bmi: Deurenberg 1991. ACE categories: essential fat, athletes, fitness, average, obese (from the unrounded %). Imperial converted exactly.',
  ].join('\n'),
  resultView: { kind: 'figure', field: 'bodyFatPercent', unit: '%', label: 'Body fat', detail: ['category'] },
  input: z.strictObject({
    method: z.enum(['navy', 'bmi']).default('navy').describe('Estimation method'),
    sex: sexField(),
    unitSystem: unitSystemField(),
    height: heightField(),
    neck: girth('Neck (navy)'),
    waist: girth('Waist (navy)'),
    hip: girth('Hip (navy, women)'),
    weight: weightField().optional().describe('kg (lb if imperial); for bmi'),
    age: ageField().optional().describe('Years (bmi method)'),
  }),
  output: z.object({
    bodyFatPercent: z.number().describe('1 decimal'),
    bodyFatExact: z.number(),
    category: z.enum(BODY_FAT_CATEGORIES),
    method: z.enum(['navy', 'bmi']),
    fatMass: z.number().nullable(),
    leanMass: z.number().nullable(),
    unit: z.enum(['kg', 'lb']),
    formula: z.string(),
    disclaimer: z.string(),
  }),
  examples: [
    // Catalogue §3 / qcalculator.pages.dev worked example: man 70 in, waist 34 in, neck 15 in.
    // The inch regression gives 17.5 % ("Fitness"); the cm form used here gives 17.43 %, also fitness.
    // 180 lb × 17.43 % = 31.4 lb fat.
    {
      name: 'Man, 70 in, waist 34 in, neck 15 in, 180 lb (Navy)',
      input: { sex: 'male', unitSystem: 'imperial', height: 70, neck: 15, waist: 34, weight: 180 },
      output: {
        bodyFatPercent: 17.4,
        bodyFatExact: 17.434676122313988,
        category: 'fitness',
        method: 'navy',
        fatMass: 31.4,
        leanMass: 148.6,
        unit: 'lb',
        formula: '495 / (1.0324 − 0.19077·log10(waist − neck) + 0.15456·log10(height)) − 450, cm',
        disclaimer: DISCLAIMER,
      },
    },
    // By hand (Deurenberg 1991): 165 cm, 60 kg → BMI 22.0386; 1.2 × 22.0386 + 0.23 × 35 − 5.4 = 29.096 %.
    {
      name: 'Woman, 35 y, 165 cm, 60 kg (BMI method)',
      input: { method: 'bmi', sex: 'female', height: 165, weight: 60, age: 35 },
      output: {
        bodyFatPercent: 29.1,
        bodyFatExact: 29.09628099173554,
        category: 'average',
        method: 'bmi',
        fatMass: 17.5,
        leanMass: 42.5,
        unit: 'kg',
        formula: '1.20·BMI + 0.23·age − 5.4 (Deurenberg 1991)',
        disclaimer: DISCLAIMER,
      },
    },
  ],
  run(input) {
    const { sex, unitSystem } = input;
    const h = heightCm(input.height, unitSystem);
    const kg = input.weight === undefined ? undefined : weightKg(input.weight, unitSystem);
    let pct: number;
    let formula: string;
    const need = <T>(v: T | undefined, field: string, why: string): T => {
      if (v === undefined) throw new ToolError(`\`${field}\` is required ${why}`, 400, { field });
      return v;
    };
    if (input.method === 'navy') {
      const neck = girthCm(need(input.neck, 'neck', 'for the navy method'), unitSystem, 'neck');
      const waist = girthCm(need(input.waist, 'waist', 'for the navy method'), unitSystem, 'waist');
      if (sex === 'male') {
        if (waist <= neck) throw new ToolError('`waist` must be larger than `neck` for the navy method', 400, { field: 'waist' });
        pct = 495 / (1.0324 - 0.19077 * Math.log10(waist - neck) + 0.15456 * Math.log10(h)) - 450;
        formula = '495 / (1.0324 − 0.19077·log10(waist − neck) + 0.15456·log10(height)) − 450, cm';
      } else {
        const hip = girthCm(need(input.hip, 'hip', 'for women with the navy method'), unitSystem, 'hip');
        if (waist + hip <= neck)
          throw new ToolError('`waist` + `hip` must be larger than `neck` for the navy method', 400, { field: 'waist' });
        pct = 495 / (1.29579 - 0.35004 * Math.log10(waist + hip - neck) + 0.221 * Math.log10(h)) - 450;
        formula = '495 / (1.29579 − 0.35004·log10(waist + hip − neck) + 0.22100·log10(height)) − 450, cm';
      }
      if (!(pct > 0 && pct < 100))
        throw new ToolError(`these measurements give ${round(pct, 1)} % body fat, which is impossible; check \`waist\` and \`neck\``, 400, {
          field: 'waist',
        });
    } else {
      const w = need(kg, 'weight', 'for the bmi method');
      const age = need(input.age, 'age', 'for the bmi method');
      const bmi = w / (h / 100) ** 2;
      pct = 1.2 * bmi + 0.23 * age - (sex === 'male' ? 16.2 : 5.4);
      formula = `1.20·BMI + 0.23·age − ${sex === 'male' ? '16.2' : '5.4'} (Deurenberg 1991)`;
      if (!(pct > 0 && pct < 100))
        throw new ToolError(`height, weight and age give ${round(pct, 1)} % body fat, outside 0–100 %; check \`weight\``, 400, {
          field: 'weight',
        });
    }
    const fat = kg === undefined ? null : (kg * pct) / 100;
    return {
      bodyFatPercent: round(pct, 1),
      bodyFatExact: pct,
      category: aceCategory(sex, pct),
      method: input.method,
      fatMass: fat === null ? null : round(weightOut(fat, unitSystem), 1),
      leanMass: fat === null ? null : round(weightOut(kg! - fat, unitSystem), 1),
      unit: weightUnit(unitSystem),
      formula,
      disclaimer: DISCLAIMER,
    };
  },
});
