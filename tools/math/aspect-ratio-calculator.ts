import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { clean, reduceTerms } from './_rational.js';
import { roundHalfAway } from '../_lib/money.js';

/**
 * Aspect ratios (catalogue §7; Wikipedia "Aspect ratio (image)", "Display resolution"):
 * - reduce: width:height divided by their gcd (1920×1080 → 16:9; 1366×768 → 683:384, which is only ≈ 16:9), the
 *   decimal ratio and the nearest common ratio, compared on long side / short side so portrait sizes match too
 *   (1080×1920 → 9:16). "21:9" is the marketing name of 64:27 (2560×1080), listed as 64:27.
 * - solve: the missing side for a ratio, exact and rounded half-up to a whole pixel.
 */
const MODES = ['reduce', 'solve'] as const;
/** [name, long, short]. */
const COMMON: [string, number, number][] = [
  ['1:1', 1, 1],
  ['5:4', 5, 4],
  ['4:3', 4, 3],
  ['3:2', 3, 2],
  ['16:10', 16, 10],
  ['5:3', 5, 3],
  ['16:9', 16, 9],
  ['1.85:1', 1.85, 1],
  ['2:1', 2, 1],
  ['64:27', 64, 27],
  ['2.39:1', 2.39, 1],
  ['32:9', 32, 9],
];
const side = (d: string) => z.number().positive().max(1e9).optional().describe(d);

export default defineTool({
  slug: 'aspect-ratio-calculator',
  title: 'Aspect ratio calculator',
  keywords: {
    en: ['aspect ratio', '16:9', '4:3', 'resize', 'image dimensions', 'video resolution', 'ratio'],
    nl: ['beeldverhouding', 'schermverhouding', 'afmetingen', 'resolutie', 'verhouding', '16:9'],
  },
  description:
    'Aspect ratio of a screen, image or video (16:9, 4:3, 21:9), or the missing width or height for a ratio. mode reduce: width and height → reduced ratio (gcd; 1920×1080 → 16:9), decimal, and the nearest common ratio (1:1 5:4 4:3 3:2 16:10 5:3 16:9 1.85:1 2:1 64:27 (“21:9”) 2.39:1 32:9, portrait flipped) with its % difference: 1366×768 is 683:384, ≈ 16:9. ' +
    'mode solve: ratioWidth:ratioHeight plus width or height → the other side, exact and rounded half-up to a whole pixel.',
  resultView: { kind: 'figure', field: 'ratio', label: 'Ratio', detail: ['nearestCommon.ratio', 'widthRounded', 'heightRounded'] },
  input: z.strictObject({
    mode: z.enum(MODES).default('reduce').describe('reduce or solve'),
    width: side('Width, greater than 0'),
    height: side('Height, greater than 0'),
    ratioWidth: side('Ratio width, e.g. 16 (solve)'),
    ratioHeight: side('Ratio height, e.g. 9 (solve)'),
  }),
  output: z.object({
    mode: z.enum(MODES),
    width: z.number(),
    height: z.number(),
    ratio: z.string(),
    decimal: z.number(),
    nearestCommon: z.object({ ratio: z.string(), decimal: z.number(), differencePercent: z.number(), exact: z.boolean() }),
    widthRounded: z.number().nullable(),
    heightRounded: z.number().nullable(),
  }),
  examples: [
    // Wikipedia "Display resolution": 1366×768 is marketed as 16:9 but is 683:384 ≈ 1.7786.
    {
      name: '1366×768 is only approximately 16:9',
      input: { width: 1366, height: 768 },
      output: {
        mode: 'reduce',
        width: 1366,
        height: 768,
        ratio: '683:384',
        decimal: 1.77864583333333,
        nearestCommon: { ratio: '16:9', decimal: 1.77777777777778, differencePercent: 0.048828125, exact: false },
        widthRounded: null,
        heightRounded: null,
      },
    },
    // Wikipedia "16:9 aspect ratio": 1280×720 (HD) is 16:9; solve the height of a 1280-wide 16:9 frame.
    {
      name: 'Height of a 16:9 frame 1280 wide',
      input: { mode: 'solve', ratioWidth: 16, ratioHeight: 9, width: 1280 },
      output: {
        mode: 'solve',
        width: 1280,
        height: 720,
        ratio: '16:9',
        decimal: 1.77777777777778,
        nearestCommon: { ratio: '16:9', decimal: 1.77777777777778, differencePercent: 0, exact: true },
        widthRounded: 1280,
        heightRounded: 720,
      },
    },
  ],
  run(input) {
    const { mode } = input;
    let width: number, height: number, ratioW: number, ratioH: number;
    let rounded = false;
    if (mode === 'solve') {
      if (input.ratioWidth === undefined || input.ratioHeight === undefined)
        throw new ToolError('mode solve needs `ratioWidth` and `ratioHeight`', 400, {
          field: input.ratioWidth === undefined ? 'ratioWidth' : 'ratioHeight',
        });
      if ((input.width === undefined) === (input.height === undefined))
        throw new ToolError('mode solve needs exactly one of `width` and `height`', 400, { field: 'width' });
      ratioW = input.ratioWidth;
      ratioH = input.ratioHeight;
      width = input.width ?? clean(((input.height as number) * ratioW) / ratioH);
      height = input.height ?? clean(((input.width as number) * ratioH) / ratioW);
      rounded = true;
    } else {
      if (input.width === undefined || input.height === undefined)
        throw new ToolError('mode reduce needs `width` and `height`', 400, { field: input.width === undefined ? 'width' : 'height' });
      width = ratioW = input.width;
      height = ratioH = input.height;
    }
    const decimal = ratioW / ratioH;
    const [long, short] = ratioW >= ratioH ? [ratioW, ratioH] : [ratioH, ratioW];
    let best = COMMON[0];
    let bestDiff = Infinity;
    for (const c of COMMON) {
      // |long/short − c1/c2| / (c1/c2), cross-multiplied: exact for whole pixel sizes
      const diff = Math.abs(long * c[2] - short * c[1]) / (short * c[1]);
      if (diff < bestDiff) [best, bestDiff] = [c, diff];
    }
    const portrait = decimal < 1;
    const name = portrait ? best[0].split(':').reverse().join(':') : best[0];
    const commonDecimal = portrait ? best[2] / best[1] : best[1] / best[2];
    return {
      mode,
      width,
      height,
      ratio: reduceTerms([ratioW, ratioH]).terms.join(':'),
      decimal: clean(decimal),
      nearestCommon: { ratio: name, decimal: clean(commonDecimal), differencePercent: clean(bestDiff * 100), exact: bestDiff < 1e-12 },
      widthRounded: rounded ? roundHalfAway(width) : null,
      heightRounded: rounded ? roundHalfAway(height) : null,
    };
  },
});
