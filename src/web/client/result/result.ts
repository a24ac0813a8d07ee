/**
 * The result, for people: the primary field the tool declares (its `resultView`) first, in the
 * view of its kind with a copy button that copies the value itself (and a download for long
 * text), then the other figures as a labelled summary, then tables, then the JSON, folded.
 * Numbers are shown in the reader's locale; the JSON is never changed.
 *
 * Where each part is: view.ts (which view applies), primary.ts (the views by kind), details.ts
 * (summary, notes, tables), table.ts, values.ts (how a value reads), copy-value.ts, csv.ts, files.ts.
 */
import { copyButton, h } from '../dom.js';
import { isRecord } from '../schema.js';
import { notes, summaryList, tables } from './details.js';
import { primaryView } from './primary.js';
import { tableOf } from './table.js';
import { ISO_CURRENCY } from './values.js';
import { guessView, resolveView, valueAt, type ResultView } from './view.js';

/** Render a result into `into`; answers the element to move focus to. */
export function renderResult(into: HTMLElement, data: unknown, declared: ResultView | undefined, slug: string): HTMLElement {
  into.textContent = '';
  const resolved = resolveView(data, declared ?? guessView(data));
  const view = resolved?.[0];
  const path = resolved?.[1];
  const skip = new Set<string>();
  let focus: HTMLElement | null = null;
  const currency = view?.unit && ISO_CURRENCY.test(view.unit) ? view.unit : undefined;
  if (view && path !== undefined) {
    const value = valueAt(data, path);
    const primary = primaryView(view, value, data, slug, path);
    into.append(primary);
    focus = primary;
    const root = path.split('.')[0].replace('[]', '');
    if (path === '') Object.keys(isRecord(data) ? data : {}).forEach((k) => view.kind !== 'figure' && skip.add(k));
    else skip.add(path.includes('[]') ? root : path);
    for (const d of typeof view.detail === 'string' ? [view.detail] : (view.detail ?? [])) skip.add(d);
  }
  if (isRecord(data)) {
    const summary = summaryList(data, skip, currency);
    if (summary.childElementCount)
      into.append(
        h('section', { class: 'card summary-card', 'aria-label': 'Details' }, h('h3', { text: focus ? 'Details' : 'Result' }), summary),
      );
    const n = notes(data, skip);
    if (n) into.append(n);
    const t = tables(data, skip, currency);
    if (t.length) into.append(h('div', { class: 'tables' }, ...t));
  } else if (!view && Array.isArray(data)) into.append(tableOf(data.filter(isRecord), 'Result rows'));
  const text = JSON.stringify(data, null, 2);
  const raw = h(
    'details',
    { class: 'card raw' },
    h('summary', { text: 'JSON' }),
    h(
      'div',
      { class: 'row' },
      copyButton('Copy JSON', () => text),
    ),
    h('pre', { id: 'json', tabindex: '0', 'aria-label': 'Result as JSON', text }),
  );
  into.append(raw);
  return focus ?? (into.firstElementChild as HTMLElement);
}
