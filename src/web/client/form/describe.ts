/**
 * A field's words: its label, unit and hint from the schema's title, description and name (the
 * description said once, without the repetition the schema conversion adds), and the generated
 * part of a hint (range, default).
 */
import { h } from '../dom.js';
import type { Schema } from '../schema.js';
import { labelAndUnit, plainText, richText, unitFromText, valueLabel } from '../words.js';
import type { Ctx } from './field.js';

/** Text of a description without the repetition the schema conversion adds ("> 0 (greater than 0)"). */
function cleanDescription(text: string): string {
  let t = text.trim();
  const m = /\s*\((greater than|less than) (-?[\d.]+)\)$/.exec(t);
  if (m) {
    const before = t.slice(0, m.index);
    const sym = m[1] === 'greater than' ? '>' : '<';
    if (before.includes(`${m[1]} ${m[2]}`) || before.includes(`${sym} ${m[2]}`)) t = before;
  }
  return t;
}

const UNIT_ONLY = /^(in )?(percent|euros?|%|€)$/i;

export interface Described {
  label: string;
  unit: string;
  hint: string;
}

/** A field's label (short), unit and hint (the rest of the description, said once). */
export function describe(name: string, s: Schema, ctx: Ctx, kind: string): Described {
  const desc = cleanDescription(String(s.description ?? ''));
  const [nameLabel, nameUnit] = labelAndUnit(name);
  const numeric = kind === 'number' || kind === 'integer';
  let unit = numeric ? nameUnit || unitFromText(desc) : '';
  let label = nameLabel || 'Value';
  let hint = desc;
  if (s.title) {
    label = String(s.title);
  } else if (desc) {
    const cut = desc.search(/\s*(;|:|\(|, | — | – |\. )/);
    const first = (cut < 0 ? desc : desc.slice(0, cut)).trim();
    let rest =
      cut < 0
        ? ''
        : desc
            .slice(cut)
            .replace(/^\s*[;:,—–.]\s*/, '')
            .trim();
    const usable =
      first.length >= 3 &&
      first.length <= 42 &&
      /^[A-Z0-9"“]/.test(first) &&
      !/`|[a-z][A-Z]/.test(first) &&
      !/^(Optional|Default|Mode|With|One debt|India only|Shorthand|Any of|Business mode)\b|\boptional\b/i.test(first);
    // A description that lists the options ("Below AOW age, at AOW age, or …") names no field.
    const isOption =
      Array.isArray(s.enum) &&
      s.enum.some((v: unknown) => valueLabel(v).toLowerCase() === first.toLowerCase() || String(v).toLowerCase() === first.toLowerCase());
    if (usable && !isOption) {
      if (/^\([^()]*\)$/.test(rest)) rest = rest.slice(1, -1);
      label = first.replace(/\.$/, '');
      // A hint starts as a sentence, unless it starts with a value to type ("crlf (default) or lf").
      const firstWord = rest.split(/[\s:,;(]/)[0];
      const isValue = Array.isArray(s.enum) && s.enum.some((v: unknown) => String(v) === firstWord);
      hint = UNIT_ONLY.test(rest) ? '' : isValue ? rest : rest.charAt(0).toUpperCase() + rest.slice(1);
    }
  }
  if (numeric && unit === '%') label = label.replace(/,? (in )?percent$/i, '').replace(/ \(%\)$/, '');
  if (numeric && unit === '€') label = label.replace(/,? (in )?euros?$/i, '');
  if (numeric && !unit && /\bper (kWh|km|unit|person|hour|month)\b/.test(label)) unit = '';
  if (hint && plainText(hint).toLowerCase() === label.toLowerCase()) hint = '';
  return { label, unit, hint };
}

/** The generated parts of a hint: the range and the default, unless the description says them already. */
export function extras(s: Schema, kind: string, hintText: string): string[] {
  const out: string[] = [];
  const said = hintText.toLowerCase();
  if (kind === 'number' || kind === 'integer') {
    const min = typeof s.minimum === 'number' ? s.minimum : undefined;
    const max = typeof s.maximum === 'number' && s.maximum < 1e6 ? s.maximum : undefined;
    const mentioned =
      /greater than|less than|at least|at most|or more|or less|below|above|≥|≤|\d\s*(–|to)\s*\d/.test(said) ||
      (min !== undefined && max !== undefined && said.includes(String(min)) && said.includes(String(max)));
    if (!mentioned) {
      if (min !== undefined && max !== undefined) out.push(`${fmt(min)} to ${fmt(max)}`);
      else if (min !== undefined && min !== 0) out.push(`at least ${fmt(min)}`);
      else if (max !== undefined) out.push(`at most ${fmt(max)}`);
    }
  }
  if (s.default !== undefined && typeof s.default !== 'object' && kind !== 'enum' && kind !== 'boolean' && !said.includes('default'))
    out.push(`default ${typeof s.default === 'string' ? `“${s.default}”` : fmt(s.default)}`);
  return out;
}

/** "Course" → "course", "CSV" stays. */
export const lowerFirst = (s: string) => (/^[A-Z][A-Z]/.test(s) ? s : s.charAt(0).toLowerCase() + s.slice(1));

export const fmt = (v: unknown) =>
  typeof v === 'number' ? v.toLocaleString('en', { useGrouping: false, maximumFractionDigits: 10 }) : String(v);

/** The hint under a field: the description's rest, then the generated parts. */
export function hintNode(id: string, hint: string, extra: string[], ctx: Ctx): HTMLElement | null {
  if (!hint && !extra.length) return null;
  const el = h('span', { class: 'hint', id });
  if (hint) el.append(richText(hint, ctx.names));
  if (extra.length) {
    const text = extra.join(' · ');
    el.append(hint ? ` · ${text}` : text.charAt(0).toUpperCase() + text.slice(1));
  }
  return el;
}
