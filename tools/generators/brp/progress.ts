/**
 * How far a BRP run is, in units of the persons asked for: each passes through drawing, drawing its relatives
 * (linkedPersons) and writing, so `total` is `count` times the number of steps and is known from the start. Writing
 * covers every record (relatives included), scaled to `count` units so `done` never runs back.
 */
import type { ProgressHook } from '../../../src/core/progress.js';

/** Reports per step at most: building a message per person would cost more than the throttle saves. */
const REPORTS_PER_STEP = 200;
/** One formatter for every number (`toLocaleString` builds a new one per call). */
const NUMBERS = new Intl.NumberFormat('en');
const fmt = (n: number) => NUMBERS.format(n);

export class BrpProgress {
  private readonly total: number;
  private readonly planned: string;

  constructor(
    private readonly hook: ProgressHook | undefined,
    private readonly count: number,
    linked: boolean,
  ) {
    this.total = count * (linked ? 3 : 2);
    this.planned = `planned ${fmt(count)} people${linked ? ' and their relatives' : ''}`;
  }

  /** Person `k` (0-based) of `count` is being drawn. */
  drawing(k: number): void {
    if (this.due(k, this.count)) this.report(`drawing person ${fmt(k + 1)} of ${fmt(this.count)}`, k);
  }

  /** The relatives of person `k` (0-based) are being drawn. */
  relatives(k: number): void {
    if (this.due(k, this.count)) this.report(`drawing the relatives of person ${fmt(k + 1)} of ${fmt(this.count)}`, this.count + k);
  }

  /** Record `j` (0-based) of `records` is being written. */
  writing(j: number, records: number): void {
    if (!this.due(j, records)) return;
    const base = this.total - this.count;
    this.report(`writing record ${fmt(j + 1)} of ${fmt(records)}`, base + Math.floor((j * this.count) / records));
  }

  /** Every record is written. */
  done(records: number): void {
    this.report(`wrote ${fmt(records)} records`, this.total);
  }

  private due(k: number, n: number): boolean {
    return this.hook !== undefined && k % Math.max(1, Math.floor(n / REPORTS_PER_STEP)) === 0;
  }

  private report(what: string, done: number): void {
    this.hook?.({ message: `${this.planned}; ${what}`, done, total: this.total });
  }
}
