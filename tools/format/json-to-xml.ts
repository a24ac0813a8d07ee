import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { LIMITS } from '../../src/core/limits.js';
import { parseJsonField } from '../_lib/json-text.js';

/** Keys with this prefix become attributes and `#text` the element text, mirroring xml-to-json's defaults. */
const ATTRIBUTE_PREFIX = '@_';
const TEXT_KEY = '#text';
const INDENT = '  ';
const XML_NAME = /^[\p{L}_][\p{L}\p{N}_.-]*$/u;
/** Characters XML 1.0 does not allow at all (controls other than tab/LF/CR, U+FFFE/U+FFFF, unpaired surrogates). */
// eslint-disable-next-line no-control-regex -- these control characters are what it finds
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDFFF]/u;

/** A JSON key as an element or attribute name: other characters become _, a name may not start with a digit, - or . */
function xmlName(key: string): string {
  if (XML_NAME.test(key)) return key;
  const name = key.replace(/[^\p{L}\p{N}_.-]/gu, '_');
  return /^[\p{L}_]/u.test(name) ? name : `_${name}`;
}

function escapeText(s: string, path: string): string {
  const bad = NOT_XML.exec(s);
  if (bad)
    throw new ToolError(
      `\`json\` at ${path} holds U+${bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}, a character XML 1.0 cannot contain`,
    );
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(s: string, path: string): string {
  return escapeText(s, path).replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
}

const scalarText = (v: unknown) => (typeof v === 'string' ? v : String(v));

/** The lines of element `name` holding `value`, at nesting `level`. */
function element(name: string, value: unknown, level: number, path: string, out: string[]): void {
  const pad = INDENT.repeat(level);
  if (Array.isArray(value)) {
    // Array items repeat the parent key; an array inside an array becomes <item> elements.
    for (const [i, item] of value.entries()) element(name, Array.isArray(item) ? { item } : item, level, `${path}[${i}]`, out);
    return;
  }
  if (value === null) return void out.push(`${pad}<${name}/>`);
  if (typeof value !== 'object') return void out.push(`${pad}<${name}>${escapeText(scalarText(value), path)}</${name}>`);
  let attributes = '';
  let text = '';
  const children: Array<[string, unknown]> = [];
  for (const [key, child] of Object.entries(value)) {
    if (key.startsWith(ATTRIBUTE_PREFIX) && key.length > ATTRIBUTE_PREFIX.length && (child === null || typeof child !== 'object'))
      attributes += ` ${xmlName(key.slice(ATTRIBUTE_PREFIX.length))}="${escapeAttribute(child === null ? '' : scalarText(child), `${path}.${key}`)}"`;
    else if (key === TEXT_KEY && (child === null || typeof child !== 'object'))
      text = escapeText(child === null ? '' : scalarText(child), `${path}.${key}`);
    else children.push([key, child]);
  }
  const start = out.length;
  out.push(`${pad}<${name}${attributes}>`);
  if (text) out.push(`${pad}${INDENT}${text}`);
  const before = out.length;
  for (const [key, child] of children) element(xmlName(key), child, level + 1, `${path}.${key}`, out);
  if (out.length > before) return void out.push(`${pad}</${name}>`);
  // Only empty arrays among the children: nothing was written, so the element is empty after all.
  out.length = start;
  out.push(text ? `${pad}<${name}${attributes}>${text}</${name}>` : `${pad}<${name}${attributes}/>`);
}

export default defineTool({
  slug: 'json-to-xml',
  worker: { reason: 'recurses per nesting level of the JSON', timeMs: 5_000, field: 'json' },
  title: 'JSON to XML',
  summary: 'Convert JSON to an indented XML document.',
  keywords: {
    en: ['JSON to XML', 'convert', 'XML document', 'JSON', 'XML', 'convert JSON to XML'],
    nl: ['json naar xml', 'xml-bestand maken', 'json', 'xml', 'json omzetten'],
  },
  description:
    'Converts JSON to an indented XML document (2 spaces) inside one root element named `rootName` (default "root"). ' +
    'Object keys become child elements; array items repeat the parent key (`{"a":[1,2]}` → `<a>1</a><a>2</a>`); an array inside an array becomes <item> elements; ' +
    'a top-level array becomes one <item> element per entry inside the root; null, empty objects and empty arrays inside the root become self-closing tags (<a/>; an empty array elsewhere writes nothing); an empty string gives <a></a>. ' +
    'Keys starting with "@_" become attributes and "#text" the element text (the defaults of xml-to-json, so its output converts back). ' +
    'Keys that are not valid XML names are made valid: other characters become _, and a name starting with a digit, - or . gets a leading _. ' +
    'Text is escaped (&amp; &lt; &gt;; also &quot; in attributes). `declaration` (default true) starts the document with <?xml version="1.0" encoding="UTF-8"?>. ' +
    'Strings holding characters XML 1.0 forbids (control characters, lone surrogates) are a 400; nesting is capped at 100 levels.',
  resultView: { kind: 'code', field: 'xml', language: 'xml' },
  input: z.strictObject({
    json: z.string().max(LIMITS.text).describe('The JSON text to convert'),
    rootName: z
      .string()
      .max(100)
      .regex(XML_NAME)
      .default('root')
      .describe('Name of the root element (a valid XML name: a letter or _, then letters, digits, _, - or .); default "root"'),
    declaration: z.boolean().default(true).describe('Start with an XML declaration (default true)'),
  }),
  output: z.object({
    xml: z.string().describe('The XML document'),
  }),
  examples: [
    {
      name: 'Object with an array, null and an attribute',
      input: {
        json: '{"@_id":"7","name":"Pen & ink","tags":["a","b"],"gift":null,"price":{"@_cur":"EUR","#text":2.5}}',
        rootName: 'product',
      },
      output: {
        xml: '<?xml version="1.0" encoding="UTF-8"?>\n<product id="7">\n  <name>Pen &amp; ink</name>\n  <tags>a</tags>\n  <tags>b</tags>\n  <gift/>\n  <price cur="EUR">2.5</price>\n</product>',
      },
    },
    {
      name: 'Top-level array without declaration',
      input: { json: '[{"n":1},{},true]', declaration: false },
      output: { xml: '<root>\n  <item>\n    <n>1</n>\n  </item>\n  <item/>\n  <item>true</item>\n</root>' },
    },
  ],
  async run({ json, rootName, declaration }) {
    const value = await parseJsonField(json, 'json');
    const out: string[] = declaration ? ['<?xml version="1.0" encoding="UTF-8"?>'] : [];
    element(rootName, Array.isArray(value) ? { item: value } : value, 0, 'the top level', out);
    return { xml: out.join('\n') };
  },
});
