import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { COLOR_FORMS, composite, contrastRatio, fromHsl, parseColor, toHex, toHslExact, type Rgba } from '../_lib/color.js';

/** WCAG 2 thresholds: AA normal 4.5, AA large 3, AAA normal 7, AAA large 4.5 (SC 1.4.3 and 1.4.6). */
const AA_NORMAL = 4.5;
const AA_LARGE = 3;
const AAA_NORMAL = 7;
const AAA_LARGE = 4.5;

/** Truncated (never rounded up) to 2 decimals, so 4.499 shows as 4.49, not as a passing 4.50. */
export const truncate2 = (ratio: number) => Math.floor(ratio * 100 + 1e-9) / 100;
const ratioText = (ratio: number) => `${truncate2(ratio)}:1`;

const suggestion = z.object({
  level: z.enum(['AA', 'AAA']).describe('AA: normal text at 4.5:1 (also AAA large text); AAA: normal text at 7:1'),
  minRatio: z.number(),
  foreground: z.string().describe('Suggested foreground (hex): the nearest lightness that passes, or the best reachable one'),
  ratio: z.number(),
  ratioText: z.string(),
  passes: z.boolean().describe('false when no lightness of this hue and saturation reaches the level on this background'),
  message: z.string(),
});
type Suggestion = z.infer<typeof suggestion>;

/** Nearest foreground (same hue and saturation, lightness in 0.1 % steps) with a ratio ≥ minRatio on `bg`. */
function suggest(fg: Rgba, bg: Rgba, level: 'AA' | 'AAA', minRatio: number): Suggestion {
  const { h, s, l } = toHslExact(fg);
  const label = level === 'AA' ? 'AA for normal text (and AAA for large text)' : 'AAA for normal text';
  for (let k = 1; k <= 1000; k++) {
    for (const lightness of [Math.max(0, l - k / 10), Math.min(100, l + k / 10)]) {
      const candidate = fromHsl(h, s, lightness);
      const ratio = contrastRatio(candidate, bg);
      if (ratio >= minRatio) {
        const hex = toHex(candidate);
        return {
          level,
          minRatio,
          foreground: hex,
          ratio: truncate2(ratio),
          ratioText: ratioText(ratio),
          passes: true,
          message: `Use ${hex} (${ratioText(ratio)}) as foreground to pass ${label}: same hue and saturation, lightness ${Math.round(lightness)}% instead of ${Math.round(l)}%.`,
        };
      }
    }
  }
  const black = fromHsl(h, s, 0);
  const white = fromHsl(h, s, 100);
  const best = contrastRatio(black, bg) >= contrastRatio(white, bg) ? black : white;
  const ratio = contrastRatio(best, bg);
  return {
    level,
    minRatio,
    foreground: toHex(best),
    ratio: truncate2(ratio),
    ratioText: ratioText(ratio),
    passes: false,
    message: `No foreground reaches ${minRatio}:1 on ${toHex(bg)} (the best, ${toHex(best)}, gives ${ratioText(ratio)}); change the background to pass ${label}.`,
  };
}

export default defineTool({
  slug: 'color-contrast-checker',
  title: 'WCAG colour contrast checker',
  summary: 'Check whether text and background colours contrast enough for WCAG AA and AAA.',
  keywords: {
    en: [
      'accessibility',
      'a11y',
      'WCAG AA AAA',
      'readable colours',
      'contrast ratio',
      'text on background',
      'contrast',
      'accessible colours',
      'colour contrast',
    ],
    nl: ['toegankelijkheid', 'contrast', 'leesbaarheid kleuren', 'kleurcontrast', 'toegankelijk'],
  },
  description:
    'Checks the WCAG 2 contrast ratio between a text (foreground) and a background colour and whether it passes AA (4.5:1 normal text, 3:1 large text: 18pt/24px, or 14pt/18.66px bold) and AAA (7:1 normal, 4.5:1 large). ' +
    `Colours: ${COLOR_FORMS}. A translucent foreground is laid over the background first; the background must be opaque. ` +
    'Pass/fail uses the exact ratio; `ratio` is truncated (not rounded) to 2 decimals so a failing 4.499 never shows as 4.5, and `ratioText` writes it as "4.54:1" (no trailing zeros: "21:1"). `foreground` and `background` are the compared colours as hex. ' +
    '`suggestions` is empty when AA and AAA pass for normal text; otherwise it holds, per failing level (AA, AAA), the nearest foreground with the same hue and saturation whose lightness passes, or, when none can, the best reachable colour with passes: false.',
  resultView: { kind: 'figure', field: 'ratioText', label: 'Contrast ratio', detail: ['aa.normalText', 'aaa.normalText'] },
  input: z.strictObject({
    foreground: z.string().min(1).max(100).describe('Text colour, e.g. "#777777", "rgb(119, 119, 119)", "hsl(0, 0%, 47%)"'),
    background: z.string().min(1).max(100).describe('Background colour (opaque), e.g. "#ffffff" or "white"'),
  }),
  output: z.object({
    foreground: z.string().describe('Foreground as compared (hex; composited when it was translucent)'),
    background: z.string().describe('Background (hex)'),
    ratio: z.number().describe('Contrast ratio, 1 to 21, truncated to 2 decimals'),
    ratioText: z.string().describe('e.g. "4.54:1"'),
    aa: z.object({ normalText: z.boolean(), largeText: z.boolean() }),
    aaa: z.object({ normalText: z.boolean(), largeText: z.boolean() }),
    suggestions: z.array(suggestion),
  }),
  examples: [
    {
      name: 'Black on white: the maximum, 21:1',
      input: { foreground: '#000', background: 'white' },
      output: {
        foreground: '#000000',
        background: '#ffffff',
        ratio: 21,
        ratioText: '21:1',
        aa: { normalText: true, largeText: true },
        aaa: { normalText: true, largeText: true },
        suggestions: [],
      },
    },
    {
      name: '#777777 on white just fails AA; nearest passing greys suggested',
      input: { foreground: '#777777', background: '#ffffff' },
      output: {
        foreground: '#777777',
        background: '#ffffff',
        ratio: 4.47,
        ratioText: '4.47:1',
        aa: { normalText: false, largeText: true },
        aaa: { normalText: false, largeText: false },
        suggestions: [
          {
            level: 'AA',
            minRatio: 4.5,
            foreground: '#767676',
            ratio: 4.54,
            ratioText: '4.54:1',
            passes: true,
            message:
              'Use #767676 (4.54:1) as foreground to pass AA for normal text (and AAA for large text): same hue and saturation, lightness 46% instead of 47%.',
          },
          {
            level: 'AAA',
            minRatio: 7,
            foreground: '#595959',
            ratio: 7,
            ratioText: '7:1',
            passes: true,
            message: 'Use #595959 (7:1) as foreground to pass AAA for normal text: same hue and saturation, lightness 35% instead of 47%.',
          },
        ],
      },
    },
  ],
  run({ foreground, background }) {
    const bg = parseColor(background, 'background');
    if (bg.a < 1)
      throw new ToolError(
        `background must be opaque (alpha 1), got alpha ${Math.round(bg.a * 1000) / 1000}: the colour behind it is unknown`,
      );
    const fg = composite(parseColor(foreground, 'foreground'), bg);
    const ratio = contrastRatio(fg, bg);
    const suggestions: Suggestion[] = [];
    if (ratio < AA_NORMAL) suggestions.push(suggest(fg, bg, 'AA', AA_NORMAL));
    if (ratio < AAA_NORMAL) suggestions.push(suggest(fg, bg, 'AAA', AAA_NORMAL));
    return {
      foreground: toHex(fg),
      background: toHex(bg),
      ratio: truncate2(ratio),
      ratioText: ratioText(ratio),
      aa: { normalText: ratio >= AA_NORMAL, largeText: ratio >= AA_LARGE },
      aaa: { normalText: ratio >= AAA_NORMAL, largeText: ratio >= AAA_LARGE },
      suggestions,
    };
  },
});
