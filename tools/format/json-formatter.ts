import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { LIMITS } from '../../src/core/limits.js';
import { assertDepth, jsonIndent, printJson, tryParseJson } from '../_lib/json-text.js';

export default defineTool({
  slug: 'json-formatter',
  worker: { reason: 'a 1 MB document takes ~135 ms to parse and print, more when deeply nested', timeMs: 5_000, field: 'json' },
  title: 'JSON formatter and validator',
  summary: 'Check JSON and pretty-print or minify it; an error names its line and column.',
  featured: true,
  keywords: {
    en: ['JSON pretty print', 'beautify', 'validate JSON', 'minify JSON', 'lint', 'JSON', 'format JSON', 'pretty JSON'],
    nl: ['json opmaken', 'json valideren', 'json controleren', 'inspringen', 'json', 'json formatteren'],
  },
  description:
    'Validates a JSON text (strict RFC 8259: no comments, no trailing commas, no single quotes, no NaN) and pretty-prints it with `indent` spaces (0 to 8, default 2; 0 minifies it onto one line). ' +
    'Invalid JSON is not an error of the call: the answer is `valid: false`, `formatted: ""` and `error` with the reason and its 1-based `line` and `column`, so use it to check JSON too. ' +
    'Key order and string contents are kept; numbers are printed the way JavaScript reads them (1.0 → 1, 1e2 → 100, integers beyond 2^53 lose precision). ' +
    'One leading byte-order mark is ignored. Lone surrogate escapes such as "\\ud800" are valid JSON and stay escaped. ' +
    `Documents nested deeper than 100 levels are refused with a 400. Input up to ${LIMITS.text} characters.`,
  resultView: { kind: 'code', field: 'formatted', language: 'json', or: { kind: 'text', field: 'error' } },
  input: z.strictObject({
    json: z.string().max(LIMITS.text).describe('The JSON text to validate and format'),
    indent: jsonIndent,
  }),
  output: z.object({
    formatted: z.string().describe('The formatted JSON; empty when the input is not valid'),
    valid: z.boolean().describe('Whether the input is valid JSON'),
    error: z.string().nullable().describe('Why the input is not valid JSON, with line and column; null when valid'),
    line: z.int().nullable().describe('1-based line of the first syntax error; null when valid'),
    column: z.int().nullable().describe('1-based column of the first syntax error; null when valid'),
  }),
  examples: [
    {
      name: 'Pretty-print with 2 spaces',
      input: { json: '{"name":"Ada","langs":["en","nl"],"age":36}' },
      output: {
        formatted: '{\n  "name": "Ada",\n  "langs": [\n    "en",\n    "nl"\n  ],\n  "age": 36\n}',
        valid: true,
        error: null,
        line: null,
        column: null,
      },
    },
    {
      name: 'Minify with indent 0',
      input: { json: '{\n  "a": [1, 2.50, true, null]\n}', indent: 0 },
      output: { formatted: '{"a":[1,2.5,true,null]}', valid: true, error: null, line: null, column: null },
    },
    {
      name: 'A trailing comma is reported with its position',
      input: { json: '{\n  "a": 1,\n}' },
      output: {
        formatted: '',
        valid: false,
        error: 'expected a property name in double quotes at line 3, column 1',
        line: 3,
        column: 1,
      },
    },
  ],
  async run({ json, indent }) {
    const parsed = await tryParseJson(json);
    if (!parsed.ok) {
      const { message, line, column } = parsed.error;
      return { formatted: '', valid: false, error: message, line, column };
    }
    assertDepth(parsed.value, 'json');
    return { formatted: printJson(parsed.value, indent), valid: true, error: null, line: null, column: null };
  },
});
