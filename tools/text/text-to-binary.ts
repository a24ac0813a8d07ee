import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';

/** Encoding cap: 200,000 UTF-8 bytes (about 1.8 million output characters in binary with separators). */
const MAX_ENCODE_BYTES = 200_000;

const FORMATS = ['binary', 'octal', 'hex', 'decimal'] as const;
type Format = (typeof FORMATS)[number];

const RADIX: Record<Format, number> = { binary: 2, octal: 8, hex: 16, decimal: 10 };
const WIDTH: Record<Format, number> = { binary: 8, octal: 3, hex: 2, decimal: 0 };

function encode(text: string, format: Format, separator: string): { result: string; bytes: number } {
  const bytes = new TextEncoder().encode(text);
  if (bytes.length > MAX_ENCODE_BYTES)
    throw new ToolError(
      `\`text\` is ${bytes.length.toLocaleString('en-US')} UTF-8 bytes; at most ${MAX_ENCODE_BYTES.toLocaleString('en-US')} can be encoded`,
      413,
      { field: 'text' },
    );
  const out = new Array<string>(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = bytes[i].toString(RADIX[format]).padStart(WIDTH[format], '0');
  return { result: out.join(separator), bytes: bytes.length };
}

/** The prefix a value may carry in each format ("0b1010", "0o17", "0xff"). */
const PREFIX: Record<Format, string> = { binary: 'b', octal: 'o', hex: 'x', decimal: '' };
/** Characters accepted between values. */
const SEPARATOR_CHARS = /[\s,;:|._-]/u;

function digitValue(code: number, radix: number): number {
  const v = code >= 48 && code <= 57 ? code - 48 : code >= 97 && code <= 102 ? code - 87 : code >= 65 && code <= 70 ? code - 55 : 99;
  return v < radix ? v : -1;
}

/**
 * Byte values from text, in one pass. Binary and hex: when there are several groups between separators and each
 * fits one byte (≤ 8 bits, ≤ 2 hex digits), each group is one byte; otherwise the digits are concatenated and must
 * make whole bytes. Octal and decimal: each group is one byte (0–255). A "0b"/"0o"/"0x" prefix matching the format
 * is ignored.
 */
function bytesOf(text: string, format: Format): Uint8Array {
  const radix = RADIX[format];
  // Each group of digits: where it starts and ends, and its value (capped at 256 = "not a byte").
  const starts: number[] = [];
  const ends: number[] = [];
  const values: number[] = [];
  let longest = 0;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (
      c === 48 &&
      PREFIX[format] &&
      (text[i + 1] ?? '').toLowerCase() === PREFIX[format] &&
      digitValue(text.charCodeAt(i + 2), radix) >= 0
    ) {
      i += 2;
      continue;
    }
    let d = digitValue(c, radix);
    if (d >= 0) {
      const start = i;
      let value = 0;
      do {
        value = Math.min(value * radix + d, 256);
        d = digitValue(text.charCodeAt(++i), radix);
      } while (d >= 0);
      starts.push(start);
      ends.push(i);
      values.push(value);
      longest = Math.max(longest, i - start);
      continue;
    }
    const ch = String.fromCodePoint(text.codePointAt(i)!);
    if (!SEPARATOR_CHARS.test(ch))
      throw new ToolError(`\`text\` holds characters that are not ${format} digits (first: "${ch}" at position ${i + 1})`, 400, {
        field: 'text',
      });
    i += ch.length;
  }
  const perByte = format === 'binary' ? 8 : format === 'hex' ? 2 : 0;
  if (perByte && (starts.length === 1 || longest > perByte)) {
    const digits = starts.map((s, k) => text.slice(s, ends[k])).join('');
    if (digits.length % perByte !== 0)
      throw new ToolError(
        `\`text\` has ${digits.length} ${format === 'binary' ? 'bits' : 'hex digits'}; without separators between bytes it must be a multiple of ${perByte}`,
        400,
        { field: 'text' },
      );
    const out = new Uint8Array(digits.length / perByte);
    for (let k = 0; k < out.length; k++) out[k] = parseInt(digits.slice(k * perByte, (k + 1) * perByte), radix);
    return out;
  }
  const bad = values.findIndex((v) => v > 255);
  if (bad !== -1)
    throw new ToolError(
      `\`text\`: "${text.slice(starts[bad], Math.min(ends[bad], starts[bad] + 20))}" is not a byte (${format} value above 255)`,
      400,
      { field: 'text' },
    );
  return Uint8Array.from(values);
}

export default defineTool({
  slug: 'text-to-binary',
  worker: {
    reason: 'linear, but 0.1-1 s at 1,000,000 characters; under 20 ms below 50,000',
    timeMs: 5_000,
    field: 'text',
    inlineBelowChars: 50_000,
  },
  title: 'Text to binary (and back)',
  summary: 'Convert text to binary, octal or hex, and back.',
  keywords: {
    en: ['binary code', 'ones and zeros', 'hex', 'ascii to binary', 'binary to text', 'binary', 'text to binary'],
    nl: ['binaire code', 'nullen en enen', 'binair', 'tekst naar binair'],
  },
  description:
    'Encodes text as its UTF-8 bytes written in binary (8 bits per byte, default), octal (3 digits), hex (2 digits, lower case) or decimal, joined by `separator` (default a space); ' +
    'or decodes such bytes back to text (direction decode). UTF-8 means "é" is 2 bytes (11000011 10101001), unlike tools that write UTF-16 code units. ' +
    'Decoding: spaces, commas and 0x/0b prefixes are ignored; in binary and hex, digits without separators must make whole bytes (multiples of 8 bits / 2 digits), else 400; ' +
    'octal and decimal need a separator between bytes (each 0–255). Invalid UTF-8 becomes U+FFFD and `invalidUtf8` is true. Encoding is capped at 200,000 bytes, input at 500,000 characters.',
  resultView: { kind: 'text', field: 'result' },
  input: z.strictObject({
    // 500,000 characters: decoding 250,000 one-digit groups takes about 40 ms, the worst case measured.
    text: z.string().max(500_000).describe('Text to encode, or the byte values to decode'),
    direction: z.enum(['encode', 'decode']).default('encode').describe('encode (text → bytes, default) or decode (bytes → text)'),
    format: z.enum(FORMATS).default('binary').describe('binary (default), octal, hex or decimal'),
    separator: z.string().max(10).default(' ').describe('Between bytes when encoding (default a space; "" for none)'),
  }),
  output: z.object({
    result: z.string(),
    bytes: z.int().describe('Number of UTF-8 bytes'),
    invalidUtf8: z.boolean().describe('Decoding met bytes that are not valid UTF-8 (shown as U+FFFD)'),
  }),
  examples: [
    {
      // Wikipedia "UTF-8" (Encoding: é U+00E9 → C3 A9 = 11000011 10101001).
      name: 'Hi é in binary (UTF-8)',
      input: { text: 'Hi é' },
      output: { result: '01001000 01101001 00100000 11000011 10101001', bytes: 5, invalidUtf8: false },
    },
    {
      // Wikipedia "UTF-8": € U+20AC → E2 82 AC.
      name: 'Hex bytes back to text',
      input: { text: '0xE2 0x82 0xAC 32 30', direction: 'decode', format: 'hex' },
      output: { result: '€20', bytes: 5, invalidUtf8: false },
    },
  ],
  run({ text, direction, format, separator }) {
    if (direction === 'encode') return { ...encode(text, format, separator), invalidUtf8: false };
    const bytes = bytesOf(text, format);
    const result = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(bytes);
    let invalidUtf8 = false;
    try {
      new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    } catch {
      invalidUtf8 = true;
    }
    return { result, bytes: bytes.length, invalidUtf8 };
  },
});
