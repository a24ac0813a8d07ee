import { describe, expect, it } from 'vitest';
import tool from '../../../tools/datetime/week-number-calculator.js';
import { expectToolError, runTool } from '../../helpers/run.js';
import { dayOf, isoDate } from '../../../tools/_lib/calendar.js';

const week = (input: Record<string, unknown>) => runTool(tool, input);

describe('week-number-calculator', () => {
  it('ISO 8601 examples from Wikipedia "ISO week date"', async () => {
    // 2008-12-29 = 2009-W01-1; 2010-01-03 = 2009-W53-7; 2021-01-03 = 2020-W53-7; 2005-01-01 = 2004-W53-6;
    // 2007-01-01 = 2007-W01-1; 2008-12-28 = 2008-W52-7.
    const cases: [string, string, number][] = [
      ['2008-12-29', '2009-W01', 1],
      ['2010-01-03', '2009-W53', 7],
      ['2021-01-03', '2020-W53', 7],
      ['2005-01-01', '2004-W53', 6],
      ['2007-01-01', '2007-W01', 1],
      ['2008-12-28', '2008-W52', 7],
    ];
    for (const [date, label, dow] of cases) expect(await week({ date }), date).toMatchObject({ label, dayOfWeek: dow });
  });

  it('week to dates and back (ISO and US), including week 53', async () => {
    expect(await week({ mode: 'week-to-dates', year: 2020, week: 53 })).toMatchObject({
      weekStart: '2020-12-28',
      weekEnd: '2021-01-03',
      weeksInYear: 53,
    });
    expect(await week({ mode: 'week-to-dates', year: 2022, week: 1, system: 'us' })).toMatchObject({
      weekStart: '2021-12-26',
      weekEnd: '2022-01-01',
    });
    for (const system of ['iso', 'us'])
      for (let d = dayOf(2019, 12, 20); d < dayOf(2029, 1, 10); d += 3) {
        const w = await week({ date: isoDate(d), system });
        const back = await week({ mode: 'week-to-dates', year: w.weekYear, week: w.week, system });
        expect(back.days).toContain(isoDate(d));
        expect(w.week).toBeLessThanOrEqual(w.weeksInYear);
      }
  });

  it('US weeks start on Sunday and week 1 contains 1 January', async () => {
    // 1 January 2023 is a Sunday: week 1 = 1–7 January; 31 December 2022 (Saturday) is the last week of 2022.
    expect(await week({ date: '2023-01-01', system: 'us' })).toMatchObject({
      weekYear: 2023,
      week: 1,
      dayOfWeek: 1,
      weekStart: '2023-01-01',
    });
    expect(await week({ date: '2022-12-31', system: 'us' })).toMatchObject({ weekYear: 2022, week: 53, dayOfWeek: 7 });
    expect(await week({ date: '2023-01-01' })).toMatchObject({ label: '2022-W52' }); // the same day in ISO
    expect(await week({ date: '2024-12-31', system: 'us' })).toMatchObject({ weekYear: 2025, week: 1 });
  });

  it('counts the week of the month', async () => {
    // June 2024 starts on a Saturday: ISO week 1 of June = 1–2 June, 3 June starts week 2.
    expect(await week({ date: '2024-06-02' })).toMatchObject({ weekOfMonth: 1 });
    expect(await week({ date: '2024-06-03' })).toMatchObject({ weekOfMonth: 2 });
    expect(await week({ date: '2024-06-30' })).toMatchObject({ weekOfMonth: 5 });
    expect(await week({ date: '2024-06-02', system: 'us' })).toMatchObject({ weekOfMonth: 2 }); // Sunday starts week 2
  });

  it('refuses missing or impossible input naming the field', async () => {
    await expectToolError(tool, { mode: 'date-to-week' }, 400, /date/);
    await expectToolError(tool, { mode: 'week-to-dates', week: 3 }, 400, /year/);
    await expectToolError(tool, { mode: 'week-to-dates', year: 2021, week: 53 }, 400, /week.*52/);
    await expectToolError(tool, { mode: 'week-to-dates', year: 2021, week: 54 }, 400, /week/);
    await expectToolError(tool, { mode: 'week-to-dates', year: 2021, week: 0 }, 400, /week/);
    await expectToolError(tool, { date: '2021-02-30' }, 400, /date/);
    // 9999-12-31 (Friday) is ISO 9999-W52-5 (Python's date.isocalendar agrees), but in US numbering it shares a
    // week with 1 January 10000, outside the calendar.
    expect(await week({ date: '9999-12-31' })).toMatchObject({ label: '9999-W52', dayOfWeek: 5 });
    await expectToolError(tool, { date: '9999-12-31', system: 'us' }, 400, /date.*0001–9999/);
    expect(await week({ date: '0001-01-01' })).toMatchObject({ label: '0001-W01', dayOfWeek: 1 });
  });
});
