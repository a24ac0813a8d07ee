import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { bandFor, resolveScale, scaleFields, type GradeBand } from '../_lib/grade-scale.js';
import { clean15, roundHalfAway } from '../_lib/money.js';

/**
 * Test grade (catalogue §4): percent = correct / total · 100 (or (total − wrong) / total · 100), then the letter of
 * the shared scale (tools/_lib/grade-scale.ts). Rounding before the lookup is a choice: default none (89.6 is B+);
 * `roundBeforeLetter` rounds half-up to a whole percent first (89.6 → 90 → A-).
 */
/** Largest whole total for which `table` lists every score (501 rows: well under 1 ms). */
const MAX_TABLE = 500;

function letterOf(percent: number, bands: GradeBand[], round: boolean) {
  return bandFor(round ? roundHalfAway(percent) : percent, bands);
}

export default defineTool({
  slug: 'test-grade-calculator',
  title: 'Test grade calculator',
  summary: "A test's percentage and letter grade from the number right or wrong.",
  keywords: {
    en: ['test score', 'percentage correct', 'quiz grade', 'letter grade', 'wrong answers', 'test', 'score', 'percentage right'],
    nl: ['toetscijfer', 'score', 'procent goed', 'fouten', 'toets'],
  },
  description:
    'Percent and letter grade of a test from total (questions or points) and either correct or wrong. The letter uses the unrounded percent (89.6 is B+ on us) unless roundBeforeLetter. table adds the grade for every number wrong.',
  resultView: { kind: 'figure', field: 'percent', unit: '%', label: 'Score', detail: ['letter'] },
  input: z.strictObject({
    total: z.number().positive().max(1e6).describe('Questions or total points'),
    correct: z.number().min(0).max(1e6).optional().describe('Correct answers or points earned (fractions allowed)'),
    wrong: z.number().min(0).max(1e6).optional().describe('Wrong answers (instead of correct)'),
    roundBeforeLetter: z.boolean().default(false).describe('Round to a whole percent before the letter lookup'),
    table: z.boolean().default(false).describe('Add a row for every possible number wrong'),
    ...scaleFields,
  }),
  output: z.object({
    total: z.number(),
    correct: z.number(),
    wrong: z.number(),
    percent: z.number(),
    letter: z.string(),
    points: z.number(),
    scale: z.string(),
    table: z.array(z.object({ wrong: z.int(), correct: z.int(), percent: z.number(), letter: z.string() })).nullable(),
  }),
  examples: [
    // softofu.com and freesmartcalculator.com test grade calculators: 20 questions, 3 wrong → 17 correct, 85 %, B.
    {
      name: '20 questions, 3 wrong',
      input: { total: 20, wrong: 3 },
      output: { total: 20, correct: 17, wrong: 3, percent: 85, letter: 'B', points: 3, scale: 'us', table: null },
    },
    // The table as on softofu.com (simple A–F 90/80/70/60 scale), for a 5-question quiz.
    {
      name: '4 of 5 correct, simple scale, with the table',
      input: { total: 5, correct: 4, scale: 'simple', table: true },
      output: {
        total: 5,
        correct: 4,
        wrong: 1,
        percent: 80,
        letter: 'B',
        points: 3,
        scale: 'simple',
        table: [
          { wrong: 0, correct: 5, percent: 100, letter: 'A' },
          { wrong: 1, correct: 4, percent: 80, letter: 'B' },
          { wrong: 2, correct: 3, percent: 60, letter: 'D' },
          { wrong: 3, correct: 2, percent: 40, letter: 'F' },
          { wrong: 4, correct: 1, percent: 20, letter: 'F' },
          { wrong: 5, correct: 0, percent: 0, letter: 'F' },
        ],
      },
    },
    // freesmartcalculator.com worked example: 18 questions, 3 wrong → 15/18 = 83.33 %, B.
    {
      name: '15 of 18 correct (83.33 %: B)',
      input: { total: 18, correct: 15 },
      output: { total: 18, correct: 15, wrong: 3, percent: 83.3333333333333, letter: 'B', points: 3, scale: 'us', table: null },
    },
  ],
  run(input) {
    const { total, roundBeforeLetter } = input;
    const { name, bands } = resolveScale(input.scale, input.customScale);
    if ((input.correct === undefined) === (input.wrong === undefined))
      throw new ToolError('Give exactly one of `correct` and `wrong`', 400, { field: input.correct === undefined ? 'correct' : 'wrong' });
    const field = input.correct !== undefined ? 'correct' : 'wrong';
    const given = (input.correct ?? input.wrong) as number;
    if (given > total)
      throw new ToolError(`\`${field}\` (${given}) may not exceed \`total\` (${total}); use a larger total for extra credit`, 400, {
        field,
      });
    const correct = input.correct ?? clean15(total - given);
    const wrong = input.wrong ?? clean15(total - given);
    const percent = clean15((correct / total) * 100);
    const b = letterOf(percent, bands, roundBeforeLetter);
    let table = null;
    if (input.table) {
      if (!Number.isInteger(total) || total > MAX_TABLE)
        throw new ToolError(`\`table\` needs a whole \`total\` of at most ${MAX_TABLE} (got ${total})`, 400, { field: 'table' });
      table = [];
      for (let w = 0; w <= total; w++) {
        const p = clean15(((total - w) / total) * 100);
        table.push({ wrong: w, correct: total - w, percent: p, letter: letterOf(p, bands, roundBeforeLetter).letter });
      }
    }
    return { total, correct, wrong, percent, letter: b.letter, points: b.points, scale: name, table };
  },
});
