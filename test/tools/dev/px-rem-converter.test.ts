import { describe, expect, it } from 'vitest';
import pxRem, { roundTo } from '../../../tools/dev/px-rem-converter.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('px-rem-converter', () => {
  it('converts both ways with the documented rounding', async () => {
    expect(await runTool(pxRem, { value: 13 })).toMatchObject({ rem: 0.8125, remText: '0.8125rem' });
    expect(await runTool(pxRem, { value: 1 })).toMatchObject({ rem: 0.0625 });
    expect(await runTool(pxRem, { value: 1, rootFontSize: 3 })).toMatchObject({ rem: 0.3333 });
    expect(await runTool(pxRem, { value: 2, rootFontSize: 3 })).toMatchObject({ rem: 0.6667 });
    expect(await runTool(pxRem, { value: -8 })).toMatchObject({ px: -8, rem: -0.5, pxText: '-8px', remText: '-0.5rem' });
    expect(await runTool(pxRem, { value: 0.3333, direction: 'rem2px', rootFontSize: 3 })).toMatchObject({ px: 1, pxText: '1px' });
    expect(await runTool(pxRem, { value: 1.005, direction: 'REM-TO-PX', rootFontSize: 1 })).toMatchObject({ px: 1.01 });
    expect(await runTool(pxRem, { value: 0 })).toEqual({
      input: 0,
      direction: 'px-to-rem',
      rootFontSize: 16,
      px: 0,
      rem: 0,
      pxText: '0px',
      remText: '0rem',
    });
  });

  it('rounds half away from zero on the decimal value', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(-1.005, 2)).toBe(-1.01);
    expect(roundTo(0.00005, 4)).toBe(0.0001);
    expect(roundTo(1e-7, 4)).toBe(0);
    expect(roundTo(-1e-7, 4)).toBe(0);
    expect(Object.is(roundTo(-0.00001, 2), 0)).toBe(true);
    expect(roundTo(0.1 * 3, 2)).toBe(0.3);
  });

  it('validates value, direction and rootFontSize', async () => {
    await expectToolError(pxRem, { value: 1, rootFontSize: 0 }, 400, /rootFontSize.*> 0/);
    await expectToolError(pxRem, { value: 1, rootFontSize: -16 }, 400, /rootFontSize.*> 0/);
    await runTool(pxRem, { value: 1, rootFontSize: 1000 });
    await expectToolError(pxRem, { value: 1, rootFontSize: 1000.5 }, 400, /rootFontSize.*≤ 1000/);
    await runTool(pxRem, { value: 1_000_000 });
    await expectToolError(pxRem, { value: 1_000_001 }, 400, /value.*≤ 1000000/);
    await expectToolError(pxRem, { value: -1_000_001 }, 400, /value.*≥ -1000000/);
    await expectToolError(pxRem, { value: '16px' }, 400, /value.*must be a number/);
    await expectToolError(pxRem, { value: 1, direction: 'em-to-px' }, 400, /direction.*must be one of "px-to-rem", "rem-to-px"/);
  });
});
