/**
 * The energy model of the health tools, in three layers (catalogue §1, §3):
 *   BMR (resting kcal/day) → TDEE = BMR × activity factor → target = TDEE ± goal.
 * bmr-calculator, tdee-calculator, calorie-calculator and macro-calculator all
 * compute through here, so the same person gets the same numbers everywhere.
 *
 * BMR equations (kcal/day; weight kg, height cm, age years):
 * - Mifflin-St Jeor: Mifflin MD, St Jeor ST et al., "A new predictive equation for resting energy
 *   expenditure in healthy individuals", Am J Clin Nutr 1990;51:241–247:
 *   10·w + 6.25·h − 5·a + 5 (men) / − 161 (women).
 * - Harris-Benedict, revised: Roza AM, Shizgal HM, Am J Clin Nutr 1984;40:168–182:
 *   men 88.362 + 13.397·w + 4.799·h − 5.677·a; women 447.593 + 9.247·w + 3.098·h − 4.330·a.
 *   (Not the 1919 original, whose coefficients are 66.5/13.75/5.003/6.755.)
 * - Katch-McArdle: 370 + 21.6·LBM, LBM = w·(1 − body fat % / 100) (needs body fat).
 * Activity factors: the standard multipliers 1.2 / 1.375 / 1.55 / 1.725 / 1.9 (catalogue §3; some
 * pages print 1.275 for "light": 1.375 is the usual value).
 * Goals: 1 kg of body fat ≈ 7,700 kcal, so a change of x kg/week is x·7700/7 kcal/day (0.5 kg → 550).
 * One constant for both unit systems: 1 lb/week = 0.45359237·1100 ≈ 499 kcal/day (the "3,500 kcal
 * per lb" rule of thumb would make metric and imperial disagree).
 */
import { z } from 'zod';
import { ToolError } from '../../src/core/tool.js';
import {
  type Sex,
  type UnitSystem,
  ageField,
  heightCm,
  heightField,
  sexField,
  unitSystemField,
  weightField,
  weightKg,
} from './body-units.js';

export const BMR_FORMULAS = ['mifflin-st-jeor', 'harris-benedict', 'katch-mcardle'] as const;
export type BmrFormula = (typeof BMR_FORMULAS)[number];

export const ACTIVITY_LEVELS = ['sedentary', 'light', 'moderate', 'very', 'extra'] as const;
export type ActivityLevel = (typeof ACTIVITY_LEVELS)[number];
export const ACTIVITY: Record<ActivityLevel, { factor: number; label: string }> = {
  sedentary: { factor: 1.2, label: 'little or no exercise' },
  light: { factor: 1.375, label: 'light exercise 1–3 days/week' },
  moderate: { factor: 1.55, label: 'moderate exercise 3–5 days/week' },
  very: { factor: 1.725, label: 'hard exercise 6–7 days/week' },
  extra: { factor: 1.9, label: 'very hard exercise or a physical job' },
};

/** kcal per kg of body-weight change. */
export const KCAL_PER_KG = 7700;
/** Intake below which calorie-calculator warns (calculator.net's guidance), not a clamp. */
export const MIN_KCAL: Record<Sex, number> = { male: 1500, female: 1200 };

/** The zod fields of a person, shared by the energy tools. */
export const personShape = {
  sex: sexField(),
  age: ageField(),
  unitSystem: unitSystemField(),
  height: heightField(),
  weight: weightField(),
  formula: z.enum(BMR_FORMULAS).default('mifflin-st-jeor').describe('BMR equation (katch-mcardle needs bodyFatPercent)'),
  bodyFatPercent: z.number().min(2).max(70).optional().describe('Body fat %, for katch-mcardle'),
};
export const activityField = () =>
  z
    .enum(ACTIVITY_LEVELS)
    .default('sedentary')
    .describe('sedentary ×1.2, light ×1.375 (1–3 days/wk), moderate ×1.55 (3–5), very ×1.725 (6–7), extra ×1.9');

export interface Person {
  sex: Sex;
  age: number;
  unitSystem: UnitSystem;
  height: number;
  weight: number;
  formula: BmrFormula;
  bodyFatPercent?: number;
}

export interface Bmr {
  heightCm: number;
  weightKg: number;
  /** Unrounded kcal/day. */
  bmr: number;
  formula: BmrFormula;
  /** The equation with the caller's numbers, for checking by hand. */
  equation: string;
}

const n = (x: number) => String(Math.round(x * 1000) / 1000);

/** BMR of a person (validated: height, weight in range; body fat present for katch-mcardle). */
export function computeBmr(p: Person): Bmr {
  const h = heightCm(p.height, p.unitSystem);
  const w = weightKg(p.weight, p.unitSystem);
  const a = p.age;
  let bmr: number;
  let equation: string;
  switch (p.formula) {
    case 'mifflin-st-jeor': {
      const s = p.sex === 'male' ? 5 : -161;
      bmr = 10 * w + 6.25 * h - 5 * a + s;
      equation = `10 × ${n(w)} kg + 6.25 × ${n(h)} cm − 5 × ${n(a)} y ${s > 0 ? '+ 5' : '− 161'}`;
      break;
    }
    case 'harris-benedict':
      if (p.sex === 'male') {
        bmr = 88.362 + 13.397 * w + 4.799 * h - 5.677 * a;
        equation = `88.362 + 13.397 × ${n(w)} kg + 4.799 × ${n(h)} cm − 5.677 × ${n(a)} y`;
      } else {
        bmr = 447.593 + 9.247 * w + 3.098 * h - 4.33 * a;
        equation = `447.593 + 9.247 × ${n(w)} kg + 3.098 × ${n(h)} cm − 4.330 × ${n(a)} y`;
      }
      break;
    case 'katch-mcardle': {
      if (p.bodyFatPercent === undefined)
        throw new ToolError('`bodyFatPercent` is required when `formula` is katch-mcardle', 400, { field: 'bodyFatPercent' });
      const lbm = w * (1 - p.bodyFatPercent / 100);
      bmr = 370 + 21.6 * lbm;
      equation = `370 + 21.6 × lean mass ${n(lbm)} kg (${n(w)} kg × (1 − ${n(p.bodyFatPercent)} %))`;
      break;
    }
  }
  if (!(bmr > 0))
    throw new ToolError(`these measurements give a BMR of ${n(bmr)} kcal/day, which is impossible; check \`weight\` and \`age\``, 400, {
      field: 'weight',
    });
  return { heightCm: h, weightKg: w, bmr, formula: p.formula, equation };
}

/** TDEE for every activity level (unrounded). */
export function tdeeTable(bmr: number): { level: ActivityLevel; factor: number; label: string; kcal: number }[] {
  return ACTIVITY_LEVELS.map((level) => ({ level, ...ACTIVITY[level], kcal: bmr * ACTIVITY[level].factor }));
}

/** Daily kcal change for a weekly weight change in kg (negative = lose). */
export function dailyKcalForWeeklyChange(kgPerWeek: number): number {
  return (kgPerWeek * KCAL_PER_KG) / 7;
}

export interface Target extends Bmr {
  tdee: number;
  /** kcal/day added for the weekly weight change (negative = deficit). */
  adjustment: number;
  /** tdee + adjustment, unrounded. */
  target: number;
}

/** The calorie layer: BMR → TDEE at `activityLevel` → plus `weeklyChangeKg` (negative = lose). */
export function calorieTarget(p: Person, activityLevel: ActivityLevel, weeklyChangeKg: number): Target {
  const b = computeBmr(p);
  const tdee = b.bmr * ACTIVITY[activityLevel].factor;
  const adjustment = dailyKcalForWeeklyChange(weeklyChangeKg);
  return { ...b, tdee, adjustment, target: tdee + adjustment };
}
