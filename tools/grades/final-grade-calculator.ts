import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { bandFor, bandOfLetter, LETTERS, resolveScale, scaleFields } from '../_lib/grade-scale.js';
import { clean15 } from '../_lib/money.js';

/**
 * Final exam needed (catalogue §4, calculator.net "Final Grade Calculator"):
 *   required = (target − current·(1 − w)) / w, w = final weight as a fraction,
 * computed as (100·target − (100 − W)·current) / W with W in percent (fewer rounding steps).
 * Reverse ("result" mode): course = (current·(100 − W) + final·W) / 100.
 * Above `maxFinalPercent` → 200 with achievable: false (catalogue §0.7); ≤ 0 → alreadySecured.
 */
const MODES = ['required', 'result'] as const;

const required = (current: number, target: number, W: number) => clean15((100 * target - (100 - W) * current) / W);

export default defineTool({
  slug: 'final-grade-calculator',
  title: 'Final grade calculator (score needed on the final)',
  summary: 'The score you need on the final exam to reach the course grade you want.',
  keywords: {
    en: ['final exam', 'score needed', 'target grade', 'pass the class', 'need on final'],
    nl: ['eindtoets', 'tentamen', 'benodigde score', 'eindexamen', 'nodig'],
  },
  description:
    'Score needed on the final exam for a target course grade (mode required: targetPercent or targetLetter), or the course grade a final score gives (mode result: finalPercent). Flags achievable: false above maxFinalPercent and alreadySecured at ≤ 0; lists the score needed for every letter.',
  docs: [
    'required = (target − current·(1 − w)) / w with w = finalWeightPercent / 100.',
    'targetLetter stands for the lowest percent of that letter on the scale.',
  ].join('\n'),
  resultView: {
    kind: 'figure',
    field: ['requiredFinalPercent', 'resultPercent'],
    unit: '%',
    label: 'Final exam score needed',
    detail: ['resultLetter', 'achievable'],
    choose: { by: 'mode', fields: { result: 'resultPercent' } },
  },
  input: z.strictObject({
    mode: z.enum(MODES).default('required').describe('What to compute'),
    currentPercent: z.number().min(0).max(200).describe('Course grade so far, percent'),
    finalWeightPercent: z.number().positive().max(100).describe('Weight of the final, percent'),
    targetPercent: z.number().min(0).max(200).optional().describe('Wanted course grade, percent'),
    targetLetter: z.string().max(10).optional().describe('Or a wanted letter').meta({ examples: LETTERS }),
    finalPercent: z.number().min(0).max(200).optional().describe('result: final exam score, percent'),
    maxFinalPercent: z.number().min(0).max(200).default(100).describe('Best possible final score (>100: extra credit)'),
    ...scaleFields,
  }),
  output: z.object({
    mode: z.enum(MODES),
    currentPercent: z.number(),
    finalWeightPercent: z.number(),
    targetPercent: z.number().nullable(),
    requiredFinalPercent: z.number().nullable(),
    achievable: z.boolean().nullable(),
    alreadySecured: z.boolean().nullable(),
    finalPercent: z.number().nullable(),
    resultPercent: z.number().nullable(),
    resultLetter: z.string().nullable(),
    requiredByLetter: z.array(
      z.object({ letter: z.string(), minPercent: z.number(), requiredFinalPercent: z.number(), achievable: z.boolean() }),
    ),
    scale: z.string(),
    formula: z.string(),
  }),
  examples: [
    // calculator.net Final Grade Calculator / calculatorx.com worked example: current 70 %, want 80 %, final worth 50 % → 90 %.
    {
      name: 'Current 70 %, want 80 %, final worth 50 % (needs 90 %)',
      input: { currentPercent: 70, targetPercent: 80, finalWeightPercent: 50, scale: 'college-board' },
      output: {
        mode: 'required',
        currentPercent: 70,
        finalWeightPercent: 50,
        targetPercent: 80,
        requiredFinalPercent: 90,
        achievable: true,
        alreadySecured: false,
        finalPercent: null,
        resultPercent: null,
        resultLetter: null,
        requiredByLetter: [
          { letter: 'A+', minPercent: 97, requiredFinalPercent: 124, achievable: false },
          { letter: 'A', minPercent: 93, requiredFinalPercent: 116, achievable: false },
          { letter: 'A-', minPercent: 90, requiredFinalPercent: 110, achievable: false },
          { letter: 'B+', minPercent: 87, requiredFinalPercent: 104, achievable: false },
          { letter: 'B', minPercent: 83, requiredFinalPercent: 96, achievable: true },
          { letter: 'B-', minPercent: 80, requiredFinalPercent: 90, achievable: true },
          { letter: 'C+', minPercent: 77, requiredFinalPercent: 84, achievable: true },
          { letter: 'C', minPercent: 73, requiredFinalPercent: 76, achievable: true },
          { letter: 'C-', minPercent: 70, requiredFinalPercent: 70, achievable: true },
          { letter: 'D+', minPercent: 67, requiredFinalPercent: 64, achievable: true },
          { letter: 'D', minPercent: 65, requiredFinalPercent: 60, achievable: true },
          { letter: 'F', minPercent: 0, requiredFinalPercent: -70, achievable: true },
        ],
        scale: 'college-board',
        formula: 'required = (100·target − (100 − weight)·current) / weight = (100·80 − 50·70) / 50',
      },
    },
    // calzivo.com worked example: current 85 %, target 90 %, final worth 20 % → 110 %: not reachable.
    {
      name: 'Current 85 %, want 90 %, final worth 20 % (110 %: unreachable)',
      input: {
        currentPercent: 85,
        targetPercent: 90,
        finalWeightPercent: 20,
        customScale: [
          { letter: 'Pass', minPercent: 55, points: 1 },
          { letter: 'Fail', minPercent: 0, points: 0 },
        ],
      },
      output: {
        mode: 'required',
        currentPercent: 85,
        finalWeightPercent: 20,
        targetPercent: 90,
        requiredFinalPercent: 110,
        achievable: false,
        alreadySecured: false,
        finalPercent: null,
        resultPercent: null,
        resultLetter: null,
        requiredByLetter: [
          { letter: 'Pass', minPercent: 55, requiredFinalPercent: -65, achievable: true },
          { letter: 'Fail', minPercent: 0, requiredFinalPercent: -340, achievable: true },
        ],
        scale: 'custom',
        formula: 'required = (100·target − (100 − weight)·current) / weight = (100·90 − 80·85) / 20',
      },
    },
  ],
  run(input) {
    const { mode, currentPercent, finalWeightPercent: W, maxFinalPercent } = input;
    const { name, bands } = resolveScale(input.scale, input.customScale);
    const requiredByLetter = bands.map((b) => {
      const r = required(currentPercent, b.minPercent, W);
      return { letter: b.letter, minPercent: b.minPercent, requiredFinalPercent: r, achievable: r <= maxFinalPercent };
    });
    const base = { mode, currentPercent, finalWeightPercent: W, requiredByLetter, scale: name };
    if (mode === 'result') {
      if (input.finalPercent === undefined)
        throw new ToolError('`finalPercent` is required in mode result (the score on the final)', 400, { field: 'finalPercent' });
      const resultPercent = clean15((currentPercent * (100 - W) + input.finalPercent * W) / 100);
      return {
        ...base,
        targetPercent: null,
        requiredFinalPercent: null,
        achievable: null,
        alreadySecured: null,
        finalPercent: input.finalPercent,
        resultPercent,
        resultLetter: bandFor(resultPercent, bands).letter,
        formula: `course = (current·(100 − weight) + final·weight) / 100 = (${currentPercent}·${clean15(100 - W)} + ${input.finalPercent}·${W}) / 100`,
      };
    }
    let target = input.targetPercent;
    if (target === undefined && input.targetLetter !== undefined) {
      const b = bandOfLetter(input.targetLetter, bands);
      if (!b)
        throw new ToolError(
          `\`targetLetter\` "${input.targetLetter}" is not on the ${name} scale (${bands.map((x) => x.letter).join(', ')})`,
          400,
          { field: 'targetLetter' },
        );
      target = b.minPercent;
    }
    if (target === undefined)
      throw new ToolError('`targetPercent` or `targetLetter` is required in mode required', 400, { field: 'targetPercent' });
    const r = required(currentPercent, target, W);
    return {
      ...base,
      targetPercent: target,
      requiredFinalPercent: r,
      achievable: r <= maxFinalPercent,
      alreadySecured: r <= 0,
      finalPercent: null,
      resultPercent: null,
      resultLetter: null,
      formula: `required = (100·target − (100 − weight)·current) / weight = (100·${target} − ${clean15(100 - W)}·${currentPercent}) / ${W}`,
    };
  },
});
