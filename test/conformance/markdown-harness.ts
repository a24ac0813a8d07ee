/**
 * Shared by the CommonMark and GFM conformance suites (not a test file itself).
 *
 * Comparison, in the way the spec's own runner does it (cmark `test/normalize.py`):
 * both sides are normalised, then compared as strings. Normalising means:
 *  1. re-serialise through one HTML parser/serialiser (htmlparser2 via sanitize-html with every tag and attribute
 *     allowed), so character references, attribute quoting and `<br>` vs `<br />` are written one way;
 *  2. collapse whitespace runs in text outside <pre> to one space, drop whitespace next to block-level tags, drop a
 *     newline right after <br>, and sort each tag's attributes (exactly the rules of normalize.py).
 *
 * Differences caused by sanitizing are classified by a rule, not by hand: our output is sanitized (and GFM's tag
 * filter is on), so the reference output is transformed the same documented way before comparing:
 *    reference = sanitize(tagfilter(expected))
 * where tagfilter is the GFM spec's rule (§6.11: the `<` of an opening or closing title, textarea, style, xmp,
 * iframe, noembed, noframes, script or plaintext tag becomes `&lt;`, as cmark-gfm and micromark do) and sanitize is
 * the tool's own sanitizer (run in its worker: `sanitizeInWorker`). A case whose reference differs from its expected
 * output is in the "sanitized" tier; every other case must match the spec's expected output itself ("exact" tier).
 * What still differs after that is an implementation difference, listed by example number with its reason in each
 * suite's named list (KNOWN_DIFFERENCES, SPEC_DIFFERENCES...); the suites assert that exactly those fail.
 */
import { readFileSync, existsSync } from 'node:fs';
import sanitizeHtml from 'sanitize-html';
import { sanitizeInWorker } from '../../tools/format/markdown-to-html.js';

export interface SpecExample {
  markdown: string;
  html: string;
  example: number;
  section: string;
  extension?: string;
}

export function loadExamples(file: string): SpecExample[] {
  if (!existsSync(file)) throw new Error(`conformance vectors missing: ${file}`);
  return JSON.parse(readFileSync(file, 'utf8')) as SpecExample[];
}

const BLOCK_TAGS = new Set(
  (
    'article header aside hgroup iframe blockquote hr body li map button object canvas ol caption output col p ' +
    'colgroup pre dd progress div section dl table td dt tbody embed textarea fieldset tfoot figcaption th figure ' +
    'thead footer tr form ul h1 h2 h3 h4 h5 h6 video script style'
  ).split(' '),
);

/** Step 1: one serialiser for both sides (keeps every tag and attribute; only the spelling changes). */
function reserialise(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    allowedSchemesAppliedToAttributes: [],
    parseStyleAttributes: false,
  });
}

/** Step 2: the whitespace and attribute-order rules of cmark's normalize.py. */
export function normalizeHtml(html: string): string {
  let out = '';
  let last: 'start' | 'end' | 'data' = 'start';
  let lastTag = '';
  let inPre = false;
  for (const token of reserialise(html).match(/<[^>]*>|[^<]+/g) ?? []) {
    const tag = /^<(\/?)([a-zA-Z][\w-]*)([^>]*?)(\/?)>$/.exec(token);
    if (!tag) {
      let data = token;
      const afterTag = last !== 'data';
      if (afterTag && lastTag === 'br') data = data.replace(/^\n+/, '');
      if (!inPre) data = data.replace(/\s+/g, ' ');
      if (afterTag && BLOCK_TAGS.has(lastTag) && !inPre) data = last === 'start' ? data.trimStart() : data.trim();
      out += data;
      last = 'data';
      continue;
    }
    const [, closing, rawName, attrText, selfClosing] = tag;
    const name = rawName.toLowerCase();
    if (closing) {
      if (name === 'pre') inPre = false;
      else if (BLOCK_TAGS.has(name)) out = out.trimEnd();
      out += `</${name}>`;
      last = 'end';
    } else {
      if (name === 'pre') inPre = true;
      if (BLOCK_TAGS.has(name)) out = out.trimEnd();
      const attrs = [...attrText.matchAll(/([^\s=]+)(?:="([^"]*)")?/g)].map(([, k, v]) => (v === undefined ? k : `${k}="${v}"`));
      out += `<${name}${attrs
        .sort()
        .map((a) => ' ' + a)
        .join('')}>`;
      last = selfClosing ? 'end' : 'start';
    }
    lastTag = name;
  }
  return out.trim();
}

const TAGFILTER = /<(?=\/?(?:title|textarea|style|xmp|iframe|noembed|noframes|script|plaintext)[\t\n\f\r />])/gi;

/** What our sanitised renderer must produce for a spec example, normalised. */
export async function reference(expectedHtml: string): Promise<{ html: string; sanitized: boolean }> {
  const exact = normalizeHtml(expectedHtml);
  const transformed = normalizeHtml(await sanitizeInWorker(expectedHtml.replace(TAGFILTER, '&lt;')));
  return { html: transformed, sanitized: transformed !== exact };
}

export interface SuiteResult {
  total: number;
  exactPassed: number;
  exactTotal: number;
  sanitizedPassed: number;
  sanitizedTotal: number;
  failures: { example: number; section: string; markdown: string; expected: string; actual: string }[];
}

/** Runs every example through `render` (the tool itself) and scores it against its reference. */
export async function runSuite(examples: SpecExample[], render: (md: string) => Promise<string>): Promise<SuiteResult> {
  const r: SuiteResult = { total: examples.length, exactPassed: 0, exactTotal: 0, sanitizedPassed: 0, sanitizedTotal: 0, failures: [] };
  for (const ex of examples) {
    const ref = await reference(ex.html);
    const actual = normalizeHtml(await render(ex.markdown));
    const pass = actual === ref.html;
    if (ref.sanitized) {
      r.sanitizedTotal++;
      if (pass) r.sanitizedPassed++;
    } else {
      r.exactTotal++;
      if (pass) r.exactPassed++;
    }
    if (!pass) r.failures.push({ example: ex.example, section: ex.section, markdown: ex.markdown, expected: ref.html, actual });
  }
  return r;
}
