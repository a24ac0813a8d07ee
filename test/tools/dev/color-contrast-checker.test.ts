import { describe, expect, it } from 'vitest';
import convert from '../../../tools/dev/color-converter.js';
import contrast from '../../../tools/dev/color-contrast-checker.js';
import { expectToolError, runTool } from '../../helpers/run.js';

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
    for (const [foreground, background] of [
      ['#ff0000', '#ffffff'],
      ['#3366ff', '#000033'],
      ['#999999', '#777777'],
      ['#e0e0e0', '#ffffff'],
    ]) {
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
