import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { clean15, roundTo } from '../_lib/money.js';

/**
 * CGPA (catalogue §4): credit-weighted mean of semester GPAs, Σ(sgpa·credits) / Σcredits (equal weights when no
 * credits are given). Percentage: percent = percentMultiplier·CGPA + percentOffset; the default ×9.5 is CBSE's
 * "indicative percentage" rule (CGPA 8.0 → 76 %). Universities publish their own (e.g. (CGPA − 0.75)·10 →
 * multiplier 10, offset −7.5), so both are parameters. Letter grades are not used here: SGPAs are already points.
 */
/** 50 semesters (more than any degree): linear, microseconds. */
const MAX_SEMESTERS = 50;

export default defineTool({
  slug: 'cgpa-calculator',
  title: 'CGPA calculator',
  summary: 'Your cumulative GPA (CGPA) from your semester GPAs.',
  keywords: {
    en: ['CGPA', 'cumulative GPA', 'SGPA', 'semester GPA', 'overall grade point average', 'cumulative', 'semesters'],
    nl: ['cgpa', 'cumulatief gemiddelde', 'semester', 'semesters', 'cumulatief'],
  },
  description:
    'Cumulative GPA from semester GPAs (SGPA): credit-weighted when every semester has credits, else equally weighted. Also a percentage = percentMultiplier·CGPA + percentOffset (9.5·CGPA is the CBSE indication; (CGPA − 0.75)·10 is multiplier 10, offset −7.5).',
  resultView: { kind: 'figure', field: 'cgpa', label: 'CGPA', detail: ['percent'] },
  input: z.strictObject({
    semesters: z
      .array(
        z.strictObject({
          sgpa: z.number().min(0).max(100).describe('Semester GPA'),
          credits: z.number().positive().max(1000).optional().describe('Semester credits'),
        }),
      )
      .min(1)
      .max(MAX_SEMESTERS)
      .describe('Semesters'),
    maxGpa: z.number().positive().max(100).default(10).describe('Top of the GPA scale'),
    percentMultiplier: z.number().min(0).max(100).default(9.5).describe('Percent per CGPA point'),
    percentOffset: z.number().min(-100).max(100).default(0).describe('Added after multiplying'),
  }),
  output: z.object({
    cgpa: z.number(),
    cgpaRounded: z.number(),
    weighting: z.enum(['credits', 'equal']),
    totalCredits: z.number().nullable(),
    percent: z.number(),
    percentFormula: z.string(),
  }),
  examples: [
    // CBSE: indicative percentage = 9.5 × CGPA, so CGPA 8.0 → 76 % (catalogue §4).
    {
      name: 'CBSE: CGPA 8.0 → 76 %',
      input: { semesters: [{ sgpa: 8 }] },
      output: { cgpa: 8, cgpaRounded: 8, weighting: 'equal', totalCredits: null, percent: 76, percentFormula: 'percent = 9.5 × 8' },
    },
    // Hand-checked: (8.2·20 + 7.6·22 + 8.8·24) / 66 = 542.4 / 66 = 8.21818…; (CGPA − 0.75)·10 = 74.68…
    {
      name: 'Three semesters with credits, (CGPA − 0.75)·10 conversion',
      input: {
        semesters: [
          { sgpa: 8.2, credits: 20 },
          { sgpa: 7.6, credits: 22 },
          { sgpa: 8.8, credits: 24 },
        ],
        percentMultiplier: 10,
        percentOffset: -7.5,
      },
      output: {
        cgpa: 8.21818181818182,
        cgpaRounded: 8.22,
        weighting: 'credits',
        totalCredits: 66,
        percent: 74.6818181818182,
        percentFormula: 'percent = 10 × 8.21818181818182 − 7.5',
      },
    },
  ],
  run({ semesters, maxGpa, percentMultiplier, percentOffset }) {
    semesters.forEach((s, i) => {
      if (s.sgpa > maxGpa)
        throw new ToolError(`\`semesters[${i}].sgpa\` (${s.sgpa}) exceeds maxGpa ${maxGpa}`, 400, { field: 'semesters' });
    });
    const withCredits = semesters.filter((s) => s.credits !== undefined).length;
    if (withCredits !== 0 && withCredits !== semesters.length)
      throw new ToolError('`semesters`: give credits on every semester or on none', 400, { field: 'semesters' });
    const weights = semesters.map((s) => s.credits ?? 1);
    const total = weights.reduce((a, b) => a + b, 0);
    const cgpa = clean15(semesters.reduce((a, s, i) => a + s.sgpa * weights[i], 0) / total);
    const percent = clean15(percentMultiplier * cgpa + percentOffset);
    const off = percentOffset === 0 ? '' : percentOffset > 0 ? ` + ${percentOffset}` : ` − ${-percentOffset}`;
    return {
      cgpa,
      cgpaRounded: roundTo(cgpa, 2),
      weighting: withCredits ? ('credits' as const) : ('equal' as const),
      totalCredits: withCredits ? clean15(total) : null,
      percent,
      percentFormula: `percent = ${percentMultiplier} × ${cgpa}${off}`,
    };
  },
});
