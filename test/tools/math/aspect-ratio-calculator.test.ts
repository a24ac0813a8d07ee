import { describe, expect, it } from 'vitest';
import tool from '../../../tools/math/aspect-ratio-calculator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('aspect-ratio-calculator', () => {
  it('reduces common resolutions', async () => {
    const r = await runTool(tool, { width: 1920, height: 1080 });
    expect(r).toMatchObject({ ratio: '16:9', nearestCommon: { ratio: '16:9', exact: true, differencePercent: 0 } });
    expect((await runTool(tool, { width: 1280, height: 1024 })).ratio).toBe('5:4');
    expect((await runTool(tool, { width: 1440, height: 900 })).nearestCommon.ratio).toBe('16:10');
    expect((await runTool(tool, { width: 1440, height: 900 })).ratio).toBe('8:5');
    expect((await runTool(tool, { width: 2560, height: 1080 })).nearestCommon).toMatchObject({ ratio: '64:27', exact: true });
    expect((await runTool(tool, { width: 3440, height: 1440 })).nearestCommon.ratio).toBe('2.39:1'); // "21:9" ultrawide 43:18 = 2.389 is nearer 2.39 than 64:27
    expect((await runTool(tool, { width: 500, height: 500 })).ratio).toBe('1:1');
  });
  it('portrait sizes flip the common ratio', async () => {
    const r = await runTool(tool, { width: 1080, height: 1920 });
    expect(r).toMatchObject({ ratio: '9:16', nearestCommon: { ratio: '9:16', exact: true } });
    expect(r.nearestCommon.decimal).toBe(0.5625);
  });
  it('1366×768: 683:384, about 0.05 % from 16:9', async () => {
    const r = await runTool(tool, { width: 1366, height: 768 });
    expect(r.nearestCommon).toEqual({ ratio: '16:9', decimal: 1.77777777777778, differencePercent: 0.048828125, exact: false });
  });
  it('solve: both sides, rounded half-up', async () => {
    expect(await runTool(tool, { mode: 'solve', ratioWidth: 16, ratioHeight: 9, height: 1080 })).toMatchObject({
      width: 1920,
      widthRounded: 1920,
    });
    const r = await runTool(tool, { mode: 'solve', ratioWidth: 16, ratioHeight: 9, width: 1366 });
    expect(r.height).toBe(768.375);
    expect(r.heightRounded).toBe(768);
    const half = await runTool(tool, { mode: 'solve', ratioWidth: 2, ratioHeight: 1, width: 5 });
    expect([half.height, half.heightRounded]).toEqual([2.5, 3]);
    expect((await runTool(tool, { mode: 'solve', ratioWidth: 2.39, ratioHeight: 1, height: 1000 })).width).toBe(2390);
    expect((await runTool(tool, { mode: 'solve', ratioWidth: 2.39, ratioHeight: 1, height: 1000 })).ratio).toBe('239:100');
  });
  it('refusals name the field', async () => {
    await expectToolError(tool, { width: 1920 }, 400, /height/);
    await expectToolError(tool, { width: 0, height: 1 }, 400, /width/);
    await expectToolError(tool, { width: 1, height: -1 }, 400, /height/);
    await expectToolError(tool, { mode: 'solve', ratioWidth: 16, width: 100 }, 400, /ratioHeight/);
    await expectToolError(tool, { mode: 'solve', ratioWidth: 16, ratioHeight: 9 }, 400, /exactly one of `width` and `height`/);
    await expectToolError(tool, { mode: 'solve', ratioWidth: 16, ratioHeight: 9, width: 1, height: 1 }, 400, /exactly one/);
    await expectToolError(tool, { width: 1e10, height: 1 }, 400, /width/);
  });
});
