/**
 * The one calendar: proleptic Gregorian civil dates as integer day numbers
 * (days since 1970-01-01), pure integer arithmetic (H. Hinnant's
 * days-from-civil / civil-from-days). No Date, no time zone, no locale, so
 * every date tool, calculator and generator gives the same answer on every
 * machine. "Today" is always an input (`onDate`), never the clock.
 */
import { z } from 'zod';

/** Days since 1970-01-01. */
export type Day = number;

export function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

export function daysInMonth(y: number, m: number): number {
  return m === 2 ? (isLeapYear(y) ? 29 : 28) : [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];
}

/** The day number of year `y`, month `m` (1–12), day `d`. Months outside 1–12 roll over into other years. */
export function dayOf(y: number, m: number, d: number): Day {
  const mm = ((((m - 1) % 12) + 12) % 12) + 1;
  y += Math.floor((m - 1) / 12);
  const yy = mm <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (mm + (mm > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** [year, month 1–12, day 1–31]. */
export function civil(day: Day): [number, number, number] {
  const z = day + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, d];
}

const pad2 = (n: number) => (n < 10 ? '0' : '') + n;

/** yyyy-mm-dd (years 0000–9999). */
export function isoDate(day: Day): string {
  const [y, m, d] = civil(day);
  return `${String(y).padStart(4, '0')}-${pad2(m)}-${pad2(d)}`;
}

/** A strict yyyy-mm-dd date (years 0001–9999) as a day number, or null (e.g. 2023-02-29). */
export function parseIsoDate(text: string): Day | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1 || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return null;
  return dayOf(y, mo, d);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(day: Day): number {
  return (((day + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
}

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export function isoWeekday(day: Day): number {
  return weekday(day) || 7;
}

/** The same day `months` later, clamped to the end of a shorter month (31 January + 1 month = 28/29 February). */
export function addMonths(day: Day, months: number): Day {
  const [y, m, d] = civil(day);
  const ty = y + Math.floor((m - 1 + months) / 12);
  const tm = ((((m - 1 + months) % 12) + 12) % 12) + 1;
  return dayOf(ty, tm, Math.min(d, daysInMonth(ty, tm)));
}

/** The same date `years` later (29 February becomes 28 February in a common year). */
export function addYears(day: Day, years: number): Day {
  return addMonths(day, years * 12);
}

/** Completed years on `on` for someone born on `birth` (a 29 February birthday completes a year on 1 March in common years). */
export function ageOn(birth: Day, on: Day): number {
  const [by, bm, bd] = civil(birth);
  const [y, m, d] = civil(on);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** The last day of the month `day` falls in. */
export function endOfMonth(day: Day): Day {
  const [y, m] = civil(day);
  return dayOf(y, m, daysInMonth(y, m));
}

/** Monday of ISO week 1 of `year` (the week with 4 January). */
export function isoWeek1Monday(year: number): Day {
  const jan4 = dayOf(year, 1, 4);
  return jan4 - (isoWeekday(jan4) - 1);
}

/** ISO 8601 week-numbering year and week (1–53) of a day. */
export function isoWeek(day: Day): { year: number; week: number } {
  const [y] = civil(day);
  let year = y + 1;
  let start = isoWeek1Monday(year);
  if (day < start) {
    year = y;
    start = isoWeek1Monday(year);
    if (day < start) {
      year = y - 1;
      start = isoWeek1Monday(year);
    }
  }
  return { year, week: Math.floor((day - start) / 7) + 1 };
}

/** Number of ISO weeks (52 or 53) in an ISO week-numbering year. */
export function isoWeeksInYear(year: number): number {
  return isoWeek(dayOf(year, 12, 28)).week;
}

/**
 * A zod field for a civil date `yyyy-mm-dd` (years 0001–9999), refused with a
 * message that names the rule. Parse it with `parseIsoDate` in `run`.
 */
export function isoDateField(description: string) {
  return z
    .string()
    .max(10)
    .refine((s) => parseIsoDate(s) !== null, { message: 'must be a real calendar date yyyy-mm-dd (e.g. 2026-02-28)' })
    .describe(description);
}

/** Parse a date already validated by `isoDateField`. */
export function dayFromIso(text: string): Day {
  const d = parseIsoDate(text);
  if (d === null) throw new Error(`not a date: ${text}`);
  return d;
}

/* ----------------------------------------------------------------------------
 * Added for the date and time tools (date-calculator, date-difference-calculator,
 * age-calculator, week-number-calculator, pto-calculator). Everything above is
 * unchanged; these build on it.
 * ------------------------------------------------------------------------- */

/** First and last day number the calendar accepts (0001-01-01 … 9999-12-31). */
export const MIN_DAY: Day = dayOf(1, 1, 1);
export const MAX_DAY: Day = dayOf(9999, 12, 31);

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** English weekday name of a day ("Monday"). */
export function weekdayName(day: Day): string {
  return WEEKDAY_NAMES[weekday(day)];
}

/** Saturday or Sunday. */
export function isWeekend(day: Day): boolean {
  return weekday(day) % 6 === 0;
}

/**
 * How a month anniversary that does not exist in a shorter month is placed
 * (the 31st in April, 29 February in a common year):
 * - `clamp`: on the last day of that month (date-fns `addMonths`; 31 Jan + 1 month = 28/29 Feb);
 * - `next-day`: on the 1st of the following month (the "29 February birthday is reached on 1 March" rule).
 */
export type MissingDayRule = 'clamp' | 'next-day';

/** The `months`-th month anniversary of `day` under `rule` (`clamp` = `addMonths`). */
export function monthAnniversary(day: Day, months: number, rule: MissingDayRule = 'clamp'): Day {
  if (rule === 'clamp') return addMonths(day, months);
  const [y, m, d] = civil(day);
  const ty = y + Math.floor((m - 1 + months) / 12);
  const tm = ((((m - 1 + months) % 12) + 12) % 12) + 1;
  const dim = daysInMonth(ty, tm);
  return d <= dim ? dayOf(ty, tm, d) : dayOf(ty, tm, dim) + 1;
}

/**
 * The difference from `start` to `end` (end ≥ start) in whole months and the
 * remaining days: `months` is the largest M with monthAnniversary(start, M, rule) ≤ end, and
 * `days` = end − that anniversary. So monthAnniversary(start, months, rule) + days = end always
 * (2020-01-31 → 2020-03-01 = 1 month 1 day with `clamp`). Split months into years with
 * Math.floor(months / 12) and months % 12.
 */
export function monthsAndDaysBetween(start: Day, end: Day, rule: MissingDayRule = 'clamp'): { months: number; days: number } {
  if (end < start) throw new RangeError('monthsAndDaysBetween: end before start');
  const [sy, sm] = civil(start);
  const [ey, em] = civil(end);
  let months = (ey - sy) * 12 + (em - sm);
  // Anniversaries are non-decreasing in M, and the candidate overshoots by at most one month.
  while (months > 0 && monthAnniversary(start, months, rule) > end) months--;
  return { months, days: end - monthAnniversary(start, months, rule) };
}

/** A predicate saying whether a (week)day is a holiday to skip; weekends are handled separately. */
export type HolidayTest = (day: Day) => boolean;

/**
 * Monday–Friday days (minus `isHoliday` days) in the half-open range [from, to).
 * O(1) for the weekends; the holiday test runs once per weekday only when given.
 */
export function countBusinessDays(from: Day, to: Day, isHoliday?: HolidayTest): number {
  if (to <= from) return 0;
  const total = to - from;
  const weeks = Math.floor(total / 7);
  let count = weeks * 5;
  for (let d = from + weeks * 7; d < to; d++) if (!isWeekend(d)) count++;
  if (isHoliday) for (let d = from; d < to; d++) if (!isWeekend(d) && isHoliday(d)) count--;
  return count;
}

/**
 * The day `n` business days (Monday–Friday, not `isHoliday`) after `day` (before it
 * when n < 0). Counting starts the day after (before) `day`, so `day` itself never
 * counts and n = 0 returns `day` unchanged even on a weekend. Walks day by day:
 * callers cap |n|.
 */
export function addBusinessDays(day: Day, n: number, isHoliday?: HolidayTest): Day {
  const step = n < 0 ? -1 : 1;
  let left = Math.abs(n);
  let d = day;
  while (left > 0) {
    d += step;
    if (!isWeekend(d) && !(isHoliday && isHoliday(d))) left--;
  }
  return d;
}

/**
 * Sunday-start week numbering as used in the United States: week 1 is the
 * Sunday–Saturday week that contains 1 January, and every week has all 7 days, so
 * the last days of December that share a week with the next 1 January are in week 1
 * of the next year (2021-12-26 … 2022-01-01 = 2022 week 1). A year has 52 or 53 weeks.
 */
export function usWeek1Sunday(year: number): Day {
  const jan1 = dayOf(year, 1, 1);
  return jan1 - weekday(jan1);
}

/** US week-numbering year and week (1–53) of a day (see `usWeek1Sunday`). */
export function usWeek(day: Day): { year: number; week: number } {
  const [y] = civil(day);
  const year = day >= usWeek1Sunday(y + 1) ? y + 1 : y;
  return { year, week: Math.floor((day - usWeek1Sunday(year)) / 7) + 1 };
}

/** Number of US weeks (52 or 53) in a US week-numbering year. */
export function usWeeksInYear(year: number): number {
  return (usWeek1Sunday(year + 1) - usWeek1Sunday(year)) / 7;
}
