/**
 * Text analysis for the tool search: folding, tokens, stop words and stems, the
 * same for the index (at build time) and the query (at run time).
 *
 * - Folding: NFKD, diacritics removed, lower case (`annuïteit` = `annuiteit`, `Café` = `cafe`).
 * - Tokens: runs of letters and digits; `btw-nummer` and `woon-werk` give both parts and the joined
 *   word (`btwnummer`), so compounds written with or without a hyphen meet.
 * - Stop words of English and Dutch are dropped from queries and documents.
 * - Stems: Snowball English (Porter2) and Snowball Dutch, both: a token is indexed under each of its
 *   stems, so `holidays` meets `holiday` and `werkdagen` meets `werkdag` whatever the language.
 */
import { createRequire } from 'node:module';

interface Stemmer {
  stem(word: string): string;
}

let stemmers: { en: Stemmer; nl: Stemmer } | undefined;
type SnowballLibrary = { newStemmer(language: string): Stemmer };
const fromLibrary = (lib: SnowballLibrary) => ({ en: lib.newStemmer('english'), nl: lib.newStemmer('dutch') });

/**
 * Loads snowball-stemmers (ISC) before the first query: the surfaces await this, so the bundle keeps
 * the library in a chunk of its own that a start which never searches does not parse.
 */
export async function loadStemmers(): Promise<void> {
  if (stemmers) return;
  const mod = (await import('snowball-stemmers')) as unknown as SnowballLibrary & { default?: SnowballLibrary };
  stemmers ??= fromLibrary(mod.default ?? mod);
}

/** The stemmers, loaded synchronously where nothing awaited loadStemmers() (the build, tests from source). */
function stemmersNow(): { en: Stemmer; nl: Stemmer } {
  return (stemmers ??= fromLibrary(createRequire(import.meta.url)('snowball-stemmers') as SnowballLibrary));
}

/** Lower case without diacritics. */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/ĳ/g, 'ij');
}

/**
 * English and Dutch function words: they say nothing about which tool is meant. Dutch `word` ("I become") is not
 * one of them: it is the English noun people search for (`word counter`).
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a about above after again all also am an and any are as at be because been before being below between both but by can
could did do does doing down during each few for from further had has have having he her here hers him his how i if in into
is it its itself just me more most my myself no nor not now of off on once only or other our ours out over own please same
she should so some such than that the their them then there these they this those through to too under until up very was we
were what when where which while who whom why will with would you your yours yourself want need like get give make tell show
let lets using use much many can't i'm i've what's whats it's thanks thank
aan al alle alles als ander andere bij dan dat de deze die dit doe doen door dus een eens en er ga gaan geef geven had heb
hebben heeft het hier hij hoe hun ik in is je jij jou jouw kan kun kunnen maar me meer mag met mij mijn moet moeten na
naar niet niets nog nu of om omdat onder ons ook op over te tot u uit uw van veel voor want waren was wat we wel welk welke
wie wij wil wilt worden wordt zal ze zelf zich zij zijn zo zonder zou graag even eigenlijk hoeveel waar wanneer ben bent
zit zitten staat krijg krijgen ga hoe elk elke ieder iedere every`
    .split(/\s+/)
    .filter(Boolean),
);

/** The tokens of a text: folded runs of letters and digits, hyphenated words also joined. */
export function tokens(text: string): string[] {
  const out: string[] = [];
  for (const word of fold(text).split(/[^\p{L}\p{N}'-]+/u)) {
    const parts = word.split(/['-]+/).filter(Boolean);
    if (!parts.length) continue;
    out.push(...parts);
    if (parts.length > 1) out.push(parts.join(''));
  }
  return out;
}

/** The words of a text that can name a task: tokens without stop words and one-letter noise. */
export function contentTokens(text: string): string[] {
  return tokens(text).filter((t) => !STOP_WORDS.has(t) && (t.length > 1 || /\d/.test(t)));
}

/**
 * Values people paste into a request say what it is about: `15%` is a percentage, `3/4` a fraction,
 * `#ff8800` a colour, `NL91ABNA0417164300` an IBAN, `0 9 * * 1-5` a cron expression, `MCMLXXXIV`
 * a Roman numeral, `eyJ…` a JWT, `1700000000` a Unix timestamp, `1730 hours` military time, `&amp;`
 * or `<b>` HTML. Each recognised value adds the
 * words that name its kind (queries only; the index has these words in the tools' texts).
 */
const VALUE_KINDS: [RegExp, string][] = [
  [/\d\s*%/, 'percent'],
  [/(?:^|\s)\d+\s*\/\s*\d+(?:\s|$|[?.,])/, 'fraction'],
  [/(?:^|\s)#[0-9a-f]{3}(?:[0-9a-f]{3})?\b/i, 'colour hex'],
  [/\b[A-Z]{2}\d{2}\s?[A-Z0-9]{4}\s?\d{4}\s?\d{2,}/, 'iban'],
  [/(?:^|\s)(?:[\d*/,-]+\s+){4}[\d*/,-]+(?:\s|$)|\*\/\d+/, 'cron'],
  [/(?:^|\s)(?=[MDCLXVI]{2,}(?:\s|$|[?.,]))M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})(?=\s|$|[?.,])/, 'roman numeral'],
  [/\beyJ[\w-]{5,}/, 'jwt token'],
  [/(?:^|\s)1[5-9]\d{8}(?:\d{3})?(?:\s|$)/, 'unix timestamp'],
  [/[\w.+-]+@[\w-]+\.[\w.]+/, 'email'],
  [/\b(?:[01]\d|2[0-3])[0-5]\d\s*(?:hours|hrs|uur)\b/i, 'military 24 hour'],
  [/\b\d{1,2}(?::\d{2})?\s*(?:am|pm)\b/i, 'time'],
  [/\bweek\s*\d{1,2}\b/i, 'week number'],
  [
    /\b\d{1,2}\s*(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mei|okt|mrt|maart|juni|juli)[a-z]*\b|\b(?:january|february|march|april|may|june|july|august|september|october|november|december|januari|februari|maart|april|mei|juni|juli|augustus|oktober)\s+\d{1,2}\b/i,
    'date',
  ],
  [/&(?:[a-z]+|#\d+);|<\/?[a-z][^>]*>|(?:^|\s)[<>&](?:\s|$)/i, 'html'],
];

/** The words naming the kinds of the values in a query (see VALUE_KINDS). */
export function valueWords(query: string): string[] {
  return VALUE_KINDS.filter(([re]) => re.test(query)).flatMap(([, words]) => words.split(' '));
}

/**
 * Everyday Dutch words (their Dutch stems) indexed and searched as the English term they translate,
 * so a Dutch request weighs `tekst` as common as `text` is (and matches English descriptions).
 * Words both languages use for different things (`rente`: `rent`) are left out.
 */
const DUTCH_TO_ENGLISH: Readonly<Record<string, string>> = {
  tekst: 'text',
  woord: 'word',
  getal: 'number',
  getall: 'number',
  nummer: 'number',
  regel: 'line',
  bestand: 'file',
  datum: 'date',
  dag: 'day',
  jar: 'year',
  maand: 'month',
  uur: 'hour',
  uren: 'hour',
  prijs: 'price',
  prijz: 'price',
  kost: 'cost',
  lening: 'loan',
  belast: 'tax',
  gewicht: 'weight',
  kleur: 'colour',
  wachtwoord: 'password',
  vergelijk: 'compar',
  verschil: 'differ',
  verschill: 'differ',
  tijd: 'time',
  zin: 'sentenc',
  zinn: 'sentenc',
};

const stemCache = new Map<string, readonly string[]>();
/**
 * A token's index terms: the token's English and Dutch stems (one when they agree), or the English
 * term of an everyday Dutch word. Digits stay as they are.
 */
export function termsOf(token: string): readonly string[] {
  let terms = stemCache.get(token);
  if (!terms) {
    if (/\d/.test(token) || token.length < 3) terms = [token];
    else {
      const { en, nl } = stemmersNow();
      const a = en.stem(token);
      const b = nl.stem(token);
      const english = DUTCH_TO_ENGLISH[b];
      terms = english ? [english] : a === b ? [a] : [a, b];
    }
    stemCache.set(token, terms);
  }
  return terms;
}

/**
 * The first sentence of a description: its one-line summary. A full stop ends a sentence when a
 * space and a capital (or an opening quote or bracket) follow and it does not end an abbreviation.
 */
export function summaryOf(description: string): string {
  const re = /\.\s+(?=[A-Z("'`])/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(description))) {
    const before = description.slice(Math.max(0, m.index - 6), m.index + 1);
    if (/(?:\be\.g|\bi\.e|\bU\.S|\bart|\bincl|\betc|\bvs|\bno|\bnr|\bca|\bapprox|\bal|\bSt|\bDr)\.$/i.test(before)) continue;
    return description.slice(0, m.index + 1);
  }
  return description;
}
