import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { bandOfLetter, LETTERS, letterKey, resolveScale, scaleFields } from '../_lib/grade-scale.js';
import { clean15, roundTo } from '../_lib/money.js';

/**
 * GPA (catalogue §4): Σ(points·credits) / Σcredits over graded courses, points from the shared letter scale
 * (tools/_lib/grade-scale.ts; College Board 4.0 points by default, 4.33 as a preset, or a custom table).
 * Weighted GPA: honors +0.5, AP/IB +1.0 on passing grades only (an F stays 0), the usual high-school convention
 * (e.g. mygradegoal.com and calculatorprohub.com "weighted GPA scale" tables).
 * Pass/fail and non-graded marks (P, NP, S, U, W, I, AU, CR, NC) are excluded and their credits reported.
 * Cumulative GPA = (priorGpa·priorCredits + this term's unweighted quality points) / (priorCredits + graded credits).
 */
/** 100 courses: linear, microseconds. */
const MAX_COURSES = 100;
const UNGRADED = new Set(['P', 'NP', 'S', 'U', 'W', 'I', 'AU', 'CR', 'NC', 'PASS', 'FAIL']);
/** The marks a course is graded with, for the form's pick list: the letters, then the common ungraded ones. */
const GRADE_MARKS = [...LETTERS, 'P', 'NP', 'W'];
const BONUS = { regular: 0, honors: 0.5, ap: 1, ib: 1 } as const;

export default defineTool({
  slug: 'gpa-calculator',
  title: 'GPA calculator',
  summary: 'Your GPA from course grades and credits.',
  keywords: {
    en: ['grade point average', 'letter grades', 'GPA', 'weighted GPA', 'credits'],
    nl: ['gpa', 'gemiddelde', 'cijfergemiddelde Amerika', 'cijfergemiddelde'],
  },
  description:
    'Credit-weighted GPA of courses graded by letter (on the scale) or grade points; type adds a bonus for the weighted GPA (not on an F). Ungraded marks (P, NP, S, U, W, I, AU, CR, NC) are left out and their credits reported. With priorGpa and priorCredits also the cumulative GPA.',
  resultView: { kind: 'figure', field: 'gpaRounded', label: 'GPA', detail: ['gradedCredits', 'cumulativeGpa'] },
  input: z.strictObject({
    courses: z
      .array(
        z.strictObject({
          name: z.string().max(100).optional(),
          grade: z.string().max(10).optional().describe('Letter, or P/NP/W').meta({ examples: GRADE_MARKS }),
          points: z.number().min(0).max(20).optional().describe('Grade points instead of a letter'),
          credits: z.number().min(0).max(100).describe('Credit hours'),
          type: z.enum(['regular', 'honors', 'ap', 'ib']).default('regular').describe('regular, honors (+0.5), ap or ib (+1.0)'),
        }),
      )
      .min(1)
      .max(MAX_COURSES)
      .describe('Courses'),
    priorGpa: z.number().min(0).max(20).optional().describe('GPA before these courses'),
    priorCredits: z.number().min(0).max(10000).optional().describe('Credits behind priorGpa'),
    ...scaleFields,
  }),
  output: z.object({
    gpa: z.number().nullable(),
    gpaRounded: z.number().nullable(),
    weightedGpa: z.number().nullable(),
    gradedCredits: z.number(),
    qualityPoints: z.number(),
    excludedCredits: z.number(),
    cumulativeGpa: z.number().nullable(),
    cumulativeCredits: z.number().nullable(),
    courses: z.array(
      z.object({
        name: z.string().nullable(),
        grade: z.string().nullable(),
        credits: z.number(),
        points: z.number().nullable(),
        weightedPoints: z.number().nullable(),
        counted: z.boolean(),
      }),
    ),
    scale: z.string(),
  }),
  examples: [
    // Hand-checked on the College Board 4.0 points: (4.0·3 + 3.3·4 + 2.0·2) / 9 = 29.2 / 9 = 3.2444…; the P course is left out.
    {
      name: 'A (3 cr), B+ (4 cr), C (2 cr) and a pass/fail course',
      input: {
        courses: [
          { grade: 'A', credits: 3 },
          { grade: 'B+', credits: 4 },
          { grade: 'C', credits: 2 },
          { grade: 'P', credits: 1 },
        ],
      },
      output: {
        gpa: 3.24444444444444,
        gpaRounded: 3.24,
        weightedGpa: 3.24444444444444,
        gradedCredits: 9,
        qualityPoints: 29.2,
        excludedCredits: 1,
        cumulativeGpa: null,
        cumulativeCredits: null,
        courses: [
          { name: null, grade: 'A', credits: 3, points: 4, weightedPoints: 4, counted: true },
          { name: null, grade: 'B+', credits: 4, points: 3.3, weightedPoints: 3.3, counted: true },
          { name: null, grade: 'C', credits: 2, points: 2, weightedPoints: 2, counted: true },
          { name: null, grade: 'P', credits: 1, points: null, weightedPoints: null, counted: false },
        ],
        scale: 'us',
      },
    },
    // mygradegoal.com weighted table: an A in AP counts 5.0, a B in honors 3.5. Prior 3.5 over 30 credits.
    {
      name: 'Weighted: A in AP, B in honors, with a prior GPA',
      input: {
        courses: [
          { name: 'AP Biology', grade: 'A', credits: 1, type: 'ap' },
          { name: 'Honors English', grade: 'B', credits: 1, type: 'honors' },
        ],
        priorGpa: 3.5,
        priorCredits: 30,
      },
      output: {
        gpa: 3.5,
        gpaRounded: 3.5,
        weightedGpa: 4.25,
        gradedCredits: 2,
        qualityPoints: 7,
        excludedCredits: 0,
        cumulativeGpa: 3.5,
        cumulativeCredits: 32,
        courses: [
          { name: 'AP Biology', grade: 'A', credits: 1, points: 4, weightedPoints: 5, counted: true },
          { name: 'Honors English', grade: 'B', credits: 1, points: 3, weightedPoints: 3.5, counted: true },
        ],
        scale: 'us',
      },
    },
  ],
  run(input) {
    const { name: scale, bands } = resolveScale(input.scale, input.customScale);
    if ((input.priorGpa === undefined) !== (input.priorCredits === undefined))
      throw new ToolError('`priorGpa` and `priorCredits` go together', 400, {
        field: input.priorGpa === undefined ? 'priorGpa' : 'priorCredits',
      });
    let credits = 0,
      quality = 0,
      weightedQuality = 0,
      excluded = 0;
    const courses = input.courses.map((c, i) => {
      if ((c.grade === undefined) === (c.points === undefined))
        throw new ToolError(`\`courses[${i}]\`: give exactly one of grade and points`, 400, { field: 'courses' });
      let points: number | null = null;
      if (c.points !== undefined) points = c.points;
      else {
        const b = bandOfLetter(c.grade as string, bands);
        if (b) points = b.points;
        else if (!UNGRADED.has(letterKey(c.grade as string)))
          throw new ToolError(
            `\`courses[${i}].grade\` "${c.grade}" is not on the ${scale} scale (${bands.map((x) => x.letter).join(', ')}) nor P/NP/S/U/W/I/AU/CR/NC`,
            400,
            { field: 'courses' },
          );
      }
      if (points === null) {
        excluded += c.credits;
        return { name: c.name ?? null, grade: c.grade ?? null, credits: c.credits, points: null, weightedPoints: null, counted: false };
      }
      const weightedPoints = points > 0 ? clean15(points + BONUS[c.type]) : 0;
      credits += c.credits;
      quality += points * c.credits;
      weightedQuality += weightedPoints * c.credits;
      return { name: c.name ?? null, grade: c.grade ?? null, credits: c.credits, points, weightedPoints, counted: true };
    });
    const gpa = credits > 0 ? clean15(quality / credits) : null;
    let cumulativeGpa = null,
      cumulativeCredits = null;
    if (input.priorGpa !== undefined && input.priorCredits !== undefined) {
      cumulativeCredits = clean15(input.priorCredits + credits);
      if (cumulativeCredits > 0) cumulativeGpa = clean15((input.priorGpa * input.priorCredits + quality) / cumulativeCredits);
    }
    if (gpa === null && cumulativeGpa === null)
      throw new ToolError('`courses`: no graded course with credits > 0 (pass/fail and 0-credit courses do not count)', 400, {
        field: 'courses',
      });
    return {
      gpa,
      gpaRounded: gpa === null ? null : roundTo(gpa, 2),
      weightedGpa: credits > 0 ? clean15(weightedQuality / credits) : null,
      gradedCredits: clean15(credits),
      qualityPoints: clean15(quality),
      excludedCredits: clean15(excluded),
      cumulativeGpa,
      cumulativeCredits,
      courses,
      scale,
    };
  },
});
