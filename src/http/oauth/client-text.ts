/**
 * Text a client says about itself that a person reads (its name on the consent page and under Connected
 * applications). Nothing in it may make one application look like another or hide what it is:
 *
 * - NFC-normalised; every run of white space (any Unicode space, tab, line break) becomes one space;
 * - removed: control (Cc), format (Cf: the bidi controls U+202A-U+202E and U+2066-U+2069, U+200E/U+200F,
 *   zero-width U+200B-U+200D, U+2060, U+FEFF, tag characters), private-use, unassigned and lone surrogate
 *   characters, and the letters that draw nothing (Hangul fillers, the blank Braille pattern, U+034F, U+17B4/5);
 * - at most 4 combining marks in a row (stacked marks would draw over the lines around the name);
 * - then trimmed, and refused when no letter, digit, punctuation or symbol is left or when longer than
 *   100 characters (code points). Refused, never cut: what is registered is what is shown.
 */
import { HttpError } from '../../core/errors.js';

export const MAX_NAME = 100;
/** Longer input is refused before any work on it. */
const MAX_RAW = 1000;

const SPACES = /[\s\p{Z}]+/gu;
// U+034F, U+17B4 and U+17B5 are combining marks: outside the class, which would read them as joined to the character before.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\u115F\u1160\u2800\u3164\uFFA0]|\u034F|\u17B4|\u17B5/gu;
const STACKED = /(\p{M}{4})\p{M}+/gu;
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

/** The text as it may be shown (possibly empty or over-long: see `clientText`). */
export function cleanText(raw: string): string {
  return raw
    .normalize('NFC')
    .replace(SPACES, ' ')
    .replace(INVISIBLE, '')
    .replace(/ {2,}/g, ' ')
    .replace(STACKED, '$1')
    .trim()
    .normalize('NFC');
}

/** A client's text field, cleaned; a 400 naming the field when it is not a string, nothing visible is left, or it is too long. */
export function clientText(raw: unknown, field: string, max = MAX_NAME): string {
  const size = () => new HttpError(`\`${field}\` must be a string of 1 to ${max} characters`, 400);
  if (typeof raw !== 'string' || raw.length > MAX_RAW) throw size();
  const text = cleanText(raw);
  if (!VISIBLE.test(text))
    throw new HttpError(`\`${field}\` must contain visible characters (white space, control and invisible characters are removed)`, 400);
  if ([...text].length > max) throw size();
  return text;
}

/** A stored name as it may be shown, whenever it was stored: cleaned, or `fallback` when nothing visible is left. */
export function shownText(stored: string, fallback: string, max = MAX_NAME): string {
  const text = cleanText(stored.slice(0, MAX_RAW));
  if (!VISIBLE.test(text)) return fallback;
  const points = [...text];
  return points.length > max ? `${points.slice(0, max - 1).join('')}…` : text;
}
