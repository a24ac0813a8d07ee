/** An array of strings: one box per item (text areas for texts such as CSV files), with Add and Remove. */
import { h } from '../dom.js';
import type { Schema } from '../schema.js';
import { control, type Control } from './controls.js';
import { describe, hintNode, singularOf } from './describe.js';
import { exampleValues, type Ctx, type Field } from './field.js';
import { LONG, kindOf } from './kind.js';

/** Strings, one box per item (text areas for texts such as CSV files), with Add and Remove. */
export function stringList(
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
  const long =
    LONG.test(name) ||
    (items.maxLength ?? 0) > 300 ||
    exampleValues(ctx, [...path, '[]']).some((v) => typeof v === 'string' && (v.includes('\n') || v.length > 80));
  const itemKind = long ? 'long' : kindOf(name.replace(/s$/, ''), items, ctx, [...path, '[]']);
  const singular = singularOf(name) || 'item';
  const minRows = Math.max(1, Number(s.minItems ?? 1));
  const list = h('ol', { class: 'itemlist', id: id + '-list' });
  const rows: Control[] = [];
  const fs = h(
    'fieldset',
    { class: 'field list', id },
    h('legend', {}, d.label, required ? h('span', { class: 'req', text: ' required' }) : null),
  );
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
    const li = h(
      'li',
      {},
      c.el,
      h(
        'button',
        {
          type: 'button',
          class: 'secondary remove',
          onclick: () => {
            const i = rows.indexOf(c);
            if (i >= 0 && rows.length > minRows) {
              rows.splice(i, 1);
              li.remove();
              renumber();
              rows[Math.min(i, rows.length - 1)]?.focusEl.focus();
              list.dispatchEvent(new Event('input', { bubbles: true }));
            }
          },
        },
        '×',
      ),
    );
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
