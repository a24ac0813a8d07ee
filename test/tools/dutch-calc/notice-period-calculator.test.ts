import { describe, expect, it } from 'vitest';
import tool from '../../../tools/dutch-calc/notice-period-calculator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const employer = { givenBy: 'employer' } as const;

describe('notice-period-calculator', () => {
  it('runs its declared examples', async () => {
    for (const ex of tool.examples) expect(await runTool(tool, ex.input)).toEqual(ex.output);
  });

  it('employer’s period by completed years: edges at 5, 10 and 15 years (day before / on the anniversary)', async () => {
    const cases: [string, number][] = [
      ['2021-03-16', 1],
      ['2021-03-15', 2], // 5 years completed on 2026-03-15
      ['2016-03-16', 2],
      ['2016-03-15', 3],
      ['2011-03-16', 3],
      ['2011-03-15', 4],
      ['1990-01-01', 4],
    ];
    for (const [startDate, months] of cases)
      expect((await runTool(tool, { ...employer, startDate, noticeDate: '2026-03-15' })).statutoryMonths, startDate).toBe(months);
  });

  it('end-of-month rule, month-end clamping and leap years', async () => {
    const s = { startDate: '2020-01-01' };
    expect(await runTool(tool, { givenBy: 'employee', ...s, noticeDate: '2026-01-31' })).toMatchObject({
      earliestEndDate: '2026-02-28',
      endDate: '2026-02-28',
    });
    expect(await runTool(tool, { givenBy: 'employee', ...s, noticeDate: '2024-01-31' })).toMatchObject({
      earliestEndDate: '2024-02-29',
      endDate: '2024-02-29',
    });
    expect(await runTool(tool, { givenBy: 'employee', ...s, noticeDate: '2024-02-29' })).toMatchObject({
      earliestEndDate: '2024-03-29',
      endDate: '2024-03-31',
    });
    expect(await runTool(tool, { givenBy: 'employee', ...s, noticeDate: '2026-03-01' })).toMatchObject({
      earliestEndDate: '2026-04-01',
      endDate: '2026-04-30',
    });
    expect(await runTool(tool, { givenBy: 'employee', ...s, noticeDate: '2026-02-28' })).toMatchObject({ endDate: '2026-03-31' });
    expect(await runTool(tool, { givenBy: 'employee', ...s, noticeDate: '2026-03-15', endOfMonth: false })).toMatchObject({
      endDate: '2026-04-15',
    });
  });

  it('written agreement, CAO, AOW', async () => {
    const s = { startDate: '2024-01-01', noticeDate: '2026-03-10' };
    expect(await runTool(tool, { givenBy: 'employee', ...s, agreedEmployeeMonths: 3 })).toMatchObject({
      noticeMonths: 3,
      basis: 'writtenAgreement',
      endDate: '2026-06-30',
    });
    expect(await runTool(tool, { ...employer, ...s, agreedEmployeeMonths: 3 })).toMatchObject({
      statutoryMonths: 1,
      noticeMonths: 6,
      basis: 'writtenAgreement',
    });
    expect(await runTool(tool, { ...employer, startDate: '2000-01-01', noticeDate: '2026-03-10', agreedEmployeeMonths: 1 })).toMatchObject({
      noticeMonths: 4,
    });
    expect(await runTool(tool, { ...employer, ...s, caoMonths: 0 })).toMatchObject({
      noticeMonths: 0,
      basis: 'cao',
      earliestEndDate: '2026-03-10',
      endDate: '2026-03-31',
    });
    expect(await runTool(tool, { ...employer, startDate: '2000-01-01', noticeDate: '2026-03-10', startedAfterAowAge: true })).toMatchObject(
      { statutoryMonths: 1 },
    );
  });

  it('UWV procedure: deducted, but at least one month remains', async () => {
    const s = { startDate: '2015-01-01', noticeDate: '2026-01-15' }; // 11 years → 3 months → 2026-04-15
    expect(await runTool(tool, { ...employer, ...s, uwvProcedureDays: 30 })).toMatchObject({
      earliestEndDate: '2026-03-16',
      endDate: '2026-03-31',
    });
    expect(await runTool(tool, { ...employer, ...s, uwvProcedureDays: 200 })).toMatchObject({
      earliestEndDate: '2026-02-15',
      endDate: '2026-02-28',
    });
    expect(await runTool(tool, { ...employer, startDate: '2024-01-01', noticeDate: '2026-01-15', uwvProcedureDays: 20 })).toMatchObject({
      earliestEndDate: '2026-02-15',
    });
  });

  it('refuses invalid input and unsupported dates', async () => {
    await expectToolError(tool, { ...employer, startDate: '2026-02-01', noticeDate: '2026-01-31' }, 400, /noticeDate/);
    await expectToolError(tool, { ...employer, startDate: '2010-01-01', noticeDate: '2015-12-31' }, 400, /noticeDate.*2016–2027/);
    await expectToolError(tool, { ...employer, startDate: '2010-01-01', noticeDate: '2028-01-01' }, 400, /noticeDate/);
    await expectToolError(
      tool,
      { givenBy: 'employee', startDate: '2010-01-01', noticeDate: '2026-01-01', uwvProcedureDays: 10 },
      400,
      /uwvProcedureDays/,
    );
    await expectToolError(
      tool,
      { givenBy: 'employee', startDate: '2010-01-01', noticeDate: '2026-01-01', startedAfterAowAge: true },
      400,
      /startedAfterAowAge/,
    );
    await expectToolError(
      tool,
      { ...employer, startDate: '2010-01-01', noticeDate: '2026-01-01', agreedEmployeeMonths: 7 },
      400,
      /agreedEmployeeMonths/,
    );
    await expectToolError(tool, { ...employer, startDate: '2010-02-30', noticeDate: '2026-01-01' }, 400, /startDate/);
    await expectToolError(tool, { givenBy: 'boss', startDate: '2010-01-01', noticeDate: '2026-01-01' }, 400, /givenBy/);
  });
});
