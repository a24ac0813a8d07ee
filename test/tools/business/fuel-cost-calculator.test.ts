import { describe, expect, it } from 'vitest';
import tool from '../../../tools/business/fuel-cost-calculator.js';
import { createRng } from '../../../tools/_lib/rng.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('fuel-cost-calculator', () => {
  it('matches published examples (300 mi, 25 mpg, $3 → $36; 350 mi, 28 mpg, $3.50 → $43.75)', async () => {
    expect(
      (
        await runTool(tool, {
          distance: 300,
          distanceUnit: 'mi',
          consumption: 25,
          consumptionUnit: 'mpgUs',
          fuelPrice: 3,
          priceUnit: 'perUsGallon',
        })
      ).cost,
    ).toBe(36);
    const r = await runTool(tool, {
      distance: 350,
      distanceUnit: 'mi',
      consumption: 28,
      consumptionUnit: 'mpgUs',
      fuelPrice: 3.5,
      priceUnit: 'perUsGallon',
    });
    expect(r).toMatchObject({ cost: 43.75, fuelUsGallons: 12.5 });
  });
  it('uses the exact conversion factors (235.2146 / mpg US, 282.4809 / mpg UK)', async () => {
    const us = await runTool(tool, { distance: 100, consumption: 1, consumptionUnit: 'mpgUs', fuelPrice: 1 });
    expect(us.consumption.lPer100km).toBe(235.214583333333);
    const uk = await runTool(tool, { distance: 100, consumption: 1, consumptionUnit: 'mpgUk', fuelPrice: 1 });
    expect(uk.consumption.lPer100km).toBe(282.480936331822);
    const kmpl = await runTool(tool, { distance: 100, consumption: 20, consumptionUnit: 'kmPerL', fuelPrice: 2 });
    expect(kmpl).toMatchObject({ fuelLiters: 5, cost: 10, consumption: { lPer100km: 5, kmPerL: 20 } });
    const ukPrice = await runTool(tool, { distance: 100, consumption: 4.54609, fuelPrice: 10, priceUnit: 'perUkGallon' });
    expect(ukPrice.cost).toBe(10);
  });
  it('round trip doubles, passengers split, zero distance costs nothing', async () => {
    expect(await runTool(tool, { distance: 100, consumption: 5, fuelPrice: 2, roundTrip: true, passengers: 3 })).toMatchObject({
      cost: 20,
      costPerPassenger: 6.67,
      distanceKm: 200,
    });
    expect(await runTool(tool, { distance: 0, consumption: 5, fuelPrice: 2 })).toMatchObject({
      cost: 0,
      costPerKm: null,
      costPerMile: null,
    });
  });
  it('property: the same trip costs the same whatever units it is expressed in', async () => {
    const rng = createRng('fuel');
    for (let i = 0; i < 200; i++) {
      const km = rng.int(1, 100000) / 10;
      const l100 = rng.int(20, 300) / 10;
      const perL = rng.int(50, 300) / 100;
      const a = await runTool(tool, { distance: km, consumption: l100, fuelPrice: perL });
      const b = await runTool(tool, {
        distance: km / 1.609344,
        distanceUnit: 'mi',
        consumption: a.consumption.mpgUk,
        consumptionUnit: 'mpgUk',
        fuelPrice: perL * 3.785411784,
        priceUnit: 'perUsGallon',
      });
      expect(Math.abs(a.cost - b.cost)).toBeLessThanOrEqual(0.01);
    }
  });
  it('refuses impossible input with a 400 naming the field', async () => {
    await expectToolError(tool, { distance: 10, consumption: 0, fuelPrice: 1 }, 400, /consumption/);
    await expectToolError(tool, { distance: -1, consumption: 5, fuelPrice: 1 }, 400, /distance/);
    await expectToolError(tool, { distance: 1, consumption: 5, fuelPrice: 1, consumptionUnit: 'mpg' }, 400, /consumptionUnit/);
    await expectToolError(tool, { distance: 1, consumption: 5, fuelPrice: 1, passengers: 0 }, 400, /passengers/);
  });
});
