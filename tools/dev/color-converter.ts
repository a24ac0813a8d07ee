import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { aliasedEnum } from '../_lib/aliased-enum.js';
import { COLOR_FORMS, parseColor, toHex, toHsb, toHsl, type Rgba } from '../_lib/color.js';

const FORMATS = ['hex', 'rgb', 'hsl', 'hsb'] as const;
type Format = (typeof FORMATS)[number];

const roundAlpha = (a: number) => Math.round(a * 1000) / 1000;
const alphaText = (a: number) => String(roundAlpha(a));

/** The colour written in one notation (CSS syntax; hsb() is not CSS but the common design-tool notation). */
function formatColor(c: Rgba, format: Format): string {
  const alpha = c.a < 1;
  switch (format) {
    case 'hex':
      return toHex(c);
    case 'rgb':
      return alpha ? `rgba(${c.r}, ${c.g}, ${c.b}, ${alphaText(c.a)})` : `rgb(${c.r}, ${c.g}, ${c.b})`;
    case 'hsl': {
      const { h, s, l } = toHsl(c);
      return alpha ? `hsla(${h}, ${s}%, ${l}%, ${alphaText(c.a)})` : `hsl(${h}, ${s}%, ${l}%)`;
    }
    case 'hsb': {
      const { h, s, b } = toHsb(c);
      return alpha ? `hsba(${h}, ${s}%, ${b}%, ${alphaText(c.a)})` : `hsb(${h}, ${s}%, ${b}%)`;
    }
  }
}

export default defineTool({
  slug: 'color-converter',
  title: 'Colour converter (hex, RGB, HSL, HSB)',
  keywords: {
    en: [
      'colour code',
      'hex to rgb',
      'rgb to hex',
      'hsl',
      'hsv',
      'color picker',
      'css color',
      'colour',
      'color',
      'convert colour',
      'hex code',
    ],
    nl: ['kleurcode', 'kleur omrekenen', 'hex', 'rgb', 'kleuren', 'kleur', 'kleurcode omzetten'],
  },
  description:
    `Converts a colour between hex, RGB, HSL and HSB (also called HSV) and returns all four. Input: ${COLOR_FORMS} (e.g. "#ff6600", "f60", "rgb(255 102 0 / 50%)", "hsl(24, 100%, 50%)", "hsb(24, 100%, 100%)", "rebeccapurple"). ` +
    'The colour is held as 8-bit sRGB, as a browser renders it: channels outside their range are clamped as CSS does, and HSL/HSB are computed from the 8-bit values and rounded to whole numbers (hue 0-359, saturation/lightness/brightness in percent), so a round trip through HSL can move a value by one. ' +
    '`hex` is lower case "#rrggbb", or "#rrggbbaa" for a translucent colour; `alpha` is 0-1 (3 decimals). `format` ("hex" default, "rgb", "hsl" or "hsb"; "hsv" accepted) picks the notation of `formatted`, a ready-to-paste string such as "rgb(255, 102, 0)".',
  resultView: { kind: 'figure', field: 'formatted', label: 'Colour' },
  input: z.strictObject({
    color: z.string().min(1).max(100).describe('The colour, e.g. "#ff6600", "rgb(255, 102, 0)", "hsl(24, 100%, 50%)", "orange"'),
    format: aliasedEnum(FORMATS, { aliases: { hsv: 'hsb', rgba: 'rgb', hsla: 'hsl', hex8: 'hex', hsba: 'hsb', hsva: 'hsb' } })
      .default('hex')
      .describe('Notation of `formatted`: hex (default), rgb, hsl or hsb'),
  }),
  output: z.object({
    hex: z.string(),
    rgb: z.object({ r: z.int(), g: z.int(), b: z.int() }),
    hsl: z.object({ h: z.int(), s: z.int(), l: z.int() }),
    hsb: z.object({ h: z.int(), s: z.int(), b: z.int() }),
    alpha: z.number().describe('Opacity 0-1 (1 = opaque)'),
    format: z.enum(FORMATS),
    formatted: z.string().describe('The colour in the requested notation'),
  }),
  examples: [
    {
      name: 'Hex to everything',
      input: { color: '#ff6600' },
      output: {
        hex: '#ff6600',
        rgb: { r: 255, g: 102, b: 0 },
        hsl: { h: 24, s: 100, l: 50 },
        hsb: { h: 24, s: 100, b: 100 },
        alpha: 1,
        format: 'hex',
        formatted: '#ff6600',
      },
    },
    {
      name: 'HSL to RGB notation',
      input: { color: 'hsl(210, 50%, 40%)', format: 'rgb' },
      output: {
        hex: '#336699',
        rgb: { r: 51, g: 102, b: 153 },
        hsl: { h: 210, s: 50, l: 40 },
        hsb: { h: 210, s: 67, b: 60 },
        alpha: 1,
        format: 'rgb',
        formatted: 'rgb(51, 102, 153)',
      },
    },
    {
      name: 'Translucent teal from rgba() to HSL notation',
      input: { color: 'rgba(0, 128, 128, 0.5)', format: 'hsl' },
      output: {
        hex: '#00808080',
        rgb: { r: 0, g: 128, b: 128 },
        hsl: { h: 180, s: 100, l: 25 },
        hsb: { h: 180, s: 100, b: 50 },
        alpha: 0.5,
        format: 'hsl',
        formatted: 'hsla(180, 100%, 25%, 0.5)',
      },
    },
  ],
  run({ color, format }) {
    const c = parseColor(color, 'color');
    return {
      hex: toHex(c),
      rgb: { r: c.r, g: c.g, b: c.b },
      hsl: toHsl(c),
      hsb: toHsb(c),
      alpha: roundAlpha(c.a),
      format,
      formatted: formatColor(c, format),
    };
  },
});
