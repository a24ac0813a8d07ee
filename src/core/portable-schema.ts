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

/** Keywords whose value is a schema or a list of schemas. */
const SUBSCHEMA = new Set([
  'items',
  'prefixItems',
  'additionalProperties',
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  'contains',
  'if',
  'then',
  'else',
]);

function note(node: Node, text: string): void {
  const d = typeof node.description === 'string' ? node.description : '';
  if (!d.includes(text)) node.description = d ? `${d} (${text})` : text;
}

/** The alternatives of a union, nested unions flattened. */
function alternativesOf(alts: unknown[]): Node[] {
  return alts.flatMap((a) => {
    const n = (a && typeof a === 'object' ? a : {}) as Node;
    const inner = (n.anyOf ?? n.oneOf) as unknown[] | undefined;
    return Array.isArray(inner) ? alternativesOf(inner) : [n];
  });
}

/**
 * One schema for a union, where one serves: a union with a string alternative
 * is advertised as that string (every such tool also takes the text form: a
 * seed, a timestamp, JSON text); a union of numbers as one number (enums
 * merged). Null alternatives are dropped (callers omit the field). Otherwise null.
 */
function mergeUnion(alts: Node[]): Node | null {
  const nonNull = alts.filter((a) => a.type !== 'null');
  if (nonNull.length === 1) return nonNull[0];
  const text = nonNull.find((a) => a.type === 'string');
  if (text) return text;
  if (nonNull.every((a) => a.type === 'number' || a.type === 'integer')) {
    const enums = nonNull.every((a) => Array.isArray(a.enum)) ? [...new Set(nonNull.flatMap((a) => a.enum as unknown[]))] : undefined;
    const type = nonNull.every((a) => a.type === 'integer') ? 'integer' : 'number';
    return enums ? { type, enum: enums } : { type };
  }
  return null;
}

/** One type for a `type: [...]` list: string when listed, else number for number|integer, without null. */
function mergeTypeList(types: string[]): string | null {
  const nonNull = [...new Set(types.filter((t) => t !== 'null'))];
  if (nonNull.length === 1) return nonNull[0];
  if (nonNull.includes('string')) return 'string';
  if (nonNull.every((t) => t === 'number' || t === 'integer')) return 'number';
  return null;
}

function walk(node: unknown, defs: Node, seen: Set<string>): unknown {
  if (Array.isArray(node)) return node.map((n) => walk(n, defs, seen));
  if (!node || typeof node !== 'object') return node;
  const src = node as Node;
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
    // Only subschemas are rewritten: values (default, enum, examples) stay as they are.
    if (k === 'properties' || k === 'patternProperties')
      out[k] = Object.fromEntries(Object.entries(v as Node).map(([p, s]) => [p, walk(s, defs, seen)]));
    else if (SUBSCHEMA.has(k) && v && typeof v === 'object') out[k] = walk(v, defs, seen);
    else out[k] = v;
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
    const merged = mergeTypeList(out.type as string[]);
    if (merged) out.type = merged;
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const alts = out[key];
    if (!Array.isArray(alts)) continue;
    const merged = mergeUnion(alternativesOf(alts));
    if (!merged) continue;
    delete out[key];
    const { description, ...rest } = merged;
    Object.assign(out, rest);
    if (typeof description === 'string' && typeof out.description !== 'string') out.description = description;
  }
  if (out.type === 'object' && out.properties && Object.keys(out.properties).length === 0) delete out.properties;
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
