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
