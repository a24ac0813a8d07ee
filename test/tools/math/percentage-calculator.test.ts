import { describe, expect, it } from 'vitest';
import percentage from '../../../tools/math/percentage-calculator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('percentage-calculator', () => {
  it('computes each mode and cleans float noise', async () => {
    expect((await runTool(percentage, { mode: 'percentOf', x: 10, y: 0.3 })).result).toBe(0.03);
    expect((await runTool(percentage, { mode: 'whatPercent', x: 1, y: 3 })).result).toBe(33.3333333333333);
    expect((await runTool(percentage, { mode: 'whatPercent', x: 1, y: 3 })).sentence).toBe('1 is 33.333333% of 3');
    expect((await runTool(percentage, { mode: 'change', x: -50, y: -25 })).result).toBe(50);
    expect((await runTool(percentage, { mode: 'change', x: 10, y: 10 })).sentence).toBe('From 10 to 10 is no change of 0%');
    expect((await runTool(percentage, { mode: 'increase', x: 0.1, y: 200 })).result).toBe(0.3);
    expect((await runTool(percentage, { mode: 'decrease', x: 80, y: 25 })).result).toBe(60);
    expect((await runTool(percentage, { mode: 'discount', x: 80, y: 25 })).mode).toBe('decrease');
    expect((await runTool(percentage, { mode: 'percent-change', x: 1, y: 2 })).mode).toBe('change');
  });
  it('refuses division by zero with 400', async () => {
    await expectToolError(percentage, { mode: 'whatPercent', x: 5, y: 0 }, 400, /`y` must not be 0/);
    await expectToolError(percentage, { mode: 'change', x: 0, y: 5 }, 400, /`x` must not be 0/);
    await expectToolError(percentage, { mode: 'nope', x: 0, y: 5 }, 400, /mode/);
    await expectToolError(percentage, { mode: 'percentOf', x: 1e16, y: 5 }, 400, /x.*≤/);
  });
});
