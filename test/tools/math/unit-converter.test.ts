import { describe, expect, it } from 'vitest';
import tool, { CATEGORIES, COMMON_UNITS, unitsOf } from '../../../tools/math/unit-converter.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const conv = async (value: number, from: string, to: string, category?: string) =>
  (await runTool(tool, { value, from, to, ...(category ? { category } : {}) })).result as number;

describe('unit-converter', () => {
  it('offers as examples only units of its table (the form lists them)', () => {
    const ids = new Set(CATEGORIES.flatMap((c) => unitsOf(c)));
    expect(COMMON_UNITS.filter((u) => !ids.has(u))).toEqual([]);
  });

  it('round-trips EVERY unit pair of every category within 1e-12 relative error', async () => {
    let pairs = 0;
    for (const category of CATEGORIES) {
      const units = unitsOf(category);
      const values =
        category === 'temperature'
          ? [-40, 0, 37, 100, 1234.5]
          : category === 'fuel'
            ? [0.5, 7.8, 30, 123.456]
            : [-2.5, 0.001234, 1, 37.5, 1234567.89];
      for (const u of units)
        for (const v of units) {
          pairs++;
          for (const x of values) {
            // 0 °C etc. may be below absolute zero in another scale's terms only for K/°R: skip those inputs
            if (category === 'temperature' && ['K', '°R'].includes(u) && x < 0) continue;
            const there = await conv(x, u, v, category);
            const back = await conv(there, v, u, category);
            const err = x === 0 ? Math.abs(back) : Math.abs(back - x) / Math.abs(x);
            if (err > 1e-12) throw new Error(`${category} ${x} ${u} → ${v} (${there}) → ${u} = ${back}: relative error ${err}`);
          }
        }
    }
    expect(pairs).toBeGreaterThan(1500);
  });
  it('exact definitions', async () => {
    expect(await conv(1, 'in', 'cm')).toBe(2.54);
    expect(await conv(1, 'lb', 'kg')).toBe(0.45359237);
    expect(await conv(1, 'mi', 'km')).toBe(1.609344);
    expect(await conv(1, 'gal', 'L')).toBe(3.785411784);
    expect(await conv(1, 'imp gal', 'L')).toBe(4.54609);
    expect(await conv(1, 'acre', 'm2')).toBe(4046.8564224);
    expect(await conv(1, 'acre', 'ft²')).toBe(43560);
    expect(await conv(1, 'kcal', 'kJ')).toBe(4.184);
    expect(await conv(1, 'atm', 'Pa')).toBe(101325);
    expect(await conv(760, 'Torr', 'atm')).toBe(1);
    expect(await conv(1, 'cup', 'mL')).toBe(236.5882365);
    expect(await conv(1, 'tsp', 'mL')).toBe(4.92892159375);
    expect(await conv(1, 'kn', 'km/h')).toBe(1.852);
    expect(await conv(1, 'psi', 'Pa')).toBe(Number('6894.757293168361336722')); // 4.4482216152605 / 0.00064516, correctly rounded
    expect(await conv(1, 'BTU', 'J')).toBe(1055.05585262);
    expect(await conv(1, 'yr', 'd')).toBe(365.25);
    expect(await conv(1, 'turn', 'rad')).toBe(2 * Math.PI);
    expect(await conv(180, 'deg', 'rad')).toBe(Math.PI);
    expect(await conv(1, 'KiB', 'B')).toBe(1024);
    expect(await conv(1, 'kB', 'B')).toBe(1000);
    expect(await conv(1, 'B', 'bit')).toBe(8);
    expect(await conv(1, 'EiB', 'bit')).toBe(2 ** 63);
    expect(await conv(0.1, 'm', 'cm')).toBe(10); // decimal arithmetic: no 10.000000000000002
  });
  it('temperature is affine via kelvin; below absolute zero refused', async () => {
    expect(await conv(-40, 'C', 'F')).toBe(-40);
    expect(await conv(0, 'K', 'C')).toBe(-273.15);
    expect(await conv(100, '°C', '°F')).toBe(212);
    expect(await conv(0, 'degF', 'degR')).toBe(459.67);
    expect(await conv(-273.15, 'celsius', 'kelvin')).toBe(0);
    await expectToolError(tool, { value: -273.16, from: 'C', to: 'K' }, 400, /value.*absolute zero/);
    await expectToolError(tool, { value: -1, from: 'K', to: 'C' }, 400, /value.*absolute zero/);
  });
  it('fuel economy: reciprocal L/100 km ↔ mpg; zero refused', async () => {
    expect(await conv(5, 'L/100km', 'km/L')).toBe(20);
    expect(await conv(235.21458333333334, 'L/100km', 'mpg')).toBeCloseTo(1, 14);
    expect(await conv(10, 'L/100km', 'L/100km')).toBe(10);
    expect(await conv(1, 'mpg', 'mpg-imp')).toBeCloseTo(4.54609 / 3.785411784, 15);
    await expectToolError(tool, { value: 0, from: 'mpg', to: 'L/100km' }, 400, /value.*greater than 0/);
    await expectToolError(tool, { value: -3, from: 'L/100km', to: 'km/L' }, 400, /value/);
    expect(await conv(0, 'mpg', 'km/L')).toBe(0); // not reciprocal: 0 is fine
  });
  it('spellings: exact first, then loose; ambiguous refused', async () => {
    expect((await runTool(tool, { value: 1, from: 'Cal', to: 'cal' })).result).toBe(1000);
    expect((await runTool(tool, { value: 1, from: 'kb', to: 'bit' })).result).toBe(1000);
    expect((await runTool(tool, { value: 1, from: 'NM', to: 'm' })).result).toBe(1852);
    expect((await runTool(tool, { value: 1, from: 'nm', to: 'm' })).result).toBe(1e-9);
    expect((await runTool(tool, { value: 1, from: 'Sq Ft', to: 'M2' })).to).toBe('m²');
    expect((await runTool(tool, { value: 1, from: 'µs', to: 'us' })).result).toBe(1);
    await expectToolError(tool, { value: 1, from: 'KB', to: 'B' }, 400, /from.*ambiguous.*kbit.*kB|from.*ambiguous.*kB.*kbit/);
    await expectToolError(tool, { value: 1, from: 'CAL', to: 'J' }, 400, /from.*ambiguous/);
  });
  it('refusals name the field', async () => {
    await expectToolError(tool, { value: 1, from: 'furlong', to: 'm' }, 400, /from.*unknown unit "furlong"/);
    await expectToolError(tool, { value: 1, from: 'm', to: 'parsec' }, 400, /to.*unknown unit/);
    await expectToolError(tool, { value: 1, from: 'm', to: 'kilometr' }, 400, /to.*did you mean "kilomet/);
    await expectToolError(tool, { value: 1, from: 'm', to: 'kg' }, 400, /to.*share a category/);
    await expectToolError(tool, { value: 1, from: 'm', to: 'kg', category: 'length' }, 400, /to.*unknown unit "kg" in length/);
    await expectToolError(tool, { value: 1e101, from: 'm', to: 'km' }, 400, /value/);
    await expectToolError(tool, { value: 1, from: 'm', to: 'km', category: 'distance' }, 400, /category/);
    await expectToolError(tool, { value: 1, from: 'x'.repeat(41), to: 'km' }, 400, /from/);
  });
  it('zero and extremes', async () => {
    expect(await conv(0, 'km', 'mi')).toBe(0);
    expect(await conv(1e100, 'EiB', 'bit')).toBe(9.223372036854776e118);
    expect(await conv(-1e100, 'eV', 'J')).toBe(-1.602176634e81);
  });
});
