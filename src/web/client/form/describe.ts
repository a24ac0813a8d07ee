/**
 * A field's words: its label, unit and hint from the schema's title, description and name (the
 * description said once, without the repetition the schema conversion adds), and the generated
 * part of a hint (range, default).
 */
import { h } from '../dom.js';
import type { Schema } from '../schema.js';
import { humanize, labelAndUnit, plainText, richText, unitFromText, valueLabel, wordsOf } from '../words.js';
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

/** A rest of a description that only names the unit: "…, in euros", "…, px". */
const UNIT_REST: [RegExp, string][] = [
  [/^(in )?(percent|%)$/i, '%'],
  [/^(in )?(euros?|€)$/i, '€'],
  [/^(in )?(css )?(px|pixels)$/i, 'px'],
  [/^(in )?(ms|milliseconds)$/i, 'ms'],
  [/^(in )?(seconds|minutes|hours|days|weeks|months|years)$/i, ''],
];

/** Words a description opens with that make it a condition or an aside, not a field's name. */
const NOT_A_NAME =
  /^(Optional|Default|Mode|With|When|For|Needed|As in|Instead|Or|One debt|India only|Shorthand|Any of|Business mode)\b|\boptional\b/i;

/** Machine asides people have no use for: the HTTP status of a refusal. */
const MACHINE_ASIDE = /\s*\((?:else|otherwise|or) \d{3}\)/g;

/**
 * Where a description's first part (the label) ends: at "; ", ": ", ", ", " — ", ". " or " (", never inside
 * parentheses or quotes, a time ("14:00"), a number ("1,5"), "e.g." or "http(s)". -1: nowhere.
 */
export function labelEnd(text: string): number {
  let depth = 0;
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const next = text[i + 1] ?? ' ';
    if (quote) {
      if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === '“') quote = c === '“' ? '”' : '"';
    else if (c === '(') {
      // "Yearly property tax (OZB), …": an abbreviation in parentheses belongs to the name; any other aside ends it.
      const close = text.indexOf(')', i);
      const short = close > i && close - i <= 7 && close < text.length - 1;
      if (depth === 0 && i > 0 && text[i - 1] === ' ' && !short) return i - 1;
      depth++;
    } else if (c === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && /\s/.test(next)) {
      if (c === ';' || c === ':' || c === ',') return i;
      if (c === '.' && !/\b(e\.g|i\.e|etc|vs|incl)$/i.test(text.slice(0, i)) && !/\d$/.test(text.slice(0, i))) return i;
      if ((c === '—' || c === '–') && text[i - 1] === ' ') return i - 1;
    }
  }
  return -1;
}

export interface Described {
  label: string;
  unit: string;
  hint: string;
}

/** A field's label (short), unit and hint (the rest of the description, said once). */
export function describe(name: string, s: Schema, ctx: Ctx, kind: string): Described {
  const desc = cleanDescription(String(s.description ?? '')).replace(MACHINE_ASIDE, '');
  const [nameLabel, nameUnit] = labelAndUnit(name);
  const numeric = kind === 'number' || kind === 'integer';
  let unit = numeric ? nameUnit || unitFromText(desc) : '';
  let label = nameLabel || 'Value';
  let hint = desc;
  if (s.title) {
    label = String(s.title);
  } else if (desc) {
    const cut = labelEnd(desc);
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
      /^[A-Z"“]/.test(first) &&
      /[a-z]/.test(first) &&
      !/`|[a-z][A-Z]/.test(first) &&
      !NOT_A_NAME.test(first);
    // A description that lists the options ("Below AOW age, at AOW age, or …") names no field.
    const isOption =
      Array.isArray(s.enum) &&
      s.enum.some((v: unknown) => valueLabel(v).toLowerCase() === first.toLowerCase() || String(v).toLowerCase() === first.toLowerCase());
    // A first part that is only a unit ("Days", "Years") is the unit; the name is the label.
    const unitWord = numeric ? UNIT_REST.find(([re]) => re.test(first)) : undefined;
    if (unitWord) {
      unit ||= unitWord[1] || first.toLowerCase();
      hint = rest ? rest.charAt(0).toUpperCase() + rest.slice(1) : '';
    } else if (usable && !isOption) {
      if (/^\([^()]*\)$/.test(rest)) rest = rest.slice(1, -1);
      label = first.replace(/\.$/, '');
      // A hint starts as a sentence, unless it starts with a value to type ("crlf (default) or lf").
      const firstWord = rest.split(/[\s:,;(]/)[0];
      const isValue = Array.isArray(s.enum) && s.enum.some((v: unknown) => String(v) === firstWord);
      const restUnit = UNIT_REST.find(([re]) => re.test(rest));
      if (restUnit && numeric) unit ||= restUnit[1] || rest.replace(/^in /i, '').toLowerCase();
      hint = restUnit ? '' : isValue ? rest : rest.charAt(0).toUpperCase() + rest.slice(1);
    }
  }
  if (numeric && unit === '%') label = label.replace(/,? (in )?percent$/i, '').replace(/ \(%\)$/, '');
  if (numeric && unit === '€') label = label.replace(/,? (in )?euros?$/i, '');
  if (numeric && unit && label.toLowerCase().endsWith(` in ${unit}`)) label = label.slice(0, -(unit.length + 4));
  if (hint && plainText(hint).toLowerCase() === label.toLowerCase()) hint = '';
  return { label, unit, hint };
}

/** The generated parts of a hint: the range and the default, unless the description says them already. */
export function extras(s: Schema, kind: string, hintText: string): string[] {
  const out: string[] = [];
  const said = hintText.toLowerCase();
  if (kind === 'number' || kind === 'integer') {
    // Bounds that only keep numbers finite (±1e12 and beyond) are no range a person works in.
    const min = typeof s.minimum === 'number' && Math.abs(s.minimum) < 1e6 ? s.minimum : undefined;
    const max = typeof s.maximum === 'number' && Math.abs(s.maximum) < 1e6 ? s.maximum : undefined;
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

/** One item of a list field, in words: `courses` → "course", `toZones` → "zone" (not "to zone"), `csvs` → "CSV". */
export function singularOf(name: string): string {
  const words = wordsOf(name.replace(/ies$/, 'y').replace(/s$/, ''));
  while (words.length > 1 && /^(to|from|in|of|for|with)$/.test(words[0])) words.shift();
  return lowerFirst(humanize(words.join(' ')));
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

/**
 * Labels that two fields of one group would share ("Down payment" in euros and in percent): each said by its
 * own name instead, with its unit where the names agree too. Answers name → label for the fields to relabel.
 */
export function distinctLabels(fields: [name: string, d: Described][]): Map<string, string> {
  const byLabel = new Map<string, [string, Described][]>();
  for (const f of fields) {
    const key = f[1].label.toLowerCase();
    byLabel.set(key, [...(byLabel.get(key) ?? []), f]);
  }
  const out = new Map<string, string>();
  for (const group of byLabel.values()) {
    if (group.length < 2) continue;
    const own = group.map(([name]) => labelAndUnit(name)[0]);
    group.forEach(([name, d], i) => {
      const clash = own.filter((l) => l.toLowerCase() === own[i].toLowerCase()).length > 1;
      out.set(name, !clash ? own[i] : d.unit ? `${own[i]} (${d.unit})` : humanize(name));
    });
  }
  return out;
}
