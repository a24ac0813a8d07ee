/** Reading the JSON Schemas the registry publishes (the portable subset: no $ref, nullable as anyOf). */
/* eslint-disable @typescript-eslint/no-explicit-any */

export type Schema = Record<string, any>;

/** `anyOf: [X, {type: null}]` → X (with the outer description); anything else as it is. */
export function resolve(s: any): Schema {
  if (!s || typeof s !== 'object') return {};
  for (const k of ['anyOf', 'oneOf']) {
    if (Array.isArray(s[k])) {
      const options = s[k].filter((o: any) => o && o.type !== 'null');
      if (options.length === 1) {
        const inner = resolve(options[0]);
        return { ...s, ...inner, [k]: undefined, description: s.description ?? inner.description, default: s.default ?? inner.default };
      }
    }
  }
  return s;
}

export function typeOf(s: Schema): string {
  const t = Array.isArray(s.type) ? s.type.filter((x: string) => x !== 'null')[0] : s.type;
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
