/**
 * Input validation shared by every surface: parse with the tool's own zod
 * schema and turn failures into one clear sentence that names the field and
 * the rule (with a did-you-mean for unknown fields).
 */
import { z } from 'zod';
import { ToolError } from './tool.js';
import { LIMITS } from './limits.js';

/** Levenshtein distance, small inputs only (field and tool names). */
export function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j];
      prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length];
}

/** The closest candidate within a sensible distance, or undefined. */
export function didYouMean(word: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  const lower = word.toLowerCase();
  for (const c of candidates) {
    const d = c.toLowerCase() === lower ? 0 : editDistance(lower, c.toLowerCase());
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  const limit = Math.max(2, Math.floor(word.length / 3));
  return best !== undefined && bestDistance <= limit ? best : undefined;
}

function pathText(path: PropertyKey[]): string {
  if (path.length === 0) return 'the request body';
  let out = '';
  for (const p of path) {
    const name = typeof p === 'symbol' ? String(p.description) : String(p);
    const segment = name.length > 60 ? `${name.slice(0, 60)}…` : name;
    out += typeof p === 'number' ? `[${p}]` : out ? `.${segment}` : segment;
    if (out.length > 200) return `\`${out.slice(0, 200)}…\``;
  }
  return `\`${out}\``;
}

/** Field names known at a path of an object schema (for did-you-mean). */
function knownKeys(schema: z.ZodType, path: PropertyKey[]): string[] {
  let s: unknown = schema;
  for (const p of path) {
    const def = (s as { def?: { type?: string; shape?: Record<string, unknown>; element?: unknown; innerType?: unknown } })?.def;
    if (!def) return [];
    s = unwrap(s);
    const d = (s as { def: { type: string; shape?: Record<string, unknown>; element?: unknown } }).def;
    if (d.type === 'object' && typeof p === 'string') s = d.shape?.[p];
    else if (d.type === 'array' && typeof p === 'number') s = d.element;
    else return [];
  }
  s = unwrap(s);
  const shape = (s as { def?: { type?: string; shape?: Record<string, unknown> } })?.def;
  return shape?.type === 'object' && shape.shape ? Object.keys(shape.shape) : [];
}

function unwrap(s: unknown): unknown {
  let cur = s as { def?: { type?: string; innerType?: unknown; in?: unknown } } | undefined;
  for (let i = 0; i < 10 && cur?.def; i++) {
    const t = cur.def.type;
    if (t === 'optional' || t === 'default' || t === 'nullable' || t === 'prefault' || t === 'readonly' || t === 'catch')
      cur = cur.def.innerType as typeof cur;
    else if (t === 'pipe') cur = cur.def.in as typeof cur;
    else break;
  }
  return cur;
}

function describeIssue(issue: z.core.$ZodIssue, schema: z.ZodType): string {
  const where = pathText(issue.path);
  switch (issue.code) {
    case 'unrecognized_keys': {
      const known = knownKeys(schema, issue.path);
      const listed = issue.keys.slice(0, 5);
      const others = issue.keys.length - listed.length;
      return (
        listed
          .map((k) => {
            const hint = k.length <= 100 ? didYouMean(k, known) : undefined;
            const field = pathText([...issue.path, k]);
            return `unknown field ${field}${hint ? ` (did you mean \`${hint}\`?)` : ''}; allowed fields: ${known.join(', ') || 'none'}`;
          })
          .join('; ') + (others > 0 ? ` (and ${others} more unknown fields)` : '')
      );
    }
    case 'invalid_type': {
      if (issue.input === undefined) return `${where} is required (${issue.expected})`;
      return `${where} must be ${article(issue.expected)}, got ${typeName(issue.input)}`;
    }
    case 'too_small': {
      const inclusive = issue.inclusive !== false;
      if (issue.origin === 'string') return `${where} must be at least ${issue.minimum} characters long`;
      if (issue.origin === 'array') return `${where} must have at least ${issue.minimum} items`;
      return `${where} must be ${inclusive ? '≥' : '>'} ${issue.minimum}${got(issue.input)}`;
    }
    case 'too_big': {
      const inclusive = issue.inclusive !== false;
      if (issue.origin === 'string') return `${where} must be at most ${issue.maximum} characters long`;
      if (issue.origin === 'array') return `${where} must have at most ${issue.maximum} items`;
      return `${where} must be ${inclusive ? '≤' : '<'} ${issue.maximum}${got(issue.input)}`;
    }
    case 'invalid_value':
      return `${where} must be one of ${issue.values.map((v) => preview(v, 60)).join(', ')}${got(issue.input)}`;
    case 'invalid_format':
      return `${where} must be a valid ${issue.format}${issue.format === 'regex' && 'pattern' in issue ? ` matching ${String(issue.pattern)}` : ''}`;
    case 'not_multiple_of':
      return `${where} must be a multiple of ${issue.divisor}`;
    case 'invalid_union':
      if (issue.input === undefined) return `${where} is required`;
      return `${where} ${issue.message && !issue.message.startsWith('Invalid input') ? issue.message : 'does not match any allowed form'}`;
    default:
      return `${where}: ${issue.message}`;
  }
}

function article(t: string): string {
  if (t === 'int') return 'an integer';
  return /^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`;
}
function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'number' && !Number.isInteger(v)) return `${v}`;
  return typeof v === 'object' ? 'an object' : `${typeof v} ${preview(v, 40)}`;
}
function got(v: unknown): string {
  return v === undefined ? '' : ` (got ${preview(v, 40)})`;
}

/**
 * A short JSON-like rendering of any value for a message: at most `max` characters (then `…`), iterative and
 * bounded in work whatever the value's size or depth (a 5,000-deep array or a 1 MB string costs the same as a small
 * one). Never throws (BigInt, cycles, functions and symbols included).
 */
export function preview(value: unknown, max = 40): string {
  let out = '';
  // A stack of pending pieces: either a value to render or literal text.
  const stack: Array<{ text: string } | { value: unknown }> = [{ value }];
  const seen = new Set<object>();
  while (stack.length > 0 && out.length <= max) {
    const item = stack.pop()!;
    if ('text' in item) {
      out += item.text;
      continue;
    }
    const v = item.value;
    if (typeof v === 'string') out += JSON.stringify(v.length > max ? v.slice(0, max + 1) : v).slice(0, max + 2);
    else if (typeof v === 'number' || typeof v === 'boolean' || v === null) out += String(v);
    else if (typeof v === 'bigint') out += `${v}n`;
    else if (v === undefined || typeof v === 'function' || typeof v === 'symbol')
      out += typeof v === 'symbol' ? 'symbol' : String(v === undefined ? 'undefined' : 'function');
    else if (typeof v === 'object') {
      if (seen.has(v)) {
        out += '[circular]';
        continue;
      }
      seen.add(v);
      const array = Array.isArray(v);
      // Only as many children as could still show: each takes at least one character.
      const room = max - out.length + 1;
      const entries: Array<[string | undefined, unknown]> = [];
      if (array) for (let i = 0; i < v.length && i < room; i++) entries.push([undefined, v[i]]);
      else
        for (const k in v as Record<string, unknown>) {
          if (entries.length >= room) break;
          if (Object.prototype.hasOwnProperty.call(v, k)) entries.push([k, (v as Record<string, unknown>)[k]]);
        }
      const more = array ? (v as unknown[]).length > entries.length : false;
      const pieces: Array<{ text: string } | { value: unknown }> = [{ text: array ? '[' : '{' }];
      entries.forEach(([k, child], i) => {
        if (i > 0) pieces.push({ text: ',' });
        if (k !== undefined) pieces.push({ text: `${JSON.stringify(k.length > max ? k.slice(0, max) : k)}:` });
        pieces.push({ value: child });
      });
      pieces.push({ text: more ? ',…]' : array ? ']' : '}' });
      for (let i = pieces.length - 1; i >= 0; i--) stack.push(pieces[i]);
    }
    // Every kind of value is one of the branches above.
  }
  return out.length > max ? `${out.slice(0, max)}…` : out;
}

/**
 * Depth of the deepest array/object in `value` (a scalar has depth 0), counted iteratively: safe on any depth,
 * and it stops as soon as `limit` is exceeded (so a hostile value costs at most `limit` levels of work per branch).
 */
export function nestingDepth(value: unknown, limit = Infinity): number {
  let max = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    const depth = d + 1;
    if (depth > max) max = depth;
    if (depth > limit) return depth;
    if (Array.isArray(v)) {
      for (const child of v) if (child !== null && typeof child === 'object') stack.push([child, depth]);
    } else
      for (const k in v as Record<string, unknown>) {
        const child = (v as Record<string, unknown>)[k];
        if (child !== null && typeof child === 'object') stack.push([child, depth]);
      }
  }
  return max;
}

/**
 * Refuses a request body nested deeper than LIMITS.depth (the body object is level 1) with a 400 naming the limit
 * and the first field that goes too deep. Runs before validation on every surface.
 */
export function assertBodyDepth(raw: unknown): void {
  if (raw === null || typeof raw !== 'object') return;
  if (nestingDepth(raw, LIMITS.depth) <= LIMITS.depth) return;
  let field: string | undefined;
  if (!Array.isArray(raw))
    for (const k in raw as Record<string, unknown>)
      if (nestingDepth((raw as Record<string, unknown>)[k], LIMITS.depth) >= LIMITS.depth) {
        field = k;
        break;
      }
  const where = field !== undefined ? `\`${field.length > 60 ? `${field.slice(0, 60)}…` : field}\`` : 'The request body';
  throw new ToolError(
    `Invalid input: ${where} is nested deeper than ${LIMITS.depth} levels (the limit for any request body); flatten it or send it as text`,
    400,
    field !== undefined ? { field } : {},
  );
}

/** A whole decimal number written as a string: "12", "-0.5", "1e3" (not "", "0x10", "12 kg", "Infinity"). */
const NUMERIC = /^\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?\s*$/;

/**
 * `value` with every numeric string that sits where `schema` wants a number replaced by that number (in
 * objects and arrays, as deep as the schema goes), or `value` itself when there is none: number fields
 * accept "12.5" as well as 12.5. Fields of other types (strings, unions) are left as they are.
 */
export function numericStrings(schema: unknown, value: unknown): unknown {
  const s = unwrap(schema) as { def?: { type?: string; shape?: Record<string, unknown>; element?: unknown } } | undefined;
  const type = s?.def?.type;
  if (type === 'number' && typeof value === 'string' && NUMERIC.test(value)) return Number(value);
  if (type === 'object' && s?.def?.shape && value && typeof value === 'object' && !Array.isArray(value)) {
    let out: Record<string, unknown> | undefined;
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const field = Object.hasOwn(s.def.shape, k) ? s.def.shape[k] : undefined;
      const next = field === undefined ? v : numericStrings(field, v);
      if (next !== v) (out ??= { ...(value as Record<string, unknown>) })[k] = next;
    }
    return out ?? value;
  }
  if (type === 'array' && Array.isArray(value)) {
    let out: unknown[] | undefined;
    value.forEach((v, i) => {
      const next = numericStrings(s!.def!.element, v);
      if (next !== v) (out ??= [...(value as unknown[])])[i] = next;
    });
    return out ?? value;
  }
  return value;
}

/**
 * Parse `raw` with `schema`; throw a 400 ToolError whose message names every failing field and rule.
 * Numeric strings in number fields are accepted (read as the number) when the input fails as sent, unless
 * `numericStrings` is false.
 */
export function parseInput<S extends z.ZodType>(schema: S, raw: unknown, opts: { numericStrings?: boolean } = {}): z.output<S> {
  assertBodyDepth(raw);
  const value = raw ?? {};
  // Valid input is parsed without a parse context: zod copies a given one on every call (`{...ctx, async: false}`),
  // and on Node 20 a spread followed by a new property makes a new hidden class each time, in old space.
  // Only a failing value is parsed once more with `reportInput`, for the message's "got …".
  const valid = schema.safeParse(value);
  if (valid.success) return valid.data;
  let failing: unknown = value;
  const coerced = opts.numericStrings === false ? raw : numericStrings(schema, value);
  if (coerced !== value && coerced !== raw) {
    const again = schema.safeParse(coerced);
    if (again.success) return again.data;
    failing = coerced;
  }
  const result = schema.safeParse(failing, { reportInput: true });
  if (result.success) return result.data; // the same schema and value: not reached
  const messages = result.error.issues.slice(0, 5).map((i) => {
    // Custom refinements carry their own full sentence; prefix the field.
    if (i.code === 'custom') return i.path.length ? `${pathText(i.path)}: ${i.message}` : i.message;
    return describeIssue(i, schema);
  });
  const first = result.error.issues[0];
  throw new ToolError(`Invalid input: ${messages.join('; ')}`, 400, {
    field: first?.path.length ? first.path.map(String).join('.') : undefined,
  });
}

/**
 * The nesting depth of JSON text given as UTF-8 bytes, counted by one linear scan that skips strings, stopping as
 * soon as `limit` is exceeded. Run before `JSON.parse` on request bodies: parsing a 2 MB run of `[` alone would
 * hold the event loop for ~0.2 s, and the value it built would then be refused anyway.
 */
export function jsonTextDepth(bytes: Uint8Array, limit = Infinity): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (inString) {
      if (b === 0x5c)
        i++; // backslash: skip the escaped byte
      else if (b === 0x22) inString = false;
    } else if (b === 0x22) inString = true;
    else if (b === 0x5b || b === 0x7b) {
      if (++depth > max) {
        max = depth;
        if (max > limit) return max;
      }
    } else if (b === 0x5d || b === 0x7d) depth--;
  }
  return max;
}

/** The 400 for a body whose text nests deeper than LIMITS.depth (same sentence as assertBodyDepth). */
export function bodyTooDeep(): ToolError {
  return new ToolError(
    `Invalid input: the request body is nested deeper than ${LIMITS.depth} levels (the limit for any request body); flatten it or send it as text`,
    400,
  );
}
