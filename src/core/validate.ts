/**
 * Input validation shared by every surface: parse with the tool's own zod
 * schema and turn failures into one clear sentence that names the field and
 * the rule (with a did-you-mean for unknown fields).
 */
import { z } from 'zod';
import { ToolError } from './tool.js';

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
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${String(p)}` : String(p);
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
      return issue.keys
        .map((k) => {
          const hint = didYouMean(k, known);
          const field = pathText([...issue.path, k]);
          return `unknown field ${field}${hint ? ` (did you mean \`${hint}\`?)` : ''}; allowed fields: ${known.join(', ') || 'none'}`;
        })
        .join('; ');
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
      return `${where} must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}${got(issue.input)}`;
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
  return typeof v === 'object' ? 'an object' : `${typeof v} ${JSON.stringify(v)?.slice(0, 40)}`;
}
function got(v: unknown): string {
  return v === undefined ? '' : ` (got ${JSON.stringify(v)?.slice(0, 40)})`;
}

/** Parse `raw` with `schema`; throw a 400 ToolError whose message names every failing field and rule. */
export function parseInput<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const result = schema.safeParse(raw ?? {}, { reportInput: true });
  if (result.success) return result.data;
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
