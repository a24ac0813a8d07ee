/**
 * JSON text in, JSON text out: the shared pieces of the format tools.
 *
 * `JSON.parse` decides what is valid (RFC 8259, as every JS caller would);
 * `jsonc-parser`, in strict mode, only locates the first error so that the
 * message can name a line and column (it is loaded on the first error, which
 * is why the parse functions are async). Every parsed value is checked against
 * one nesting cap (deep documents make recursive code such as
 * `JSON.stringify` overflow the stack).
 */
import { z } from 'zod';
import type { ParseError } from 'jsonc-parser';
import { ToolError } from '../../src/core/tool.js';
import { nestingDepth as coreNestingDepth } from '../../src/core/validate.js';
import { lazy } from './lazy.js';

const loadJsoncParser = lazy(() => import('jsonc-parser'));

/** Deepest nesting of arrays/objects (or XML elements, YAML collections) the format tools accept. */
export const MAX_DEPTH = 100;

/** The `indent` field of the tools that print JSON: 0 (minified) to 8 spaces, default 2. */
export const jsonIndent = z
  .int()
  .min(0)
  .max(8)
  .default(2)
  .describe('Spaces per indentation level of the JSON output, 0 to 8 (0 = minified on one line); default 2');

/** 1-based line and column (in UTF-16 code units) of `offset` in `text`. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

const ERROR_TEXT: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: "expected ':'",
  CommaExpected: "expected ',' or a closing bracket",
  CloseBraceExpected: "expected ',' or '}'",
  CloseBracketExpected: "expected ',' or ']'",
  EndOfFileExpected: 'unexpected text after the JSON value',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'comments are not allowed in JSON',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'incomplete number',
  InvalidUnicode: 'invalid \\u escape',
  InvalidEscapeCharacter: 'invalid escape sequence',
  InvalidCharacter: 'control character in a string (escape it)',
};

export interface JsonSyntaxError {
  message: string;
  line: number;
  column: number;
}

/** Removes one leading byte-order mark (U+FEFF), which JSON.parse would refuse. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Where and why `text` (already known to fail JSON.parse) is not JSON. */
async function describeSyntaxError(text: string, parseMessage: string): Promise<JsonSyntaxError> {
  const { parse: locate, printParseErrorCode } = await loadJsoncParser();
  const errors: ParseError[] = [];
  try {
    locate(text, errors, { allowTrailingComma: false, disallowComments: true, allowEmptyContent: false });
  } catch {
    // The locator recurses per nesting level; on absurdly deep input fall back on V8's message below.
  }
  let offset: number;
  let reason: string;
  if (errors.length > 0) {
    offset = errors[0].offset;
    const code = printParseErrorCode(errors[0].error);
    reason = ERROR_TEXT[code] ?? code;
    if (text.trim() === '') reason = 'empty input (expected a JSON value)';
    else if (offset >= text.length && code === 'ValueExpected') reason = 'unexpected end of input';
  } else {
    // The locator is more lenient than JSON.parse in a few corners; fall back on V8's own message.
    const at = /at position (\d+)/.exec(parseMessage);
    offset = at ? Number(at[1]) : 0;
    reason = parseMessage.replace(/,? ".*" is not valid JSON$/s, '').replace(/ in JSON at position \d+.*$/s, '');
  }
  const { line, column } = lineColumn(text, offset);
  return { message: `${reason} at line ${line}, column ${column}`, line, column };
}

/** Depth of the deepest array/object in `value` (a scalar has depth 0): the one depth counter (src/core/validate.ts), stopping past MAX_DEPTH. */
export function nestingDepth(value: unknown): number {
  return coreNestingDepth(value, MAX_DEPTH);
}

export type JsonParseResult = { ok: true; value: unknown } | { ok: false; error: JsonSyntaxError };

/** Whether any number in `value` overflowed to ±Infinity while parsing. Iterative, stops at MAX_DEPTH + 1. */
function hasInfinity(value: unknown): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (typeof v === 'number' && !Number.isFinite(v)) return true;
    if (v !== null && typeof v === 'object' && d <= MAX_DEPTH)
      for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, d + 1]);
  }
  return false;
}

/** The first number literal in `text` (outside strings) too large for a double. */
function describeOverflow(text: string): JsonSyntaxError {
  for (const m of text.matchAll(/"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g)) {
    if (m[0].startsWith('"') || Number.isFinite(Number(m[0]))) continue;
    const { line, column } = lineColumn(text, m.index);
    return { message: `number ${m[0].slice(0, 40)} is too large (beyond ±1.8e308) at line ${line}, column ${column}`, line, column };
  }
  return { message: 'a number is too large (beyond ±1.8e308) at line 1, column 1', line: 1, column: 1 };
}

/**
 * Parses JSON text (one leading BOM allowed) without throwing on bad syntax.
 * A number that overflows a double counts as an error: it would otherwise turn into null or Infinity silently.
 */
export async function tryParseJson(text: string): Promise<JsonParseResult> {
  const body = stripBom(text);
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (e) {
    return { ok: false, error: await describeSyntaxError(body, (e as Error).message) };
  }
  return hasInfinity(value) ? { ok: false, error: describeOverflow(body) } : { ok: true, value };
}

/** Refuses values nested deeper than MAX_DEPTH with a 400 naming `field`. */
export function assertDepth(value: unknown, field: string): void {
  if (nestingDepth(value) > MAX_DEPTH)
    throw new ToolError(`\`${field}\` is nested deeper than ${MAX_DEPTH} levels; flatten it or split it up`, 400, { field });
}

/** Parses the JSON text in request field `field`: a 400 with line and column when it is not JSON, or too deep. */
export async function parseJsonField(text: string, field: string): Promise<unknown> {
  const result = await tryParseJson(text);
  if (!result.ok) throw new ToolError(`\`${field}\` is not valid JSON: ${result.error.message}`, 400, { field });
  assertDepth(result.value, field);
  return result.value;
}

/** JSON.stringify with 0 meaning minified. Input must be depth-checked. */
export function printJson(value: unknown, indent: number): string {
  return JSON.stringify(value, null, indent > 0 ? indent : undefined) ?? 'null';
}
