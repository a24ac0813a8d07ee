/**
 * The output schema a tool is listed with over MCP. Hosts receive every listed schema with tools/list, so
 * the listing carries each answer's top level only: its fields and their JSON types, nothing nested. The
 * full shape (every nested field, with its description) is in the tool's reference, the MCP resource
 * `werkbank://docs/<slug>`, and in OpenAPI. A shallow schema still validates every answer: it only
 * constrains less.
 *
 * Listed schemas are portable (what the MCP Inspector's `--strict` checks): every schema names a type,
 * and a field of several types is an `anyOf` of single types, never a `type` array such as
 * `["number","null"]`, which clients that map schemas onto a one-type dialect (Gemini's OpenAPI subset)
 * reject or silently loosen.
 */
import type { JsonSchema } from '../core/registry.js';

type Schema = Record<string, unknown>;

const ANY_JSON: Schema = {
  anyOf: ['string', 'number', 'boolean', 'null', 'array', 'object'].map((type) => ({ type })),
};

/** A schema of the given JSON types: one `type`, or an `anyOf` of single types. */
function ofTypes(types: string[]): Schema {
  const unique = [...new Set(types)];
  if (unique.length === 0) return ANY_JSON;
  return unique.length === 1 ? { type: unique[0] } : { anyOf: unique.map((type) => ({ type })) };
}

/** The JSON types a schema admits, as far as its own keywords say ([] when they say nothing). */
function typesOf(s: Schema): string[] {
  if (typeof s.type === 'string') return [s.type];
  if (Array.isArray(s.type)) return s.type.filter((t): t is string => typeof t === 'string');
  const branches = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (Array.isArray(branches)) {
    const each = branches.map(typesOf);
    return each.some((t) => t.length === 0) ? [] : each.flat();
  }
  const values = Array.isArray(s.enum) ? s.enum : 'const' in s ? [s.const] : [];
  return values.map((v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'object' ? 'object' : typeof v));
}

/** A field's listed schema: its types only (integer stays integer). */
export function fieldTypes(s: unknown): Schema {
  return s && typeof s === 'object' ? ofTypes(typesOf(s as Schema)) : ANY_JSON;
}

/**
 * The top level of an object schema: each field with its types (a union of objects, such as one answer per
 * `format`, lists the fields of every branch); `fullShape` names where the rest is documented.
 */
export function shallowOutputSchema(schema: JsonSchema, fullShape?: string): JsonSchema {
  const branches = ((schema.anyOf ?? schema.oneOf ?? [schema]) as Schema[]).filter((b) => b.properties);
  const fields = new Map<string, unknown[]>();
  for (const b of branches)
    for (const [name, s] of Object.entries(b.properties as Record<string, unknown>)) fields.set(name, [...(fields.get(name) ?? []), s]);
  const listed = [...fields].map(([name, each]) => [name, ofTypes(each.flatMap((s) => typesOf(s as Schema)))] as const);
  // Something left out beyond descriptions (a nested shape, an enum, a bound, a union): say where it is.
  const cut =
    branches.length !== 1 || listed.some(([name, t]) => JSON.stringify(withoutDescription(fields.get(name)![0])) !== JSON.stringify(t));
  return {
    type: 'object',
    ...(cut && fullShape ? { description: `Full shape: ${fullShape}` } : {}),
    properties: Object.fromEntries(listed),
  };
}

function withoutDescription(s: unknown): unknown {
  if (!s || typeof s !== 'object') return s;
  const { description: _, ...rest } = s as Schema;
  return rest;
}

const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const SUBSCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const SUBSCHEMAS = ['items', 'additionalProperties', 'not', 'contains', 'propertyNames', 'if', 'then', 'else'];

/** `schema` with every `type` array written as `anyOf` branches of one type each (a whole schema, kept deep). */
export function portableSchema(node: unknown): unknown {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return node;
  const s = node as Schema;
  const out: Schema = {};
  for (const [k, v] of Object.entries(s)) {
    if (SUBSCHEMA_MAPS.includes(k) && v && typeof v === 'object')
      out[k] = Object.fromEntries(Object.entries(v).map(([name, sub]) => [name, portableSchema(sub)]));
    else if (SUBSCHEMA_LISTS.includes(k) && Array.isArray(v)) out[k] = v.map(portableSchema);
    else if (SUBSCHEMAS.includes(k)) out[k] = portableSchema(v);
    else out[k] = v;
  }
  if (Array.isArray(s.type)) {
    const { type, ...rest } = out;
    const branches = { anyOf: (type as string[]).map((t) => ({ type: t })) };
    return 'anyOf' in rest ? { ...rest, allOf: [branches] } : { ...rest, ...branches };
  }
  return out;
}
