import { describe, expect, it } from 'vitest';
import tool, { trimester } from '../../../tools/health/due-date-calculator.js';
import { dayFromIso, isoDate } from '../../../tools/_lib/calendar.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('due-date-calculator', () => {
  it('counts days across leap days (not the Naegele mnemonic)', async () => {
    expect((await runTool(tool, { date: '2023-05-31' })).dueDate).toBe('2024-03-06');
    expect((await runTool(tool, { date: '2024-02-29' })).dueDate).toBe('2024-12-05');
    expect((await runTool(tool, { date: '2023-05-24' })).dueDate).toBe('2024-02-28');
    expect((await runTool(tool, { date: '2023-05-25' })).dueDate).toBe('2024-02-29');
    expect((await runTool(tool, { method: 'conception', date: '2024-02-29' })).dueDate).toBe('2024-11-21');
    // 2100 is not a leap year
    expect((await runTool(tool, { date: '2099-05-26' })).dueDate).toBe('2100-03-02');
  });

  it('adjusts for cycle length and agrees across methods', async () => {
    expect((await runTool(tool, { date: '2025-01-01', cycleLength: 35 })).dueDate).toBe('2025-10-15');
    expect((await runTool(tool, { date: '2025-01-01', cycleLength: 21 })).dueDate).toBe('2025-10-01');
    const lmp = await runTool(tool, { date: '2025-01-01' });
    expect((await runTool(tool, { method: 'conception', date: lmp.conceptionDate })).dueDate).toBe(lmp.dueDate);
    expect((await runTool(tool, { method: 'ivf', date: '2025-01-18', embryoAgeDays: 3 })).dueDate).toBe(
      isoDate(dayFromIso('2025-01-18') + 263),
    );
    const scan = await runTool(tool, { method: 'ultrasound', date: '2025-03-12', ultrasoundWeeks: 10, ultrasoundDays: 0 });
    expect(scan.dueDate).toBe(lmp.dueDate); // 2025-03-12 is 70 days after 2025-01-01
    expect(scan.lmpDate).toBe('2025-01-01');
  });

  it('places the trimester boundaries (13w6d | 14w0d, 27w6d | 28w0d)', async () => {
    expect([trimester(0), trimester(97), trimester(98), trimester(195), trimester(196), trimester(300)]).toEqual([1, 1, 2, 2, 3, 3]);
    const lmp = dayFromIso('2024-01-01');
    const on = (days: number) => runTool(tool, { date: '2024-01-01', onDate: isoDate(lmp + days) });
    expect(await on(97)).toMatchObject({ gestationalAge: { weeks: 13, days: 6, totalDays: 97 }, trimester: 1 });
    expect(await on(98)).toMatchObject({ gestationalAge: { weeks: 14, days: 0 }, trimester: 2 });
    expect(await on(99)).toMatchObject({ trimester: 2 });
    expect(await on(195)).toMatchObject({ gestationalAge: { weeks: 27, days: 6 }, trimester: 2 });
    expect(await on(196)).toMatchObject({ gestationalAge: { weeks: 28, days: 0 }, trimester: 3 });
    expect(await on(197)).toMatchObject({ trimester: 3 });
    expect(await on(0)).toMatchObject({ gestationalAge: { weeks: 0, days: 0 }, trimester: 1, daysUntilDue: 280 });
    expect(await on(294)).toMatchObject({ gestationalAge: { weeks: 42, days: 0 }, daysUntilDue: -14 });
  });

  it('gives no gestational age before the LMP', async () => {
    const r = await runTool(tool, { date: '2024-03-01', onDate: '2024-02-29' });
    expect(r).toMatchObject({ gestationalAge: null, trimester: null, daysUntilDue: 281 });
  });

  it('refuses bad input naming the field', async () => {
    await expectToolError(tool, { date: '2023-02-29' }, 400, /date.*real calendar date/);
    await expectToolError(tool, { date: '2024-01-01', onDate: '2024-13-01' }, 400, /onDate/);
    await expectToolError(tool, { method: 'ultrasound', date: '2024-01-01' }, 400, /`ultrasoundWeeks` is required/);
    await expectToolError(tool, { date: '9999-06-01' }, 400, /years 0001–9999/);
    await expectToolError(tool, { method: 'ultrasound', date: '0001-01-05', ultrasoundWeeks: 12 }, 400, /years 0001–9999/);
    await expectToolError(tool, { date: '2024-01-01', cycleLength: 19 }, 400, /cycleLength/);
    await expectToolError(tool, { method: 'ivf', date: '2024-01-01', embryoAgeDays: 7 }, 400, /embryoAgeDays/);
    await expectToolError(tool, { method: 'guess', date: '2024-01-01' }, 400, /method/);
  });
});
