import { describe, expect, it } from 'vitest';
import tool from '../../../tools/datetime/date-calculator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const add = (input: Record<string, unknown>) => runTool(tool, input);
const result = async (input: Record<string, unknown>) => (await add(input)).resultDate;

describe('date-calculator', () => {
  it('reproduces published examples', async () => {
    // calculatorna.com table: Jan 1, 2025 + 90 days = April 1, 2025; Jan 31, 2025 + 3 months = April 30, 2025;
    // Feb 29, 2024 − 1 year = Feb 28, 2023.
    expect(await result({ startDate: '2025-01-01', days: 90 })).toBe('2025-04-01');
    expect(await result({ startDate: '2025-01-31', months: 3 })).toBe('2025-04-30');
    expect(await result({ startDate: '2024-02-29', years: 1, operation: 'subtract' })).toBe('2023-02-28');
    // redcrab-software.com: December 15, 2023 + 45 days = January 29, 2024 (Monday).
    expect(await add({ startDate: '2023-12-15', days: 45 })).toMatchObject({ resultDate: '2024-01-29', weekday: 'Monday' });
    // date-fns docs: 1 September 2014 + 10 business days = Monday 15 September 2014.
    expect(await result({ startDate: '2014-09-01', mode: 'business', businessDays: 10 })).toBe('2014-09-15');
  });

  it('clamps month arithmetic to the month end (catalogue §0.6)', async () => {
    expect(await add({ startDate: '2024-01-31', months: 1 })).toMatchObject({ resultDate: '2024-02-29', clampedToMonthEnd: true });
    expect(await add({ startDate: '2023-01-31', months: 1 })).toMatchObject({ resultDate: '2023-02-28', clampedToMonthEnd: true });
    expect(await add({ startDate: '2024-02-29', years: 1 })).toMatchObject({ resultDate: '2025-02-28', clampedToMonthEnd: true });
    expect(await add({ startDate: '2024-02-29', years: 4 })).toMatchObject({ resultDate: '2028-02-29', clampedToMonthEnd: false });
    expect(await result({ startDate: '2024-03-31', months: -1 })).toBe('2024-02-29');
    expect(await result({ startDate: '1900-01-29', months: 1 })).toBe('1900-02-28'); // 1900 is not a leap year
    expect(await result({ startDate: '2000-01-29', months: 1 })).toBe('2000-02-29'); // 2000 is
  });

  it('applies years and months together before weeks and days (largest unit first)', async () => {
    // One month shift of 13: 2024-02-29 → 2025-03-29 (not 2025-02-28 → 2025-03-28).
    expect(await result({ startDate: '2024-02-29', years: 1, months: 1 })).toBe('2025-03-29');
    // Months first, then days: 2024-01-31 + 1 month = 2024-02-29, + 1 day = 2024-03-01.
    const r = await add({ startDate: '2024-01-31', months: 1, days: 1 });
    expect(r.resultDate).toBe('2024-03-01');
    expect(r.steps).toEqual(['2024-01-31 + 1 month = 2024-02-29 (day 31 clamped to the month end)', '2024-02-29 + 1 day = 2024-03-01']);
    expect(await result({ startDate: '2024-01-01', weeks: 2, days: 3 })).toBe('2024-01-18');
    expect(await result({ startDate: '2024-03-01', days: -1 })).toBe('2024-02-29');
  });

  it('subtracts by negating every amount', async () => {
    expect(await result({ startDate: '2024-03-31', operation: 'subtract', months: 1, days: 1 })).toBe('2024-02-28');
    expect(await result({ startDate: '2024-03-31', operation: 'subtract', days: -1 })).toBe('2024-04-01');
  });

  it('zero changes nothing', async () => {
    expect(await add({ startDate: '2024-06-15' })).toMatchObject({
      resultDate: '2024-06-15',
      calendarDays: 0,
      steps: ['2024-06-15 + 0 days = 2024-06-15'],
    });
    expect(await result({ startDate: '2024-06-15', mode: 'business', businessDays: 0 })).toBe('2024-06-15'); // a Saturday stays
  });

  it('counts business days from the next day, skipping weekends', async () => {
    expect(await result({ startDate: '2024-06-14', mode: 'business', businessDays: 1 })).toBe('2024-06-17'); // Fri → Mon
    expect(await result({ startDate: '2024-06-15', mode: 'business', businessDays: 1 })).toBe('2024-06-17'); // Sat → Mon
    expect(await result({ startDate: '2024-06-16', mode: 'business', businessDays: 5 })).toBe('2024-06-21'); // Sun → Fri
    expect(await result({ startDate: '2024-06-17', mode: 'business', businessDays: -1 })).toBe('2024-06-14'); // Mon → Fri
    expect(await result({ startDate: '2024-06-17', mode: 'business', businessDays: 5, operation: 'subtract' })).toBe('2024-06-10');
  });

  it('skips Dutch days off only when asked (not Good Friday; Bevrijdingsdag only in lustrum years)', async () => {
    // Ascension Day 2025 = Thursday 29 May.
    expect(await result({ startDate: '2025-05-28', mode: 'business', businessDays: 1 })).toBe('2025-05-29');
    const r = await add({ startDate: '2025-05-28', mode: 'business', businessDays: 1, excludeDutchHolidays: true });
    expect(r).toMatchObject({ resultDate: '2025-05-30', holidaysSkipped: [{ date: '2025-05-29', name: 'Ascension Day' }] });
    // Good Friday 2025 (18 April) is a working day; Easter Monday (21 April) is not.
    expect(await result({ startDate: '2025-04-17', mode: 'business', businessDays: 2, excludeDutchHolidays: true })).toBe('2025-04-22');
    // 5 May 2025 (lustrum) is skipped, 5 May 2026 (Tuesday) is not.
    expect(await result({ startDate: '2025-05-02', mode: 'business', businessDays: 1, excludeDutchHolidays: true })).toBe('2025-05-06');
    expect(await result({ startDate: '2026-05-04', mode: 'business', businessDays: 1, excludeDutchHolidays: true })).toBe('2026-05-05');
    // Backwards over Christmas.
    const back = await add({ startDate: '2025-12-29', mode: 'business', businessDays: -2, excludeDutchHolidays: true });
    expect(back.resultDate).toBe('2025-12-23');
    expect(back.holidaysSkipped.map((h: { date: string }) => h.date)).toEqual(['2025-12-25', '2025-12-26']);
  });

  it('handles the maximum sizes', async () => {
    expect(await result({ startDate: '2000-01-03', mode: 'business', businessDays: 50_000 })).toBe('2191-08-29'); // 10 000 whole weeks = 70 000 days (checked with Python datetime)
    const r = await add({ startDate: '1950-01-02', mode: 'business', businessDays: 30_000, excludeDutchHolidays: true });
    expect(r.holidaysSkipped.length).toBeGreaterThan(500);
    expect(await result({ startDate: '0001-01-01', years: 9998, months: 11, days: 30 })).toBe('9999-12-31');
    expect(await result({ startDate: '9999-12-31', days: -3_652_058 })).toBe('0001-01-01');
  });

  it('refuses impossible input naming the field', async () => {
    await expectToolError(tool, { startDate: '2023-02-29' }, 400, /startDate/);
    await expectToolError(tool, { startDate: '2024-1-5' }, 400, /startDate/);
    await expectToolError(tool, { startDate: '9999-12-31', days: 1 }, 400, /days/);
    await expectToolError(tool, { startDate: '9999-12-01', months: 1 }, 400, /months/);
    await expectToolError(tool, { startDate: '0001-01-01', years: -1 }, 400, /years/);
    await expectToolError(tool, { startDate: '2024-01-01', businessDays: 3 }, 400, /businessDays.*business/);
    await expectToolError(tool, { startDate: '2024-01-01', mode: 'business', days: 3 }, 400, /days/);
    await expectToolError(tool, { startDate: '2024-01-01', mode: 'business', businessDays: 50_001 }, 400, /businessDays/);
    await expectToolError(
      tool,
      { startDate: '2099-12-01', mode: 'business', businessDays: 40, excludeDutchHolidays: true },
      400,
      /1900–2099/,
    );
    await expectToolError(tool, { startDate: '2024-01-01', days: 1.5 }, 400, /days/);
  });
});
