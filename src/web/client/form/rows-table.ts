/**
 * An array of objects: a table with a row per item and a typed cell per property (JSON for the
 * nested ones), rows added and removed down to the least the schema allows; an optional table is
 * folded away until it is wanted.
 */
import { h } from '../dom.js';
import { isPrimitive, isRecord, resolve, typeOf, type Schema } from '../schema.js';
import { labelAndUnit } from '../words.js';
import { control, type Control } from './controls.js';
import { describe, hintNode, singularOf, type Described } from './describe.js';
import { fieldError, type Ctx, type Field } from './field.js';
import { kindOf, type Kind } from './kind.js';

interface Column {
  key: string;
  s: Schema;
  kind: Kind;
  /** Not a primitive: typed as JSON in its cell. */
  json: boolean;
  d: Described;
  required: boolean;
}

interface Cell {
  key: string;
  c: Control;
  json: boolean;
  integer: boolean;
}

interface Row {
  tr: HTMLElement;
  cells: Cell[];
}

/** Arrays of objects: a table, a row per item, a typed cell per property. */
export function rowsTable(
  path: string[],
  s: Schema,
  items: Schema,
  required: boolean,
  parent: HTMLElement,
  ctx: Ctx,
  id: string,
  err: HTMLElement,
): Field {
  const name = path[path.length - 1];
  const d = describe(name, s, ctx, 'list');
  const cols = columns(path, items, ctx);
  const minRows = Math.max(1, Number(s.minItems ?? 1));
  const singular = singularOf(name) || 'row';
  const fs = h(
    'fieldset',
    { class: 'field rows', id },
    h('legend', {}, d.label, required ? h('span', { class: 'req', text: ' required' }) : null),
  );
  // An optional table waits folded away until it is wanted (or an example fills it).
  const fold = required ? null : (h('details', { class: 'group' }, h('summary', { text: `${d.label} (optional)` })) as HTMLDetailsElement);
  const colHints = cols
    .filter((c) => c.d.hint || c.json)
    .map((c) => `${c.d.label}: ${c.json ? `JSON${c.d.hint ? ', ' + c.d.hint.replace(/^./, (x) => x.toLowerCase()) : ''}` : c.d.hint}`);
  const hint = hintNode(id + '-hint', [d.hint, ...colHints].filter(Boolean).join('. '), [], ctx);
  if (hint) fs.append(hint);
  const thead = tableHead(cols);
  const tbody = h('tbody');
  const table = h('table', { class: 'rows-table' }, h('caption', { class: 'visually-hidden', text: d.label }), thead, tbody);
  const { rows, addRow } = rowList(cols, id, singular, minRows, tbody);
  const addBtn = h(
    'button',
    { type: 'button', class: 'secondary add', onclick: () => addRow().cells[0]?.c.focusEl.focus() },
    `Add ${singular}`,
  );
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
    get: () => readRows(f, rows, cols, singular),
    set: (v) => reset(Array.isArray(v) ? v : []),
    clear: () => reset(),
    get focusEl() {
      return rows[0]?.cells[0]?.c.focusEl ?? addBtn;
    },
    errEl: err,
    mark: (message, rest) => markRows(rows, err, message, rest),
  };
  return f;
}

/** A column per property of the items, with its control kind and short head. */
function columns(path: string[], items: Schema, ctx: Ctx): Column[] {
  const req = new Set<string>(items.required ?? []);
  return Object.entries(items.properties ?? {}).map(([k, raw]) => {
    const cs = resolve(raw);
    const primitive = isPrimitive(cs) && typeOf(cs) !== 'array';
    const kind: Kind = primitive ? kindOf(k, cs, ctx, [...path, '[]', k]) : 'text';
    let cd = describe(k, cs, ctx, kind === 'enum' ? 'enum' : typeOf(cs));
    // A column head stays short: a long description goes to the hint under the table.
    if (cd.label.length > 22 && !cs.title) cd = { ...cd, label: labelAndUnit(k)[0], hint: String(cs.description ?? '') };
    return { key: k, s: cs, kind, json: !primitive, d: cd, required: req.has(k) };
  });
}

function tableHead(cols: Column[]): HTMLElement {
  return h(
    'thead',
    {},
    h(
      'tr',
      {},
      ...cols.map((c) =>
        h(
          'th',
          { scope: 'col' },
          c.d.label,
          c.d.unit && !c.d.label.toLowerCase().includes(c.d.unit.toLowerCase()) ? ` (${c.d.unit})` : '',
          c.required ? h('span', { class: 'req', 'aria-label': 'required', text: '*' }) : null,
        ),
      ),
      h('th', { scope: 'col' }, h('span', { class: 'visually-hidden', text: 'Remove' })),
    ),
  );
}

/** The rows in the table body: added with a value (or empty), removed down to `minRows`, numbered for screen readers. */
function rowList(cols: Column[], id: string, singular: string, minRows: number, tbody: HTMLElement) {
  const rows: Row[] = [];
  const renumber = () =>
    rows.forEach((r, i) => {
      r.cells.forEach((cell) =>
        cell.c.focusEl.setAttribute('aria-label', `${cols.find((c) => c.key === cell.key)!.d.label}, ${singular} ${i + 1}`),
      );
      const rm = r.tr.querySelector<HTMLButtonElement>('button.remove');
      rm?.setAttribute('aria-label', `Remove ${singular} ${i + 1}`);
      if (rm) rm.disabled = rows.length <= minRows;
    });
  const addRow = (value?: unknown): Row => {
    const v = isRecord(value) ? value : {};
    const cells = cols.map((c) => cellOf(c, `${id}-${c.key}-${rows.length}`, v));
    const tr = h(
      'tr',
      {},
      // The label each cell shows above its box where the rows stack as cards (phones).
      ...cells.map((cell) => {
        const c = cols.find((col) => col.key === cell.key)!;
        return h('td', { 'data-col': cell.key, 'data-label': c.d.unit ? `${c.d.label} (${c.d.unit})` : c.d.label }, cell.c.el);
      }),
      h(
        'td',
        {},
        h(
          'button',
          {
            type: 'button',
            class: 'secondary remove',
            onclick: () => {
              const i = rows.indexOf(row);
              if (i >= 0 && rows.length > minRows) {
                rows.splice(i, 1);
                tr.remove();
                renumber();
                tbody.dispatchEvent(new Event('input', { bubbles: true }));
              }
            },
          },
          '×',
        ),
      ),
    );
    const row: Row = { tr, cells };
    rows.push(row);
    tbody.append(tr);
    renumber();
    return row;
  };
  return { rows, addRow };
}

/** A row's cell for one column, holding the item's value. */
function cellOf(c: Column, idBase: string, v: Record<string, unknown>): Cell {
  const ctl = c.json
    ? control('text', {}, `${idBase}-${Math.random().toString(36).slice(2, 6)}`)
    : control(c.kind, c.s, `${idBase}-${Math.random().toString(36).slice(2, 6)}`);
  if (c.json) {
    (ctl.focusEl as HTMLInputElement).placeholder = 'JSON';
    ctl.write(v[c.key] === undefined ? undefined : JSON.stringify(v[c.key]));
  } else ctl.write(v[c.key]);
  return { key: c.key, c: ctl, json: c.json, integer: c.kind === 'integer' };
}

/** The items the rows hold (empty rows left out); throws a FieldError naming the row and column of an unreadable cell. */
function readRows(f: Field, rows: Row[], cols: Column[], singular: string): Record<string, unknown>[] | undefined {
  const out: Record<string, unknown>[] = [];
  rows.forEach((r, i) => {
    const obj: Record<string, unknown> = {};
    for (const cell of r.cells) {
      const problem = cell.c.check();
      if (problem)
        throw fieldError(f, `${singular} ${i + 1}, ${cols.find((c) => c.key === cell.key)!.d.label}: ${problem}`, cell.c.focusEl);
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
}

/** An API error on the table: on the cells of the row and column the path names (`[0].credits`), else on every cell. */
function markRows(rows: Row[], err: HTMLElement, message: string, rest?: string): void {
  err.textContent = message;
  const m = /^\[(\d+)\](?:\.([^.[\]]+))?/.exec(rest ?? '');
  const row = m ? rows[Number(m[1])] : undefined;
  const targets = row
    ? row.cells.filter((c) => !m![2] || c.key === m![2]).map((c) => c.c.focusEl)
    : rows.flatMap((r) => r.cells.map((c) => c.c.focusEl));
  for (const el of targets) el.setAttribute('aria-invalid', 'true');
}
