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
    // `(?=\s)` first: the lookbehind then runs only before whitespace. Tried at every position, it scanned back over
    // each run of closing brackets or quotes from each of its characters (quadratic on "((((x))))…").
    const parts = trimmed.split(/(?=\s)(?<=[.!?…]+["'”’)\]]*)\s+/u);
    n += parts.filter((p) => /[\p{L}\p{N}]/u.test(p)).length;
  }
  return n;
}

export function countParagraphs(text: string): number {
  return text.split(/\n\s*\n/u).filter((p) => /\S/u.test(p)).length;
}

/**
 * A word as the frequency tools read it (word-frequency-counter, keyword-density, text-similarity): letters, digits
 * and combining marks (any script), with single apostrophes or hyphens inside (don't, e-mail). Global: use it with
 * `matchAll` or `match`, never `test`/`exec` (lastIndex).
 */
export const WORD = /[\p{L}\p{N}\p{M}]+(?:['’-][\p{L}\p{N}\p{M}]+)*/gu;

/** The words of `text` (NFC-normalised first; ’ read as '), in order, case kept. */
export function tokenizeWords(text: string): string[] {
  const out: string[] = [];
  for (const [raw] of text.normalize('NFC').matchAll(WORD)) out.push(raw.replace(/’/g, "'"));
  return out;
}

/** The NLTK English stop word list (nltk.corpus.stopwords 'english', 179 words), lower case. */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(
  `i me my myself we our ours ourselves you you're you've you'll you'd your yours yourself yourselves he him his
  himself she she's her hers herself it it's its itself they them their theirs themselves what which who whom this
  that that'll these those am is are was were be been being have has had having do does did doing a an the and but
  if or because as until while of at by for with about against between into through during before after above below
  to from up down in out on off over under again further then once here there when where why how all any both each
  few more most other some such no nor not only own same so than too very s t can will just don don't should
  should've now d ll m o re ve y ain aren aren't couldn couldn't didn didn't doesn doesn't hadn hadn't hasn hasn't
  haven haven't isn isn't ma mightn mightn't mustn mustn't needn needn't shan shan't shouldn shouldn't wasn wasn't
  weren weren't won won't wouldn wouldn't`.split(/\s+/),
);

/**
 * The Snowball Dutch stop word list (snowballstem.org, algorithms/dutch/stop.txt; BSD-3-Clause; 101 words, the same
 * list as NLTK's 'dutch'), lower case.
 */
export const DUTCH_STOP_WORDS: ReadonlySet<string> = new Set(
  `de en van ik te dat die in een hij het niet zijn is was op aan met als voor had er maar om hem dan zou of wat
  mijn men dit zo door over ze zich bij ook tot je mij uit der daar haar naar heb hoe heeft hebben deze u want nog
  zal me zij nu ge geen omdat iets worden toch al waren veel meer doen toen moet ben zonder kan hun dus alles onder
  ja eens hier wie werd altijd doch wordt wezen kunnen ons zelf tegen na reeds wil kon niets uw iemand geweest
  andere`.split(/\s+/),
);
