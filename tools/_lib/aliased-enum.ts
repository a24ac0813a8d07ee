/**
 * An enum field that also accepts the spellings a user would try: case,
 * spaces, `-`, `_`, `.` and `/` are ignored ("Snake_Case" → "snake"), a trailing
 * "case" is dropped, and explicit `aliases` map other words to a value
 * ("asc" → "a-to-z"). `refused` names values that are understood but declined,
 * each with the sentence to answer (e.g. md5 → "MD5 is broken…"). The JSON
 * Schema still lists only the canonical values.
 */
import { z } from 'zod';

const key = (s: string) =>
  s
    .toLowerCase()
    .replace(/[\s_\-./]+/g, '')
    .replace(/(?<=.)case$/, '');

export interface AliasOptions<V extends string> {
  aliases?: Readonly<Record<string, V>>;
  refused?: Readonly<Record<string, string>>;
}

export function aliasedEnum<const T extends readonly string[]>(
  values: T,
  { aliases = {}, refused = {} }: AliasOptions<NoInfer<T[number]>> = {},
) {
  const lookup = new Map<string, T[number]>();
  for (const [alias, value] of Object.entries(aliases)) lookup.set(key(alias), value);
  for (const value of values) lookup.set(key(value), value);
  const refusals = new Map(Object.entries(refused).map(([word, message]) => [key(word), message]));
  return z.preprocess(
    (v, ctx) => {
      if (typeof v !== 'string' || v.length > 100) return v;
      const k = key(v);
      const refusal = refusals.get(k);
      if (refusal) {
        ctx.addIssue({ code: 'custom', message: refusal, input: v });
        return z.NEVER;
      }
      return lookup.get(k) ?? v;
    },
    z.enum(values as unknown as [T[number], ...T[number][]]),
  );
}
