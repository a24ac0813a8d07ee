import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { addMonths, ageOn, civil, dayFromIso, endOfMonth, isoDate, isoDateField } from '../_lib/calendar.js';
import { NOTICE_EMPLOYER_MONTHS, NOTICE_SOURCE, NOTICE_YEARS } from './_figures.js';

export default defineTool({
  slug: 'notice-period-calculator',
  title: 'Dutch notice period (opzegtermijn)',
  summary: 'The notice period in a Dutch employment contract and the date it ends.',
  keywords: {
    en: ['notice period', 'resignation', 'quit job', 'dismissal', 'termination', 'employment contract', 'notice', 'resign', 'quitting'],
    nl: ['opzegtermijn', 'ontslag nemen', 'opzeggen', 'arbeidscontract', 'dienstverband', 'ontslag'],
  },
  description:
    'Dutch statutory notice period (BW 7:672) and the contract end date: employer 1–4 months by years of service (1 after AOW age), employee 1 month; overrides for agreed and CAO periods and UWV/court procedure time. Ends at the end of a month unless endOfMonth is false. ' +
    `Notice dates ${NOTICE_YEARS.min}–${NOTICE_YEARS.max}.`,
  docs: [
    '- Employer: 1 month under 5 years of service, 2 from 5, 3 from 10, 4 from 15 (years completed on the notice date); 1 month if the contract began after the employee reached AOW age. Employee: 1 month.',
    "- agreedEmployeeMonths (written, max 6): the employer's period becomes at least double. caoMonths: a CAO period for whoever gives notice.",
    '- uwvProcedureDays: the notice is shortened by the procedure; at least 1 month remains.',
  ].join('\n'),
  resultView: { kind: 'figure', field: 'endDate', label: 'Employment ends on', detail: ['noticeMonths', 'earliestEndDate'] },
  input: z.strictObject({
    givenBy: z.enum(['employer', 'employee']).describe('Who gives notice'),
    startDate: isoDateField('First day of employment (yyyy-mm-dd)'),
    noticeDate: isoDateField('Day the notice is given (yyyy-mm-dd)'),
    agreedEmployeeMonths: z.int().min(1).max(6).optional().describe('Employee’s notice agreed in writing, months'),
    caoMonths: z.int().min(0).max(24).optional().describe('Notice period set by the CAO for the party giving notice, months'),
    startedAfterAowAge: z.boolean().default(false).describe('The contract began after the employee reached AOW age'),
    uwvProcedureDays: z.int().min(0).max(730).default(0).describe('Days the UWV or court procedure took (employer only)'),
    endOfMonth: z.boolean().default(true).describe('Notice ends on the last day of a month (the statutory default)'),
  }),
  output: z.object({
    givenBy: z.enum(['employer', 'employee']),
    yearsOfService: z.int(),
    statutoryMonths: z.int(),
    noticeMonths: z.int().describe('Period applied, after agreement/CAO'),
    basis: z.enum(['statute', 'writtenAgreement', 'cao']),
    procedureDaysDeducted: z.int(),
    earliestEndDate: z.string().describe('noticeDate + period (− procedure), before the end-of-month rule'),
    endDate: z.string().describe('Last day of the contract'),
    steps: z.array(z.string()),
    source: z.string(),
  }),
  examples: [
    // BW 7:672 lid 2: 7 completed years → 2 months; 15 Mar + 2 months = 15 May → end of month 31 May.
    {
      name: 'Employer, 7 years of service, notice on 15 March 2026',
      input: { givenBy: 'employer', startDate: '2019-01-01', noticeDate: '2026-03-15' },
      output: {
        givenBy: 'employer',
        yearsOfService: 7,
        statutoryMonths: 2,
        noticeMonths: 2,
        basis: 'statute',
        procedureDaysDeducted: 0,
        earliestEndDate: '2026-05-15',
        endDate: '2026-05-31',
        steps: [
          '7 completed years of service on 2026-03-15 → employer’s statutory notice 2 months',
          '2026-03-15 + 2 months = 2026-05-15',
          'end of that month: 2026-05-31',
        ],
        source: 'BW 7:672 (https://wetten.overheid.nl/BWBR0005290)',
      },
    },
    // 16 years → 4 months; UWV procedure of 40 days deducted (at least 1 month remains): 2026-06-28 + 4 months
    // = 2026-10-28 − 40 days = 2026-09-18 → end of month 2026-09-30.
    {
      name: 'Employer after UWV permission (procedure 40 days), 16 years of service',
      input: { givenBy: 'employer', startDate: '2010-02-01', noticeDate: '2026-06-28', uwvProcedureDays: 40 },
      output: {
        givenBy: 'employer',
        yearsOfService: 16,
        statutoryMonths: 4,
        noticeMonths: 4,
        basis: 'statute',
        procedureDaysDeducted: 40,
        earliestEndDate: '2026-09-18',
        endDate: '2026-09-30',
        steps: [
          '16 completed years of service on 2026-06-28 → employer’s statutory notice 4 months',
          '2026-06-28 + 4 months = 2026-10-28',
          'minus the 40-day procedure (at least 1 month remains): 2026-09-18',
          'end of that month: 2026-09-30',
        ],
        source: 'BW 7:672 (https://wetten.overheid.nl/BWBR0005290)',
      },
    },
  ],
  run({ givenBy, startDate, noticeDate, agreedEmployeeMonths, caoMonths, startedAfterAowAge, uwvProcedureDays, endOfMonth: monthEnd }) {
    const start = dayFromIso(startDate);
    const notice = dayFromIso(noticeDate);
    const [year] = civil(notice);
    if (year < NOTICE_YEARS.min || year > NOTICE_YEARS.max)
      throw new ToolError(
        `\`noticeDate\`: notice dates in ${NOTICE_YEARS.min}–${NOTICE_YEARS.max} are supported (BW 7:672 as in force then); got ${year}`,
        400,
        { field: 'noticeDate' },
      );
    if (notice < start) throw new ToolError('`noticeDate` must not be before `startDate`', 400, { field: 'noticeDate' });
    if (givenBy === 'employee' && uwvProcedureDays > 0)
      throw new ToolError('`uwvProcedureDays` applies only when the employer gives notice', 400, { field: 'uwvProcedureDays' });
    if (givenBy === 'employee' && startedAfterAowAge)
      throw new ToolError('`startedAfterAowAge` applies only when the employer gives notice', 400, { field: 'startedAfterAowAge' });

    const years = ageOn(start, notice);
    const steps: string[] = [];
    let statutory: number;
    if (givenBy === 'employer') {
      statutory = startedAfterAowAge ? 1 : NOTICE_EMPLOYER_MONTHS.find(([min]) => years >= min)![1];
      steps.push(
        startedAfterAowAge
          ? 'contract began after AOW age → employer’s statutory notice 1 month'
          : `${years} completed years of service on ${noticeDate} → employer’s statutory notice ${statutory} month${statutory > 1 ? 's' : ''}`,
      );
    } else {
      statutory = 1;
      steps.push('employee’s statutory notice 1 month');
    }
    let months = statutory;
    let basis: 'statute' | 'writtenAgreement' | 'cao' = 'statute';
    if (caoMonths !== undefined) {
      months = caoMonths;
      basis = 'cao';
      steps.push(`CAO sets ${caoMonths} month${caoMonths === 1 ? '' : 's'}`);
    } else if (agreedEmployeeMonths !== undefined) {
      basis = 'writtenAgreement';
      if (givenBy === 'employee') {
        months = agreedEmployeeMonths;
        steps.push(`written agreement: employee’s notice ${months} month${months > 1 ? 's' : ''}`);
      } else {
        months = Math.max(statutory, 2 * agreedEmployeeMonths);
        steps.push(`written agreement (employee ${agreedEmployeeMonths}): employer’s notice at least double, ${months} months`);
      }
    }
    let earliest = addMonths(notice, months);
    steps.push(`${noticeDate} + ${months} month${months === 1 ? '' : 's'} = ${isoDate(earliest)}`);
    if (uwvProcedureDays > 0) {
      earliest = Math.max(earliest - uwvProcedureDays, Math.min(earliest, addMonths(notice, 1)));
      steps.push(`minus the ${uwvProcedureDays}-day procedure (at least 1 month remains): ${isoDate(earliest)}`);
    }
    const end = monthEnd ? endOfMonth(earliest) : earliest;
    if (monthEnd) steps.push(`end of that month: ${isoDate(end)}`);
    return {
      givenBy,
      yearsOfService: years,
      statutoryMonths: statutory,
      noticeMonths: months,
      basis,
      procedureDaysDeducted: uwvProcedureDays,
      earliestEndDate: isoDate(earliest),
      endDate: isoDate(end),
      steps,
      source: NOTICE_SOURCE,
    };
  },
});
