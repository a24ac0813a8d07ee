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

/** User-perceived characters, in linear time (see ./graphemes.ts). */
export { graphemes } from './graphemes.js';
