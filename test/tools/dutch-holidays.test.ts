import { describe, expect, it } from 'vitest';
import holidaysTool from '../../tools/dutch/dutch-holidays.js';
import workingDays from '../../tools/dutch/working-days.js';
import { dutchHolidays, easterSunday, parseIsoDate, isoDate, weekday } from '../../tools/_lib/holidays.js';
import { expectToolError, runTool } from '../helpers/run.js';

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
    for (const bad of ['2023-02-29', '2024-13-01', '2024-00-10', '2024-1-1', ' 2024-01-01', '2024-04-31', '']) expect(parseIsoDate(bad)).toBeNull();
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
    expect(dutchHolidays(2026).filter((h) => !h.dayOff).map((h) => h.name)).toEqual(['Goede Vrijdag', 'Bevrijdingsdag']);
  });
});

describe('dutch-holidays tool', () => {
  it('covers 1900 to 2099 and refuses outside it', async () => {
    expect((await runTool(holidaysTool, { year: 1900 })).holidays).toHaveLength(10); // no Bevrijdingsdag yet
    expect((await runTool(holidaysTool, { year: 2099 })).holidays).toHaveLength(11);
    await expectToolError(holidaysTool, { year: 1899 }, 400, /year.*≥ 1900/);
    await expectToolError(holidaysTool, { year: 2100 }, 400, /year.*≤ 2099/);
    await expectToolError(holidaysTool, { year: 2024.5 }, 400, /year/);
    await expectToolError(holidaysTool, { year: '2024' }, 400, /year/);
    await expectToolError(holidaysTool, {}, 400, /year.*required/);
    await expectToolError(holidaysTool, { year: 2024, yaer: 1 }, 400, /unknown field/);
  });
  it('returns the holidays sorted by date', async () => {
    for (const year of [1900, 1967, 2005, 2016, 2038, 2099]) {
      const list = (await runTool(holidaysTool, { year })).holidays.map((h: { date: string }) => h.date);
      expect(list).toEqual([...list].sort());
      expect(list.every((d: string) => d.startsWith(String(year)))).toBe(true);
    }
  });
});

describe('working-days tool', () => {
  it('counts a whole year: 2025 has 261 weekdays, 8 weekday holidays with dayOff', async () => {
    const plain = await runTool(workingDays, { start: '2025-01-01', end: '2025-12-31' });
    expect(plain).toMatchObject({ totalDays: 365, workingDays: 261, weekendDays: 104, holidaysExcluded: [] });
    const nl = await runTool(workingDays, { start: '2025-01-01', end: '2025-12-31', excludeDutchHolidays: true });
    // New Year (Wed), Easter Monday, Bevrijdingsdag (lustrum, Mon), Ascension, Whit Monday, Christmas (Thu), Boxing Day (Fri);
    // Koningsdag is a Saturday and Good Friday is not a customary day off.
    expect(nl.holidaysExcluded.map((h: { date: string }) => h.date)).toEqual([
      '2025-01-01', '2025-04-21', '2025-05-05', '2025-05-29', '2025-06-09', '2025-12-25', '2025-12-26',
    ]);
    expect(nl.workingDays).toBe(254);
    expect(nl.totalDays).toBe(nl.workingDays + nl.weekendDays + nl.holidaysExcluded.length);
  });
  it('does not count Bevrijdingsdag outside lustrum years', async () => {
    const r = await runTool(workingDays, { start: '2026-05-05', end: '2026-05-05', excludeDutchHolidays: true });
    expect(r).toMatchObject({ workingDays: 1, holidaysExcluded: [] });
  });
  it('counts 5 May 2005 (Ascension and lustrum Bevrijdingsdag) once', async () => {
    const r = await runTool(workingDays, { start: '2005-05-05', end: '2005-05-05', excludeDutchHolidays: true });
    expect(r).toMatchObject({ totalDays: 1, workingDays: 0, weekendDays: 0 });
    expect(r.holidaysExcluded).toHaveLength(1);
  });
  it('agrees with a day-by-day count over many ranges', async () => {
    const start = parseIsoDate('2023-12-25')!;
    for (let len = 1; len <= 40; len++) {
      const r = await runTool(workingDays, { start: isoDate(start + 3), end: isoDate(start + 3 + len - 1) });
      let weekend = 0;
      for (let d = start + 3; d < start + 3 + len; d++) if (weekday(d) === 0 || weekday(d) === 6) weekend++;
      expect(r).toMatchObject({ totalDays: len, weekendDays: weekend, workingDays: len - weekend });
    }
  });
  it('spans year boundaries with holidays of both years', async () => {
    const r = await runTool(workingDays, { start: '2024-12-24', end: '2025-01-02', excludeDutchHolidays: true });
    expect(r.holidaysExcluded.map((h: { date: string }) => h.date)).toEqual(['2024-12-25', '2024-12-26', '2025-01-01']);
    expect(r).toMatchObject({ totalDays: 10, weekendDays: 2, workingDays: 5 });
  });
  it('refuses end before start, impossible dates, too long ranges and years outside the holiday range', async () => {
    await expectToolError(workingDays, { start: '2025-01-02', end: '2025-01-01' }, 400, /end.*must not be before.*start/);
    await expectToolError(workingDays, { start: '2023-02-29', end: '2023-03-01' }, 400, /start.*not a real calendar date/);
    await expectToolError(workingDays, { start: '2023-02-01', end: '2023-02-30' }, 400, /end.*not a real calendar date/);
    await expectToolError(workingDays, { start: '01-01-2024', end: '2024-01-02' }, 400, /start/);
    await expectToolError(workingDays, { start: '1900-01-01', end: '2000-01-02' }, 400, /at most 36525 days \(got 36526\)/);
    await expectToolError(workingDays, { start: '1899-12-31', end: '1900-01-02', excludeDutchHolidays: true }, 400, /1900–2099/);
    const edge = await runTool(workingDays, { start: '1900-01-01', end: '1999-12-31' });
    expect(edge.totalDays).toBe(36524);
    const noHolidays = await runTool(workingDays, { start: '1800-01-01', end: '1800-01-07' });
    expect(noHolidays).toMatchObject({ totalDays: 7, weekendDays: 2 });
  });
});
