/**
 * The tool page's form, generated from the input JSON Schema: a labelled control per field in
 * the person's words (labels and units from the schema's titles, descriptions and names; enum
 * values as words; date and time pickers; numbers read with a decimal comma or point and refused
 * on the field when unreadable), arrays of objects as tables with a row per item, arrays of
 * strings as one box per item, optional groups folded away.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import { h } from './dom.js';
import { parseNumber } from './numbers.js';
import { isPrimitive, isRecord, resolve, typeOf, type Schema } from './schema.js';
import { humanize, labelAndUnit, plainText, richText, unitFromText, valueLabel } from './words.js';

export interface Field {
  path: string[];
  /** The value to send (undefined: not set). Throws a FieldError when the input cannot be read. */
  get(): unknown;
  set(v: unknown): void;
  clear(): void;
  focusEl: HTMLElement;
  errEl: HTMLElement;
  /** Show an error on the field; `rest`: the part of the API's path below the field (a table cell, `[0].credits`). */
  mark(message: string, rest?: string): void;
}

export type FieldError = Error & { field: Field; el?: HTMLElement };
export const fieldError = (field: Field, message: string, el?: HTMLElement): FieldError => Object.assign(new Error(message), { field, el });
export const isFieldError = (e: unknown): e is FieldError => e instanceof Error && 'field' in e;

export interface Form {
  fields: Field[];
  collect(): Record<string, unknown>;
  fill(input: unknown): void;
  reset(): void;
  clearErrors(): void;
  /** The field an API path names (`options.count`, `courses[1].grade`), and the rest of the path. */
  fieldAt(path: string): [Field, string] | undefined;
}

/** Field names whose text is long: a text area rather than a line. */
const LONG = /^(text|texts|html|markdown|csv|csvs|tsv|json|xml|yaml|sql|original|modified|input|content|source|body|document|documents|template|data|code|query|lines|subtitles|srt|vtt|prompt|system|instructions|token|a|b|headerRow)$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{1,2}:\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

interface Ctx {
  fields: Field[];
  /** Every field name → its label, to say "Term unit" where a description says `termUnit`. */
  names: Map<string, string>;
  /** The examples' inputs (for the shapes of values: dates, times). */
  examples: unknown[];
  ids: Set<string>;
}

const idOf = (ctx: Ctx, path: string[]) => {
  const base = 'f-' + (path.join('.') || 'body').replace(/[^A-Za-z0-9_.-]/g, '_');
  let id = base;
  for (let i = 2; ctx.ids.has(id); i++) id = `${base}-${i}`;
  ctx.ids.add(id);
  return id;
};

/** Values of a path in the examples (`[]` steps into every item of an array). */
function exampleValues(ctx: Ctx, path: string[]): unknown[] {
  let cur: unknown[] = ctx.examples;
  for (const p of path) {
    const next: unknown[] = [];
    for (const v of cur) {
      if (p === '[]') {
        if (Array.isArray(v)) next.push(...v);
      } else if (isRecord(v) && v[p] !== undefined) next.push(v[p]);
    }
    cur = next;
  }
  return cur;
}

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

interface Described {
  label: string;
  unit: string;
  hint: string;
}

/** A field's label (short), unit and hint (the rest of the description, said once). */
function describe(name: string, s: Schema, ctx: Ctx, kind: string): Described {
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
    let rest = cut < 0 ? '' : desc.slice(cut).replace(/^\s*[;:,—–.]\s*/, '').trim();
    const usable =
      first.length >= 3 &&
      first.length <= 42 &&
      /^[A-Z0-9"“]/.test(first) &&
      !/`|[a-z][A-Z]/.test(first) &&
      !/^(Optional|Default|Mode|With|One debt|India only|Shorthand|Any of|Business mode)\b|\boptional\b/i.test(first);
    // A description that lists the options ("Below AOW age, at AOW age, or …") names no field.
    const isOption = Array.isArray(s.enum) && s.enum.some((v: unknown) => valueLabel(v).toLowerCase() === first.toLowerCase() || String(v).toLowerCase() === first.toLowerCase());
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
function extras(s: Schema, kind: string, hintText: string): string[] {
  const out: string[] = [];
  const said = hintText.toLowerCase();
  if (kind === 'number' || kind === 'integer') {
    const min = typeof s.minimum === 'number' ? s.minimum : undefined;
    const max = typeof s.maximum === 'number' && s.maximum < 1e6 ? s.maximum : undefined;
    const mentioned = /greater than|less than|at least|at most|or more|or less|below|above|≥|≤|\d\s*(–|to)\s*\d/.test(said) ||
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
const lowerFirst = (s: string) => (/^[A-Z][A-Z]/.test(s) ? s : s.charAt(0).toLowerCase() + s.slice(1));

const fmt = (v: unknown) => (typeof v === 'number' ? v.toLocaleString('en', { useGrouping: false, maximumFractionDigits: 10 }) : String(v));

function hintNode(id: string, hint: string, extra: string[], ctx: Ctx): HTMLElement | null {
  if (!hint && !extra.length) return null;
  const el = h('span', { class: 'hint', id });
  if (hint) el.append(richText(hint, ctx.names));
  if (extra.length) {
    const text = extra.join(' · ');
    el.append(hint ? ` · ${text}` : text.charAt(0).toUpperCase() + text.slice(1));
  }
  return el;
}

/** The default an enum's description names: "pretty (default) or minify", "(default auto)". */
function enumDefault(s: Schema): unknown {
  if (s.default !== undefined) return s.default;
  const desc = String(s.description ?? '');
  const values: unknown[] = s.enum;
  const m = /([^\s,;:(]+) \(default\b/.exec(desc) ?? /\bdefault:? ["“]?([^\s"”,;)]+)/i.exec(desc);
  if (m) {
    const found = values.find((v) => String(v).toLowerCase() === m[1].toLowerCase().replace(/[.:]$/, ''));
    if (found !== undefined) return found;
  }
  return undefined;
}

type Kind = 'enum' | 'boolean' | 'number' | 'integer' | 'date' | 'time' | 'datetime' | 'text' | 'long';

/** Which control a primitive schema gets. */
function kindOf(name: string, s: Schema, ctx: Ctx, path: string[]): Kind {
  if (Array.isArray(s.enum)) return 'enum';
  const t = typeOf(s);
  if (t === 'boolean') return 'boolean';
  if (t === 'number' || t === 'integer') return t;
  const values = exampleValues(ctx, path).filter((v) => typeof v === 'string') as string[];
  const all = (re: RegExp) => values.every((v) => re.test(v));
  const desc = String(s.description ?? '');
  const datey =
    s.format === 'date' ||
    s.pattern === '^\\d{4}-\\d{2}-\\d{2}$' ||
    /yyyy-mm-dd/i.test(desc) ||
    /(^date$|Date$|^(start|end|from|to)$|(From|To)$)/.test(name) ||
    /\b(date|day)\b/i.test(desc);
  if (datey && values.length > 0 && all(DATE)) return 'date';
  if (datey && values.length === 0 && (s.format === 'date' || s.pattern === '^\\d{4}-\\d{2}-\\d{2}$' || /yyyy-mm-dd/i.test(desc) || /Date$/.test(name))) return 'date';
  const clock = values.length > 0 && all(TIME) && values.every((v) => Number(v.split(':')[0]) < 24);
  if (clock && /time|start|end|^from$|^to$|given/i.test(name + ' ' + desc) && !/mm:ss|duration|pace/i.test(desc)) return 'time';
  if (values.length > 0 && all(DATETIME)) return 'datetime';
  if ((s.maxLength ?? 0) > 300 || LONG.test(name) || values.some((v) => v.includes('\n') || v.length > 80)) return 'long';
  return 'text';
}

/** One control for a primitive value: its element, reader and writer. */
interface Control {
  el: HTMLElement;
  focusEl: HTMLElement;
  read(): unknown; // undefined: empty
  write(v: unknown): void;
  /** An error on the input as typed (numbers, dates), or ''. */
  check(): string;
}

function control(kind: Kind, s: Schema, id: string, ariaLabel?: string, required = false): Control {
  const common = { id, 'aria-label': ariaLabel, 'aria-required': required ? 'true' : undefined };
  if (kind === 'enum') {
    const values: unknown[] = s.enum;
    const def = enumDefault(s);
    const sel = h('select', common) as HTMLSelectElement;
    // A default the schema does not carry is the tool's own: the empty choice leaves it out and names no value.
    if (def === undefined) sel.append(h('option', { value: '', text: required ? 'Choose…' : '' }));
    values.forEach((v, i) => sel.append(h('option', { value: String(i), text: valueLabel(v) + (v === def ? ' (default)' : '') })));
    const initial = def === undefined ? '' : String(values.indexOf(def));
    sel.value = initial;
    return {
      el: sel,
      focusEl: sel,
      read: () => (sel.value === '' || sel.value === initial ? undefined : values[Number(sel.value)]),
      write: (v) => {
        const i = values.findIndex((e) => e === v || String(e).toLowerCase() === String(v).toLowerCase());
        sel.value = v === undefined || i < 0 ? initial : String(i);
      },
      check: () => '',
    };
  }
  if (kind === 'boolean') {
    const box = h('input', { ...common, type: 'checkbox' }) as HTMLInputElement;
    const initial = s.default === true;
    box.checked = initial;
    let touched = false;
    box.addEventListener('change', () => (touched = true));
    return {
      el: box,
      focusEl: box,
      read: () => (touched || box.checked !== initial ? box.checked : undefined),
      write: (v) => {
        box.checked = v === undefined ? initial : Boolean(v);
        touched = v !== undefined;
      },
      check: () => '',
    };
  }
  if (kind === 'number' || kind === 'integer') {
    const integer = kind === 'integer';
    const input = h('input', {
      ...common,
      type: 'text',
      inputmode: integer && !(typeof s.minimum === 'number' && s.minimum < 0) ? 'numeric' : 'decimal',
      autocomplete: 'off',
      spellcheck: 'false',
      placeholder: typeof s.default === 'number' ? fmt(s.default) : undefined,
    }) as HTMLInputElement;
    const parse = () => (input.value.trim() === '' ? undefined : parseNumber(input.value, integer));
    return {
      el: input,
      focusEl: input,
      read: () => {
        const p = parse();
        return p && p.ok ? p.value : undefined;
      },
      write: (v) => (input.value = v === undefined || v === null ? '' : typeof v === 'number' ? fmt(v) : String(v)),
      check: () => {
        const p = parse();
        return p && !p.ok ? p.error : '';
      },
    };
  }
  if (kind === 'long') {
    const ta = h('textarea', { ...common, rows: 6, spellcheck: 'false', maxlength: s.maxLength }) as HTMLTextAreaElement;
    return {
      el: ta,
      focusEl: ta,
      read: () => (ta.value === '' ? undefined : ta.value),
      write: (v) => (ta.value = v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v, null, 2)),
      check: () => '',
    };
  }
  const type = kind === 'date' ? 'date' : kind === 'time' ? 'time' : kind === 'datetime' ? 'datetime-local' : 'text';
  const input = h('input', {
    ...common,
    type,
    autocomplete: 'off',
    spellcheck: 'false',
    maxlength: s.maxLength,
    placeholder: type === 'text' && typeof s.default === 'string' ? s.default : undefined,
  }) as HTMLInputElement;
  return {
    el: input,
    focusEl: input,
    read: () => (input.value === '' ? undefined : input.value),
    write: (v) => {
      const text = v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v);
      // A value a picker cannot hold (an example's "today", a full ISO instant): a plain text box then.
      if (type !== 'text' && text && !(type === 'date' ? DATE : type === 'time' ? TIME : DATETIME).test(text)) input.type = 'text';
      input.value = type === 'time' && /^\d:\d{2}$/.test(text) ? '0' + text : text;
      if (text && input.value === '') {
        input.type = 'text';
        input.value = text;
      }
    },
    check: () => (input.validity?.badInput ? (type === 'date' ? 'Enter a complete date' : 'Enter a complete time') : ''),
  };
}

/** A labelled field (label, control with its unit, hint, error). */
function fieldBox(id: string, d: Described, ctl: Control, required: boolean, hint: HTMLElement | null, err: HTMLElement, kind: Kind): HTMLElement {
  const described = [hint?.id, err.id].filter(Boolean).join(' ');
  ctl.focusEl.setAttribute('aria-describedby', described);
  const label = h('label', { for: id }, d.label, required ? h('span', { class: 'req', text: ' required' }) : null);
  if (kind === 'boolean') {
    return h('div', { class: 'field check' }, ctl.el, h('div', {}, label, hint, err));
  }
  const unit = d.unit ? h('span', { class: 'unit', id: id + '-unit', text: d.unit }) : null;
  if (unit) ctl.focusEl.setAttribute('aria-describedby', `${id}-unit ${described}`);
  const wide = kind === 'long' ? ' wide' : kind === 'number' || kind === 'integer' || kind === 'date' || kind === 'time' ? ' short' : '';
  return h('div', { class: 'field' + wide }, label, unit ? h('div', { class: 'with-unit' }, ctl.el, unit) : ctl.el, hint, err);
}

function errBox(id: string): HTMLElement {
  return h('div', { class: 'error', id: id + '-err' });
}

function setError(el: HTMLElement, errEl: HTMLElement, message: string): void {
  errEl.textContent = message;
  if (message) el.setAttribute('aria-invalid', 'true');
  else el.removeAttribute('aria-invalid');
}

/** Build the controls of `raw` at `path` into `parent`. */
function build(raw: Schema, path: string[], required: boolean, parent: HTMLElement, ctx: Ctx): Field[] {
  const s = resolve(raw);
  const name = path[path.length - 1] ?? '';
  const t = typeOf(s);
  const mine: Field[] = [];
  const add = (f: Field) => (ctx.fields.push(f), mine.push(f), f);

  if (t === 'object' && !Array.isArray(s.enum) && s.properties && Object.keys(s.properties).length) {
    const req = new Set<string>(s.required ?? []);
    const d = path.length ? describe(name, s, ctx, 'object') : undefined;
    const box = !d ? parent : required ? h('fieldset', {}, h('legend', { text: d.label })) : h('details', { class: 'group' }, h('summary', { text: d.label }));
    if (d?.hint) box.append(h('p', { class: 'hint' }, richText(d.hint, ctx.names)));
    const children: Field[] = [];
    for (const [k, sub] of Object.entries<Schema>(s.properties)) children.push(...build(sub, [...path, k], req.has(k), box, ctx));
    if (box !== parent) parent.append(box);
    if (box.tagName === 'DETAILS') box.addEventListener('werkbank:filled', () => ((box as HTMLDetailsElement).open ||= children.some((c) => c.get() !== undefined)));
    mine.push(...children);
    return mine;
  }

  const id = idOf(ctx, path);
  const err = errBox(id);

  if (isPrimitive(s) && t !== 'array') {
    const kind = kindOf(name, s, ctx, path);
    const d = describe(name, s, ctx, kind === 'enum' ? 'enum' : kind === 'boolean' ? 'boolean' : t);
    const ctl = control(kind, s, id, undefined, required);
    const hint = hintNode(id + '-hint', d.hint, extras(s, kind === 'enum' ? 'enum' : kind === 'boolean' ? 'boolean' : t, d.hint), ctx);
    parent.append(fieldBox(id, d, ctl, required, hint, err, kind));
    // Refuse unreadable numbers and dates on the field as soon as the person leaves it.
    ctl.focusEl.addEventListener('change', () => setError(ctl.focusEl, err, ctl.check()));
    const f: Field = {
      path,
      get: () => {
        const problem = ctl.check();
        if (problem) throw fieldError(f, problem);
        return ctl.read();
      },
      set: (v) => ctl.write(v),
      clear: () => ctl.write(undefined),
      focusEl: ctl.focusEl,
      errEl: err,
      mark: (message) => setError(ctl.focusEl, err, message),
    };
    return [add(f)];
  }

  if (t === 'array' && s.items) {
    const items = resolve(s.items);
    const it = typeOf(items);
    if ((it === 'number' || it === 'integer') && !Array.isArray(items.enum)) return [add(numberList(path, s, items, required, parent, ctx, id, err))];
    if (it === 'string' && !Array.isArray(items.enum)) return [add(stringList(path, s, items, required, parent, ctx, id, err))];
    if (it === 'object' && items.properties && Object.values<Schema>(items.properties).every((p) => isPrimitive(p) || typeOf(resolve(p)) === 'array' || typeOf(resolve(p)) === 'object'))
      return [add(rowsTable(path, s, items, required, parent, ctx, id, err))];
  }
  return [add(jsonField(path, s, required, parent, ctx, id, err))];
}

/** Numbers, one per line (or separated by spaces or semicolons); a decimal comma is read as such. */
function numberList(path: string[], s: Schema, items: Schema, required: boolean, parent: HTMLElement, ctx: Ctx, id: string, err: HTMLElement): Field {
  const name = path[path.length - 1];
  const d = describe(name, s, ctx, 'list');
  const ta = h('textarea', { id, rows: 3, spellcheck: 'false', inputmode: 'decimal', 'aria-required': required ? 'true' : undefined }) as HTMLTextAreaElement;
  const integer = typeOf(items) === 'integer';
  const unit = labelAndUnit(name)[1] || unitFromText(String(items.description ?? s.description ?? ''));
  const hint = hintNode(id + '-hint', [d.hint, 'Numbers separated by new lines, spaces or semicolons'].filter(Boolean).join('. '), [], ctx);
  parent.append(fieldBox(id, { ...d, unit }, { el: ta, focusEl: ta, read: () => undefined, write: () => undefined, check: () => '' }, required, hint, err, 'long'));
  const split = (text: string): string[] => {
    let parts = text.split(/[\n;]+|\s+|,\s+/).map((p) => p.trim()).filter(Boolean);
    // "1,2,3": commas separate when there are several and no decimal reading works.
    if (parts.length === 1 && (parts[0].match(/,/g) ?? []).length > 1 && !parts[0].includes('.') && !parseNumber(parts[0]).ok) parts = parts[0].split(',');
    return parts;
  };
  const f: Field = {
    path,
    get: () => {
      const parts = split(ta.value);
      if (!parts.length) return undefined;
      return parts.map((p, i) => {
        const r = parseNumber(p, integer);
        if (!r.ok) throw fieldError(f, `Item ${i + 1}: ${r.error}`);
        return r.value;
      });
    },
    set: (v) => (ta.value = Array.isArray(v) ? v.map((x) => (typeof x === 'number' ? fmt(x) : String(x))).join('\n') : v === undefined ? '' : String(v)),
    clear: () => (ta.value = ''),
    focusEl: ta,
    errEl: err,
    mark: (message) => setError(ta, err, message),
  };
  ta.addEventListener('change', () => {
    try {
      f.get();
      setError(ta, err, '');
    } catch (e) {
      setError(ta, err, (e as Error).message);
    }
  });
  return f;
}

/** Strings, one box per item (text areas for texts such as CSV files), with Add and Remove. */
function stringList(path: string[], s: Schema, items: Schema, required: boolean, parent: HTMLElement, ctx: Ctx, id: string, err: HTMLElement): Field {
  const name = path[path.length - 1];
  const d = describe(name, s, ctx, 'list');
  const long = LONG.test(name) || (items.maxLength ?? 0) > 300 || exampleValues(ctx, [...path, '[]']).some((v) => typeof v === 'string' && (v.includes('\n') || v.length > 80));
  const itemKind = long ? 'long' : kindOf(name.replace(/s$/, ''), items, ctx, [...path, '[]']);
  const singular = lowerFirst(humanize(name.replace(/ies$/, 'y').replace(/s$/, ''))) || 'item';
  const minRows = Math.max(1, Number(s.minItems ?? 1));
  const list = h('ol', { class: 'itemlist', id: id + '-list' });
  const rows: Control[] = [];
  const fs = h('fieldset', { class: 'field list', id }, h('legend', {}, d.label, required ? h('span', { class: 'req', text: ' required' }) : null));
  const hint = hintNode(id + '-hint', d.hint, [], ctx);
  if (hint) fs.append(hint);
  fs.setAttribute('aria-describedby', [hint?.id, err.id].filter(Boolean).join(' '));
  const renumber = () =>
    rows.forEach((c, i) => {
      c.focusEl.setAttribute('aria-label', `${d.label}, ${singular} ${i + 1}`);
      const rm = c.el.parentElement?.querySelector('button.remove');
      rm?.setAttribute('aria-label', `Remove ${singular} ${i + 1}`);
      if (rm) (rm as HTMLButtonElement).disabled = rows.length <= minRows;
    });
  const addRow = (value?: unknown) => {
    const c = control(itemKind, items, `${id}-${rows.length + 1}-${Math.random().toString(36).slice(2, 6)}`, undefined);
    c.write(value);
    const li = h('li', {}, c.el, h('button', { type: 'button', class: 'secondary remove', onclick: () => {
      const i = rows.indexOf(c);
      if (i >= 0 && rows.length > minRows) {
        rows.splice(i, 1);
        li.remove();
        renumber();
        rows[Math.min(i, rows.length - 1)]?.focusEl.focus();
        list.dispatchEvent(new Event('input', { bubbles: true }));
      }
    } }, '×'));
    rows.push(c);
    list.append(li);
    renumber();
    return c;
  };
  const addBtn = h('button', { type: 'button', class: 'secondary add', onclick: () => addRow().focusEl.focus() }, `Add ${singular}`);
  fs.append(list, addBtn, err);
  parent.append(fs);
  const reset = (values: unknown[] = []) => {
    rows.length = 0;
    list.textContent = '';
    const n = Math.max(minRows, values.length);
    for (let i = 0; i < n; i++) addRow(values[i]);
  };
  reset();
  const f: Field = {
    path,
    get: () => {
      const values = rows.map((c) => c.read()).filter((v) => v !== undefined && v !== '');
      return values.length ? values : undefined;
    },
    set: (v) => reset(Array.isArray(v) ? v : v === undefined ? [] : [v]),
    clear: () => reset(),
    get focusEl() {
      return rows[0]?.focusEl ?? addBtn;
    },
    errEl: err,
    mark: (message, rest) => {
      err.textContent = message;
      const m = /^\[(\d+)\]/.exec(rest ?? '');
      const target = m ? rows[Number(m[1])]?.focusEl : undefined;
      for (const el of m ? [target] : rows.map((c) => c.focusEl)) el?.setAttribute('aria-invalid', 'true');
    },
  };
  return f;
}

/** Arrays of objects: a table, a row per item, a typed cell per property. */
function rowsTable(path: string[], s: Schema, items: Schema, required: boolean, parent: HTMLElement, ctx: Ctx, id: string, err: HTMLElement): Field {
  const name = path[path.length - 1];
  const d = describe(name, s, ctx, 'list');
  const req = new Set<string>(items.required ?? []);
  const cols = Object.entries<Schema>(items.properties).map(([k, raw]) => {
    const cs = resolve(raw);
    const primitive = isPrimitive(cs) && typeOf(cs) !== 'array';
    const kind: Kind = primitive ? kindOf(k, cs, ctx, [...path, '[]', k]) : 'text';
    let cd = describe(k, cs, ctx, kind === 'enum' ? 'enum' : typeOf(cs));
    // A column head stays short: a long description goes to the hint under the table.
    if (cd.label.length > 22 && !cs.title) cd = { ...cd, label: labelAndUnit(k)[0], hint: String(cs.description ?? '') };
    return { key: k, s: cs, kind, json: !primitive, d: cd, required: req.has(k) };
  });
  const minRows = Math.max(1, Number(s.minItems ?? 1));
  const singular = lowerFirst(humanize(name.replace(/ies$/, 'y').replace(/s$/, ''))) || 'row';
  const fs = h('fieldset', { class: 'field rows', id }, h('legend', {}, d.label, required ? h('span', { class: 'req', text: ' required' }) : null));
  // An optional table waits folded away until it is wanted (or an example fills it).
  const fold = required ? null : (h('details', { class: 'group' }, h('summary', { text: `${d.label} (optional)` })) as HTMLDetailsElement);
  const colHints = cols.filter((c) => c.d.hint || c.json).map((c) => `${c.d.label}: ${c.json ? `JSON${c.d.hint ? ', ' + c.d.hint.replace(/^./, (x) => x.toLowerCase()) : ''}` : c.d.hint}`);
  const hint = hintNode(id + '-hint', [d.hint, ...colHints].filter(Boolean).join('. '), [], ctx);
  if (hint) fs.append(hint);
  const thead = h('thead', {}, h('tr', {},
    ...cols.map((c) => h('th', { scope: 'col' }, c.d.label, c.d.unit && !c.d.label.toLowerCase().includes(c.d.unit.toLowerCase()) ? ` (${c.d.unit})` : '', c.required ? h('span', { class: 'req', 'aria-label': 'required', text: '*' }) : null)),
    h('th', { scope: 'col' }, h('span', { class: 'visually-hidden', text: 'Remove' }))));
  const tbody = h('tbody');
  const table = h('table', { class: 'rows-table' }, h('caption', { class: 'visually-hidden', text: d.label }), thead, tbody);
  type Row = { tr: HTMLElement; cells: { key: string; c: Control; json: boolean; integer: boolean }[] };
  const rows: Row[] = [];
  const renumber = () =>
    rows.forEach((r, i) => {
      r.cells.forEach((cell) => cell.c.focusEl.setAttribute('aria-label', `${cols.find((c) => c.key === cell.key)!.d.label}, ${singular} ${i + 1}`));
      const rm = r.tr.querySelector('button.remove') as HTMLButtonElement | null;
      rm?.setAttribute('aria-label', `Remove ${singular} ${i + 1}`);
      if (rm) rm.disabled = rows.length <= minRows;
    });
  const addRow = (value?: unknown) => {
    const v = isRecord(value) ? value : {};
    const cells = cols.map((c) => {
      const ctl = c.json
        ? control('text', {}, `${id}-${c.key}-${rows.length}-${Math.random().toString(36).slice(2, 6)}`)
        : control(c.kind, c.s, `${id}-${c.key}-${rows.length}-${Math.random().toString(36).slice(2, 6)}`);
      if (c.json) {
        (ctl.focusEl as HTMLInputElement).placeholder = 'JSON';
        ctl.write(v[c.key] === undefined ? undefined : JSON.stringify(v[c.key]));
      } else ctl.write(v[c.key]);
      return { key: c.key, c: ctl, json: c.json, integer: c.kind === 'integer' };
    });
    const tr = h('tr', {}, ...cells.map((cell) => h('td', { 'data-col': cell.key }, cell.c.el)),
      h('td', {}, h('button', { type: 'button', class: 'secondary remove', onclick: () => {
        const i = rows.indexOf(row);
        if (i >= 0 && rows.length > minRows) {
          rows.splice(i, 1);
          tr.remove();
          renumber();
          tbody.dispatchEvent(new Event('input', { bubbles: true }));
        }
      } }, '×')));
    const row: Row = { tr, cells };
    rows.push(row);
    tbody.append(tr);
    renumber();
    return row;
  };
  const addBtn = h('button', { type: 'button', class: 'secondary add', onclick: () => addRow().cells[0]?.c.focusEl.focus() }, `Add ${singular}`);
  fs.append(h('div', { class: 'tablewrap' }, table), addBtn, err);
  fs.setAttribute('aria-describedby', [hint?.id, err.id].filter(Boolean).join(' '));
  if (fold) {
    fold.append(fs);
    parent.append(fold);
  } else parent.append(fs);
  const reset = (values: unknown[] = []) => {
    rows.length = 0;
    tbody.textContent = '';
    if (fold) fold.open = values.length > 0;
    const n = Math.max(minRows, values.length);
    for (let i = 0; i < n; i++) addRow(values[i]);
  };
  reset();
  const f: Field = {
    path,
    get: () => {
      const out: Record<string, unknown>[] = [];
      rows.forEach((r, i) => {
        const obj: Record<string, unknown> = {};
        for (const cell of r.cells) {
          const problem = cell.c.check();
          if (problem) throw fieldError(f, `${singular} ${i + 1}, ${cols.find((c) => c.key === cell.key)!.d.label}: ${problem}`, cell.c.focusEl);
          let v = cell.c.read();
          if (cell.json && typeof v === 'string') {
            try {
              v = JSON.parse(v);
            } catch {
              throw fieldError(f, `${singular} ${i + 1}, ${cols.find((c) => c.key === cell.key)!.d.label}: not valid JSON`, cell.c.focusEl);
            }
          }
          if (v !== undefined && v !== '') obj[cell.key] = v;
        }
        if (Object.keys(obj).length) out.push(obj);
      });
      return out.length ? out : undefined;
    },
    set: (v) => reset(Array.isArray(v) ? v : []),
    clear: () => reset(),
    get focusEl() {
      return rows[0]?.cells[0]?.c.focusEl ?? addBtn;
    },
    errEl: err,
    mark: (message, rest) => {
      err.textContent = message;
      const m = /^\[(\d+)\](?:\.([^.[\]]+))?/.exec(rest ?? '');
      const row = m ? rows[Number(m[1])] : undefined;
      const targets = row ? row.cells.filter((c) => !m![2] || c.key === m![2]).map((c) => c.c.focusEl) : rows.flatMap((r) => r.cells.map((c) => c.c.focusEl));
      for (const el of targets) el.setAttribute('aria-invalid', 'true');
    },
  };
  return f;
}

/** Anything else (maps, unions): JSON, with its shape shown. */
function jsonField(path: string[], s: Schema, required: boolean, parent: HTMLElement, ctx: Ctx, id: string, err: HTMLElement): Field {
  const name = path[path.length - 1] ?? 'body';
  const d = describe(name, s, ctx, 'json');
  const ta = h('textarea', { id, rows: 4, spellcheck: 'false', 'aria-required': required ? 'true' : undefined }) as HTMLTextAreaElement;
  const sample = exampleValues(ctx, path)[0];
  const shape =
    sample !== undefined
      ? JSON.stringify(sample).slice(0, 120)
      : typeOf(s) === 'object' && isRecord(s.additionalProperties) && s.additionalProperties.type
        ? `{"name": ${s.additionalProperties.type === 'string' ? '"text"' : s.additionalProperties.type === 'boolean' ? 'true' : '1'}}`
        : typeOf(s) === 'array'
          ? '[…]'
          : '{…}';
  ta.placeholder = shape;
  const hint = hintNode(id + '-hint', d.hint, [`JSON, e.g. ${shape}`], ctx);
  parent.append(fieldBox(id, d, { el: ta, focusEl: ta, read: () => undefined, write: () => undefined, check: () => '' }, required, hint, err, 'long'));
  const f: Field = {
    path,
    get: () => {
      if (ta.value.trim() === '') return undefined;
      try {
        return JSON.parse(ta.value);
      } catch {
        throw fieldError(f, `${d.label}: not valid JSON`);
      }
    },
    set: (v) => (ta.value = v === undefined ? '' : JSON.stringify(v, null, 2)),
    clear: () => (ta.value = ''),
    focusEl: ta,
    errEl: err,
    mark: (message) => setError(ta, err, message),
  };
  return f;
}

/** Every property name in a schema → its label (for descriptions that name other fields). */
function collectNames(s: Schema, out: Map<string, string>, ctx: Ctx): void {
  const r = resolve(s);
  if (r.properties) for (const [k, v] of Object.entries<Schema>(r.properties)) {
    if (!out.has(k)) {
      const label = describe(k, resolve(v), ctx, typeOf(resolve(v))).label;
      out.set(k, label.length <= 30 ? label : labelAndUnit(k)[0]);
    }
    collectNames(v, out, ctx);
  }
  if (r.items) collectNames(r.items, out, ctx);
}

export function buildForm(root: HTMLElement, schema: Schema, examples: unknown[]): Form {
  const names = new Map<string, string>();
  const ctx: Ctx = { fields: [], names, examples, ids: new Set() };
  collectNames(schema, names, { ...ctx, names: new Map() });
  root.textContent = '';
  build(schema, [], true, root, ctx);
  const { fields } = ctx;

  const collect = () => {
    const out: Record<string, unknown> = {};
    for (const f of fields) {
      const v = f.get();
      if (v === undefined) continue;
      let node: any = out;
      f.path.slice(0, -1).forEach((p) => (node = node[p] ??= {}));
      node[f.path[f.path.length - 1]] = v;
    }
    return out;
  };
  const clearErrors = () => {
    for (const f of fields) f.errEl.textContent = '';
    root.querySelectorAll('[aria-invalid]').forEach((el) => el.removeAttribute('aria-invalid'));
  };
  const fill = (input: unknown) => {
    clearErrors();
    for (const f of fields) f.clear();
    for (const f of fields) {
      let v: unknown = input;
      for (const p of f.path) v = isRecord(v) ? v[p] : undefined;
      if (v !== undefined) f.set(v);
    }
    root.querySelectorAll('details').forEach((d) => d.dispatchEvent(new Event('werkbank:filled')));
  };
  const reset = () => {
    clearErrors();
    for (const f of fields) f.clear();
    root.querySelectorAll('details').forEach((d) => ((d as HTMLDetailsElement).open = false));
  };
  const fieldAt = (apiPath: string): [Field, string] | undefined => {
    // `a.b[2].c`: the longest field path that is a prefix.
    let best: [Field, string] | undefined;
    for (const f of fields) {
      const p = f.path.join('.');
      if (apiPath === p || apiPath.startsWith(p + '.') || apiPath.startsWith(p + '[')) {
        if (!best || p.length > best[0].path.join('.').length) best = [f, apiPath.slice(p.length).replace(/^\./, '')];
      }
    }
    return best;
  };
  return { fields, collect, fill, reset, clearErrors, fieldAt };
}
