/**
 * Body measurements for the health tools: one unit system per call
 * (`unitSystem: metric|imperial`, never guessed from magnitude), converted with
 * the exact definitions (catalogue §0.2): 1 in = 2.54 cm, 1 lb = 0.45359237 kg
 * (international yard and pound agreement, 1959), 1 mi = 1.609344 km,
 * 1 US fl oz = 29.5735295625 mL. The formulas all work in cm and kg; results
 * go back to the caller's units only for display.
 */
import { z } from 'zod';
import { ToolError } from '../../src/core/tool.js';
import { roundTo } from './money.js';

export const CM_PER_IN = 2.54;
export const KG_PER_LB = 0.45359237;
export const KM_PER_MI = 1.609344;
export const ML_PER_US_FL_OZ = 29.5735295625;

export const UNIT_SYSTEMS = ['metric', 'imperial'] as const;
export type UnitSystem = (typeof UNIT_SYSTEMS)[number];
export const SEXES = ['male', 'female'] as const;
export type Sex = (typeof SEXES)[number];

/** Plausible human ranges (cm, kg), checked after conversion so both systems get the same limits. */
export const HEIGHT_CM = { min: 50, max: 280 } as const;
export const WEIGHT_KG = { min: 2, max: 700 } as const;
/** Circumferences (neck, waist, hip) in cm. */
export const GIRTH_CM = { min: 10, max: 300 } as const;

export const unitSystemField = () => z.enum(UNIT_SYSTEMS).default('metric').describe('metric: cm and kg; imperial: inches and pounds');
export const sexField = () => z.enum(SEXES).describe('Sex (the formulas differ)');
/** Schema bounds are loose (either unit); `heightCm`/`weightKg` check the converted value. */
export const heightField = () => z.number().min(1).max(1000).describe('cm, or inches if imperial (5 ft 10 in = 70)');
export const weightField = () => z.number().min(1).max(2000).describe('kg, or pounds if imperial');
export const ageField = () => z.number().min(15).max(120).describe('Years');

const fmt = (x: number) => String(Math.round(x * 100) / 100);

/** Height in cm; 400 naming `field` outside 50–280 cm (19.7–110.2 in). */
export function heightCm(value: number, system: UnitSystem, field = 'height'): number {
  const cm = system === 'imperial' ? value * CM_PER_IN : value;
  if (cm < HEIGHT_CM.min || cm > HEIGHT_CM.max)
    throw new ToolError(
      `\`${field}\` must be ${system === 'imperial' ? `${fmt(HEIGHT_CM.min / CM_PER_IN)}–${fmt(HEIGHT_CM.max / CM_PER_IN)} inches` : `${HEIGHT_CM.min}–${HEIGHT_CM.max} cm`} (got ${value})`,
      400,
      { field },
    );
  return cm;
}

/** Weight in kg; 400 naming `field` outside 2–700 kg (4.4–1543.2 lb). */
export function weightKg(value: number, system: UnitSystem, field = 'weight'): number {
  const kg = system === 'imperial' ? value * KG_PER_LB : value;
  if (kg < WEIGHT_KG.min || kg > WEIGHT_KG.max)
    throw new ToolError(
      `\`${field}\` must be ${system === 'imperial' ? `${fmt(WEIGHT_KG.min / KG_PER_LB)}–${fmt(WEIGHT_KG.max / KG_PER_LB)} lb` : `${WEIGHT_KG.min}–${WEIGHT_KG.max} kg`} (got ${value})`,
      400,
      { field },
    );
  return kg;
}

/** A circumference (neck, waist, hip) in cm; 400 naming `field` outside 10–300 cm. */
export function girthCm(value: number, system: UnitSystem, field: string): number {
  const cm = system === 'imperial' ? value * CM_PER_IN : value;
  if (cm < GIRTH_CM.min || cm > GIRTH_CM.max)
    throw new ToolError(
      `\`${field}\` must be ${system === 'imperial' ? `${fmt(GIRTH_CM.min / CM_PER_IN)}–${fmt(GIRTH_CM.max / CM_PER_IN)} inches` : `${GIRTH_CM.min}–${GIRTH_CM.max} cm`} (got ${value})`,
      400,
      { field },
    );
  return cm;
}

/** kg in the caller's weight unit. */
export const weightOut = (kg: number, system: UnitSystem) => (system === 'imperial' ? kg / KG_PER_LB : kg);
export const weightUnit = (system: UnitSystem): 'kg' | 'lb' => (system === 'imperial' ? 'lb' : 'kg');
/** cm in the caller's length unit. */
export const lengthOut = (cm: number, system: UnitSystem) => (system === 'imperial' ? cm / CM_PER_IN : cm);

/** Round half away from zero to `dp` decimals (the house rounding, tools/_lib/money.ts); never -0. */
export const round = (x: number, dp: number): number => roundTo(x, dp);

/** The `disclaimer` every health tool returns. */
export const DISCLAIMER = 'Estimate for general information only, not medical advice; ask a doctor or dietitian for personal guidance.';
