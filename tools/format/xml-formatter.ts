import { z } from 'zod';
import type xmlFormatter from 'xml-formatter';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { LIMITS } from '../../src/core/limits.js';
import { lazy } from '../_lib/lazy.js';
import { checkXml } from '../_lib/xml.js';

// The package's CommonJS entry assigns the function to module.exports, while its types describe an ES default export.
const loadXmlFormat = lazy(async () => (await import('xml-formatter')).default as unknown as typeof xmlFormatter.default);

const MODE_ALIASES: Record<string, string> = {
  beautify: 'pretty',
  format: 'pretty',
  indent: 'pretty',
  minified: 'minify',
  compact: 'minify',
  compress: 'minify',
};

export default defineTool({
  slug: 'xml-formatter',
  worker: { reason: '90,000 attributes take seconds to format', timeMs: 5_000, field: 'xml' },
  title: 'XML formatter and minifier',
  keywords: {
    en: ['XML pretty print', 'beautify XML', 'minify XML', 'indent XML', 'XML', 'format XML', 'pretty XML'],
    nl: ['xml opmaken', 'xml inspringen', 'xml verkleinen', 'xml', 'xml formatteren', 'xml netjes'],
  },
  description:
    'Pretty-prints or minifies an XML document. `mode`: pretty (default; one element per line, indented `indent` spaces, 1 to 8, default 2; an element holding only text or one CDATA section stays on one line, its text trimmed) or minify (whitespace between elements removed). ' +
    'Comments, CDATA sections, processing instructions (spaces before their closing ?> dropped), the XML declaration and the DOCTYPE are kept; entity references are left exactly as they are (never expanded). ' +
    'In pretty mode, text in mixed content (text beside child elements) is trimmed and put on its own line; elements with xml:space="preserve" are left alone. ' +
    'The document is checked first: malformed XML (also a second root element) is a 400 naming line and column; nesting deeper than 100 levels is refused.',
  resultView: { kind: 'code', field: 'xml', language: 'xml' },
  input: z.strictObject({
    xml: z.string().max(LIMITS.text).describe('The XML document'),
    mode: z
      .preprocess((v) => (typeof v === 'string' ? (MODE_ALIASES[v.toLowerCase()] ?? v.toLowerCase()) : v), z.enum(['pretty', 'minify']))
      .default('pretty')
      .describe('pretty (default) or minify'),
    indent: z.int().min(1).max(8).default(2).describe('Spaces per level in pretty mode, 1 to 8; default 2 (ignored when minifying)'),
  }),
  output: z.object({
    xml: z.string().describe('The formatted XML'),
  }),
  examples: [
    {
      name: 'Pretty-print keeping a comment and CDATA',
      input: { xml: '<?xml version="1.0"?><a x="1"><!-- note --><b>hi</b><c><![CDATA[<raw> & co]]></c><d/></a>' },
      output: { xml: '<?xml version="1.0"?>\n<a x="1">\n  <!-- note -->\n  <b>hi</b>\n  <c><![CDATA[<raw> & co]]></c>\n  <d/>\n</a>' },
    },
    {
      name: 'Minify',
      input: { xml: '<list>\n    <item id="1">One</item>\n    <item id="2">Two</item>\n</list>\n', mode: 'minify' },
      output: { xml: '<list><item id="1">One</item><item id="2">Two</item></list>' },
    },
  ],
  async run({ xml, mode, indent }) {
    await checkXml(xml, 'xml');
    const xmlFormat = await loadXmlFormat();
    const options = {
      collapseContent: true,
      lineSeparator: '\n',
      indentation: ' '.repeat(indent),
      whiteSpaceAtEndOfSelfclosingTag: false,
      throwOnFailure: true,
    };
    try {
      return { xml: mode === 'minify' ? xmlFormat.minify(xml, options) : xmlFormat(xml, options) };
    } catch (e) {
      throw new ToolError(`\`xml\` could not be formatted: ${(e as Error).message}`);
    }
  },
});
