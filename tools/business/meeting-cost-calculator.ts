import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { MAX_AMOUNT } from '../_lib/money.js';
import { type Decimal, centsOf, loadDecimal, sig } from './_decimal.js';

const MAX_GROUPS = 50;

export default defineTool({
  slug: 'meeting-cost-calculator',
  title: 'Meeting cost calculator',
  summary: "What a meeting costs in the attendees' time.",
  keywords: {
    en: ['meeting expense', 'cost of meetings', 'attendees', 'salary time', 'overhead', 'meeting', 'meetings', 'cost of a meeting'],
    nl: ['vergaderkosten', 'vergadering', 'overleg', 'kosten van tijd', 'vergaderen', 'overleggen', 'kosten vergadering'],
  },
  description:
    "Cost of a meeting in people's time: Σ count × hourly cost × overheadMultiplier × duration, for attendee groups with an hourlyRate or annualSalary (÷ hoursPerYear). meetingsPerYear gives the yearly cost of a recurring meeting; group costs sum to the total.",
  resultView: { kind: 'figure', field: 'cost', label: 'Meeting cost', detail: ['costPerMinute', 'annualCost'] },
  input: z.strictObject({
    durationMinutes: z.number().positive().max(1440).describe('Meeting length in minutes, greater than 0'),
    attendees: z
      .array(
        z.strictObject({
          count: z.int().min(1).max(100000).default(1).describe('People in this group'),
          hourlyRate: z.number().min(0).max(1e6).optional().describe('Hourly cost per person'),
          annualSalary: z.number().min(0).max(MAX_AMOUNT).optional().describe('Yearly salary per person (instead of hourlyRate)'),
        }),
      )
      .min(1)
      .max(MAX_GROUPS)
      .describe('Groups of attendees with the same cost'),
    hoursPerYear: z.number().positive().max(8784).default(2080).describe('Paid hours per year for salaries; default 2080'),
    overheadMultiplier: z.number().min(1).max(10).default(1).describe('Multiplier for employer costs on top of pay; default 1'),
    meetingsPerYear: z.int().min(1).max(100000).default(1).describe('How often the meeting happens per year'),
  }),
  output: z.object({
    cost: z.number().describe('One meeting'),
    annualCost: z.number().describe('cost × meetingsPerYear'),
    costPerMinute: z.number(),
    attendees: z.int(),
    personHours: z.number(),
    groups: z.array(z.object({ count: z.int(), hourlyCost: z.number().describe('Per person, with overhead'), cost: z.number() })),
  }),
  examples: [
    // Hand-checked: 6 × 75 × 1.5 h = 675.
    {
      name: '6 people at 75 an hour for 90 minutes',
      input: { durationMinutes: 90, attendees: [{ count: 6, hourlyRate: 75 }] },
      output: {
        cost: 675,
        annualCost: 675,
        costPerMinute: 7.5,
        attendees: 6,
        personHours: 9,
        groups: [{ count: 6, hourlyCost: 75, cost: 675 }],
      },
    },
    // 100,000 / 2,080 = 48.0769… an hour; × 1.3 overhead = 62.5; 4 × 62.5 × 0.5 h = 125, plus 1 × 150 × 1.3 × 0.5 = 97.5.
    {
      name: 'Weekly 30-minute meeting: 4 on salaries of 100,000 and a 150/h consultant, 30 % overhead',
      input: {
        durationMinutes: 30,
        attendees: [
          { count: 4, annualSalary: 100000 },
          { count: 1, hourlyRate: 150 },
        ],
        overheadMultiplier: 1.3,
        meetingsPerYear: 52,
      },
      output: {
        cost: 222.5,
        annualCost: 11570,
        costPerMinute: 7.42,
        attendees: 5,
        personHours: 2.5,
        groups: [
          { count: 4, hourlyCost: 62.5, cost: 125 },
          { count: 1, hourlyCost: 195, cost: 97.5 },
        ],
      },
    },
  ],
  async run({ durationMinutes, attendees, hoursPerYear, overheadMultiplier, meetingsPerYear }) {
    const D = await loadDecimal();
    const hours = new D(durationMinutes).dividedBy(60);
    const rows: { count: number; hourly: Decimal; exact: Decimal }[] = attendees.map((g, i) => {
      if ((g.hourlyRate === undefined) === (g.annualSalary === undefined))
        throw new ToolError(`\`attendees[${i}]\` needs exactly one of \`hourlyRate\` and \`annualSalary\``, 400, { field: 'attendees' });
      const base = g.hourlyRate !== undefined ? new D(g.hourlyRate) : new D(g.annualSalary!).dividedBy(hoursPerYear);
      const hourly = base.times(overheadMultiplier);
      return { count: g.count, hourly, exact: hourly.times(g.count).times(hours) };
    });
    const total = rows.reduce((s, r) => s.plus(r.exact), new D(0));
    const totalCents = centsOf(total);
    const groupCents = rows.map((r) => centsOf(r.exact));
    groupCents[groupCents.length - 1] = totalCents - groupCents.slice(0, -1).reduce((s, c) => s + c, 0);
    const people = rows.reduce((s, r) => s + r.count, 0);
    return {
      cost: totalCents / 100,
      annualCost: centsOf(total.times(meetingsPerYear)) / 100,
      costPerMinute: centsOf(total.dividedBy(durationMinutes)) / 100,
      attendees: people,
      personHours: sig(hours.times(people)),
      groups: rows.map((r, i) => ({ count: r.count, hourlyCost: centsOf(r.hourly) / 100, cost: groupCents[i] / 100 })),
    };
  },
});
