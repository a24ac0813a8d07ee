/**
 * LO BRP date notation (yyyymmdd) over the one calendar's day numbers
 * (tools/_lib/calendar.ts).
 */

import { civil, dayOf, type Day } from '../../_lib/calendar.js';

const pad2 = (n: number) => (n < 10 ? '0' : '') + n;
const pad4 = (n: number) => String(n).padStart(4, '0');

/** LO notation: yyyymmdd. */
export function loDate(day: Day): string {
  const [y, m, d] = civil(day);
  return pad4(y) + pad2(m) + pad2(d);
}

export type DateFormat = 'yyyymmdd' | 'iso' | 'dutch';

/** Re-render an LO yyyymmdd value in the caller's notation. */
export function formatLoDate(lo: string, format: DateFormat): string {
  if (format === 'yyyymmdd' || lo.length !== 8) return lo;
  const y = lo.slice(0, 4),
    m = lo.slice(4, 6),
    d = lo.slice(6, 8);
  return format === 'iso' ? `${y}-${m}-${d}` : `${d}-${m}-${y}`;
}

/** The day of an LO yyyymmdd date (a full date, as the generator writes them). */
export function fromLo(lo: string): Day {
  return dayOf(Number(lo.slice(0, 4)), Number(lo.slice(4, 6)), Number(lo.slice(6, 8)));
}
