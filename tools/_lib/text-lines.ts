/**
 * Line and grapheme helpers shared by the line tools (sort, dedupe, reverse).
 * A text is split on \r\n, \n or \r; it is joined again with the first line
 * break it used, and a final line break is kept as a final line break (it
 * does not count as an empty last line).
 */
export interface SplitText {
  lines: string[];
  /** The line break to join with: the first one the text used, else "\n". */
  eol: string;
  /** Whether the text ended with a line break. */
  trailing: boolean;
}

export function splitLines(text: string): SplitText {
  const eol = /\r\n|\n|\r/.exec(text)?.[0] ?? '\n';
  if (text === '') return { lines: [], eol, trailing: false };
  const lines = text.split(/\r\n|\n|\r/);
  const trailing = lines.length > 1 && lines[lines.length - 1] === '';
  if (trailing) lines.pop();
  return { lines, eol, trailing };
}

export function joinLines(lines: readonly string[], { eol, trailing }: Pick<SplitText, 'eol' | 'trailing'>): string {
  if (lines.length === 0) return '';
  return lines.join(eol) + (trailing ? eol : '');
}

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * Characters between which a grapheme boundary is certain under every UAX #29 rule: letters of
 * scripts without combining logic of their own (Latin, Greek, Cyrillic, Han, kana, Hangul
 * syllables), printable ASCII and punctuation. None of them is Extend, SpacingMark, Prepend,
 * ZWJ, a regional indicator or a conjoining jamo.
 */
const SAFE = /^[\x20-\x7e\p{P}\p{Zs}\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\uac00-\ud7a3]$/u;
const CHUNK = 2048;

/** A cut at or after `from` with a certain boundary on both sides, or -1. */
function safeCut(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    if (SAFE.test(text[i]) && SAFE.test(text[i - 1])) return i;
  }
  return -1;
}

/**
 * User-perceived characters: an emoji with modifiers or a letter with combining accents stays one item.
 * Long texts are segmented in chunks cut at certain boundaries, because V8's segmenter slows down
 * quadratically on very long strings.
 */
export function graphemes(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  while (text.length - start > CHUNK) {
    const cut = safeCut(text, start + CHUNK);
    if (cut < 0) break;
    for (const s of segmenter.segment(text.slice(start, cut))) out.push(s.segment);
    start = cut;
  }
  for (const s of segmenter.segment(text.slice(start))) out.push(s.segment);
  return out;
}
