/**
 * Dutch public holidays and calendar-date helpers (pure UTC arithmetic, no
 * dependence on the local time zone or clock).
 *
 * The official list is the Algemene termijnenwet art. 3 (New Year, Easter and
 * Whit Monday, Ascension, both Christmas days, the King's birthday and 5 May),
 * plus Good Friday (equated for deadlines, lid 2) and the two Sundays (Easter
 * and Whit Sunday) that every Dutch calendar lists.
 *
 * `dayOff` says whether the day is a customary paid day off for most employees:
 * true for all of them except Good Friday (a day off only where the CAO says so)
 * and Bevrijdingsdag, which is a national holiday every year since 1990 but a paid
 * day off in most CAOs only in lustrum years (every five years: 2025, 2030, …).
 */
import { dayOf as dayNumber, isoDate, parseIsoDate, weekday } from './calendar.js';

/** The dates are the one calendar's day numbers (tools/_lib/calendar.ts), re-exported for the Dutch tools. */
export { dayNumber, isoDate, parseIsoDate, weekday };

/** Years this module covers (the Gregorian rules below are exact in this range). */
export const HOLIDAY_YEARS = { min: 1900, max: 2099 } as const;

export interface DutchHoliday {
  /** yyyy-mm-dd */
  date: string;
  /** Dutch name */
  name: string;
  /** English name */
  nameEn: string;
  /** A customary paid day off (see the module comment). */
  dayOff: boolean;
}

/** Easter Sunday of a Gregorian year (the anonymous Gregorian / Meeus–Jones–Butcher algorithm). */
export function easterSunday(year: number): { month: number; day: number } {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { month, day };
}

/* ------------------------------- holidays -------------------------------- */

const SUNDAY = 0;

/**
 * The monarch's day:
 * - 1900–1948 Koninginnedag on 31 August (Queen Wilhelmina), no weekend shift;
 * - 1949–1979 Koninginnedag on 30 April, on a Sunday moved to Monday 1 May;
 * - 1980–2013 Koninginnedag on 30 April, on a Sunday moved to Saturday 29 April;
 * - from 2014 Koningsdag on 27 April, on a Sunday moved to Saturday 26 April.
 */
function monarchsDay(year: number): DutchHoliday {
  if (year < 1949) return { date: isoDate(dayNumber(year, 8, 31)), name: 'Koninginnedag', nameEn: "Queen's Day", dayOff: true };
  if (year < 2014) {
    const d = dayNumber(year, 4, 30);
    const shifted = weekday(d) !== SUNDAY ? d : year < 1980 ? d + 1 : d - 1;
    return { date: isoDate(shifted), name: 'Koninginnedag', nameEn: "Queen's Day", dayOff: true };
  }
  const d = dayNumber(year, 4, 27);
  return { date: isoDate(weekday(d) === SUNDAY ? d - 1 : d), name: 'Koningsdag', nameEn: "King's Day", dayOff: true };
}

/**
 * Bevrijdingsdag (5 May): a national holiday every year since 1990; from 1945 to
 * 1989 only in lustrum years (1945, 1950, …, 1985). `dayOff` only in lustrum years.
 */
function liberationDay(year: number): DutchHoliday | null {
  const lustrum = year % 5 === 0;
  if (year < 1945 || (year < 1990 && !lustrum)) return null;
  return { date: isoDate(dayNumber(year, 5, 5)), name: 'Bevrijdingsdag', nameEn: 'Liberation Day', dayOff: lustrum };
}

/**
 * The Dutch public holidays of `year` (HOLIDAY_YEARS.min … max), sorted by date
 * (ties keep the listing order: in 2005 and 2016 Ascension Day falls on 5 May).
 */
export function dutchHolidays(year: number): DutchHoliday[] {
  if (!Number.isInteger(year) || year < HOLIDAY_YEARS.min || year > HOLIDAY_YEARS.max)
    throw new RangeError(`year must be an integer ${HOLIDAY_YEARS.min}–${HOLIDAY_YEARS.max}`);
  const easter = easterSunday(year);
  const e = dayNumber(year, easter.month, easter.day);
  const fixed = (month: number, day: number, name: string, nameEn: string, dayOff = true): DutchHoliday => ({
    date: isoDate(dayNumber(year, month, day)),
    name,
    nameEn,
    dayOff,
  });
  const easterBased = (offset: number, name: string, nameEn: string, dayOff = true): DutchHoliday => ({
    date: isoDate(e + offset),
    name,
    nameEn,
    dayOff,
  });
  const list: (DutchHoliday | null)[] = [
    fixed(1, 1, 'Nieuwjaarsdag', "New Year's Day"),
    easterBased(-2, 'Goede Vrijdag', 'Good Friday', false),
    easterBased(0, 'Eerste Paasdag', 'Easter Sunday'),
    easterBased(1, 'Tweede Paasdag', 'Easter Monday'),
    monarchsDay(year),
    liberationDay(year),
    easterBased(39, 'Hemelvaartsdag', 'Ascension Day'),
    easterBased(49, 'Eerste Pinksterdag', 'Whit Sunday'),
    easterBased(50, 'Tweede Pinksterdag', 'Whit Monday'),
    fixed(12, 25, 'Eerste Kerstdag', 'Christmas Day'),
    fixed(12, 26, 'Tweede Kerstdag', 'Boxing Day (Second Day of Christmas)'),
  ];
  // Array.prototype.sort is stable, so same-day holidays keep the order above.
  return list.filter((h): h is DutchHoliday => h !== null).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
