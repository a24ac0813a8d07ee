import { describe, expect, it } from 'vitest';
import tool, { epigenetic, sizeBased } from '../../../tools/health/dog-age-calculator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('dog-age-calculator', () => {
  it('matches the published epigenetic values (youcalc.com table of Wang et al.)', () => {
    const table: [number, number][] = [
      [1, 31],
      [2, 42.09],
      [3, 48.578],
      [5, 56.751],
      [10, 67.841],
      [16, 75.361],
    ];
    for (const [dog, human] of table) expect(epigenetic(dog)).toBeCloseTo(human, 2);
  });

  it('applies the size rule with its breakpoints at 1 and 2 years', () => {
    expect(sizeBased(0.5, 'large')).toBe(7.5);
    expect(sizeBased(1, 'small')).toBe(15);
    expect(sizeBased(1.5, 'medium')).toBe(19.5);
    expect(sizeBased(2, 'large')).toBe(24);
    expect([sizeBased(10, 'small'), sizeBased(10, 'medium'), sizeBased(10, 'large')]).toEqual([56, 64, 72]);
  });

  it('refuses the epigenetic formula below 0.15 years but allows size-based', async () => {
    await expectToolError(tool, { ageYears: 0.14 }, 400, /`ageYears` must be at least 0.15/);
    expect((await runTool(tool, { ageYears: 0.15 })).humanYears).toBe(Math.round(epigenetic(0.15) * 10) / 10);
    const pup = await runTool(tool, { ageYears: 0.1, method: 'size-based' });
    expect(pup).toMatchObject({ humanYears: 1.5, epigeneticYears: null });
  });

  it('refuses bad input naming the field', async () => {
    await expectToolError(tool, { ageYears: 0 }, 400, /ageYears/);
    await expectToolError(tool, { ageYears: -1 }, 400, /ageYears/);
    await expectToolError(tool, { ageYears: 31 }, 400, /ageYears/);
    await expectToolError(tool, { ageYears: 5, size: 'giant' }, 400, /size/);
    await expectToolError(tool, { ageYears: 5, method: 'times-seven' }, 400, /method/);
  });
});
