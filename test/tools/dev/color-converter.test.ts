import { describe, expect, it } from 'vitest';
import convert from '../../../tools/dev/color-converter.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('color-converter', () => {
  it('reads every notation of the same orange', async () => {
    const inputs = [
      '#ff6600',
      'FF6600',
      '#f60',
      'f60',
      '#ff6600ff',
      'rgb(255, 102, 0)',
      'RGB(255 102 0)',
      'rgba(255,102,0,1)',
      'rgb(100%, 40%, 0%)',
      'hsl(24, 100%, 50%)',
      'hsl(24deg 100% 50%)',
      'hsb(24, 100%, 100%)',
      'hsv(24 100% 100%)',
    ];
    for (const color of inputs) {
      const out = await runTool(convert, { color });
      expect(out.hex, color).toBe('#ff6600');
      expect(out.alpha, color).toBe(1);
    }
  });

  // HSL/HSV references from Python's colorsys (no .5 ties in these).
  it.each([
    ['#ff0000', { h: 0, s: 100, l: 50 }, { h: 0, s: 100, b: 100 }],
    ['#00ff00', { h: 120, s: 100, l: 50 }, { h: 120, s: 100, b: 100 }],
    ['#ff0001', { h: 0, s: 100, l: 50 }, { h: 0, s: 100, b: 100 }], // hue 359.76 rounds to 0, never 360
    ['#123456', { h: 210, s: 65, l: 20 }, { h: 210, s: 79, b: 34 }],
    ['#c0ffee', { h: 164, s: 100, l: 88 }, { h: 164, s: 25, b: 100 }],
    ['#808080', { h: 0, s: 0, l: 50 }, { h: 0, s: 0, b: 50 }],
  ])('%s → HSL and HSB', async (color, hsl, hsb) => {
    const out = await runTool(convert, { color });
    expect(out.hsl).toEqual(hsl);
    expect(out.hsb).toEqual(hsb);
  });

  it('named colours, alpha and every output format', async () => {
    expect((await runTool(convert, { color: 'RebeccaPurple' })).hex).toBe('#663399');
    const t = await runTool(convert, { color: 'transparent', format: 'rgb' });
    expect(t).toMatchObject({ hex: '#00000000', alpha: 0, formatted: 'rgba(0, 0, 0, 0)' });
    const half = await runTool(convert, { color: '#11223380', format: 'hsv' });
    expect(half).toMatchObject({ alpha: 0.502, format: 'hsb', formatted: 'hsba(210, 67%, 20%, 0.502)', hex: '#11223380' });
    expect((await runTool(convert, { color: '#abcd' })).hex).toBe('#aabbccdd'); // the alpha byte survives
    expect((await runTool(convert, { color: 'rgb(300, -5, 0)' })).hex).toBe('#ff0000'); // clamped, as CSS does
    expect((await runTool(convert, { color: '#336699', format: 'HSL' })).formatted).toBe('hsl(210, 50%, 40%)');
  });

  it('refuses what is not a colour, naming the field and the accepted forms', async () => {
    for (const color of ['#12345', 'blurple', 'rgb(1,2)', 'hsl(210,50,40)', '#ggg', '   ']) {
      await expectToolError(convert, { color }, 400, /^color: cannot read .* as a colour; use hex/);
    }
    await expectToolError(convert, { color: '#fff', format: 'cmyk' }, 400, /format.*must be one of "hex", "rgb", "hsl", "hsb"/);
    await expectToolError(convert, { color: 'x'.repeat(101) }, 400, /color.*at most 100/);
  });
});
