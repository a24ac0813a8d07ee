/**
 * Proleptic Gregorian dates as integer day numbers (days since 1970-01-01),
 * pure integer arithmetic (H. Hinnant's civil-from-days): no Date, no time
 * zone, no locale.
 */

export type Day = number;

export function dayOf(y: number, m: number, d: number): Day {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** [year, month 1-12, day 1-31]. */
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

/** The same calendar date `years` later (29 February becomes 28 February in a common year). */
export function addYears(day: Day, years: number): Day {
  const [y, m, d] = civil(day);
  const ty = y + years;
  const leap = (ty % 4 === 0 && ty % 100 !== 0) || ty % 400 === 0;
  return dayOf(ty, m, m === 2 && d === 29 && !leap ? 28 : d);
}

/** Completed years on `on` for someone born on `birth`. */
export function ageOn(birth: Day, on: Day): number {
  const [by, bm, bd] = civil(birth);
  const [y, m, d] = civil(on);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

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
  const y = lo.slice(0, 4), m = lo.slice(4, 6), d = lo.slice(6, 8);
  return format === 'iso' ? `${y}-${m}-${d}` : `${d}-${m}-${y}`;
}

/** The day of an LO yyyymmdd date (a full date, as the generator writes them). */
export function fromLo(lo: string): Day {
  return dayOf(Number(lo.slice(0, 4)), Number(lo.slice(4, 6)), Number(lo.slice(6, 8)));
}
