import { describe, expect, it } from 'vitest';
import convert from '../../tools/dev/color-converter.js';
import contrast from '../../tools/dev/color-contrast-checker.js';
import { expectToolError, runTool } from '../helpers/run.js';

describe('color-converter', () => {
  it('reads every notation of the same orange', async () => {
    const inputs = [
      '#ff6600', 'FF6600', '#f60', 'f60', '#ff6600ff', 'rgb(255, 102, 0)', 'RGB(255 102 0)', 'rgba(255,102,0,1)',
      'rgb(100%, 40%, 0%)', 'hsl(24, 100%, 50%)', 'hsl(24deg 100% 50%)', 'hsb(24, 100%, 100%)', 'hsv(24 100% 100%)',
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

describe('color-contrast-checker', () => {
  // Ratios computed independently with Python (WCAG 2 formula), truncated to 2 decimals.
  it.each([
    ['#767676', '#ffffff', 4.54, [true, true, false, true]],
    ['#ffffff', '#0000ff', 8.59, [true, true, true, true]],
    ['#ff0000', '#ffffff', 3.99, [false, true, false, false]],
    ['#777777', '#000000', 4.68, [true, true, false, true]],
    ['#336699', '#ffffff', 5.99, [true, true, false, true]],
    ['#949494', '#ffffff', 3.03, [false, true, false, false]],
    ['#808080', '#808080', 1, [false, false, false, false]],
  ] as const)('%s on %s = %s', async (foreground, background, ratio, [aaN, aaL, aaaN, aaaL]) => {
    const out = await runTool(contrast, { foreground, background });
    expect(out.ratio).toBe(ratio);
    expect(out.ratioText).toBe(`${ratio}:1`);
    expect(out.aa).toEqual({ normalText: aaN, largeText: aaL });
    expect(out.aaa).toEqual({ normalText: aaaN, largeText: aaaL });
    expect(out.suggestions.map((s: { level: string }) => s.level)).toEqual([...(aaN ? [] : ['AA']), ...(aaaN ? [] : ['AAA'])]);
  });

  it('is symmetric and never shows a failing ratio as passing', async () => {
    const a = await runTool(contrast, { foreground: '#ffffff', background: '#777777' });
    const b = await runTool(contrast, { foreground: '#777777', background: '#ffffff' });
    expect(a.ratio).toBe(b.ratio);
    expect(b.ratio).toBe(4.47); // 4.478: truncated, not rounded to 4.48
  });

  it('every suggestion passes, keeps the hue, and is the nearest lightness found', async () => {
    for (const [foreground, background] of [['#ff0000', '#ffffff'], ['#3366ff', '#000033'], ['#999999', '#777777'], ['#e0e0e0', '#ffffff']]) {
      const out = await runTool(contrast, { foreground, background });
      for (const s of out.suggestions) {
        const check = await runTool(contrast, { foreground: s.foreground, background });
        if (s.passes) expect(check[s.level === 'AA' ? 'aa' : 'aaa'].normalText, `${foreground} ${s.level}`).toBe(true);
        expect(check.ratio).toBe(s.ratio);
      }
    }
    const red = await runTool(contrast, { foreground: '#ff0000', background: '#ffffff' });
    const hue = (await runTool(convert, { color: red.suggestions[0].foreground })).hsl.h;
    expect(hue).toBe(0);
  });

  it('says when no lightness can pass (mid-grey background and AAA)', async () => {
    const out = await runTool(contrast, { foreground: '#999999', background: '#777777' });
    const aaa = out.suggestions.find((s: { level: string }) => s.level === 'AAA');
    expect(aaa).toMatchObject({ passes: false, foreground: '#000000' });
    expect(aaa.message).toMatch(/^No foreground reaches 7:1 on #777777 \(the best, #000000, gives 4.68:1\)/);
  });

  it('composites a translucent foreground; refuses a translucent background', async () => {
    const out = await runTool(contrast, { foreground: 'rgba(0, 0, 0, 0.5)', background: '#ffffff' });
    expect(out.foreground).toBe('#808080'); // 127.5 rounds to 128
    await expectToolError(contrast, { foreground: '#000', background: '#ffffff80' }, 400, /background must be opaque/);
    await expectToolError(contrast, { foreground: 'nope', background: '#fff' }, 400, /^foreground: cannot read "nope"/);
    await expectToolError(contrast, { foreground: '#000' }, 400, /background.*required/);
  });
});
