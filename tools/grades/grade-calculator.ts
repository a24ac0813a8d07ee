import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { bandFor, bandOfLetter, resolveScale, scaleFields, type GradeBand } from '../_lib/grade-scale.js';
import { clean15 } from '../_lib/money.js';

/**
 * Weighted course grade (catalogue §4, calculator.net "Grade Calculator"): average = Σ(grade·weight) / Σweight.
 * Weights need not sum to 100: they are normalised and their sum is reported as `weightCovered`.
 * Without weights, points items count by their possible points (Σearned / Σpossible) and others count equally.
 * Letter items are averaged as grade points on the shared scale (tools/_lib/grade-scale.ts); the letter of that average
 * is the best letter whose points do not exceed it (A+ and A both 4.0 → A).
 */
/** 200 items: linear work, microseconds. */
const MAX_ITEMS = 200;

const itemSchema = z.strictObject({
  name: z.string().max(100).optional(),
  percent: z.number().min(0).max(1000).optional().describe('Grade in percent'),
  earned: z.number().min(0).max(1e6).optional().describe('Points earned (with possible)'),
  possible: z.number().positive().max(1e6).optional().describe('Points possible'),
  letter: z.string().max(10).optional().describe('Letter grade'),
  weight: z.number().min(0).max(1e6).optional().describe('Weight, any unit'),
});

function pointsLetter(avg: number, bands: readonly GradeBand[]): GradeBand {
  let best: GradeBand | undefined;
  for (const b of bands)
    if (b.points <= avg + 1e-12 && (!best || b.points > best.points || (b.points === best.points && b.minPercent < best.minPercent)))
      best = b;
  return best ?? bands[bands.length - 1];
}

export default defineTool({
  slug: 'grade-calculator',
  title: 'Weighted grade calculator',
  summary: 'Your weighted course grade from assignments, tests and their weights.',
  keywords: {
    en: [
      'weighted grade',
      'course grade',
      'weighted average',
      'assignments',
      'category weights',
      'grade',
      'grades',
      'weighted',
      'overall grade',
      'final grade',
      'course grade',
      'homework',
      'exam',
    ],
    nl: ['gewogen gemiddelde', 'eindcijfer', 'weging', 'cijfers', 'cijfer', 'gewogen'],
  },
  description:
    'Weighted average course grade from items given as percent, earned/possible points or letter, each with an optional weight. Weights are normalised (weightCovered is their sum); without weights, points items count by possible points, others equally. Letter items average as grade points and cannot mix with percent items.',
  resultView: { kind: 'figure', field: 'letter', label: 'Grade', detail: ['averagePercent', 'gradePoints'] },
  input: z.strictObject({
    items: z.array(itemSchema).min(1).max(MAX_ITEMS).describe('Graded items'),
    ...scaleFields,
  }),
  output: z.object({
    basis: z.enum(['percent', 'points']),
    weighting: z.enum(['weights', 'possiblePoints', 'equal']),
    averagePercent: z.number().nullable(),
    gradePoints: z.number(),
    letter: z.string(),
    weightCovered: z.number().nullable(),
    items: z.array(
      z.object({
        name: z.string().nullable(),
        value: z.number(),
        weight: z.number(),
        weightSharePercent: z.number(),
        contribution: z.number(),
      }),
    ),
    scale: z.string(),
  }),
  examples: [
    // Hand-checked: 90·20 + 85·30 + (45/50 = 90 %)·50 over weights 100 = 88.5 → B+.
    {
      name: 'Homework 90 % (20), midterm 85 % (30), final 45/50 (50)',
      input: {
        items: [
          { name: 'Homework', percent: 90, weight: 20 },
          { name: 'Midterm', percent: 85, weight: 30 },
          { name: 'Final', earned: 45, possible: 50, weight: 50 },
        ],
      },
      output: {
        basis: 'percent',
        weighting: 'weights',
        averagePercent: 88.5,
        gradePoints: 3.3,
        letter: 'B+',
        weightCovered: 100,
        items: [
          { name: 'Homework', value: 90, weight: 20, weightSharePercent: 20, contribution: 18 },
          { name: 'Midterm', value: 85, weight: 30, weightSharePercent: 30, contribution: 25.5 },
          { name: 'Final', value: 90, weight: 50, weightSharePercent: 50, contribution: 45 },
        ],
        scale: 'us',
      },
    },
    // Letters averaged as points: (4.0·3 + 3.0·1) / 4 = 3.75 → A- (3.7 ≤ 3.75 < 4.0).
    {
      name: 'Letters: A (3 credits weight) and B (1)',
      input: {
        items: [
          { letter: 'A', weight: 3 },
          { letter: 'B', weight: 1 },
        ],
      },
      output: {
        basis: 'points',
        weighting: 'weights',
        averagePercent: null,
        gradePoints: 3.75,
        letter: 'A-',
        weightCovered: 4,
        items: [
          { name: null, value: 4, weight: 3, weightSharePercent: 75, contribution: 3 },
          { name: null, value: 3, weight: 1, weightSharePercent: 25, contribution: 0.75 },
        ],
        scale: 'us',
      },
    },
    // Weights covering only 60 % of the course so far are normalised: (80·40 + 95·20) / 60 = 85.
    {
      name: 'Weights covering 60 % so far (normalised)',
      input: {
        items: [
          { name: 'Test 1', percent: 80, weight: 40 },
          { name: 'Project', percent: 95, weight: 20 },
        ],
      },
      output: {
        basis: 'percent',
        weighting: 'weights',
        averagePercent: 85,
        gradePoints: 3,
        letter: 'B',
        weightCovered: 60,
        items: [
          { name: 'Test 1', value: 80, weight: 40, weightSharePercent: 66.6666666666667, contribution: 53.3333333333333 },
          { name: 'Project', value: 95, weight: 20, weightSharePercent: 33.3333333333333, contribution: 31.6666666666667 },
        ],
        scale: 'us',
      },
    },
  ],
  run(input) {
    const { name: scale, bands } = resolveScale(input.scale, input.customScale);
    const withWeight = input.items.filter((i) => i.weight !== undefined).length;
    if (withWeight !== 0 && withWeight !== input.items.length)
      throw new ToolError('`items`: give a weight on every item or on none', 400, { field: 'items' });
    let basis: 'percent' | 'points' | undefined;
    const rows = input.items.map((it, i) => {
      const kinds = [it.percent !== undefined, it.earned !== undefined || it.possible !== undefined, it.letter !== undefined].filter(
        Boolean,
      ).length;
      if (kinds !== 1)
        throw new ToolError(`\`items[${i}]\`: give exactly one of percent, earned+possible, letter`, 400, { field: 'items' });
      let value: number;
      let kind: 'percent' | 'points';
      let possible: number | undefined;
      if (it.letter !== undefined) {
        const b = bandOfLetter(it.letter, bands);
        if (!b)
          throw new ToolError(
            `\`items[${i}].letter\` "${it.letter}" is not on the ${scale} scale (${bands.map((x) => x.letter).join(', ')})`,
            400,
            { field: 'items' },
          );
        value = b.points;
        kind = 'points';
      } else if (it.percent !== undefined) {
        value = it.percent;
        kind = 'percent';
      } else {
        if (it.earned === undefined || it.possible === undefined)
          throw new ToolError(`\`items[${i}]\`: earned and possible go together`, 400, { field: 'items' });
        value = clean15((it.earned / it.possible) * 100);
        possible = it.possible;
        kind = 'percent';
      }
      if (basis && basis !== kind)
        throw new ToolError('`items`: letter grades cannot be mixed with percent or points grades', 400, { field: 'items' });
      basis = kind;
      return { name: it.name ?? null, value, weight: it.weight, possible };
    });
    let weighting: 'weights' | 'possiblePoints' | 'equal' = 'weights';
    let weights: number[];
    if (withWeight) weights = rows.map((r) => r.weight as number);
    else if (rows.every((r) => r.possible !== undefined)) {
      weighting = 'possiblePoints';
      weights = rows.map((r) => r.possible as number);
    } else {
      weighting = 'equal';
      weights = rows.map(() => 1);
    }
    const total = weights.reduce((s, w) => s + w, 0);
    if (!(total > 0)) throw new ToolError('`items`: the weights sum to 0', 400, { field: 'items' });
    const items = rows.map((r, i) => ({
      name: r.name,
      value: r.value,
      weight: weights[i],
      weightSharePercent: clean15((weights[i] / total) * 100),
      contribution: clean15((r.value * weights[i]) / total),
    }));
    const average = clean15(rows.reduce((s, r, i) => s + r.value * weights[i], 0) / total);
    if (basis === 'points') {
      return {
        basis,
        weighting,
        averagePercent: null,
        gradePoints: average,
        letter: pointsLetter(average, bands).letter,
        weightCovered: withWeight ? clean15(total) : null,
        items,
        scale,
      };
    }
    const b = bandFor(average, bands);
    return {
      basis: 'percent' as const,
      weighting,
      averagePercent: average,
      gradePoints: b.points,
      letter: b.letter,
      weightCovered: withWeight ? clean15(total) : null,
      items,
      scale,
    };
  },
});
