import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { countGraphemes } from '../_lib/graphemes.js';
import { splitLines } from '../_lib/text-lines.js';
import { countParagraphs, countSentences, countWords } from '../_lib/words.js';

/**
 * The GSM 7-bit default alphabet (3GPP TS 23.038 §6.2.1; ESC left out) and its extension table (§6.2.1.1: each
 * of these takes two septets, ESC + character). Text with any other character is sent as UCS-2 (UTF-16 units).
 */
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM_EXTENSION = new Set('\f^{}\\[~]|€');

/** SMS sizes: one message holds 160 septets or 70 UCS-2 units; a concatenated message loses 7 septets / 3 units per part to its header. */
function sms(text: string) {
  let septets = 0;
  let gsm = true;
  for (const ch of text) {
    if (GSM_BASIC.has(ch)) septets += 1;
    else if (GSM_EXTENSION.has(ch)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  const units = gsm ? septets : text.length;
  const [single, multi] = gsm ? [160, 153] : [70, 67];
  const parts = units === 0 ? 0 : units <= single ? 1 : Math.ceil(units / multi);
  return { encoding: gsm ? ('GSM-7' as const) : ('UCS-2' as const), units, parts, perPart: parts > 1 ? multi : single };
}

/** Code points in `s` (surrogate pairs once). */
function codePoints(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff && i > 0 && s.charCodeAt(i - 1) >= 0xd800 && s.charCodeAt(i - 1) <= 0xdbff) n--;
  }
  return n;
}

const count = (text: string, keep: RegExp) => codePoints(text.replace(keep, ''));

/**
 * Scripts where every code point is its own grapheme cluster (Grapheme_Cluster_Break "Other" or "Control", UAX #29):
 * ASCII, Latin-1 to Latin Extended-B, IPA, Greek, Cyrillic (without its combining marks), Latin Extended Additional,
 * general punctuation (without ZWNJ/ZWJ), CJK punctuation (without 302A–302F), kana (without 3099–309A) and CJK
 * ideographs. Only CR LF joins. Such text is counted without Intl.Segmenter, which costs about 1 µs a character.
 */
const SIMPLE =
  // eslint-disable-next-line no-control-regex -- the simple range starts at NUL
  /^[\x00-\u02FF\u0370-\u0482\u048A-\u052F\u1E00-\u1EFF\u2000-\u200B\u200E-\u205E\u3000-\u3029\u3030-\u303F\u3041-\u3096\u30A1-\u30FA\u4E00-\u9FFF]*$/;
/** Things that join a whitespace character to its neighbour in one cluster: a mark, ZWJ or skin tone after it, a Prepend character before it. */
const JOINS_SPACE =
  /\s(?:[\p{M}\u200D]|[\u{1F3FB}-\u{1F3FF}])|[\u0600-\u0605\u06DD\u070F\u0890\u0891\u08E2\u0D4E\u{110BD}\u{110CD}\u{111C2}\u{111C3}\u{1193F}\u{11941}\u{11A3A}\u{11A84}-\u{11A89}\u{11D46}]\s/u;

const crlf = (text: string) => text.split('\r\n').length - 1;

function graphemeCount(text: string): number {
  return SIMPLE.test(text) ? codePoints(text) - crlf(text) : countGraphemes(text);
}

export default defineTool({
  slug: 'character-counter',
  worker: {
    reason: "the stall test's slowest main-thread probes came from its largest inputs",
    timeMs: 5_000,
    field: 'text',
    inlineBelowChars: 50_000,
  },
  title: 'Character counter',
  summary: 'Count characters with and without spaces, letters and words, and the SMS parts a text takes.',
  keywords: {
    en: ['character count', 'letters', 'count characters', 'tweet length', 'SMS length', 'characters'],
    nl: ['tekens tellen', 'aantal tekens', 'karakters', 'tekens'],
  },
  description:
    'Counts characters as users see them (grapheme clusters: an emoji with skin tone, a flag or é count once), characters without whitespace, letters, digits, ' +
    'whitespace, punctuation, words and sentences (as word-counter counts them), paragraphs, lines, and the technical sizes: Unicode code points, UTF-16 units (JavaScript length) and UTF-8 bytes. ' +
    'Also the SMS size: GSM-7 (160 per message, 153 per part; ^{}[]~\\|€ take 2) or UCS-2 when any other character occurs (70, 67 per part). ' +
    'Optional `limit` (e.g. 280 for a post, 160 for an SMS) returns the characters remaining (negative when over). Text up to 50,000 characters.',
  resultView: { kind: 'figure', field: 'characters', label: 'Characters', detail: ['words', 'charactersNoSpaces'] },
  input: z.strictObject({
    // 50,000 characters: grapheme counting with Intl.Segmenter takes about 35 ms for 50,000 emoji-dense characters (the
    // worst case measured); plain Latin, Greek, Cyrillic and CJK text takes a fast path.
    text: z.string().max(50_000).describe('The text to count'),
    limit: z.int().min(1).max(1_000_000).optional().describe('A character limit to check against (e.g. 280)'),
  }),
  output: z.object({
    characters: z.int().describe('User-perceived characters (grapheme clusters)'),
    charactersNoSpaces: z.int().describe('Characters without whitespace'),
    letters: z.int().describe('Letters (Unicode category L, code points)'),
    digits: z.int().describe('Decimal digits (category Nd)'),
    whitespace: z.int().describe('Whitespace characters, line breaks included (\\r\\n counts 2)'),
    punctuation: z.int().describe('Punctuation (category P)'),
    words: z.int(),
    sentences: z.int(),
    paragraphs: z.int(),
    lines: z.int().describe('Lines (a final line break does not start a new line; empty text has 0)'),
    codePoints: z.int(),
    utf16Units: z.int(),
    utf8Bytes: z.int(),
    sms: z.object({
      encoding: z.enum(['GSM-7', 'UCS-2']),
      units: z.int().describe('Septets (GSM-7) or UTF-16 units (UCS-2)'),
      parts: z.int().describe('SMS messages needed'),
      perPart: z.int().describe('Units per message at this length'),
    }),
    limit: z.object({ limit: z.int(), remaining: z.int(), over: z.boolean() }).optional(),
  }),
  examples: [
    {
      name: 'Emoji with a skin tone counts as one character',
      input: { text: 'Hi 👋🏽!\nBye.' },
      output: {
        characters: 10,
        charactersNoSpaces: 8,
        letters: 5,
        digits: 0,
        whitespace: 2,
        punctuation: 2,
        words: 2,
        sentences: 2,
        paragraphs: 1,
        lines: 2,
        codePoints: 11,
        utf16Units: 13,
        utf8Bytes: 17,
        sms: { encoding: 'UCS-2', units: 13, parts: 1, perPart: 70 },
      },
    },
    {
      name: 'Against a 20-character limit; € takes two GSM-7 septets',
      input: { text: 'Price: €12.50 today', limit: 20 },
      output: {
        characters: 19,
        charactersNoSpaces: 17,
        letters: 10,
        digits: 4,
        whitespace: 2,
        punctuation: 2,
        words: 3,
        sentences: 1,
        paragraphs: 1,
        lines: 1,
        codePoints: 19,
        utf16Units: 19,
        utf8Bytes: 21,
        sms: { encoding: 'GSM-7', units: 20, parts: 1, perPart: 160 },
        limit: { limit: 20, remaining: 1, over: false },
      },
    },
  ],
  run({ text, limit }) {
    const characters = graphemeCount(text);
    const whitespace = count(text, /\S+/gu);
    // Each whitespace character is a cluster of its own (CR LF one), unless something joins it to a neighbour.
    const charactersNoSpaces = JOINS_SPACE.test(text) ? countGraphemes(text.replace(/\s+/gu, '')) : characters - whitespace + crlf(text);
    return {
      characters,
      charactersNoSpaces,
      letters: count(text, /\P{L}+/gu),
      digits: count(text, /\P{Nd}+/gu),
      whitespace,
      punctuation: count(text, /\P{P}+/gu),
      words: countWords(text),
      sentences: countSentences(text),
      paragraphs: countParagraphs(text),
      lines: splitLines(text).lines.length,
      codePoints: codePoints(text),
      utf16Units: text.length,
      utf8Bytes: Buffer.byteLength(text, 'utf8'),
      sms: sms(text),
      ...(limit === undefined ? {} : { limit: { limit, remaining: limit - characters, over: characters > limit } }),
    };
  },
});
