/**
 * The tool page's form, generated from the input JSON Schema: a labelled control per field in
 * the person's words (labels and units from the schema's titles, descriptions and names; enum
 * values as words; date and time pickers; numbers read with a decimal comma or point and refused
 * on the field when unreadable), arrays of objects as tables with a row per item, arrays of
 * strings as one box per item, optional groups folded away.
 *
 * This module walks the schema and puts the form together; each kind of field is a module of its
 * own: controls.ts (one primitive value), number-list.ts, string-list.ts, rows-table.ts (arrays of
 * objects), json-field.ts (anything else); describe.ts (labels and hints), kind.ts (which control).
 */
import { h } from '../dom.js';
import { isPrimitive, isRecord, resolve, typeOf, type Schema } from '../schema.js';
import { labelAndUnit, richText } from '../words.js';
import { control, fieldBox } from './controls.js';
import { applyConditions, conditionOf, conditionValues, type Choice, type Condition } from './conditions.js';
import { describe, distinctLabels, extras, hintNode } from './describe.js';
import { errBox, fieldError, idOf, setError, type Ctx, type Field } from './field.js';
import { jsonField } from './json-field.js';
import { kindOf } from './kind.js';
import { numberList } from './number-list.js';
import { rowsTable } from './rows-table.js';
import { stringList } from './string-list.js';

export interface Form {
  fields: Field[];
  collect(): Record<string, unknown>;
  fill(input: unknown): void;
  reset(): void;
  clearErrors(): void;
  /** The field an API path names (`options.count`, `courses[1].grade`), and the rest of the path. */
  fieldAt(path: string): [Field, string] | undefined;
}

/** Each field's schema, for the pass over the whole form (which fields belong to a mode). */
const schemaOf = new WeakMap<Field, Schema>();
/** Labels two fields of one group would share, each said by its own name instead (path → label). */
const relabel = new Map<string, string>();

/** The describe() kind of a schema. */
const describedKind = (s: Schema, kind?: string) => (Array.isArray(s.enum) ? 'enum' : (kind ?? typeOf(s)));

/** Build the controls of `raw` at `path` into `parent`. */
function build(raw: Schema, path: string[], required: boolean, parent: HTMLElement, ctx: Ctx): Field[] {
  const s = resolve(raw);
  const name = path[path.length - 1] ?? '';
  const t = typeOf(s);
  const add = (f: Field) => (ctx.fields.push(f), schemaOf.set(f, s), [f]);

  if (t === 'object' && !Array.isArray(s.enum) && s.properties && Object.keys(s.properties).length)
    return objectGroup(s, path, required, parent, ctx);

  const id = idOf(ctx, path);
  const err = errBox(id);

  if (isPrimitive(s) && t !== 'array') return add(primitiveField(name, s, path, required, parent, ctx, id, err));

  if (t === 'array' && s.items) {
    const items = resolve(s.items);
    const it = typeOf(items);
    if ((it === 'number' || it === 'integer') && !Array.isArray(items.enum))
      return add(numberList(path, s, items, required, parent, ctx, id, err));
    if (it === 'string' && !Array.isArray(items.enum)) return add(stringList(path, s, items, required, parent, ctx, id, err));
    if (
      it === 'object' &&
      items.properties &&
      Object.values(items.properties).every((p) => isPrimitive(p) || typeOf(resolve(p)) === 'array' || typeOf(resolve(p)) === 'object')
    )
      return add(rowsTable(path, s, items, required, parent, ctx, id, err));
  }
  return add(jsonField(path, s, required, parent, ctx, id, err));
}

/** An object's properties: in the form itself at the top, in a fieldset when required, else folded away (opened when an example fills it). */
function objectGroup(s: Schema, path: string[], required: boolean, parent: HTMLElement, ctx: Ctx): Field[] {
  const name = path[path.length - 1] ?? '';
  const req = new Set<string>(s.required ?? []);
  const d = path.length ? describe(name, s, ctx, 'object') : undefined;
  const box = !d
    ? parent
    : required
      ? h('fieldset', {}, h('legend', { text: d.label }))
      : h('details', { class: 'group' }, h('summary', { text: d.label }));
  if (d?.hint) box.append(h('p', { class: 'hint' }, richText(d.hint, ctx.names)));
  const children: Field[] = [];
  const props = Object.entries(s.properties ?? {});
  const labels = distinctLabels(props.map(([k, sub]) => [k, describe(k, resolve(sub), ctx, describedKind(resolve(sub)))]));
  for (const [k, label] of labels) relabel.set([...path, k].join('.'), label);
  const advanced = path.length ? new Set<string>() : advancedKeys(s, ctx);
  for (const [k, sub] of props) if (!advanced.has(k)) children.push(...build(sub, [...path, k], req.has(k), box, ctx));
  if (advanced.size) {
    const more = h('details', { class: 'group more' }, h('summary', { text: 'More options' }));
    const inside = props.filter(([k]) => advanced.has(k)).flatMap(([k, sub]) => build(sub, [k], false, more, ctx));
    more.addEventListener('werkbank:filled', () => ((more as HTMLDetailsElement).open ||= inside.some((c) => c.get() !== undefined)));
    box.append(more);
    children.push(...inside);
  }
  if (box !== parent) parent.append(box);
  if (box.tagName === 'DETAILS')
    box.addEventListener('werkbank:filled', () => ((box as HTMLDetailsElement).open ||= children.some((c) => c.get() !== undefined)));
  return children;
}

/** One primitive value in its labelled control. */
function primitiveField(
  name: string,
  s: Schema,
  path: string[],
  required: boolean,
  parent: HTMLElement,
  ctx: Ctx,
  id: string,
  err: HTMLElement,
): Field {
  const t = typeOf(s);
  const kind = kindOf(name, s, ctx, path);
  const d = describe(name, s, ctx, kind === 'enum' ? 'enum' : kind === 'boolean' ? 'boolean' : t);
  d.label = relabel.get(path.join('.')) ?? d.label;
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
  return f;
}

/** Every property name in a schema → its label (for descriptions that name other fields). */
function collectNames(s: Schema, out: Map<string, string>, ctx: Ctx): void {
  const r = resolve(s);
  if (r.properties)
    for (const [k, v] of Object.entries(r.properties)) {
      if (!out.has(k)) {
        const label = describe(k, resolve(v), ctx, typeOf(resolve(v))).label;
        out.set(k, label.length <= 30 ? label : labelAndUnit(k)[0]);
      }
      collectNames(v, out, ctx);
    }
  if (r.items) collectNames(r.items, out, ctx);
}

/**
 * The settings of a long form a person rarely changes, folded under "More options": optional numbers (with a
 * default other than 0) and check boxes with a default that belong to no single mode, when there are three or
 * more of them among eight or more fields and at least two fields stay in view.
 */
export function advancedKeys(s: Schema, ctx: Ctx): Set<string> {
  const props = Object.entries(s.properties ?? {}).map(([k, raw]) => [k, resolve(raw)] as const);
  if (props.length < 8) return new Set();
  const req = new Set<string>(s.required ?? []);
  const choices = props.map(([, v]) => v.enum).filter((e): e is string[] => Array.isArray(e) && e.every((x) => typeof x === 'string'));
  const keys = props
    .filter(([k, v]) => {
      const t = typeOf(v);
      if (req.has(k) || v.default === undefined || Array.isArray(v.enum) || !['boolean', 'number', 'integer'].includes(t)) return false;
      // A number starting at 0 is an amount of the question (savings, days to add), not a setting.
      if (v.default === 0) return false;
      const hint = describe(k, v, ctx, t).hint;
      return !choices.some((values) => {
        const of = conditionValues(String(v.description ?? ''), hint, values);
        return of.length > 0 && of.length < values.length;
      });
    })
    .map(([k]) => k);
  return keys.length >= 3 && props.length - keys.length >= 2 ? new Set(keys) : new Set();
}

/** The fields that belong to a mode of a choice in the form, with their condition. */
function conditionalFields(fields: Field[], ctx: Ctx): { field: Field; condition: Condition }[] {
  const choices: Choice[] = [];
  for (const f of fields) {
    const s = schemaOf.get(f);
    if (s && Array.isArray(s.enum) && s.enum.every((v) => typeof v === 'string') && f.focusEl instanceof HTMLSelectElement)
      choices.push({ path: f.path, values: s.enum, el: f.focusEl });
  }
  const out: { field: Field; condition: Condition }[] = [];
  for (const field of fields) {
    const s = schemaOf.get(field);
    if (!s || !choices.length) continue;
    const name = field.path[field.path.length - 1];
    const condition = conditionOf(field, s, describe(name, s, ctx, describedKind(s)).hint, choices);
    if (condition) out.push({ field, condition });
  }
  return out;
}

/** Build the form of `schema` into `root`. */
export function buildForm(root: HTMLElement, schema: Schema, examples: unknown[]): Form {
  const names = new Map<string, string>();
  const ctx: Ctx = { fields: [], names, examples, ids: new Set() };
  collectNames(schema, names, { ...ctx, names: new Map() });
  root.textContent = '';
  relabel.clear();
  build(schema, [], true, root, ctx);
  const { fields } = ctx;
  const refresh = applyConditions(conditionalFields(fields, ctx));

  const collect = () => {
    const out: Record<string, unknown> = {};
    for (const f of fields) {
      const v = f.get();
      if (v === undefined) continue;
      let node: Record<string, unknown> = out;
      f.path.slice(0, -1).forEach((p) => (node = (node[p] ??= {}) as Record<string, unknown>));
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
    refresh();
  };
  const reset = () => {
    clearErrors();
    for (const f of fields) f.clear();
    root.querySelectorAll('details').forEach((d) => (d.open = false));
    refresh();
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
