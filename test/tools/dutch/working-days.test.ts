import { describe, expect, it } from 'vitest';
import workingDays from '../../../tools/dutch/working-days.js';
import { parseIsoDate, isoDate, weekday } from '../../../tools/_lib/holidays.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('working-days tool', () => {
  it('counts a whole year: 2025 has 261 weekdays, 8 weekday holidays with dayOff', async () => {
    const plain = await runTool(workingDays, { start: '2025-01-01', end: '2025-12-31' });
    expect(plain).toMatchObject({ totalDays: 365, workingDays: 261, weekendDays: 104, holidaysExcluded: [] });
    const nl = await runTool(workingDays, { start: '2025-01-01', end: '2025-12-31', excludeDutchHolidays: true });
    // New Year (Wed), Easter Monday, Bevrijdingsdag (lustrum, Mon), Ascension, Whit Monday, Christmas (Thu), Boxing Day (Fri);
    // Koningsdag is a Saturday and Good Friday is not a customary day off.
    expect(nl.holidaysExcluded.map((h: { date: string }) => h.date)).toEqual([
      '2025-01-01',
      '2025-04-21',
      '2025-05-05',
      '2025-05-29',
      '2025-06-09',
      '2025-12-25',
      '2025-12-26',
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
