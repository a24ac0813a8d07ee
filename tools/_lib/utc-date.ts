/**
 * Strict ISO 8601 date(-time) parsing in UTC, independent of the local time
 * zone (unlike `Date.parse`, which reads a date-time without offset as local
 * time). Accepted: `YYYY-MM-DD`, optionally followed by `T` (or a space) and
 * `hh:mm`, `hh:mm:ss` or `hh:mm:ss.fraction`, optionally followed by `Z` or an
 * offset `±hh:mm` / `±hhmm` / `±hh`. No offset means UTC. Returns epoch
 * milliseconds, or a sentence saying what is wrong.
 */
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

export type UtcParse = { ok: true; ms: number } | { ok: false; reason: string };

export function parseIsoUtc(text: string): UtcParse {
  const m = ISO.exec(text.trim());
  if (!m) {
    return { ok: false, reason: 'is not an ISO 8601 date such as 2024-05-01 or 2024-05-01T12:30:00Z' };
  }
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12) return { ok: false, reason: `has month ${mo}; months run 01 to 12` };
  const daysInMonth = new Date(Date.UTC(2000, month, 0)).getUTCDate() - (month === 2 && !isLeap(year) ? 1 : 0);
  if (day < 1 || day > daysInMonth) {
    return { ok: false, reason: `has day ${d}, but ${y}-${mo} has ${daysInMonth} days` };
  }
  if (Number(h) > 23) return { ok: false, reason: `has hour ${h}; hours run 00 to 23` };
  if (Number(mi) > 59) return { ok: false, reason: `has minute ${mi}; minutes run 00 to 59` };
  if (Number(s) > 59) return { ok: false, reason: `has second ${s}; seconds run 00 to 59 (leap seconds are not supported)` };
  let offsetMinutes = 0;
  if (zone && zone.toUpperCase() !== 'Z') {
    const sign = zone[0] === '-' ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const oh = Number(digits.slice(0, 2));
    const om = Number(digits.slice(2) || '0');
    if (oh > 23 || om > 59) return { ok: false, reason: `has offset ${zone}, which is out of range` };
    offsetMinutes = sign * (oh * 60 + om);
  }
  const millis = Math.floor(Number(`0.${frac || '0'}`) * 1000);
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day); // setUTCFullYear keeps years 0-99 literal (Date.UTC would map them to 19xx)
  date.setUTCHours(Number(h), Number(mi), Number(s), millis);
  return { ok: true, ms: date.getTime() - offsetMinutes * 60_000 };
}

function isLeap(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}
