/** Reading the JSON Schemas the registry publishes (the portable subset: no $ref, nullable as anyOf). */

/** A JSON Schema as parsed from JSON: the fields these modules read; anything else stays unknown. */
export interface JsonSchema {
  type?: string | string[];
  title?: string;
  description?: string;
  default?: unknown;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  minItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  [k: string]: unknown;
}

export type Schema = JsonSchema;

/** `anyOf: [X, {type: null}]` → X (with the outer description); anything else as it is. */
export function resolve(raw: unknown): Schema {
  if (!raw || typeof raw !== 'object') return {};
  const s = raw as JsonSchema;
  for (const k of ['anyOf', 'oneOf'] as const) {
    const alternatives = s[k];
    if (Array.isArray(alternatives)) {
      const options = alternatives.filter((o) => o && o.type !== 'null');
      if (options.length === 1) {
        const inner = resolve(options[0]);
        return { ...s, ...inner, [k]: undefined, description: s.description ?? inner.description, default: s.default ?? inner.default };
      }
    }
  }
  return s;
}

export function typeOf(s: Schema): string {
  const t = Array.isArray(s.type) ? s.type.filter((x) => x !== 'null')[0] : s.type;
  if (t) return t;
  if (Array.isArray(s.enum)) return typeof s.enum[0] === 'number' ? 'number' : 'string';
  return '';
}

export const isPrimitive = (s: Schema) =>
  ['string', 'number', 'integer', 'boolean'].includes(typeOf(resolve(s))) || Array.isArray(resolve(s).enum);

export const isRecord = (v: unknown): v is Record<string, unknown> => Boolean(v) && typeof v === 'object' && !Array.isArray(v);

/** The value at a path of an object (`a.b`). */
export function at(obj: unknown, path: readonly string[]): unknown {
  let cur: unknown = obj;
  for (const p of path) cur = isRecord(cur) ? cur[p] : undefined;
  return cur;
}
