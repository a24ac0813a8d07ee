import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { loadDecimal, money, sig } from './_decimal.js';

const DAYS_PER_YEAR = 365;
const FORMULA =
  'kWh per year = (watts × hoursPerDay + standbyWatts × (24 − hoursPerDay)) × daysPerYear / 1000 + standbyWatts × 24 × (365 − daysPerYear) / 1000';

export default defineTool({
  slug: 'appliance-energy-calculator',
  title: 'Appliance energy use and cost',
  summary: 'What an appliance costs to run per day, month and year, from its watts and hours of use.',
  keywords: {
    en: [
      'electricity cost',
      'power usage',
      'kWh',
      'wattage',
      'running cost',
      'standby',
      'energy bill',
      'electricity',
      'appliance',
      'heater',
      'fridge',
      'washing machine',
    ],
    nl: [
      'stroomverbruik',
      'stroomkosten',
      'elektriciteit',
      'verbruik apparaat',
      'energierekening',
      'stroom',
      'apparaat',
      'wasmachine',
      'koelkast',
      'kachel',
    ],
  },
  description:
    'Electricity an appliance uses and its cost per day, month and year: kWh = watts × hours / 1000 (watts, or amps × volts), plus standbyWatts when not in use. pricePerKwh is required (no built-in tariff).',
  resultView: { kind: 'figure', field: 'costPerYear', label: 'Cost per year', detail: ['kwhPerYear', 'costPerMonth'] },
  input: z.strictObject({
    watts: z.number().min(0).max(1e6).optional().describe('Power while in use, in watts'),
    amps: z.number().min(0).max(1e4).optional().describe('Current in amperes (with volts, instead of watts)'),
    volts: z.number().min(0).max(1e5).optional().describe('Voltage (with amps)'),
    hoursPerDay: z.number().min(0).max(24).describe('Hours in use per day of use'),
    daysPerYear: z.number().min(0).max(DAYS_PER_YEAR).default(DAYS_PER_YEAR).describe('Days of use per year; default 365'),
    pricePerKwh: z.number().min(0).max(100).describe('Electricity price per kWh'),
    standbyWatts: z.number().min(0).max(1e4).default(0).describe('Standby power when not in use, in watts; default 0'),
  }),
  output: z.object({
    watts: z.number(),
    kwhPerUseDay: z.number(),
    kwhPerMonth: z.number(),
    kwhPerYear: z.number(),
    costPerUseDay: z.number(),
    costPerMonth: z.number(),
    costPerYear: z.number(),
    formula: z.string(),
  }),
  examples: [
    // U.S. DOE example (quoted at midwestecc.com/content/helpful-information): computer 120 W + monitor 150 W,
    // 4 h a day, 365 days → 394 kWh a year (394.2 exactly); the cost at an example 0.15 per kWh.
    {
      name: 'Computer and monitor, 270 W for 4 h a day, at 0.15 per kWh',
      input: { watts: 270, hoursPerDay: 4, pricePerKwh: 0.15 },
      output: {
        watts: 270,
        kwhPerUseDay: 1.08,
        kwhPerMonth: 32.85,
        kwhPerYear: 394.2,
        costPerUseDay: 0.16,
        costPerMonth: 4.93,
        costPerYear: 59.13,
        formula: FORMULA,
      },
    },
    // homepower.com "Power vs. energy": a heater rated 10 A at 120 V uses 1,200 W; on for 2 hours it consumes 2.4 kWh.
    {
      name: 'Heater of 10 A at 120 V, 2 h a day on 90 days, 0.30 per kWh',
      input: { amps: 10, volts: 120, hoursPerDay: 2, daysPerYear: 90, pricePerKwh: 0.3 },
      output: {
        watts: 1200,
        kwhPerUseDay: 2.4,
        kwhPerMonth: 18,
        kwhPerYear: 216,
        costPerUseDay: 0.72,
        costPerMonth: 5.4,
        costPerYear: 64.8,
        formula: FORMULA,
      },
    },
  ],
  async run({ watts, amps, volts, hoursPerDay, daysPerYear, pricePerKwh, standbyWatts }) {
    const electric = amps !== undefined || volts !== undefined;
    if ((watts === undefined) === !electric)
      throw new ToolError('give either `watts` or both `amps` and `volts`', 400, { field: watts === undefined ? 'watts' : 'amps' });
    if (electric && (amps === undefined || volts === undefined))
      throw new ToolError(`\`${amps === undefined ? 'amps' : 'volts'}\` is missing: watts = amps × volts needs both`, 400, {
        field: amps === undefined ? 'amps' : 'volts',
      });
    const D = await loadDecimal();
    const W = watts !== undefined ? new D(watts) : new D(amps!).times(volts!);
    const sb = new D(standbyWatts);
    const useDay = W.times(hoursPerDay)
      .plus(sb.times(new D(24).minus(hoursPerDay)))
      .dividedBy(1000);
    const idleDays = new D(DAYS_PER_YEAR).minus(daysPerYear);
    const year = useDay.times(daysPerYear).plus(sb.times(24).times(idleDays).dividedBy(1000));
    const month = year.dividedBy(12);
    return {
      watts: sig(W),
      kwhPerUseDay: sig(useDay),
      kwhPerMonth: sig(month),
      kwhPerYear: sig(year),
      costPerUseDay: money(useDay.times(pricePerKwh)),
      costPerMonth: money(month.times(pricePerKwh)),
      costPerYear: money(year.times(pricePerKwh)),
      formula: FORMULA,
    };
  },
});
