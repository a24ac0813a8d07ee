import { z } from 'zod';
import type { Document, LineCounter, Node } from 'yaml';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { LIMITS } from '../../src/core/limits.js';
import { MAX_DEPTH, jsonIndent, printJson } from '../_lib/json-text.js';
import { lazy } from '../_lib/lazy.js';

const loadYaml = lazy(() => import('yaml'));
type Yaml = Awaited<ReturnType<typeof loadYaml>>;

class Refusal {
  constructor(
    readonly reason: string,
    readonly offset: number,
  ) {}
}

/** Offset of the last `needle` at or before `at` (or `at` itself). */
function before(source: string, needle: string, at: number): number {
  const found = source.lastIndexOf(needle, at);
  return found === -1 ? at : found;
}

/**
 * The second occurrence of a key in `map`, found with a Set (the library's own `uniqueKeys` check compares each
 * key with every earlier one: 80,000 keys took 70 s). Keys are equal as the library compares them: same scalar value.
 */
function duplicateKey(YAML: Yaml, map: Node): Refusal | undefined {
  const seen = new Set<unknown>();
  for (const pair of (map as unknown as { items: Array<{ key: unknown }> }).items) {
    const key = pair.key;
    if (!YAML.isScalar(key)) continue;
    if (seen.has(key.value)) return new Refusal('not valid YAML: Map keys must be unique', key.range?.[0] ?? 0);
    seen.add(key.value);
  }
  return undefined;
}

/** The first node using a feature this tool refuses, or nesting deeper than MAX_DEPTH. */
function findRefusal(YAML: Yaml, doc: Document, source: string): Refusal | undefined {
  let found: Refusal | undefined;
  YAML.visit(doc, {
    Node(_key, node: Node, path) {
      const at = node.range?.[0] ?? 0;
      if (YAML.isAlias(node)) found = new Refusal(`aliases (*${node.source}) are not supported; write the value out`, at);
      // Anchors and tags stand before the node's range: point at them.
      else if (node.anchor) found = new Refusal(`anchors (&${node.anchor}) are not supported`, before(source, `&${node.anchor}`, at));
      else if (node.tag)
        found = new Refusal(`tags (${node.tag.replace(/^tag:yaml\.org,2002:/, '!!')}) are not supported`, before(source, '!', at));
      else if (YAML.isScalar(node) && typeof node.value === 'number' && !Number.isFinite(node.value))
        found = new Refusal(`${node.source} has no JSON representation`, at);
      else if (YAML.isCollection(node) && path.filter((p) => YAML.isCollection(p)).length >= MAX_DEPTH) found = new Refusal(TOO_DEEP, at);
      if (!found && YAML.isMap(node)) found = duplicateKey(YAML, node);
      return found ? YAML.visit.BREAK : undefined;
    },
    Pair(_key, pair) {
      const key = pair.key;
      if (YAML.isScalar(key) && key.value === '<<' && key.type === 'PLAIN')
        found = new Refusal('merge keys (<<) are not supported; write the merged keys out', key.range?.[0] ?? 0);
      else if (YAML.isCollection(key))
        found = new Refusal('a list or mapping used as a key has no JSON representation', key.range?.[0] ?? 0);
      return found ? YAML.visit.BREAK : undefined;
    },
  });
  return found;
}

/**
 * Directive errors the yaml library lets pass: a %YAML directive given twice
 * for one document, and directives that no document follows.
 */
function findDirectiveError(YAML: Yaml, yaml: string): Refusal | undefined {
  if (!/^%/m.test(yaml)) return undefined;
  let pending: { offset: number; yamlSeen: boolean } | undefined;
  for (const token of new YAML.Parser().parse(yaml)) {
    if (token.type === 'directive') {
      const isYaml = token.source.startsWith('%YAML');
      if (isYaml && pending?.yamlSeen) return new Refusal('not valid YAML: the %YAML directive is given twice', token.offset);
      pending = { offset: pending?.offset ?? token.offset, yamlSeen: (pending?.yamlSeen ?? false) || isYaml };
    } else if (token.type === 'document') pending = undefined;
  }
  return pending ? new Refusal('not valid YAML: a directive must be followed by a document (---)', pending.offset) : undefined;
}

function refuse(reason: string, lineCounter: LineCounter, offset: number): never {
  const { line, col } = lineCounter.linePos(offset);
  throw new ToolError(`\`yaml\`: ${reason} (line ${line}, column ${col})`, 400, { field: 'yaml' });
}

/**
 * Where the nesting first goes deeper than MAX_DEPTH, found on the lexer's tokens (linear, no recursion) before
 * the document is composed: the composer recurses once per level, and 300,000 `[` would overflow the stack after
 * seconds of work. Levels counted: open flow collections (`[`, `{`) plus block indicators (`-`, `?`) on the same
 * line (`- - - x` nests three lists). Nesting by indentation alone needs ~5,000 characters per 100 levels and is
 * caught by findRefusal after composing.
 */
function findDeepNesting(YAML: Yaml, yaml: string): number | undefined {
  let flow = 0;
  let line = 0;
  let offset = 0;
  for (const token of new YAML.Lexer().lex(yaml)) {
    if (token === '[' || token === '{') flow++;
    else if (token === ']' || token === '}') flow = Math.max(0, flow - 1);
    else if ((token === '-' || token === '?') && flow === 0) line++;
    else if (token.startsWith('\n') || token === '\n') line = 0;
    if (flow + line > MAX_DEPTH) return offset;
    // Control tokens (document/scalar markers) are not part of the source.
    if (token.length !== 1 || token.charCodeAt(0) >= 0x20 || token === '\n' || token === '\t') offset += token.length;
  }
  return undefined;
}

const TOO_DEEP = `nested deeper than ${MAX_DEPTH} levels, which is not supported`;

function parseYaml(YAML: Yaml, yaml: string): unknown {
  const lineCounter = new YAML.LineCounter();
  const deep = findDeepNesting(YAML, yaml);
  if (deep !== undefined) {
    lineCounter.addNewLine(0);
    for (let i = yaml.indexOf('\n'); i !== -1 && i < deep; i = yaml.indexOf('\n', i + 1)) lineCounter.addNewLine(i + 1);
    refuse(TOO_DEEP, lineCounter, deep);
  }
  const docs = YAML.parseAllDocuments(yaml, { lineCounter, schema: 'core', merge: false, uniqueKeys: false, prettyErrors: false });
  const directiveError = findDirectiveError(YAML, yaml);
  if (directiveError) refuse(directiveError.reason, lineCounter, directiveError.offset);
  for (const doc of docs) {
    const error = doc.errors[0];
    if (error && /call stack/i.test(error.message)) refuse(TOO_DEEP, lineCounter, error.pos[0]);
    if (error)
      refuse(`not valid YAML: ${error.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')}`, lineCounter, error.pos[0]);
  }
  if (docs.length > 1)
    refuse(
      'multi-document files are not supported (a second document starts here); send one document at a time',
      lineCounter,
      docs[1].range[0],
    );
  const doc = docs[0];
  if (!doc) return null; // an empty stream: nothing but comments or blank lines
  const refusal = findRefusal(YAML, doc, yaml);
  if (refusal) refuse(refusal.reason, lineCounter, refusal.offset);
  return doc.toJS({ maxAliasCount: 0 });
}

export default defineTool({
  slug: 'yaml-to-json',
  worker: { reason: 'the YAML parser recurses per nesting level; 100,000 aliases take ~0.8 s', timeMs: 5_000, field: 'yaml' },
  title: 'YAML to JSON',
  summary: 'Convert YAML to JSON.',
  keywords: {
    en: ['YAML to JSON', 'yml', 'parse YAML', 'config', 'YAML', 'JSON', 'convert YAML to JSON'],
    nl: ['yaml naar json', 'yml', 'yaml', 'json', 'yaml omzetten'],
  },
  description:
    'Parses one YAML 1.2 document (core schema: true/false, null and ~, decimal/0x/0o numbers; "yes", "on" and dates stay strings) and returns it as a value and as JSON text with `indent` spaces (0 to 8, default 2; 0 minifies). ' +
    'Deliberately unsupported, refused with a 400 that names the line and column: anchors (&a) and aliases (*a) (this also blocks "billion laughs" alias bombs), merge keys (<<), tags (!!str, !custom), multi-document files (a second ---), lists or maps used as keys, .inf and .nan (no JSON form), and nesting deeper than 100 levels. ' +
    'Syntax errors and duplicate keys are 400s with line and column too. Scalar keys become strings (1 → "1", null → ""). An empty document gives null.',
  resultView: { kind: 'code', field: 'json', language: 'json' },
  input: z.strictObject({
    yaml: z.string().max(LIMITS.text).describe('One YAML document'),
    indent: jsonIndent,
  }),
  output: z.object({
    value: z.unknown().describe('The parsed document'),
    json: z.string().describe('The document as JSON text'),
  }),
  examples: [
    {
      name: 'Mapping with a list and a block scalar',
      input: { yaml: 'name: werkbank\nport: 8080\nenabled: yes\ntags: [a, b]\nnote: |\n  line one\n  line two\n' },
      output: {
        value: { name: 'werkbank', port: 8080, enabled: 'yes', tags: ['a', 'b'], note: 'line one\nline two\n' },
        json: '{\n  "name": "werkbank",\n  "port": 8080,\n  "enabled": "yes",\n  "tags": [\n    "a",\n    "b"\n  ],\n  "note": "line one\\nline two\\n"\n}',
      },
    },
    {
      name: 'Minified sequence of mappings',
      input: { yaml: '- id: 1\n  ok: true\n- id: 2\n  ok: ~\n', indent: 0 },
      output: {
        value: [
          { id: 1, ok: true },
          { id: 2, ok: null },
        ],
        json: '[{"id":1,"ok":true},{"id":2,"ok":null}]',
      },
    },
  ],
  async run({ yaml, indent }) {
    const YAML = await loadYaml();
    let value: unknown;
    try {
      value = parseYaml(YAML, yaml);
    } catch (e) {
      if (e instanceof RangeError) throw new ToolError(`\`yaml\` is ${TOO_DEEP}`, 400, { field: 'yaml' });
      throw e;
    }
    return { value, json: printJson(value, indent) };
  },
});
