/**
 * Declaration periods (tijdvakken), all in day numbers
 * so nothing depends on the local time zone.
 *
 * MND: calendar months. VWK: thirteen four-week periods per year built on ISO
 * weeks: period 1 runs from 1 January to the Sunday of ISO week 4, period k
 * (2..13) starts on the Monday of ISO week 4k−3, and period 13 runs to
 * 31 December (so it takes week 53 when the year has one). For 2026 this gives
 * exactly the DatAanvTv/DatEindTv enumerations of the UPA 2026 schema.
 * Dates are the one calendar's day numbers (tools/_lib/calendar.ts).
 */

import { addMonths, civil, dayOf, isoDate, isoWeek1Monday, type Day } from '../../_lib/calendar.js';

export { addMonths, type Day };

const isoCache = new Map<Day, string>();

/** YYYY-MM-DD of a day (memoised: a run formats the same few thousand days millions of times). */
export function iso(d: Day): string {
  let s = isoCache.get(d);
  if (s === undefined) {
    s = isoDate(d);
    if (isoCache.size < 100_000) isoCache.set(d, s);
  }
  return s;
}

export interface Period {
  /** 0-based position in the run. */
  index: number;
  start: Day;
  end: Day;
  /** Year and month of the start date (file names and periodLabel). */
  year: number;
  month: number;
  /** Share of a year's salary paid in this period (1/12 or 1/13). */
  share: number;
  /** Average working weeks in the period (52/12 or 4). */
  weeks: number;
}

function fourWeekPeriodsOf(year: number): Array<[Day, Day]> {
  const w1 = isoWeek1Monday(year);
  const starts = [dayOf(year, 1, 1)];
  for (let k = 2; k <= 13; k++) starts.push(w1 + (4 * k - 4) * 7);
  return starts.map((s, i) => [s, i < 12 ? starts[i + 1] - 1 : dayOf(year, 12, 31)]);
}

export function buildPeriods(type: 'MND' | 'VWK', startYear: number, startMonth: number, count: number): Period[] {
  const out: Period[] = [];
  if (type === 'MND') {
    for (let i = 0; i < count; i++) {
      const start = dayOf(startYear, startMonth + i, 1);
      const [y, m] = civil(start);
      out.push({ index: i, start, end: dayOf(y, m + 1, 0), year: y, month: m, share: 1 / 12, weeks: 52 / 12 });
    }
    return out;
  }
  const first = dayOf(startYear, startMonth, 1);
  let year = startYear;
  let list = fourWeekPeriodsOf(year);
  let k = list.findIndex(([s, e]) => s <= first && first <= e);
  while (out.length < count) {
    if (k >= list.length) {
      year++;
      list = fourWeekPeriodsOf(year);
      k = 0;
    }
    const [start, end] = list[k++];
    const [y, m] = civil(start);
    out.push({ index: out.length, start, end, year: y, month: m, share: 1 / 13, weeks: 4 });
  }
  return out;
}

/** The period in which the holiday allowance of month `month` (1..12) is paid: MND that month, VWK the period holding its 15th. */
export function isHolidayPeriod(p: Period, type: 'MND' | 'VWK', month: number): boolean {
  if (month === 0) return false;
  if (type === 'MND') return p.month === month;
  const fifteenth = dayOf(p.year, month, 15);
  return p.start <= fifteenth && fifteenth <= p.end;
}
