/**
 * Colour parsing and conversion for the colour tools. Parsing of CSS notations
 * and names is done by colord; every colour is then held as 8-bit sRGB
 * (what a browser renders), and the HSL/HSB numbers are derived from that.
 */
import { colord, extend, type Plugin } from 'colord';
import namesModule from 'colord/plugins/names';
import { ToolError } from '../../src/core/tool.js';

// colord's .d.ts files describe its CommonJS build; an ESM import yields the plugin function itself.
const names: unknown = namesModule;
extend([(typeof names === 'function' ? names : (names as { default: Plugin }).default) as Plugin]);

/** 8-bit sRGB channels (integers 0-255) and alpha 0-1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

const NUM = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)`;
const HSB = new RegExp(
  String.raw`^hs[bv]a?\(\s*(${NUM})(?:deg)?\s*[,\s]\s*(${NUM})%?\s*[,\s]\s*(${NUM})%?\s*(?:[,/]\s*(${NUM})(%)?\s*)?\)$`,
  'i',
);

export const COLOR_FORMS =
  'hex (#rgb, #rgba, #rrggbb, #rrggbbaa; the # may be left out), rgb()/rgba(), hsl()/hsla(), hsb()/hsv() or a CSS colour name';

/** Parses a colour; the 400 names `field`. Channels outside their range are clamped, as CSS does. */
export function parseColor(text: string, field: string): Rgba {
  const s = text.trim();
  const hex = /^#?([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(s);
  if (hex) {
    let digits = hex[1];
    if (digits.length <= 4) digits = [...digits].map((d) => d + d).join('');
    const byte = (i: number) => parseInt(digits.slice(2 * i, 2 * i + 2), 16);
    return { r: byte(0), g: byte(1), b: byte(2), a: digits.length === 8 ? byte(3) / 255 : 1 };
  }
  const hsb = HSB.exec(s);
  const c = hsb
    ? colord({
        h: Number(hsb[1]),
        s: Number(hsb[2]),
        v: Number(hsb[3]),
        a: hsb[4] === undefined ? 1 : Number(hsb[4]) / (hsb[5] ? 100 : 1),
      })
    : colord(s.toLowerCase());
  if (!c.isValid()) throw new ToolError(`${field}: cannot read ${JSON.stringify(s.slice(0, 60))} as a colour; use ${COLOR_FORMS}`);
  const { r, g, b, a } = c.rgba;
  return { r: Math.round(r), g: Math.round(g), b: Math.round(b), a: Math.min(1, Math.max(0, a)) };
}

const hex2 = (n: number) => n.toString(16).padStart(2, '0');

/** "#rrggbb", or "#rrggbbaa" when not opaque. */
export function toHex({ r, g, b, a }: Rgba): string {
  return `#${hex2(r)}${hex2(g)}${hex2(b)}${a < 1 ? hex2(Math.round(a * 255)) : ''}`;
}

/** Hue (degrees, 0 ≤ h < 360), unrounded, plus max/min channel (0-1). */
function hueMaxMin({ r, g, b }: Rgba): { h: number; max: number; min: number } {
  const [R, G, B] = [r / 255, g / 255, b / 255];
  const max = Math.max(R, G, B);
  const min = Math.min(R, G, B);
  const d = max - min;
  let h = 0;
  if (d > 0) {
    if (max === R) h = ((G - B) / d) % 6;
    else if (max === G) h = (B - R) / d + 2;
    else h = (R - G) / d + 4;
    h *= 60;
    if (h < 0) h += 360;
  }
  return { h, max, min };
}

/** HSL, unrounded: h in degrees, s and l in percent. */
export function toHslExact(c: Rgba): { h: number; s: number; l: number } {
  const { h, max, min } = hueMaxMin(c);
  const l = (max + min) / 2;
  const s = max === min ? 0 : (max - min) / (1 - Math.abs(2 * l - 1));
  return { h, s: s * 100, l: l * 100 };
}

const roundHue = (h: number) => Math.round(h) % 360;

export function toHsl(c: Rgba): { h: number; s: number; l: number } {
  const { h, s, l } = toHslExact(c);
  return { h: roundHue(h), s: Math.round(s), l: Math.round(l) };
}

/** HSB (= HSV): h in degrees, s and b in percent, rounded to integers. */
export function toHsb(c: Rgba): { h: number; s: number; b: number } {
  const { h, max, min } = hueMaxMin(c);
  return { h: roundHue(h), s: Math.round(max === 0 ? 0 : ((max - min) / max) * 100), b: Math.round(max * 100) };
}

/** HSL (h degrees, s and l percent) to 8-bit RGB. */
export function fromHsl(h: number, s: number, l: number): Rgba {
  const S = s / 100;
  const L = l / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = S * Math.min(L, 1 - L);
  const f = (n: number) => L - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return { r: Math.round(f(0) * 255), g: Math.round(f(8) * 255), b: Math.round(f(4) * 255), a: 1 };
}

/** WCAG 2 relative luminance of an 8-bit sRGB colour. */
export function relativeLuminance({ r, g, b }: Rgba): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2 contrast ratio (1 to 21), unrounded. */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** `top` with its alpha laid over an opaque `bottom`, rounded to 8 bits. */
export function composite(top: Rgba, bottom: Rgba): Rgba {
  const mix = (t: number, u: number) => Math.round(t * top.a + u * (1 - top.a));
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}
