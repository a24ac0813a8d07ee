import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { aliasedEnum } from '../_lib/aliased-enum.js';

/** Rounds half away from zero to `places` decimals, on the decimal value (1.005 → 1.01, not 1.00). */
export function roundTo(x: number, places: number): number {
  // Shift the decimal point in the number's own text, so binary noise (1.005 is 1.00499…) does not round down.
  const [mantissa, exponent = '0'] = String(Math.abs(x)).split('e');
  const shifted = Math.round(Number(`${mantissa}e${Number(exponent) + places}`));
  const r = Math.sign(x) * Number(`${shifted}e-${places}`);
  return r === 0 ? 0 : r; // no -0
}

const MAX_VALUE = 1_000_000;

export default defineTool({
  slug: 'px-rem-converter',
  title: 'px ↔ rem converter',
  summary: 'Convert CSS pixels to rem and back, for any root font size.',
  keywords: {
    en: ['pixels to rem', 'rem to px', 'em', 'CSS units', 'font size', 'px', 'rem'],
    nl: ['pixels', 'rem', 'css eenheden', 'lettergrootte', 'px', 'pixels naar rem'],
  },
  description:
    'Converts CSS pixel values to rem and back: rem = px / rootFontSize. `direction`: "px-to-rem" (default) or "rem-to-px" ("px2rem", "rem2px" accepted). `rootFontSize` is the root (html) font size in px, default 16 (the browser default), must be > 0 and at most 1000. ' +
    `\`value\` may be negative or fractional (|value| ≤ ${MAX_VALUE.toLocaleString('en')}). Rounding: rem to 4 decimals and px to 2 decimals, half away from zero; pxText and remText show the rounded numbers without trailing zeros, e.g. "24px" and "1.5rem".`,
  resultView: { kind: 'figure', field: 'remText', label: 'Converted', choose: { by: 'direction', fields: { 'rem-to-px': 'pxText' } } },
  input: z.strictObject({
    value: z.number().min(-MAX_VALUE).max(MAX_VALUE).describe('The value to convert, in px (px-to-rem) or rem (rem-to-px)'),
    direction: aliasedEnum(['px-to-rem', 'rem-to-px'] as const, {
      aliases: { px2rem: 'px-to-rem', 'to-rem': 'px-to-rem', rem2px: 'rem-to-px', 'to-px': 'rem-to-px' },
    })
      .default('px-to-rem')
      .describe('px-to-rem (default) or rem-to-px'),
    rootFontSize: z.number().gt(0).max(1000).default(16).describe('Root font size in px (default 16), > 0'),
  }),
  output: z.object({
    input: z.number().describe('The value as given'),
    direction: z.enum(['px-to-rem', 'rem-to-px']),
    rootFontSize: z.number(),
    px: z.number().describe('Pixels, rounded to 2 decimals'),
    rem: z.number().describe('rem, rounded to 4 decimals'),
    pxText: z.string().describe('e.g. "24px"'),
    remText: z.string().describe('e.g. "1.5rem"'),
  }),
  examples: [
    {
      name: '24px at the default 16px root',
      input: { value: 24 },
      output: { input: 24, direction: 'px-to-rem', rootFontSize: 16, px: 24, rem: 1.5, pxText: '24px', remText: '1.5rem' },
    },
    {
      name: '2.5rem to px at a 10px root',
      input: { value: 2.5, direction: 'rem-to-px', rootFontSize: 10 },
      output: { input: 2.5, direction: 'rem-to-px', rootFontSize: 10, px: 25, rem: 2.5, pxText: '25px', remText: '2.5rem' },
    },
    {
      name: 'Rounding: 10px at an 18px root is 0.5556rem',
      input: { value: 10, rootFontSize: 18 },
      output: { input: 10, direction: 'px-to-rem', rootFontSize: 18, px: 10, rem: 0.5556, pxText: '10px', remText: '0.5556rem' },
    },
  ],
  run({ value, direction, rootFontSize }) {
    const px = roundTo(direction === 'px-to-rem' ? value : value * rootFontSize, 2);
    const rem = roundTo(direction === 'px-to-rem' ? value / rootFontSize : value, 4);
    return { input: value, direction, rootFontSize, px, rem, pxText: `${px}px`, remText: `${rem}rem` };
  },
});
