/**
 * THE letter-grade scale shared by every grades tool (catalogue §0.10, §4):
 * percent → letter → grade points, one table, configurable.
 *
 * Presets (percent cut-offs are "at least"; compare the unrounded percent, catalogue §0.3):
 * - `us` (default): the common US plus/minus scale the catalogue names: A+ ≥ 97, A ≥ 93, A− ≥ 90, B+ ≥ 87,
 *   B ≥ 83, B− ≥ 80, C+ ≥ 77, C ≥ 73, C− ≥ 70, D+ ≥ 67, D ≥ 63, D− ≥ 60, F < 60, with the College Board 4.0 points
 *   (A+ and A 4.0, A− 3.7, B+ 3.3, B 3.0, B− 2.7, C+ 2.3, C 2.0, C− 1.7, D+ 1.3, D 1.0, D− 0.7, F 0).
 * - `us-4.33`: the same cut-offs with the 4.33 points (A+ 4.33, A− 3.67, B+ 3.33, B− 2.67 …, D− 0.67).
 * - `college-board`: College Board's "How to convert your GPA to a 4.0 scale" table: as `us` but D = 65–66 and
 *   F below 65, no D− (as quoted by several pages, e.g. sciencing.com "Different GPA scales").
 * - `simple`: A ≥ 90, B ≥ 80, C ≥ 70, D ≥ 60, F < 60 (points 4/3/2/1/0), the plain scale most test-grade pages use.
 * A caller may pass its own scale instead: up to 30 bands { letter, minPercent, points }, one with minPercent 0.
 */
import { z } from 'zod';
import { ToolError } from '../../src/core/tool.js';

export interface GradeBand {
  letter: string;
  minPercent: number;
  points: number;
}

const band = (letter: string, minPercent: number, points: number): GradeBand => ({ letter, minPercent, points });

export const SCALE_PRESETS = {
  us: [
    band('A+', 97, 4.0),
    band('A', 93, 4.0),
    band('A-', 90, 3.7),
    band('B+', 87, 3.3),
    band('B', 83, 3.0),
    band('B-', 80, 2.7),
    band('C+', 77, 2.3),
    band('C', 73, 2.0),
    band('C-', 70, 1.7),
    band('D+', 67, 1.3),
    band('D', 63, 1.0),
    band('D-', 60, 0.7),
    band('F', 0, 0),
  ],
  'us-4.33': [
    band('A+', 97, 4.33),
    band('A', 93, 4.0),
    band('A-', 90, 3.67),
    band('B+', 87, 3.33),
    band('B', 83, 3.0),
    band('B-', 80, 2.67),
    band('C+', 77, 2.33),
    band('C', 73, 2.0),
    band('C-', 70, 1.67),
    band('D+', 67, 1.33),
    band('D', 63, 1.0),
    band('D-', 60, 0.67),
    band('F', 0, 0),
  ],
  'college-board': [
    band('A+', 97, 4.0),
    band('A', 93, 4.0),
    band('A-', 90, 3.7),
    band('B+', 87, 3.3),
    band('B', 83, 3.0),
    band('B-', 80, 2.7),
    band('C+', 77, 2.3),
    band('C', 73, 2.0),
    band('C-', 70, 1.7),
    band('D+', 67, 1.3),
    band('D', 65, 1.0),
    band('F', 0, 0),
  ],
  simple: [band('A', 90, 4), band('B', 80, 3), band('C', 70, 2), band('D', 60, 1), band('F', 0, 0)],
} as const satisfies Record<string, readonly GradeBand[]>;

export const SCALE_NAMES = ['us', 'us-4.33', 'college-board', 'simple'] as const;
export type ScaleName = (typeof SCALE_NAMES)[number];

/** Most bands a custom scale may have. */
export const MAX_BANDS = 30;

/** The two input fields every grades tool shares: a preset name and an optional custom table. */
export const scaleFields = {
  scale: z
    .enum(SCALE_NAMES)
    .default('us')
    .describe('Letter scale: us (A+≥97…D-≥60, A=4.0), us-4.33, college-board (D≥65, no D-), simple (A≥90…D≥60)'),
  customScale: z
    .array(
      z.strictObject({
        letter: z.string().min(1).max(10),
        minPercent: z.number().min(0).max(1000).describe('Lowest percent'),
        points: z.number().min(0).max(20).describe('Grade points'),
      }),
    )
    .min(1)
    .max(MAX_BANDS)
    .optional()
    .describe('Own bands instead of scale; one with minPercent 0'),
};

/** Letters compare without case, spaces and with −/– read as -. */
/** The letters of the default scale, best first: what a form offers where a letter is typed. */
export const LETTERS: readonly string[] = SCALE_PRESETS.us.map((b) => b.letter);

export function letterKey(letter: string): string {
  return letter
    .trim()
    .toUpperCase()
    .replace(/[\u2212\u2013\u2012]/g, '-')
    .replace(/\s+/g, '');
}

/** The scale in use (highest cut-off first), validated; a bad custom scale is a 400 on `customScale`. */
export function resolveScale(scale: ScaleName, custom?: readonly GradeBand[]): { name: string; bands: GradeBand[] } {
  if (!custom) return { name: scale, bands: SCALE_PRESETS[scale].map((b) => ({ ...b })) };
  const bands = custom.map((b) => ({ letter: b.letter.trim(), minPercent: b.minPercent, points: b.points }));
  const letters = new Set<string>();
  const mins = new Set<number>();
  for (const b of bands) {
    const k = letterKey(b.letter);
    if (!k) throw new ToolError('`customScale`: a letter is empty', 400, { field: 'customScale' });
    if (letters.has(k)) throw new ToolError(`\`customScale\`: letter "${b.letter}" occurs twice`, 400, { field: 'customScale' });
    if (mins.has(b.minPercent))
      throw new ToolError(`\`customScale\`: minPercent ${b.minPercent} occurs twice`, 400, { field: 'customScale' });
    letters.add(k);
    mins.add(b.minPercent);
  }
  if (!mins.has(0)) throw new ToolError('`customScale` needs a band with minPercent 0 (the lowest letter)', 400, { field: 'customScale' });
  bands.sort((a, b) => b.minPercent - a.minPercent);
  return { name: 'custom', bands };
}

/** The band a percent falls in: the highest cut-off ≤ percent (unrounded). Below 0 → the lowest band. */
export function bandFor(percent: number, bands: readonly GradeBand[]): GradeBand {
  for (const b of bands) if (percent >= b.minPercent) return b;
  return bands[bands.length - 1];
}

/** The band of a letter, or undefined. */
export function bandOfLetter(letter: string, bands: readonly GradeBand[]): GradeBand | undefined {
  const k = letterKey(letter);
  return bands.find((b) => letterKey(b.letter) === k);
}
