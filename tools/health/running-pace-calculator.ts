import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { KM_PER_MI, round } from '../_lib/body-units.js';

/**
 * Pace = time / distance; any one of pace, time, distance from the other two.
 * Race prediction (Riegel PS, "Athletic records and human endurance", American Scientist
 * 1981;69:285–290): T2 = T1 · (D2/D1)^1.06, the exponent an input (1.06 default).
 * Race distances: 5K, 10K, half marathon 21.0975 km, marathon 42.195 km (World Athletics).
 * 1 mi = 1.609344 km exactly. Everything is computed unrounded; whole seconds only at the end.
 */
const RACES = { '5k': 5, '10k': 10, 'half-marathon': 21.0975, marathon: 42.195 } as const;
type Race = keyof typeof RACES;
const UNITS = { km: 1, mi: KM_PER_MI, m: 0.001 } as const;
const MAX_SECONDS = 1000 * 3600;
const DISCLAIMER = 'Estimates: predictions assume equal fitness and training for both distances, on similar courses and conditions.';

/** "h:mm:ss", "mm:ss" or "m:ss" (seconds may have decimals) → seconds. */
function parseDuration(text: string, field: string): number {
  const m = /^(?:(\d{1,4}):)?(\d{1,3}):(\d{1,2}(?:\.\d+)?)$/.exec(text.trim());
  if (m) {
    const [h, min, s] = [Number(m[1] ?? 0), Number(m[2]), Number(m[3])];
    if ((m[1] === undefined || min < 60) && s < 60) {
      const total = h * 3600 + min * 60 + s;
      if (total > 0 && total <= MAX_SECONDS) return total;
    }
  }
  throw new ToolError(`\`${field}\` must be a duration h:mm:ss or mm:ss greater than 0 (got "${text}")`, 400, { field });
}

/** Whole seconds → "h:mm:ss" (or "m:ss" below an hour). */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

const summary = (km: number, seconds: number) => ({
  distanceKm: round(km, 4),
  distanceMi: round(km / KM_PER_MI, 4),
  time: formatDuration(seconds),
  timeSeconds: Math.round(seconds),
  pacePerKm: formatDuration(seconds / km),
  pacePerMile: formatDuration((seconds / km) * KM_PER_MI),
  speedKmh: round((km / seconds) * 3600, 2),
  speedMph: round((km / KM_PER_MI / seconds) * 3600, 2),
});
const summarySchema = z.object({
  distanceKm: z.number(),
  distanceMi: z.number(),
  time: z.string(),
  timeSeconds: z.int(),
  pacePerKm: z.string(),
  pacePerMile: z.string(),
  speedKmh: z.number(),
  speedMph: z.number(),
});

export default defineTool({
  slug: 'running-pace-calculator',
  title: 'Running pace calculator',
  summary: 'Running pace, time or distance from the other two, and race-time predictions.',
  keywords: {
    en: ['pace', 'minutes per km', 'marathon', '5k', '10k', 'race time', 'split', 'running'],
    nl: ['hardlopen', 'tempo', 'marathon', 'looptijd', 'kilometertijd'],
  },
  description:
    'Running pace, time or distance from the other two, or a race-time prediction (predict: Riegel T2 = T1 × (D2/D1)^riegelExponent). Distance or a race (half-marathon 21.0975 km, marathon 42.195 km); times h:mm:ss or mm:ss, pace m:ss per paceUnit. Results in both units, whole seconds.',
  resultView: { kind: 'record', field: ['prediction', 'result'] },
  input: z.strictObject({
    mode: z.enum(['pace', 'time', 'distance', 'predict']).default('pace').describe('What to compute'),
    distance: z.number().min(0.001).max(10000).optional().describe('In distanceUnit'),
    distanceUnit: z.enum(['km', 'mi', 'm']).default('km').describe('Unit of distances'),
    race: z.enum(['5k', '10k', 'half-marathon', 'marathon']).optional().describe('Instead of distance'),
    time: z.string().max(16).optional().describe('h:mm:ss or mm:ss'),
    pace: z.string().max(12).optional().describe('m:ss per paceUnit'),
    paceUnit: z.enum(['km', 'mi']).default('km').describe('Pace per km or mi'),
    targetDistance: z.number().min(0.001).max(10000).optional().describe('predict: in distanceUnit'),
    targetRace: z.enum(['5k', '10k', 'half-marathon', 'marathon']).optional().describe('predict'),
    riegelExponent: z.number().min(1).max(1.2).default(1.06).describe('predict: fatigue exponent'),
  }),
  output: z.object({
    mode: z.enum(['pace', 'time', 'distance', 'predict']),
    result: summarySchema.describe('The run given (or solved)'),
    prediction: summarySchema.nullable().describe('predict mode: the target race'),
    formula: z.string(),
    disclaimer: z.string(),
  }),
  examples: [
    // Riegel (1981) with 1.06: 5 km in 25:00 → 21.0975 km: 25 × 4.2195^1.06 = 115.005 min = 1:55:00.
    // (theprimecalculator.com shows ≈ 115 min for the same run.)
    {
      name: 'Predict a half marathon from a 25:00 5K (Riegel)',
      input: { mode: 'predict', race: '5k', time: '25:00', targetRace: 'half-marathon' },
      output: {
        mode: 'predict',
        result: {
          distanceKm: 5,
          distanceMi: 3.1069,
          time: '25:00',
          timeSeconds: 1500,
          pacePerKm: '5:00',
          pacePerMile: '8:03',
          speedKmh: 12,
          speedMph: 7.46,
        },
        prediction: {
          distanceKm: 21.0975,
          distanceMi: 13.1094,
          time: '1:55:00',
          timeSeconds: 6900,
          pacePerKm: '5:27',
          pacePerMile: '8:46',
          speedKmh: 11.01,
          speedMph: 6.84,
        },
        formula: 'T2 = T1 × (D2 / D1)^1.06',
        disclaimer: DISCLAIMER,
      },
    },
    // By hand: a marathon at 8:00 per mile = 42.195 / 1.609344 × 480 s = 12584.9 s = 3:29:45.
    {
      name: 'Marathon time at 8:00 per mile',
      input: { mode: 'time', race: 'marathon', pace: '8:00', paceUnit: 'mi' },
      output: {
        mode: 'time',
        result: {
          distanceKm: 42.195,
          distanceMi: 26.2188,
          time: '3:29:45',
          timeSeconds: 12585,
          pacePerKm: '4:58',
          pacePerMile: '8:00',
          speedKmh: 12.07,
          speedMph: 7.5,
        },
        prediction: null,
        formula: 'time = pace × distance',
        disclaimer: DISCLAIMER,
      },
    },
  ],
  run(input) {
    const km = (d: number | undefined, race: Race | undefined, field: string, raceField: string): number | undefined => {
      if (d !== undefined && race !== undefined)
        throw new ToolError(`give \`${field}\` or \`${raceField}\`, not both`, 400, { field: raceField });
      return race !== undefined ? RACES[race] : d !== undefined ? d * UNITS[input.distanceUnit] : undefined;
    };
    const need = <T>(v: T | undefined, field: string): T => {
      if (v === undefined)
        throw new ToolError(
          `\`${field}\`${field === 'distance' ? ' (or `race`)' : field === 'targetDistance' ? ' (or `targetRace`)' : ''} is required for mode ${input.mode}`,
          400,
          { field },
        );
      return v;
    };
    const distKm = km(input.distance, input.race, 'distance', 'race');
    const seconds = input.time === undefined ? undefined : parseDuration(input.time, 'time');
    const paceSecPerKm =
      input.pace === undefined ? undefined : parseDuration(input.pace, 'pace') / (input.paceUnit === 'mi' ? KM_PER_MI : 1);

    let d: number;
    let t: number;
    let formula: string;
    let prediction = null;
    switch (input.mode) {
      case 'pace':
        d = need(distKm, 'distance');
        t = need(seconds, 'time');
        formula = 'pace = time / distance';
        break;
      case 'time':
        d = need(distKm, 'distance');
        t = need(paceSecPerKm, 'pace') * d;
        formula = 'time = pace × distance';
        break;
      case 'distance':
        t = need(seconds, 'time');
        d = t / need(paceSecPerKm, 'pace');
        formula = 'distance = time / pace';
        break;
      case 'predict': {
        d = need(distKm, 'distance');
        t = need(seconds, 'time');
        const target = need(km(input.targetDistance, input.targetRace, 'targetDistance', 'targetRace'), 'targetDistance');
        const t2 = t * (target / d) ** input.riegelExponent;
        if (t2 > MAX_SECONDS)
          throw new ToolError('the predicted time exceeds 1000 hours; choose a shorter `targetDistance`', 400, { field: 'targetDistance' });
        prediction = summary(target, t2);
        formula = `T2 = T1 × (D2 / D1)^${input.riegelExponent}`;
        break;
      }
    }
    if (t > MAX_SECONDS) throw new ToolError('the time comes to more than 1000 hours; check `pace` and `distance`', 400, { field: 'pace' });
    if (d > 10000) throw new ToolError('the distance comes to more than 10,000 km; check `time` and `pace`', 400, { field: 'time' });
    return { mode: input.mode, result: summary(d, t), prediction, formula, disclaimer: DISCLAIMER };
  },
});
