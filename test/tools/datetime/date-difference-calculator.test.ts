import { describe, expect, it } from 'vitest';
import tool from '../../../tools/datetime/date-difference-calculator.js';
import dateCalculator from '../../../tools/datetime/date-calculator.js';
import ageCalculator from '../../../tools/datetime/age-calculator.js';
import { expectToolError, runTool } from '../../helpers/run.js';
import { createRng } from '../../../tools/_lib/rng.js';
import { civil, dayOf, isoDate, isWeekend } from '../../../tools/_lib/calendar.js';

const diff = (startDate: string, endDate: string, extra: Record<string, unknown> = {}) => runTool(tool, { startDate, endDate, ...extra });

describe('date-difference-calculator', () => {
  it('reproduces published examples', async () => {
    // Catalogue §5 (dayjs and omni-tools agree): 2020-01-31 → 2020-03-01 = 1 month 1 day.
    expect(await diff('2020-01-31', '2020-03-01')).toMatchObject({ days: 30, years: 0, months: 1, daysAfterMonths: 1 });
    // lawyerfree.ru: 12 April → 9 December 2015 with the end day = 242 days.
    expect((await diff('2015-04-12', '2015-12-09', { includeEndDate: true })).days).toBe(242);
    // timeanddate.com convention: 1 Jan → 31 Dec 2024 is 365 days, 366 with the end date.
    expect((await diff('2024-01-01', '2024-12-31')).days).toBe(365);
    expect((await diff('2024-01-01', '2024-12-31', { includeEndDate: true })).days).toBe(366);
  });

  it('is exclusive by default and +1 with includeEndDate', async () => {
    expect(await diff('2024-05-01', '2024-05-01')).toMatchObject({ days: 0, weeks: 0, remainingDays: 0, businessDays: 0, hours: 0 });
    expect(await diff('2024-05-01', '2024-05-01', { includeEndDate: true })).toMatchObject({
      days: 1,
      businessDays: 1,
      daysAfterMonths: 1,
    });
    // Inclusive counting matches the working-days tool: May 2025 = 31 days, 22 working days.
    expect(await diff('2025-05-01', '2025-05-31', { includeEndDate: true })).toMatchObject({ days: 31, businessDays: 22, weekendDays: 9 });
    expect(await diff('2025-05-01', '2025-05-31', { includeEndDate: true, excludeDutchHolidays: true })).toMatchObject({
      businessDays: 20,
    });
  });

  it('splits into years, months and days with month-end clamping', async () => {
    expect(await diff('2024-02-29', '2025-02-28')).toMatchObject({ years: 1, months: 0, daysAfterMonths: 0, totalMonths: 12 });
    expect(await diff('2024-02-29', '2028-02-29')).toMatchObject({ years: 4, months: 0, daysAfterMonths: 0 });
    expect(await diff('2023-01-31', '2023-02-28')).toMatchObject({ months: 1, daysAfterMonths: 0 });
    expect(await diff('2023-01-30', '2023-02-28')).toMatchObject({ months: 1, daysAfterMonths: 0 }); // clamp: 30 Jan + 1 m = 28 Feb
    expect(await diff('2023-01-28', '2023-02-27')).toMatchObject({ months: 0, daysAfterMonths: 30 });
    expect(await diff('1990-03-15', '2025-01-09')).toMatchObject({ years: 34, months: 9, daysAfterMonths: 25, days: 12719 });
  });

  it('swaps a negative range and flags it', async () => {
    const r = await diff('2025-03-01', '2024-02-29');
    expect(r).toMatchObject({
      negative: true,
      startDate: '2024-02-29',
      endDate: '2025-03-01',
      days: 366,
      years: 1,
      months: 0,
      daysAfterMonths: 1,
    });
    expect((await diff('2024-02-29', '2025-03-01')).negative).toBe(false);
  });

  it('handles the full calendar range', async () => {
    const r = await diff('0001-01-01', '9999-12-31', { includeEndDate: true });
    expect(r).toMatchObject({ days: 3_652_059, years: 9999, months: 0, daysAfterMonths: 0, weeks: 521_722, remainingDays: 5 });
    expect(r.businessDays + r.weekendDays).toBe(r.days);
  });

  it('refuses bad dates and out-of-range holiday years, naming the field', async () => {
    await expectToolError(tool, { startDate: '2023-02-29', endDate: '2024-01-01' }, 400, /startDate/);
    await expectToolError(tool, { startDate: '2023-01-01', endDate: '2024-13-01' }, 400, /endDate/);
    await expectToolError(tool, { startDate: '1899-12-30', endDate: '1900-01-05', excludeDutchHolidays: true }, 400, /1900–2099/);
    await expectToolError(tool, { startDate: '2023-01-01' }, 400, /endDate/);
  });

  it('agrees with date-calculator and age-calculator for seeded random pairs across leap years', async () => {
    const rng = createRng('date-tools-agree');
    // Dates 1896–2104: spans the non-leap century years 1900 and 2100 and the leap year 2000.
    const randomDay = () => dayOf(rng.int(1896, 2104), rng.int(1, 12), 1) + rng.int(0, 30);
    let leapEnds = 0;
    for (let i = 0; i < 400; i++) {
      const a = randomDay();
      const b = rng.chance(0.2) ? dayOf(civil(a)[0] + rng.int(0, 8), 2, 29 - (rng.chance(0.5) ? 1 : 0)) : randomDay();
      const [start, end] = [isoDate(a), isoDate(b)];
      const r = await diff(start, end);
      const [from, to] = r.negative ? [end, start] : [start, end];
      if (/-02-(28|29)$/.test(to)) leapEnds++;
      // start + days = end
      expect((await runTool(dateCalculator, { startDate: from, days: r.days })).resultDate, `${from} + ${r.days} d`).toBe(to);
      // start + weeks and days = end
      expect((await runTool(dateCalculator, { startDate: from, weeks: r.weeks, days: r.remainingDays })).resultDate).toBe(to);
      // start + years, months, days = end
      const ymd = { startDate: from, years: r.years, months: r.months, days: r.daysAfterMonths };
      expect((await runTool(dateCalculator, ymd)).resultDate, JSON.stringify(ymd)).toBe(to);
      // and back: end − days = start
      expect((await runTool(dateCalculator, { startDate: to, days: r.days, operation: 'subtract' })).resultDate).toBe(from);
      // business days: from a weekday start, start + businessDays (counted [start, end)) lands on end when end is a weekday
      if (!isWeekend(a) && !isWeekend(b) && r.days > 0 && r.businessDays <= 50_000)
        expect((await runTool(dateCalculator, { startDate: from, mode: 'business', businessDays: r.businessDays })).resultDate).toBe(to);
      // age-calculator (29 Feb → 1 March rule) agrees with the clamping difference whenever no clamping is involved
      if (civil(r.negative ? b : a)[2] <= 28) {
        const age = await runTool(ageCalculator, { birthDate: from, onDate: to });
        expect([age.years, age.months, age.days, age.totalDays]).toEqual([r.years, r.months, r.daysAfterMonths, r.days]);
      }
    }
    expect(leapEnds).toBeGreaterThan(20); // the generator really hits February ends
  });
});
