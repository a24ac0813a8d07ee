/**
 * Which control a primitive field gets: a choice, a check box, a number box, a date or time
 * picker, a time zone with its pick list, a line or a text area, read from the schema, the name and the examples' values.
 */
import { typeOf, type Schema } from '../schema.js';
import { exampleValues, type Ctx } from './field.js';

/** Field names whose text is long: a text area rather than a line. */
export const LONG =
  /^(text|texts|html|markdown|csv|csvs|tsv|json|xml|yaml|sql|original|modified|input|content|source|body|document|documents|template|data|code|query|lines|subtitles|srt|vtt|prompt|system|instructions|token|a|b|headerRow)$/i;
export const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const TIME = /^\d{1,2}:\d{2}$/;
export const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

export type Kind = 'enum' | 'boolean' | 'number' | 'integer' | 'date' | 'time' | 'datetime' | 'zone' | 'text' | 'long';

/** A time zone by its IANA name: said so in the description, or a name ending in "zone" ("fromZone", "timezone"). */
export const isZone = (name: string, s: Schema) => /\bIANA\b/.test(String(s.description ?? '')) || /(^|[a-z])(time)?[zZ]ones?$/.test(name);

/** Which control a primitive schema gets. */
export function kindOf(name: string, s: Schema, ctx: Ctx, path: string[]): Kind {
  if (Array.isArray(s.enum)) return 'enum';
  const t = typeOf(s);
  if (t === 'boolean') return 'boolean';
  if (t === 'number' || t === 'integer') return t;
  if (isZone(name, s)) return 'zone';
  const values = exampleValues(ctx, path).filter((v): v is string => typeof v === 'string');
  const all = (re: RegExp) => values.every((v) => re.test(v));
  const desc = String(s.description ?? '');
  const datey =
    s.format === 'date' ||
    s.pattern === '^\\d{4}-\\d{2}-\\d{2}$' ||
    /yyyy-mm-dd/i.test(desc) ||
    /(^date$|Date$|^(start|end|from|to)$|(From|To)$)/.test(name) ||
    /\b(date|day)\b/i.test(desc);
  if (datey && values.length > 0 && all(DATE)) return 'date';
  if (
    datey &&
    values.length === 0 &&
    (s.format === 'date' || s.pattern === '^\\d{4}-\\d{2}-\\d{2}$' || /yyyy-mm-dd/i.test(desc) || /Date$/.test(name))
  )
    return 'date';
  const clock = values.length > 0 && all(TIME) && values.every((v) => Number(v.split(':')[0]) < 24);
  if (clock && /time|start|end|^from$|^to$|given/i.test(name + ' ' + desc) && !/mm:ss|duration|pace/i.test(desc)) return 'time';
  if (values.length > 0 && all(DATETIME)) return 'datetime';
  if ((s.maxLength ?? 0) > 300 || LONG.test(name) || values.some((v) => v.includes('\n') || v.length > 80)) return 'long';
  return 'text';
}
