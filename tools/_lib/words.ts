/**
 * Words, sentences and paragraphs as the text tools count them (word-counter,
 * reading-time-calculator, readability...): one definition for all.
 */

/** A word is a whitespace-separated token with at least one letter or digit. */
export function countWords(text: string): number {
  let n = 0;
  for (const token of text.split(/\s+/u)) if (/[\p{L}\p{N}]/u.test(token)) n++;
  return n;
}

/** Sentences end at . ! ? … (optionally followed by quotes or brackets) before whitespace, and at a paragraph break. */
export function countSentences(text: string): number {
  let n = 0;
  for (const paragraph of text.split(/\n\s*\n/u)) {
    const trimmed = paragraph.trim();
    if (!/[\p{L}\p{N}]/u.test(trimmed)) continue;
    const parts = trimmed.split(/(?<=[.!?…]+["'”’)\]]*)\s+/u);
    n += parts.filter((p) => /[\p{L}\p{N}]/u.test(p)).length;
  }
  return n;
}

export function countParagraphs(text: string): number {
  return text.split(/\n\s*\n/u).filter((p) => /\S/u.test(p)).length;
}
