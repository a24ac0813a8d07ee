import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import {
  CM_PER_IN,
  DISCLAIMER,
  heightCm,
  heightField,
  round,
  sexField,
  unitSystemField,
  weightOut,
  weightUnit,
} from '../_lib/body-units.js';

/**
 * Ideal body weight, kg = base + per-inch × (height in inches − 60) (catalogue §3, as calculator.net):
 *   Devine (1974)    men 50 + 2.3,  women 45.5 + 2.3
 *   Robinson (1983)  men 52 + 1.9,  women 49 + 1.7
 *   Miller (1983)    men 56.2 + 1.41, women 53.1 + 1.36
 *   Hamwi (1964)     men 48 + 2.7,  women 45.5 + 2.2
 * plus the WHO healthy-BMI range 18.5·h² to 25·h² (upper bound exclusive, as bmi-calculator).
 * Decision: the formulas were written for 5 ft and taller; below 60 in they are extrapolated
 * linearly with a warning, and below 48 in (121.92 cm; Hamwi for men reaches 0 kg at 42.2 in)
 * the height is refused.
 */
const FORMULAS = {
  devine: { male: [50, 2.3], female: [45.5, 2.3] },
  robinson: { male: [52, 1.9], female: [49, 1.7] },
  miller: { male: [56.2, 1.41], female: [53.1, 1.36] },
  hamwi: { male: [48, 2.7], female: [45.5, 2.2] },
} as const;
const MIN_IN = 48;

export default defineTool({
  slug: 'ideal-weight-calculator',
  title: 'Ideal weight calculator',
  summary: 'A healthy weight for your height, by four common formulas.',
  keywords: {
    en: ['ideal body weight', 'target weight', 'healthy weight range', 'ideal weight', 'weigh'],
    nl: ['ideaal gewicht', 'streefgewicht', 'gezond gewicht', 'wegen'],
  },
  description:
    'Ideal body weight of an adult from height and sex by Devine, Robinson, Miller and Hamwi, plus the healthy BMI 18.5–25 weight range. Below 5 ft extrapolated with a warning; below 4 ft refused.',
  docs: [
    'Each formula is base + per inch over 5 ft, men / women: Devine 50 / 45.5 kg + 2.3; Robinson 52 + 1.9 / 49 + 1.7; Miller 56.2 + 1.41 / 53.1 + 1.36; Hamwi 48 + 2.7 / 45.5 + 2.2.',
  ].join('\n'),
  resultView: { kind: 'figure', field: 'devine', unit: '@unit', label: 'Ideal weight (Devine)', detail: ['robinson', 'miller', 'hamwi'] },
  input: z.strictObject({
    sex: sexField(),
    unitSystem: unitSystemField(),
    height: heightField(),
  }),
  output: z.object({
    devine: z.number(),
    robinson: z.number(),
    miller: z.number(),
    hamwi: z.number(),
    healthyBmiRange: z.object({ min: z.number(), max: z.number() }).describe('BMI 18.5 to 25'),
    unit: z.enum(['kg', 'lb']),
    heightInches: z.number(),
    warning: z.string().nullable(),
    formula: z.string(),
    disclaimer: z.string(),
  }),
  examples: [
    // By hand from the published coefficients: man 70 in (10 in over 5 ft): Devine 73 kg = 160.9 lb,
    // Robinson 71 kg = 156.5 lb, Miller 70.3 kg = 155.0 lb, Hamwi 75 kg = 165.3 lb; BMI range
    // 128.9–174.2 lb (calculator.net's BMI page shows the same range for 5 ft 10 in).
    {
      name: 'Man, 5 ft 10 in (imperial)',
      input: { sex: 'male', unitSystem: 'imperial', height: 70 },
      output: {
        devine: 160.9,
        robinson: 156.5,
        miller: 155,
        hamwi: 165.3,
        healthyBmiRange: { min: 128.9, max: 174.2 },
        unit: 'lb',
        heightInches: 70,
        warning: null,
        formula: 'kg = base + per-inch factor × (height in inches − 60)',
        disclaimer: DISCLAIMER,
      },
    },
    // By hand: woman 165 cm = 64.96 in (4.96 over 5 ft): Devine 45.5 + 2.3 × 4.961 = 56.9 kg,
    // Robinson 49 + 1.7 × 4.961 = 57.4, Miller 53.1 + 1.36 × 4.961 = 59.8, Hamwi 45.5 + 2.2 × 4.961 = 56.4.
    {
      name: 'Woman, 165 cm',
      input: { sex: 'female', height: 165 },
      output: {
        devine: 56.9,
        robinson: 57.4,
        miller: 59.8,
        hamwi: 56.4,
        healthyBmiRange: { min: 50.4, max: 68.1 },
        unit: 'kg',
        heightInches: 64.96,
        warning: null,
        formula: 'kg = base + per-inch factor × (height in inches − 60)',
        disclaimer: DISCLAIMER,
      },
    },
  ],
  run({ sex, unitSystem, height }) {
    const cm = heightCm(height, unitSystem);
    const inches = cm / CM_PER_IN;
    if (inches < MIN_IN)
      throw new ToolError(`\`height\` must be at least 48 inches (121.92 cm) for the ideal-weight formulas (got ${height})`, 400, {
        field: 'height',
      });
    const over = inches - 60;
    const out = (kg: number) => round(weightOut(kg, unitSystem), 1);
    const f = (name: keyof typeof FORMULAS) => out(FORMULAS[name][sex][0] + FORMULAS[name][sex][1] * over);
    const m2 = (cm / 100) ** 2;
    return {
      devine: f('devine'),
      robinson: f('robinson'),
      miller: f('miller'),
      hamwi: f('hamwi'),
      healthyBmiRange: { min: out(18.5 * m2), max: out(25 * m2) },
      unit: weightUnit(unitSystem),
      heightInches: round(inches, 2),
      warning: inches < 60 ? 'the formulas are defined from 5 ft (152.4 cm); below that they are extrapolated' : null,
      formula: 'kg = base + per-inch factor × (height in inches − 60)',
      disclaimer: DISCLAIMER,
    };
  },
});
