import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { round } from '../_lib/body-units.js';

/**
 * One-repetition maximum from a set of w × r (reps to failure). The usual equations (as listed on
 * Wikipedia "One-repetition maximum", easycalculation.com, vcalc.com; original papers in brackets):
 *   epley     w·(1 + r/30)                         (Epley 1985)
 *   brzycki   w·36/(37 − r)                         (Brzycki 1993)
 *   lombardi  w·r^0.10                              (Lombardi 1989)
 *   oconner   w·(1 + 0.025·r)                       (O'Conner, Simmons & O'Shea 1989)
 *   lander    100·w/(101.3 − 2.67123·r)             (Lander 1985)
 *   mayhew    100·w/(52.2 + 41.9·e^(−0.055·r))      (Mayhew et al. 1992)
 *   wathan    100·w/(48.8 + 53.8·e^(−0.075·r))      (Wathan 1994)
 * Decisions (catalogue §3): reps = 1 returns the weight itself for every formula (Epley alone would
 * give 1.033·w); reps are capped at 30 (Brzycki diverges at 37, Lander at 37.9) and a warning is
 * returned above 12, where all of them lose accuracy. The weight unit is only a label.
 */
const FORMULAS = ['epley', 'brzycki', 'lombardi', 'oconner', 'lander', 'mayhew', 'wathan'] as const;
type Formula = (typeof FORMULAS)[number];
const EQUATIONS: Record<Formula, [(w: number, r: number) => number, string]> = {
  epley: [(w, r) => w * (1 + r / 30), 'w × (1 + r/30)'],
  brzycki: [(w, r) => (w * 36) / (37 - r), 'w × 36 / (37 − r)'],
  lombardi: [(w, r) => w * r ** 0.1, 'w × r^0.10'],
  oconner: [(w, r) => w * (1 + 0.025 * r), 'w × (1 + 0.025 × r)'],
  lander: [(w, r) => (100 * w) / (101.3 - 2.67123 * r), '100 × w / (101.3 − 2.67123 × r)'],
  mayhew: [(w, r) => (100 * w) / (52.2 + 41.9 * Math.exp(-0.055 * r)), '100 × w / (52.2 + 41.9 × e^(−0.055 × r))'],
  wathan: [(w, r) => (100 * w) / (48.8 + 53.8 * Math.exp(-0.075 * r)), '100 × w / (48.8 + 53.8 × e^(−0.075 × r))'],
};
const PERCENTS = [100, 95, 90, 85, 80, 75, 70, 65, 60, 55, 50];
const DISCLAIMER = 'Estimate only; test a true maximum only with a spotter and good technique.';

function estimate(f: Formula, w: number, r: number): number {
  return r === 1 ? w : EQUATIONS[f][0](w, r);
}

export default defineTool({
  slug: 'one-rep-max-calculator',
  title: 'One-rep max (1RM) calculator',
  summary: 'Estimate your one-rep max (1RM) from a lift of several reps.',
  keywords: {
    en: ['1RM', 'max lift', 'strength', 'bench press', 'squat', 'deadlift', 'reps', 'one rep max', 'max'],
    nl: ['1rm', 'maximale kracht', 'herhalingen', 'bankdrukken', 'squat', 'max', 'maximaal gewicht'],
  },
  description:
    'Estimates the one-rep max from weight × reps (to failure) with epley, brzycki, lombardi, oconner, lander, mayhew, wathan or their average, all listed, plus a %1RM table. Over 12 reps is less accurate (warning); unit is a label.',
  resultView: { kind: 'figure', field: 'oneRepMax', unit: '@unit', label: 'One-rep max' },
  input: z.strictObject({
    weight: z.number().min(0.1).max(2000).describe('Weight lifted'),
    reps: z.int().min(1).max(30).describe('Repetitions completed'),
    unit: z.enum(['kg', 'lb']).default('kg').describe('Weight unit (label)'),
    formula: z
      .enum([...FORMULAS, 'average'])
      .default('epley')
      .describe('Headline formula'),
  }),
  output: z.object({
    oneRepMax: z.number(),
    formula: z.enum([...FORMULAS, 'average']),
    equation: z.string(),
    estimates: z.object(Object.fromEntries(FORMULAS.map((f) => [f, z.number()])) as Record<Formula, z.ZodNumber>),
    average: z.number(),
    percentTable: z.array(z.object({ percent: z.int(), weight: z.number() })),
    unit: z.enum(['kg', 'lb']),
    warning: z.string().nullable(),
    disclaimer: z.string(),
  }),
  examples: [
    // easycalculation.com worked example: 50 kg × 8 reps → Epley 63, Brzycki 62, Lombardi 62,
    // Mayhew 63, O'Conner 60, Wathan 63 (whole kg there, Wathan apparently truncated: 5000 / 78.33 = 63.8).
    {
      name: '50 kg × 8 reps (easycalculation.com example)',
      input: { weight: 50, reps: 8 },
      output: {
        oneRepMax: 63.3,
        formula: 'epley',
        equation: 'w × (1 + r/30)',
        estimates: { epley: 63.3, brzycki: 62.1, lombardi: 61.6, oconner: 60, lander: 62.6, mayhew: 63.1, wathan: 63.8 },
        average: 62.4,
        percentTable: [
          { percent: 100, weight: 63.3 },
          { percent: 95, weight: 60.2 },
          { percent: 90, weight: 57 },
          { percent: 85, weight: 53.8 },
          { percent: 80, weight: 50.7 },
          { percent: 75, weight: 47.5 },
          { percent: 70, weight: 44.3 },
          { percent: 65, weight: 41.2 },
          { percent: 60, weight: 38 },
          { percent: 55, weight: 34.8 },
          { percent: 50, weight: 31.7 },
        ],
        unit: 'kg',
        warning: null,
        disclaimer: DISCLAIMER,
      },
    },
    // Brzycki by hand: 225 lb × 5 → 225 × 36 / 32 = 253.125 → 253.1 lb.
    {
      name: '225 lb × 5 reps (Brzycki)',
      input: { weight: 225, reps: 5, unit: 'lb', formula: 'brzycki' },
      output: {
        oneRepMax: 253.1,
        formula: 'brzycki',
        equation: 'w × 36 / (37 − r)',
        estimates: { epley: 262.5, brzycki: 253.1, lombardi: 264.3, oconner: 253.1, lander: 255.8, mayhew: 267.8, wathan: 262.3 },
        average: 259.9,
        percentTable: [
          { percent: 100, weight: 253.1 },
          { percent: 95, weight: 240.5 },
          { percent: 90, weight: 227.8 },
          { percent: 85, weight: 215.2 },
          { percent: 80, weight: 202.5 },
          { percent: 75, weight: 189.8 },
          { percent: 70, weight: 177.2 },
          { percent: 65, weight: 164.5 },
          { percent: 60, weight: 151.9 },
          { percent: 55, weight: 139.2 },
          { percent: 50, weight: 126.6 },
        ],
        unit: 'lb',
        warning: null,
        disclaimer: DISCLAIMER,
      },
    },
  ],
  run({ weight, reps, unit, formula }) {
    const all = Object.fromEntries(FORMULAS.map((f) => [f, estimate(f, weight, reps)])) as Record<Formula, number>;
    const average = FORMULAS.reduce((s, f) => s + all[f], 0) / FORMULAS.length;
    const orm = formula === 'average' ? average : all[formula];
    return {
      oneRepMax: round(orm, 1),
      formula,
      equation: reps === 1 ? '1 rep: the weight itself' : formula === 'average' ? 'mean of the seven equations' : EQUATIONS[formula][1],
      estimates: Object.fromEntries(FORMULAS.map((f) => [f, round(all[f], 1)])) as Record<Formula, number>,
      average: round(average, 1),
      percentTable: PERCENTS.map((percent) => ({ percent, weight: round((orm * percent) / 100, 1) })),
      unit,
      warning: reps > 12 ? 'above 12 reps the equations disagree and lose accuracy' : null,
      disclaimer: DISCLAIMER,
    };
  },
});
