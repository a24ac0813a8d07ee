import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { LIMITS } from '../../src/core/limits.js';
import { parseJsonField } from '../_lib/json-text.js';
import { lazy } from '../_lib/lazy.js';

/**
 * The yaml library (loaded on first use) and `readsAsAnotherType`: whether a
 * plain scalar would not be read as a string, by the implicit (untagged)
 * types of the YAML 1.2 core schema and of YAML 1.1, which many readers still
 * follow (yes/no/on/off, 0755, 1:20, 2024-01-31, <<).
 */
const loadYaml = lazy(async () => {
  const YAML = await import('yaml');
  const implicitTypes: RegExp[] = ['1.1', '1.2'].flatMap((version) =>
    new YAML.Document(null, { version: version as '1.1' | '1.2' }).schema.tags.flatMap((tag) =>
      tag.default && tag.test instanceof RegExp ? [tag.test] : [],
    ),
  );
  return { YAML, readsAsAnotherType: (s: string) => implicitTypes.some((re) => re.test(s)) };
});

/**
 * Strings YAML 1.1 readers (PyYAML) take differently when plain: "=" (the value key), tabs, and NEL, LS and
 * PS, which they read as line breaks. They are written double-quoted, with those three escaped.
 */
const YAML_11_TROUBLE = /^=$|[\t\u0085\u2028\u2029]/;
const LINE_BREAK_ESCAPES: Record<string, string> = { '\u0085': '\\N', '\u2028': '\\L', '\u2029': '\\P' };

const NULL_STYLES = { null: 'null', '~': '~', empty: '' } as const;
const NULL_ALIASES: Record<string, keyof typeof NULL_STYLES> = { tilde: '~', blank: 'empty', none: 'empty', '': 'empty' };

export default defineTool({
  slug: 'json-to-yaml',
  worker: { reason: 'the YAML printer recurses per nesting level', timeMs: 5_000, field: 'json' },
  title: 'JSON to YAML',
  summary: 'Convert JSON to YAML.',
  keywords: {
    en: ['JSON to YAML', 'yml', 'config file', 'JSON', 'YAML', 'convert JSON to YAML'],
    nl: ['json naar yaml', 'yml', 'json', 'yaml', 'json omzetten'],
  },
  description:
    'Converts JSON to a YAML 1.2 block-style document that YAML 1.1 readers (PyYAML, older Ruby/Go libraries) read the same way. ' +
    'Strings are written plain and quoted (double quotes) only when a reader would otherwise see another type or syntax: "true", "yes", "on", "no", "y", "null", "123", "0755", "1:20", "2024-01-31", "<<", "" and strings with YAML syntax characters such as ": " or a leading "#". ' +
    'Multi-line strings become literal block scalars (|, with |- when there is no final line break); long lines are never folded. ' +
    '`indent`: spaces per level, 1 to 8 (default 2). `sortKeys` (default false) sorts mapping keys by code point; otherwise the JSON order is kept. ' +
    '`nullStyle`: null (default), ~ (alias: tilde) or empty (nothing after the colon). Empty objects and arrays are written as {} and []. ' +
    'Invalid JSON is a 400 with line and column; nesting is capped at 100 levels. The output ends with a line break.',
  resultView: { kind: 'code', field: 'yaml', language: 'yaml' },
  input: z.strictObject({
    json: z.string().max(LIMITS.text).describe('The JSON text to convert'),
    indent: z.int().min(1).max(8).default(2).describe('Spaces per indentation level, 1 to 8; default 2'),
    sortKeys: z.boolean().default(false).describe('Sort mapping keys (default false: keep the JSON order)'),
    nullStyle: z
      .preprocess(
        (v) => (typeof v === 'string' ? (NULL_ALIASES[v.trim().toLowerCase()] ?? v.trim().toLowerCase()) : v),
        z.enum(['null', '~', 'empty']),
      )
      .default('null')
      .describe('How null is written: null (default), ~ or empty'),
  }),
  output: z.object({
    yaml: z.string().describe('The YAML document'),
  }),
  examples: [
    {
      name: 'Ambiguous strings quoted, multi-line string as a block',
      input: {
        json: '{"name":"werkbank","version":"1.10","debug":"yes","port":8080,"motd":"Hello\\nWorld\\n","tags":["a","b"],"owner":null}',
      },
      output: {
        yaml: 'name: werkbank\nversion: "1.10"\ndebug: "yes"\nport: 8080\nmotd: |\n  Hello\n  World\ntags:\n  - a\n  - b\nowner: null\n',
      },
    },
    {
      name: 'Sorted keys, 4 spaces, ~ for null',
      input: { json: '{"b":{"m":null,"k":[]},"a":true}', indent: 4, sortKeys: true, nullStyle: '~' },
      output: { yaml: 'a: true\nb:\n    k: []\n    m: ~\n' },
    },
  ],
  async run({ json, indent, sortKeys, nullStyle }) {
    const value = await parseJsonField(json, 'json');
    const { YAML, readsAsAnotherType } = await loadYaml();
    const doc = new YAML.Document(value, { sortMapEntries: sortKeys });
    YAML.visit(doc, {
      Scalar(_key, node) {
        if (typeof node.value === 'string' && (readsAsAnotherType(node.value) || YAML_11_TROUBLE.test(node.value)))
          node.type = 'QUOTE_DOUBLE';
      },
    });
    // Every such character is now inside a double-quoted scalar, where YAML has an escape for it.
    const yaml = doc.toString({ indent, lineWidth: 0, nullStr: NULL_STYLES[nullStyle] });
    return { yaml: yaml.replace(/[\u0085\u2028\u2029]/g, (c) => LINE_BREAK_ESCAPES[c]) };
  },
});
