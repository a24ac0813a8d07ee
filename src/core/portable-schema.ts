/**
 * Input JSON Schemas in the subset every MCP client and model provider accepts
 * (Gemini function declarations, OpenAI strict mode, LangChain's and the AI
 * SDK's converters): `type: object` at the root, every property typed, no
 * `$ref`/`$defs`, no `propertyNames`, no `exclusiveMinimum`/`exclusiveMaximum`,
 * `enum` instead of `const`, no empty `properties`, and unions only where one
 * type cannot serve. Only the advertised schema changes: zod still validates
 * every call exactly as declared, so a looser advertised bound (`minimum: 0`
 * for "greater than 0") can never let a bad value through.
 */
type Node = Record<string, unknown>;

const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

function note(node: Node, text: string): void {
  const d = typeof node.description === 'string' ? node.description : '';
  if (!d.includes(text)) node.description = d ? `${d} (${text})` : text;
}

function typesOf(alternatives: unknown[]): string[] | null {
  const types: string[] = [];
  for (const alt of alternatives) {
    if (!alt || typeof alt !== 'object') return null;
    const a = alt as Node;
    const keys = Object.keys(a).filter((k) => k !== 'description');
    if (keys.length !== 1 || keys[0] !== 'type') return null; // only bare primitive alternatives are merged
    const t = a.type;
    if (typeof t !== 'string' || !PRIMITIVES.has(t)) return null;
    types.push(t);
  }
  return types;
}

/**
 * One type for a union of bare primitives, when one accepts what the caller
 * means: string when a string alternative exists (every string is accepted),
 * number for number|integer. Null alternatives are dropped (callers omit the field).
 */
function mergePrimitiveUnion(types: string[]): string | null {
  const nonNull = [...new Set(types.filter((t) => t !== 'null'))];
  if (nonNull.length === 1) return nonNull[0];
  if (nonNull.includes('string')) return 'string';
  if (nonNull.every((t) => t === 'number' || t === 'integer')) return 'number';
  return null;
}

function walk(node: unknown, defs: Node, seen: Set<string>): unknown {
  if (Array.isArray(node)) return node.map((n) => walk(n, defs, seen));
  if (!node || typeof node !== 'object') return node;
  let src = node as Node;
  if (typeof src.$ref === 'string') {
    const name = src.$ref.replace(/^#\/\$defs\//, '');
    const target = defs[name] as Node | undefined;
    const { $ref: _ref, ...rest } = src;
    if (!target || seen.has(name)) return { type: 'object', ...rest }; // a recursive reference ends as a plain object
    return walk({ ...target, ...rest }, defs, new Set([...seen, name]));
  }
  const out: Node = {};
  for (const [k, v] of Object.entries(src)) {
    if (k === '$defs' || k === 'propertyNames' || k === '$schema' || k === '$id') continue;
    out[k] = k === 'properties' || k === 'patternProperties'
      ? Object.fromEntries(Object.entries(v as Node).map(([p, s]) => [p, walk(s, defs, seen)]))
      : walk(v, defs, seen);
  }
  if ('const' in out) {
    out.enum = [out.const];
    delete out.const;
  }
  if (typeof out.exclusiveMinimum === 'number') {
    const x = out.exclusiveMinimum;
    if (typeof out.minimum !== 'number' || out.minimum < x) out.minimum = x;
    delete out.exclusiveMinimum;
    note(out, `greater than ${x}`);
  }
  if (typeof out.exclusiveMaximum === 'number') {
    const x = out.exclusiveMaximum;
    if (typeof out.maximum !== 'number' || out.maximum > x) out.maximum = x;
    delete out.exclusiveMaximum;
    note(out, `less than ${x}`);
  }
  if (Array.isArray(out.type)) {
    const merged = mergePrimitiveUnion(out.type as string[]);
    if (merged) out.type = merged;
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const alts = out[key];
    if (!Array.isArray(alts)) continue;
    const types = typesOf(alts);
    const merged = types && mergePrimitiveUnion(types);
    if (merged) {
      delete out[key];
      out.type = merged;
      continue;
    }
    // A union with one non-null alternative is that alternative.
    const nonNull = alts.filter((a) => !(a && typeof a === 'object' && (a as Node).type === 'null'));
    if (nonNull.length === 1) {
      delete out[key];
      Object.assign(out, { ...(nonNull[0] as Node), ...out });
    }
  }
  if (out.type === 'object' && out.properties && Object.keys(out.properties as Node).length === 0) delete out.properties;
  if (!('type' in out) && !('enum' in out) && !('anyOf' in out) && !('oneOf' in out) && !('allOf' in out)) {
    // An untyped value (any JSON): advertised as text, which the tool always accepts.
    out.type = 'string';
    note(out, 'any JSON value; text is accepted as is');
  }
  return out;
}

export function portableSchema(schema: Node): Node {
  const defs = (schema.$defs as Node | undefined) ?? {};
  return walk(schema, defs, new Set()) as Node;
}
