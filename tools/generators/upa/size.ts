/**
 * The largest answer a run can make, from its options alone, so it is priced and capped before anything is
 * generated (src/core/output-size.ts). Measured per format on the fullest options (every element filled, ten
 * schemes, one file per employment, every scenario alone) and rounded up by about a fifth: the answer's stream is
 * also counted as it leaves, and fails rather than pass the bytes it was paid for.
 */
import type { OutputSize } from '../../../src/core/tool.js';
import { SCENARIOS, type UpaInput } from './options.js';
import { resolveScenarioMix } from './people.js';

/** Bytes of one employment in one period's XML (as JSON text), and per enabled scheme on top. */
const EMPLOYMENT_BYTES = 1_800;
const EMPLOYMENT_SCHEME_BYTES = 500;
/** Bytes of one file's header, sender and totals, and per enabled scheme on top. */
const FILE_BYTES = 2_000;
const FILE_SCHEME_BYTES = 500;
/** A summary's file entry with one totals row per enabled scheme; a CSV row of one employment. */
const SUMMARY_FILE_BYTES = 400;
const SUMMARY_SCHEME_BYTES = 250;
const CSV_ROW_BYTES = 1_000;
const FIXED_BYTES = 16_000;

/** Files per period: one per employer, per chunk (and employer), or per employment. */
function filesPerPeriod(o: UpaInput['options']): number {
  const employers = o.declaration.payrollTaxNumbers?.length ?? 1;
  const employments = o.population.count;
  if (o.period.splitMode === 'perParticipant') return employments;
  if (o.period.splitMode === 'chunk') return Math.ceil(employments / o.period.chunkSize) + employers;
  return employers;
}

/**
 * Rehires at most: a rehire adds a second employment in its event period only. Drawn per employment by weight, so
 * the share of the weights plus 5 % (the draw's spread is far smaller on the runs big enough to matter), and every
 * pinned employment.
 */
function rehires(o: UpaInput['options']): number {
  const weights = resolveScenarioMix(o.scenarioMix);
  const share = weights[SCENARIOS.indexOf('rehire')] / weights.reduce((a, b) => a + b, 0);
  return (share > 0 ? Math.ceil(o.population.count * Math.min(1, share + 0.05)) : 0) + o.pinned.length;
}

export function upaMaxBytes(input: UpaInput): number {
  const o = input.options;
  const schemes = Math.max(1, o.schemes.filter((s) => s.enabled).length);
  const employments = o.population.count + o.pinned.length;
  const files = filesPerPeriod(o) * o.period.months;
  if (input.format === 'participants-csv') return FIXED_BYTES + employments * CSV_ROW_BYTES;
  if (input.format === 'summary') return FIXED_BYTES + files * (SUMMARY_FILE_BYTES + SUMMARY_SCHEME_BYTES * schemes);
  return (
    FIXED_BYTES +
    (employments * o.period.months + rehires(o)) * (EMPLOYMENT_BYTES + EMPLOYMENT_SCHEME_BYTES * schemes) +
    files * (FILE_BYTES + FILE_SCHEME_BYTES * schemes)
  );
}

/** 1 credit per started 10 MB; one call up to 1 GB (10,000 employments × 36 months with the default scheme is ~0.8 GB). */
export const UPA_OUTPUT_SIZE: OutputSize<UpaInput> = {
  maxBytes: upaMaxBytes,
  formula:
    'xml and zip: (1.8 KB + 0.5 KB per enabled scheme) per employment per period (and once more per rehire), plus (2 KB + 0.5 KB per scheme) per file; ' +
    'summary: (0.4 KB + 0.25 KB per scheme) per file; participants-csv: 1 KB per employment',
  capBytes: 1_000_000_000,
  split:
    'Split the run: fewer period.months per call (each part from its own period.startYear/startMonth), ' +
    'fewer employments (population.count), or splitMode single or chunk instead of perParticipant.',
};
