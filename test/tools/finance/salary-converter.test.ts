import { describe, expect, it } from 'vitest';
import salary from '../../../tools/finance/salary-converter.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('salary-converter', () => {
  for (const ex of salary.examples) it(`example: ${ex.name}`, async () => expect(await runTool(salary, ex.input)).toEqual(ex.output));

  it('matches the calculator.net clones for $50 an hour with 25 days off (aicalculator.pro): 104,000 / 94,000, adjusted hourly 45.19', async () => {
    const r = await runTool(salary, { amount: 50, period: 'hour', holidaysPerYear: 10, vacationDaysPerYear: 15 });
    expect(r.unadjusted).toMatchObject({ annual: 104000, daily: 400, semimonthly: 4333.33, monthly: 8666.67 });
    expect(r.adjusted).toMatchObject({
      hourly: 45.19,
      daily: 361.54,
      weekly: 1807.69,
      biweekly: 3615.38,
      semimonthly: 3916.67,
      monthly: 7833.33,
      quarterly: 23500,
      annual: 94000,
    });
  });
  it('a yearly salary is taken as adjusted: days off raise the unadjusted figures', async () => {
    const r = await runTool(salary, { amount: 56400, period: 'year', holidaysPerYear: 10, vacationDaysPerYear: 15 });
    expect(r.adjusted.annual).toBe(56400);
    expect(r.unadjusted.annual).toBe(62400);
    expect(r.unadjusted.hourly).toBe(30);
  });
  it('every period converts back to the same annual pay (no days off)', async () => {
    const annual = 52000;
    const per = {
      hour: 25,
      day: 200,
      week: 1000,
      biweek: 2000,
      semimonth: annual / 24,
      month: annual / 12,
      quarter: 13000,
      year: annual,
    } as const;
    for (const [period, amount] of Object.entries(per)) {
      const r = await runTool(salary, { amount, period });
      expect(r.adjusted.annual, period).toBe(annual);
      expect(r.unadjusted).toEqual(r.adjusted);
    }
  });
  it('part-time weeks and the Dutch extras', async () => {
    const r = await runTool(salary, { amount: 20, period: 'hour', hoursPerWeek: 24, daysPerWeek: 3, holidayAllowancePercent: 8 });
    expect(r.unadjusted.annual).toBe(24960);
    expect(r.unadjusted.daily).toBe(160);
    expect(r.holidayAllowance).toBe(1996.8);
    expect(r.annualWithExtras).toBe(26956.8);
    expect(r.workingDaysPerYear).toBe(156);
  });
  it('refuses more days off than working days and bad periods', async () => {
    await expectToolError(
      salary,
      { amount: 10, period: 'hour', holidaysPerYear: 200, vacationDaysPerYear: 60 },
      400,
      /fewer than the 260 working days/,
    );
    await expectToolError(salary, { amount: 10, period: 'fortnight' }, 400, /period/);
    await expectToolError(salary, { amount: 10, period: 'hour', hoursPerWeek: 169 }, 400, /hoursPerWeek/);
    await expectToolError(salary, { amount: 0, period: 'hour' }, 400, /amount/);
  });
});
