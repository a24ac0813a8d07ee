import { Decimal } from 'decimal.js';
import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';

/**
 * Dutch central exam grade (CvTE, centrale examens vo): score S out of L points
 * with normeringsterm N → cijfer 1.0–10.0.
 *
 * Rule (CvTE, "Regeling omzetting scores in cijfers centrale examens", bijlage;
 * examenblad.nl "Het hoogst haalbare cijfer": 0% of the points is a 1, 100% a 10):
 *   basic   C = 1 + (9·S/L) + (N − 1) = 9·S/L + N
 *   N > 1:  C = min(basic, 1 + 2·9·S/L, 10 − 0.5·9·(L−S)/L)
 *   N < 1:  C = max(basic, 1 + 0.5·9·S/L, 10 − 2·9·(L−S)/L)
 * then rounded to 1 decimal (half up, as the CvTE omzettingstabellen show).
 * The boundary lines are taken from the research notes (dutch-domain.md §3.6) [C];
 * the tool's tests name the sources each scale was checked against.
 *
 * Decimal arithmetic (decimal.js) so 9·S/L + N never rounds the wrong way
 * through binary noise (e.g. 5.45 stays 5.45 and rounds to 5.5).
 */

/**
 * Largest maxScore (CvTE score scales are below 100 points). With `includeTable`
 * the tool computes maxScore + 1 decimal grades: measured ~6 ms for 301 rows, so
 * 1000 stays near 20 ms on the main thread.
 */
const MAX_SCORE = 1000;
const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
type Dec = InstanceType<typeof D>;

const MODES = ['cvte', 'cesuur'] as const;

function cvteGrade(score: Dec, max: Dec, n: Dec): { grade: Dec; rule: string } {
  const frac9 = score.times(9).div(max); // 9·S/L; note 9·(L−S)/L = 9 − frac9
  const basic = frac9.plus(n);
  if (n.gt(1)) {
    const low = frac9.times(2).plus(1); // 1 + 2·9S/L
    const high = frac9.div(2).plus(5.5); // 10 − 0.5·(9 − 9S/L)
    if (low.lt(basic) && low.lte(high)) return { grade: low, rule: 'N > 1, lower bound line: 1 + 2·9·S/L' };
    if (high.lt(basic)) return { grade: high, rule: 'N > 1, upper bound line: 10 − 0.5·9·(L−S)/L' };
    return { grade: basic, rule: '9·S/L + N' };
  }
  if (n.lt(1)) {
    const low = frac9.div(2).plus(1); // 1 + 0.5·9S/L
    const high = frac9.times(2).minus(8); // 10 − 2·(9 − 9S/L)
    if (low.gt(basic) && low.gte(high)) return { grade: low, rule: 'N < 1, lower bound line: 1 + 0.5·9·S/L' };
    if (high.gt(basic)) return { grade: high, rule: 'N < 1, upper bound line: 10 − 2·9·(L−S)/L' };
    return { grade: basic, rule: '9·S/L + N' };
  }
  return { grade: basic, rule: '9·S/L + N (N = 1)' };
}

function cesuurGrade(score: Dec, max: Dec, cesuurPercent: Dec, pass: Dec): { grade: Dec; rule: string } {
  const c = max.times(cesuurPercent).div(100); // points needed for the pass grade
  if (score.lte(c)) {
    // 0 points → 1.0, c points → pass grade
    return { grade: new D(1).plus(pass.minus(1).times(score).div(c)), rule: '1 + (pass − 1)·S/C (at or below the cesuur)' };
  }
  return {
    grade: pass.plus(new D(10).minus(pass).times(score.minus(c)).div(max.minus(c))),
    rule: 'pass + (10 − pass)·(S − C)/(L − C) (above the cesuur)',
  };
}

const round1 = (x: Dec) => D.min(10, D.max(1, x)).toDecimalPlaces(1, Decimal.ROUND_HALF_UP).toNumber();

export default defineTool({
  slug: 'exam-grade-calculator',
  title: 'Dutch exam grade (CvTE N-term, cesuur)',
  summary: 'Your Dutch exam grade (1 to 10) from your score and the N-term.',
  keywords: {
    en: ['Dutch exam', 'central exam', 'N-term', 'cesuur', 'score to grade', 'CvTE', 'exam grade', 'norm'],
    nl: ['examencijfer', 'centraal examen', 'n-term', 'normering', 'cijfer berekenen', 'eindexamen', 'examen', 'eindexamen cijfer'],
  },
  description:
    'Exam score → Dutch grade (cijfer 1.0–10.0, 1 decimal). Mode cvte: the CvTE central-exam rule 9·S/L + N with its N-term limits (0 points 1.0, full marks 10.0); mode cesuur (school tests): passGrade at cesuurPercent of the points, linear from 1.0 up to 10.0. includeTable adds every whole score.',
  docs: [
    'cvte: grade = 9·S/L + N (S score, L maxScore, N normeringsterm), 1 decimal, half up.',
    'For N > 1 the grade is capped by 1 + 2·9S/L and 10 − 0.5·9(L−S)/L; for N < 1 raised to 1 + 0.5·9S/L and 10 − 2·9(L−S)/L.',
    'cesuur: linear from 1.0 at 0 points to passGrade at cesuurPercent of maxScore, then on to 10.0 at full marks.',
  ].join('\n'),
  resultView: { kind: 'figure', field: 'grade', label: 'Grade', detail: ['percent'] },
  input: z.strictObject({
    score: z.number().min(0).max(MAX_SCORE).describe('Points scored (S); halves allowed'),
    maxScore: z.number().positive().max(MAX_SCORE).describe('Maximum points (L)'),
    mode: z.enum(MODES).default('cvte').describe('cvte: CvTE N-term; cesuur: pass mark at a percent'),
    nTerm: z.number().min(0).max(4).default(1).describe('cvte: normeringsterm N (CvTE publishes it per exam)'),
    cesuurPercent: z.number().gt(0).lt(100).default(55).describe('cesuur: percent of maxScore that earns passGrade'),
    passGrade: z.number().gt(1).lt(10).default(5.5).describe('cesuur: grade at the cesuur'),
    includeTable: z.boolean().default(false).describe('Add the grade for every whole score'),
  }),
  output: z.object({
    mode: z.enum(MODES),
    score: z.number(),
    maxScore: z.number(),
    percent: z.number().describe('score / maxScore × 100, 2 decimals'),
    grade: z.number().describe('Cijfer 1.0–10.0, one decimal'),
    unroundedGrade: z.number().describe('Before rounding to one decimal (clamped to 1–10)'),
    rule: z.string().describe('Which formula or boundary line gave the grade'),
    nTerm: z.number().nullable(),
    cesuurScore: z.number().nullable().describe('Mode cesuur: points needed for the pass grade'),
    table: z.array(z.object({ score: z.int(), grade: z.number() })).nullable(),
  }),
  examples: [
    // N = 1: half the points gives 5.5 (CvTE standard; cijferrekenaar.nl "Normeringsterm 1. De helft van de punten geeft een 5.5").
    {
      name: 'Half the points with N = 1.0 gives 5.5',
      input: { score: 30, maxScore: 60 },
      output: {
        mode: 'cvte',
        score: 30,
        maxScore: 60,
        percent: 50,
        grade: 5.5,
        unroundedGrade: 5.5,
        rule: '9·S/L + N (N = 1)',
        nTerm: 1,
        cesuurScore: null,
        table: null,
      },
    },
    // N = 2 adds about one point (cijferrekenaar.nl: "Normeringsterm 2 … De helft goed geeft een 6.5"); near the top the 10 − 0.5·9(L−S)/L line caps it.
    {
      name: 'N = 2.0 near full marks is capped by the upper line',
      input: { score: 55, maxScore: 60, nTerm: 2 },
      output: {
        mode: 'cvte',
        score: 55,
        maxScore: 60,
        percent: 91.67,
        grade: 9.6,
        unroundedGrade: 9.625,
        rule: 'N > 1, upper bound line: 10 − 0.5·9·(L−S)/L',
        nTerm: 2,
        cesuurScore: null,
        table: null,
      },
    },
    {
      name: 'School test with a 60% cesuur',
      input: { score: 24, maxScore: 40, mode: 'cesuur', cesuurPercent: 60 },
      output: {
        mode: 'cesuur',
        score: 24,
        maxScore: 40,
        percent: 60,
        grade: 5.5,
        unroundedGrade: 5.5,
        rule: '1 + (pass − 1)·S/C (at or below the cesuur)',
        nTerm: null,
        cesuurScore: 24,
        table: null,
      },
    },
  ],
  run({ score, maxScore, mode, nTerm, cesuurPercent, passGrade, includeTable }) {
    if (score > maxScore) throw new ToolError(`\`score\` (${score}) must not exceed \`maxScore\` (${maxScore})`, 400, { field: 'score' });
    const max = new D(maxScore);
    const gradeOf = (s: Dec) =>
      mode === 'cvte' ? cvteGrade(s, max, new D(nTerm)) : cesuurGrade(s, max, new D(cesuurPercent), new D(passGrade));
    const { grade, rule } = gradeOf(new D(score));
    const clamped = D.min(10, D.max(1, grade));
    let table: { score: number; grade: number }[] | null = null;
    if (includeTable) {
      table = [];
      for (let s = 0; s <= Math.floor(maxScore); s++) table.push({ score: s, grade: round1(gradeOf(new D(s)).grade) });
    }
    return {
      mode,
      score,
      maxScore,
      percent: new D(score).times(100).div(max).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber(),
      grade: round1(grade),
      unroundedGrade: clamped.toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toNumber(),
      rule,
      nTerm: mode === 'cvte' ? nTerm : null,
      cesuurScore: mode === 'cesuur' ? max.times(cesuurPercent).div(100).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toNumber() : null,
      table,
    };
  },
});
