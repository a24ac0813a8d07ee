/**
 * UPA runs the task tests start. The summary format is fast (1,000 people over 36 months in well under a second),
 * so a test that must see a task working, or cancel it, runs the zip format, which writes every file, with a file
 * per person per month: 1,000 people (the most MCP allows) over 36 months take about ten seconds and some 33,000
 * files, and outlast the test's polling on any machine this suite runs on.
 */
import { priceOf } from '../../src/core/output-size.js';
import upa from '../../tools/generators/upa-file-generator.js';

/** Seconds of work in the long-job pool (about 40 MB of zipped XML). */
export const LONG_UPA = {
  format: 'zip',
  options: { population: { count: 1000 }, period: { startYear: 2026, months: 36, splitMode: 'perParticipant' } },
};
/** How LONG_UPA's progress reports begin. */
export const LONG_UPA_PLANNED = 'planned 1,000 people over 36 months';

/** Credits a UPA call of `input` is charged (priced by its largest answer, before the run). */
export function upaCost(input: unknown): number {
  return priceOf(upa, upa.input.parse(input)).cost;
}
