import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { type Decimal, type DecimalCtor, loadDecimal, money, sig } from './_decimal.js';

/** Exact definitions (catalogue §0.2): international mile (1959), US liquid gallon, imperial gallon (UK Weights and Measures Act 1985). */
const KM_PER_MILE = '1.609344';
const L_PER_US_GAL = '3.785411784';
const L_PER_UK_GAL = '4.54609';

const CONSUMPTION_UNITS = ['lPer100km', 'kmPerL', 'mpgUs', 'mpgUk'] as const;

/** Any consumption → litres per 100 km (mpg: 100 × litres per gallon / (mpg × km per mile)). */
function toLPer100km(D: DecimalCtor, value: number, unit: (typeof CONSUMPTION_UNITS)[number]): Decimal {
  const v = new D(value);
  if (unit === 'lPer100km') return v;
  if (unit === 'kmPerL') return new D(100).dividedBy(v);
  return new D(100).times(unit === 'mpgUs' ? L_PER_US_GAL : L_PER_UK_GAL).dividedBy(v.times(KM_PER_MILE));
}

export default defineTool({
  slug: 'fuel-cost-calculator',
  title: 'Fuel cost calculator (trip)',
  summary: 'Fuel used and what it costs for a trip, in litres or gallons, split between passengers.',
  keywords: {
    en: [
      'gas',
      'petrol',
      'diesel',
      'trip cost',
      'road trip',
      'mileage',
      'mpg',
      'fuel consumption',
      'car trip',
      'drive',
      'litres',
      'gallons',
    ],
    nl: [
      'benzinekosten',
      'brandstof',
      'tanken',
      'ritkosten',
      'verbruik auto',
      'reiskosten',
      'benzine',
      'autorit',
      'rit',
      'liter',
      'kilometers',
    ],
  },
  description:
    'Fuel used and its cost for a trip, from distance (km or mi), consumption (L/100 km, km/L, mpg US or UK) and fuel price per litre or gallon; roundTrip doubles, passengers splits. Returns the consumption in all four units (exact unit definitions).',
  resultView: { kind: 'figure', field: 'cost', label: 'Fuel cost', detail: ['costPerPassenger', 'fuelLiters'] },
  input: z.strictObject({
    distance: z.number().min(0).max(1e7).describe('Trip distance (one way if roundTrip)'),
    distanceUnit: z.enum(['km', 'mi']).default('km').describe('km or mi'),
    consumption: z.number().positive().max(1e4).describe('Fuel consumption or economy, greater than 0'),
    consumptionUnit: z.enum(CONSUMPTION_UNITS).default('lPer100km').describe('lPer100km, kmPerL, mpgUs or mpgUk'),
    fuelPrice: z.number().min(0).max(1e4).describe('Fuel price per priceUnit'),
    priceUnit: z.enum(['perLiter', 'perUsGallon', 'perUkGallon']).default('perLiter').describe('Unit the price is quoted in'),
    roundTrip: z.boolean().default(false).describe('Double the distance for the way back'),
    passengers: z.int().min(1).max(100).default(1).describe('People sharing the cost'),
  }),
  output: z.object({
    cost: z.number(),
    costPerPassenger: z.number(),
    distanceKm: z.number(),
    distanceMiles: z.number(),
    fuelLiters: z.number(),
    fuelUsGallons: z.number(),
    fuelUkGallons: z.number(),
    costPerKm: z.number().nullable().describe('Unrounded (15 significant digits); null for distance 0'),
    costPerMile: z.number().nullable(),
    consumption: z.object({ lPer100km: z.number(), kmPerL: z.number(), mpgUs: z.number(), mpgUk: z.number() }),
  }),
  examples: [
    // certifiedcalculator.com/gas-trip-cost-calculator: 300 miles at 25 mpg and $3.00 a gallon → $36.00.
    {
      name: '300 miles at 25 mpg, $3.00 per US gallon → $36.00',
      input: { distance: 300, distanceUnit: 'mi', consumption: 25, consumptionUnit: 'mpgUs', fuelPrice: 3, priceUnit: 'perUsGallon' },
      output: {
        cost: 36,
        costPerPassenger: 36,
        distanceKm: 482.8032,
        distanceMiles: 300,
        fuelLiters: 45.424941408,
        fuelUsGallons: 12,
        fuelUkGallons: 9.99209021554787,
        costPerKm: 0.0745645430684801,
        costPerMile: 0.12,
        consumption: { lPer100km: 9.40858333333333, kmPerL: 10.6285926857568, mpgUs: 25, mpgUk: 30.0237481376214 },
      },
    },
    // Metric trip, hand-checked: 2 × 250 km × 6.5 L/100 km = 32.5 L × 1.90 = 61.75, shared by 2 → 30.88 (half-up).
    {
      name: 'Round trip of 250 km at 6.5 L/100 km, 1.90 per litre, 2 people',
      input: { distance: 250, consumption: 6.5, fuelPrice: 1.9, roundTrip: true, passengers: 2 },
      output: {
        cost: 61.75,
        costPerPassenger: 30.88,
        distanceKm: 500,
        distanceMiles: 310.685596118667,
        fuelLiters: 32.5,
        fuelUsGallons: 8.58559170163982,
        fuelUkGallons: 7.14900056972035,
        costPerKm: 0.1235,
        costPerMile: 0.198753984,
        consumption: { lPer100km: 6.5, kmPerL: 15.3846153846154, mpgUs: 36.186858974359, mpgUk: 43.4586055895111 },
      },
    },
  ],
  async run({ distance, distanceUnit, consumption, consumptionUnit, fuelPrice, priceUnit, roundTrip, passengers }) {
    const D = await loadDecimal();
    const oneWay = distanceUnit === 'km' ? new D(distance) : new D(distance).times(KM_PER_MILE);
    const km = roundTrip ? oneWay.times(2) : oneWay;
    const miles = km.dividedBy(KM_PER_MILE);
    const l100 = toLPer100km(D, consumption, consumptionUnit);
    const liters = km.times(l100).dividedBy(100);
    const perLiter =
      priceUnit === 'perLiter' ? new D(fuelPrice) : new D(fuelPrice).dividedBy(priceUnit === 'perUsGallon' ? L_PER_US_GAL : L_PER_UK_GAL);
    const cost = liters.times(perLiter);
    const kmPerL = new D(100).dividedBy(l100);
    return {
      cost: money(cost),
      costPerPassenger: money(cost.dividedBy(passengers)),
      distanceKm: sig(km),
      distanceMiles: sig(miles),
      fuelLiters: sig(liters),
      fuelUsGallons: sig(liters.dividedBy(L_PER_US_GAL)),
      fuelUkGallons: sig(liters.dividedBy(L_PER_UK_GAL)),
      costPerKm: km.isZero() ? null : sig(cost.dividedBy(km)),
      costPerMile: km.isZero() ? null : sig(cost.dividedBy(miles)),
      consumption: {
        lPer100km: sig(l100),
        kmPerL: sig(kmPerL),
        mpgUs: sig(kmPerL.times(L_PER_US_GAL).dividedBy(KM_PER_MILE)),
        mpgUk: sig(kmPerL.times(L_PER_UK_GAL).dividedBy(KM_PER_MILE)),
      },
    };
  },
});
