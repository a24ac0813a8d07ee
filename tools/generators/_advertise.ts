/**
 * How the generators' big option sections are advertised in the tool listing
 * (name + description + input JSON Schema count against a token budget). Only
 * the advertised JSON Schema changes, through zod metadata: zod still
 * validates every call exactly as declared (unknown keys refused with a
 * did-you-mean, every bound and pattern checked), and the tool's `docs` carry
 * the full tables. The same principle as src/core/portable-schema.ts: an
 * advertised schema may be looser than the declaration, never stricter.
 */
import { z } from 'zod';

/**
 * The listing's view of a section whose keys all take one kind of value
 * (weights, switches, fill/omit): no per-key entries, the keys and their
 * defaults in one description. zod still validates the section exactly as
 * declared (an unknown key is refused with a did-you-mean); the tool's docs
 * have the full table.
 */
export function advertisedAsMap<T extends z.ZodType>(schema: T, value: Record<string, unknown>, description: string): T {
  return schema.meta({ description, properties: {}, additionalProperties: value });
}

type JsonNode = Record<string, unknown>;
/** A property as the listing shows it: type, a short enum, default, description; bounds, patterns and long enums stay in zod. */
function leanProperty(p: JsonNode, keys: readonly string[]): JsonNode {
  const out: JsonNode = {};
  for (const k of keys) if (k in p && !(k === 'enum' && (p.enum as unknown[]).length > 8)) out[k] = p[k];
  if (p.items) out.items = leanProperty(p.items as JsonNode, keys);
  return out;
}

/**
 * The listing's view of a section of rarely changed fields: every key with its
 * type, default and a few words, without bounds and patterns. zod still
 * validates each field exactly as declared.
 */
export function advertisedLean<T extends z.ZodObject>(
  schema: T,
  keys: readonly string[] = ['type', 'enum', 'default', 'description'],
  description?: string,
): T {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonNode;
  const properties = Object.fromEntries(
    Object.entries(json.properties as Record<string, JsonNode>).map(([k, p]) => [k, leanProperty(p, keys)]),
  );
  return schema.meta(description ? { properties, description } : { properties });
}
