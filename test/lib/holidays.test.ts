import { describe, expect, it } from 'vitest';
import { dutchHolidays, easterSunday, parseIsoDate, isoDate, weekday } from '../../tools/_lib/holidays.js';

const dates = (year: number) => dutchHolidays(year).map((h) => `${h.date} ${h.name}`);

describe('holidays library', () => {
  it('computes Gregorian Easter (known dates)', () => {
    expect(easterSunday(1900)).toEqual({ month: 4, day: 15 });
    expect(easterSunday(1961)).toEqual({ month: 4, day: 2 });
    expect(easterSunday(2000)).toEqual({ month: 4, day: 23 });
    expect(easterSunday(2008)).toEqual({ month: 3, day: 23 }); // early
    expect(easterSunday(2038)).toEqual({ month: 4, day: 25 }); // latest possible
    expect(easterSunday(2099)).toEqual({ month: 4, day: 12 });
  });
  it('parses only real yyyy-mm-dd dates', () => {
    expect(parseIsoDate('2024-02-29')).not.toBeNull();
    for (const bad of ['2023-02-29', '2024-13-01', '2024-00-10', '2024-1-1', ' 2024-01-01', '2024-04-31', ''])
      expect(parseIsoDate(bad)).toBeNull();
    expect(isoDate(parseIsoDate('0001-01-01')!)).toBe('0001-01-01');
    expect(weekday(parseIsoDate('1970-01-01')!)).toBe(4);
    expect(weekday(parseIsoDate('1969-12-28')!)).toBe(0); // negative day numbers
  });
  it("moves the monarch's day by the rules of each era", () => {
    expect(dates(2025)).toContain('2025-04-26 Koningsdag'); // 27 April on a Sunday
    expect(dates(2014)).toContain('2014-04-26 Koningsdag'); // first Koningsdag, 27th a Sunday
    expect(dates(2013)).toContain('2013-04-30 Koninginnedag');
    expect(dates(2006)).toContain('2006-04-29 Koninginnedag'); // Sunday → Saturday (1980–2013)
    expect(dates(1967)).toContain('1967-05-01 Koninginnedag'); // Sunday → Monday (1949–1979)
    expect(dates(1948)).toContain('1948-08-31 Koninginnedag');
    expect(dates(1900)).toContain('1900-08-31 Koninginnedag');
  });
  it('lists Bevrijdingsdag every year from 1990, lustrum years before; dayOff only in lustrum years', () => {
    const lib = (y: number) => dutchHolidays(y).find((h) => h.name === 'Bevrijdingsdag');
    expect(lib(1944)).toBeUndefined();
    expect(lib(1945)?.dayOff).toBe(true);
    expect(lib(1989)).toBeUndefined();
    expect(lib(1990)?.dayOff).toBe(true);
    expect(lib(2024)?.dayOff).toBe(false);
    expect(lib(2030)?.dayOff).toBe(true);
  });
  it('keeps both holidays when Ascension Day falls on 5 May (2016)', () => {
    expect(dates(2016).filter((d) => d.startsWith('2016-05-05'))).toEqual(['2016-05-05 Bevrijdingsdag', '2016-05-05 Hemelvaartsdag']);
  });
  it('has Good Friday as the only dayOff=false holiday besides non-lustrum Bevrijdingsdag', () => {
    expect(
      dutchHolidays(2026)
        .filter((h) => !h.dayOff)
        .map((h) => h.name),
    ).toEqual(['Goede Vrijdag', 'Bevrijdingsdag']);
  });
});
