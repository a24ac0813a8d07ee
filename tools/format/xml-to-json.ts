import { z } from 'zod';
import type { decodeXML as DecodeXml } from 'entities';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { LIMITS } from '../../src/core/limits.js';
import { MAX_DEPTH, jsonIndent, printJson } from '../_lib/json-text.js';
import { lazy } from '../_lib/lazy.js';
import { checkXml, loadFastXmlParser, withoutDoctype } from '../_lib/xml.js';

const loadEntities = lazy(() => import('entities'));

/** A node of fast-xml-parser's order-preserving tree. */
type OrderedNode = { [tag: string]: OrderedNode[] } & {
  ':@'?: Record<string, string>;
  '#text'?: string;
  '#cdata'?: Array<{ '#text': string }>;
};
type Converted = string | { [key: string]: Converted | Converted[] };

/** Sets a key on a plain object, `__proto__` included, as an own property. */
function put(obj: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * One element's content: a string when it has only text (or nothing), else
 * an object of prefixed attributes, child elements (repeated names become
 * arrays) and the element's own text under `#text`.
 */
function convert(
  children: OrderedNode[],
  attributes: Record<string, string> | undefined,
  prefix: string,
  decodeXML: typeof DecodeXml,
): Converted {
  const obj: Record<string, Converted | Converted[]> = {};
  for (const [name, value] of Object.entries(attributes ?? {})) put(obj, prefix + name, decodeXML(value));
  const texts: string[] = [];
  for (const node of children) {
    if (node['#text'] !== undefined) {
      const text = decodeXML(String(node['#text'])).trim();
      if (text) texts.push(text);
    } else if (node['#cdata']) texts.push(node['#cdata'].map((t) => t['#text']).join(''));
    else {
      const tag = Object.keys(node).find((k) => k !== ':@')!;
      const value = convert(node[tag], node[':@'], prefix, decodeXML);
      const seen = Object.hasOwn(obj, tag) ? obj[tag] : undefined;
      put(obj, tag, seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value]);
    }
  }
  const text = texts.join(' ');
  if (Object.keys(obj).length === 0) return text;
  if (text) put(obj, '#text', text);
  return obj;
}

export default defineTool({
  slug: 'xml-to-json',
  worker: { reason: 'the XML parser recurses per nesting level; many attributes take seconds', timeMs: 5_000, field: 'xml' },
  title: 'XML to JSON',
  summary: 'Convert an XML document to JSON.',
  keywords: {
    en: ['XML to JSON', 'parse XML', 'convert XML', 'XML', 'JSON', 'convert XML to JSON'],
    nl: ['xml naar json', 'xml omzetten', 'xml', 'json'],
  },
  description:
    'Converts an XML document to JSON: `value` is an object with one key, the root element. ' +
    'An element with only text becomes a string (values stay strings: "007" is not turned into 7; an empty element becomes ""). ' +
    'An element with attributes or children becomes an object: attributes under their name with `attributePrefix` (default "@_"), child elements under their name, repeated child elements as an array in document order, and the element\'s own text under "#text" (text pieces around child elements are trimmed and joined with one space). ' +
    'CDATA becomes text as is; comments and processing instructions are dropped. The five XML entities and numeric character references are decoded; ' +
    'DTD entities are NOT expanded (their references stay as written, e.g. "&lol9;"), nothing is ever fetched, so entity bombs and external entities are harmless. ' +
    '`dropNamespaces` (default false) removes namespace prefixes from names and drops xmlns attributes. `indent` formats `json` (0 to 8, default 2). ' +
    `\`elements\` counts the elements. Malformed XML (also a second root element) is a 400 naming line and column; nesting deeper than ${MAX_DEPTH} levels is refused, and so are element or attribute names such as __proto__ that could pollute JavaScript objects.`,
  resultView: { kind: 'code', field: 'json', language: 'json' },
  input: z.strictObject({
    xml: z.string().max(LIMITS.text).describe('The XML document'),
    attributePrefix: z.string().min(1).max(20).default('@_').describe('Prefix of attribute keys (default "@_")'),
    dropNamespaces: z
      .boolean()
      .default(false)
      .describe('Strip namespace prefixes (ns:tag → tag) and drop xmlns attributes (default false)'),
    indent: jsonIndent,
  }),
  output: z.object({
    value: z.record(z.string(), z.unknown()).describe('The document, keyed by the root element name'),
    json: z.string().describe('`value` as JSON text'),
    elements: z.int().describe('Number of elements in the document'),
  }),
  examples: [
    {
      name: 'Attributes, repeated elements and text',
      input: { xml: '<order id="7"><item sku="A1">Pen</item><item sku="B2">Ink</item><note>Fast &amp; free</note></order>', indent: 0 },
      output: {
        value: {
          order: {
            '@_id': '7',
            item: [
              { '@_sku': 'A1', '#text': 'Pen' },
              { '@_sku': 'B2', '#text': 'Ink' },
            ],
            note: 'Fast & free',
          },
        },
        json: '{"order":{"@_id":"7","item":[{"@_sku":"A1","#text":"Pen"},{"@_sku":"B2","#text":"Ink"}],"note":"Fast & free"}}',
        elements: 4,
      },
    },
    {
      name: 'Namespaces dropped, own attribute prefix, mixed text',
      input: {
        xml: '<?xml version="1.0"?>\n<x:doc xmlns:x="urn:x">\n  <x:p lang="nl">Hallo <b>wereld</b>!</x:p>\n  <empty/>\n</x:doc>',
        attributePrefix: '@',
        dropNamespaces: true,
      },
      output: {
        value: { doc: { p: { '@lang': 'nl', b: 'wereld', '#text': 'Hallo !' }, empty: '' } },
        json: '{\n  "doc": {\n    "p": {\n      "@lang": "nl",\n      "b": "wereld",\n      "#text": "Hallo !"\n    },\n    "empty": ""\n  }\n}',
        elements: 4,
      },
    },
  ],
  async run({ xml, attributePrefix, dropNamespaces, indent }) {
    const shape = await checkXml(xml, 'xml');
    const [{ XMLParser }, { decodeXML }] = await Promise.all([loadFastXmlParser(), loadEntities()]);
    const parser = new XMLParser({
      preserveOrder: true,
      ignoreAttributes: false,
      attributeNamePrefix: '',
      removeNSPrefix: dropNamespaces,
      parseTagValue: false,
      parseAttributeValue: false,
      processEntities: false,
      ignoreDeclaration: true,
      ignorePiTags: true,
      cdataPropName: '#cdata',
      trimValues: false,
      maxNestedTags: MAX_DEPTH + 1,
    });
    let tree: OrderedNode[];
    try {
      tree = parser.parse(withoutDoctype(xml, shape)) as OrderedNode[];
    } catch (e) {
      // The parser refuses names such as __proto__ or constructor, which could pollute prototypes.
      throw new ToolError(`\`xml\` cannot be converted: ${(e as Error).message.replace(/^\[SECURITY\]\s*/, '')}`, 400, { field: 'xml' });
    }
    const root = tree.find((node) => Object.keys(node).some((k) => k !== ':@' && !k.startsWith('#')))!;
    const value = convert([root], undefined, attributePrefix, decodeXML) as Record<string, Converted>;
    return { value, json: printJson(value, indent), elements: shape.elements };
  },
});
