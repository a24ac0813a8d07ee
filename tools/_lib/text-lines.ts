/**
 * Line and grapheme helpers shared by the line tools (sort, dedupe, reverse).
 * A text is split on \r\n, \n or \r; it is joined again with the first line
 * break it used (tools that reorder lines), or with each line's own break
 * (tools that change lines in place), and a final line break is kept as a
 * final line break (it does not count as an empty last line).
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

/**
 * `lines` (one per line of `text`, in the same order: the tools that change lines in place) joined with the
 * line break `text` had after each, so a text with mixed breaks keeps every one of them.
 */
export function joinWithOwnBreaks(text: string, lines: readonly string[]): string {
  const breaks = text.match(/\r\n|\n|\r/g) ?? [];
  let out = '';
  lines.forEach((line, i) => (out += line + (breaks[i] ?? '')));
  return out;
}

/** User-perceived characters, in linear time (see ./graphemes.ts). */
export { graphemes } from './graphemes.js';
