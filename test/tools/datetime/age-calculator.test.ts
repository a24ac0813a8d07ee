import { describe, expect, it } from 'vitest';
import tool from '../../../tools/datetime/age-calculator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const age = (birthDate: string, onDate: string, extra: Record<string, unknown> = {}) => runTool(tool, { birthDate, onDate, ...extra });

describe('age-calculator', () => {
  it('reproduces published examples', async () => {
    // thinkcalculator.com: born March 15, 1990, on June 1, 2023 = 33 years, 2 months, 17 days.
    expect(await age('1990-03-15', '2023-06-01')).toMatchObject({ years: 33, months: 2, days: 17 });
    // onlinecalculator360.com: born March 15, 1990, on January 9, 2025 = 34 years, 9 months, 25 days.
    expect(await age('1990-03-15', '2025-01-09')).toMatchObject({ years: 34, months: 9, days: 25, totalDays: 12719 });
    // age-calc.net: born 5 January 1990, on 10 September 2019 = 29 years, 8 months, 5 days;
    // born 10 August 1994, on 24 March 2020 = 25 years, 7 months, 14 days.
    expect(await age('1990-01-05', '2019-09-10')).toMatchObject({ years: 29, months: 8, days: 5 });
    expect(await age('1994-08-10', '2020-03-24')).toMatchObject({ years: 25, months: 7, days: 14 });
  });

  it('completes a year exactly on the birthday, not the day before', async () => {
    expect(await age('2000-06-15', '2025-06-14')).toMatchObject({
      years: 24,
      months: 11,
      days: 30,
      isBirthday: false,
      daysToNextBirthday: 1,
    });
    expect(await age('2000-06-15', '2025-06-15')).toMatchObject({
      years: 25,
      months: 0,
      days: 0,
      isBirthday: true,
      nextBirthday: '2025-06-15',
      daysToNextBirthday: 0,
      ageAtNextBirthday: 25,
    });
    expect(await age('2000-06-15', '2025-06-16')).toMatchObject({
      years: 25,
      days: 1,
      nextBirthday: '2026-06-15',
      daysToNextBirthday: 364,
      ageAtNextBirthday: 26,
    });
  });

  it('29 February birthdays: 1 March by default, 28 February on request, 29 February in leap years', async () => {
    expect(await age('2004-02-29', '2025-02-28')).toMatchObject({ years: 20, isBirthday: false, nextBirthday: '2025-03-01' });
    expect(await age('2004-02-29', '2025-03-01')).toMatchObject({ years: 21, months: 0, days: 0, isBirthday: true });
    expect(await age('2004-02-29', '2025-02-28', { leapDayRule: 'february-28' })).toMatchObject({ years: 21, isBirthday: true });
    expect(await age('2004-02-29', '2028-02-28')).toMatchObject({ years: 23, nextBirthday: '2028-02-29', daysToNextBirthday: 1 });
    expect(await age('2004-02-29', '2028-02-29', { leapDayRule: 'february-28' })).toMatchObject({ years: 24, isBirthday: true });
    expect(await age('2004-02-29', '2100-03-01')).toMatchObject({ years: 96, isBirthday: true }); // 2100 is a common year
  });

  it('places month anniversaries of the 31st by the same rule', async () => {
    expect(await age('2025-01-31', '2025-02-28')).toMatchObject({ months: 0, days: 28 });
    expect(await age('2025-01-31', '2025-03-01')).toMatchObject({ months: 1, days: 0 });
    expect(await age('2025-01-31', '2025-02-28', { leapDayRule: 'february-28' })).toMatchObject({ months: 1, days: 0 });
  });

  it('returns totals and the weekday of birth', async () => {
    // 1 January 2000 was a Saturday.
    expect(await age('2000-01-01', '2000-01-01')).toMatchObject({
      years: 0,
      totalDays: 0,
      totalWeeks: 0,
      bornOn: 'Saturday',
      isBirthday: false,
      nextBirthday: '2001-01-01',
      daysToNextBirthday: 366,
    });
    expect(await age('2000-01-01', '2024-01-01')).toMatchObject({ totalMonths: 288, totalDays: 8766, totalWeeks: 1252 });
  });

  it('handles the ends of the calendar', async () => {
    expect(await age('0001-01-01', '9999-12-31')).toMatchObject({
      years: 9998,
      months: 11,
      days: 30,
      nextBirthday: null,
      daysToNextBirthday: null,
      ageAtNextBirthday: null,
    });
    expect(await age('0001-01-01', '9999-01-01')).toMatchObject({ years: 9998, isBirthday: true, nextBirthday: '9999-01-01' });
  });

  it('refuses an onDate before the birth date, bad dates and a missing onDate', async () => {
    await expectToolError(tool, { birthDate: '2000-01-02', onDate: '2000-01-01' }, 400, /onDate.*birthDate/);
    await expectToolError(tool, { birthDate: '2001-02-29', onDate: '2002-01-01' }, 400, /birthDate/);
    await expectToolError(tool, { birthDate: '2000-01-01' }, 400, /onDate/);
    await expectToolError(tool, { birthDate: '2000-01-01', onDate: '2020-01-01', leapDayRule: 'march1' }, 400, /leapDayRule/);
  });
});
