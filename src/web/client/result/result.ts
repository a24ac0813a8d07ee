/**
 * The result, for people: the primary field the tool declares (its `resultView`) first, in the
 * view of its kind with a copy button that copies the value itself (and a download for long
 * text), then the other figures as a labelled summary, then tables, then the JSON, folded.
 * Numbers and dates are shown in one style (numbers.ts): the reader's locale, money with two decimals and the
 * tool's currency, quantities in the unit the input chose, times in the zone it chose; the JSON is never changed.
 * An answer that carries an error instead of its result is shown as an error (error.ts).
 *
 * Where each part is: view.ts (which view applies), primary.ts (the views by kind), details.ts
 * (summary, notes, tables), table.ts, values.ts (how a value reads), error.ts, copy-value.ts, csv.ts, files.ts.
 */
import { copyButton, h } from '../dom.js';
import { isRecord } from '../schema.js';
import { notes, summaryList, tables } from './details.js';
import { primaryView } from './primary.js';
import { tableOf } from './table.js';
import { answerError, errorView } from './error.js';
import { ISO_CURRENCY, unitsChosen, zoneOf, type ShowContext } from './values.js';
import { guessView, resolveView, valueAt, type ResultView } from './view.js';

/** What else a result is read with: the input it answers (the units and zone the user chose). */
export interface RenderOptions {
  input?: unknown;
}

/**
 * Render a result into `into`; answers the element to move focus to. `into.dataset.outcome` says what was
 * shown: `result`, or `error` for an answer that carries an error instead of its result.
 */
export function renderResult(
  into: HTMLElement,
  data: unknown,
  declared: ResultView | undefined,
  slug: string,
  options: RenderOptions = {},
): HTMLElement {
  into.textContent = '';
  const failed = answerError(data, declared);
  into.dataset.outcome = failed ? 'error' : 'result';
  if (failed) {
    const shown = errorView(failed);
    into.append(shown, rawJson(data));
    return shown;
  }
  const resolved = resolveView(data, declared ?? guessView(data));
  const view = resolved?.[0];
  const path = resolved?.[1];
  const skip = new Set<string>();
  let focus: HTMLElement | null = null;
  const ctx: ShowContext = {
    currency: view?.unit && ISO_CURRENCY.test(view.unit) ? view.unit : undefined,
    zone: zoneOf(data, options.input),
    units: unitsChosen(options.input),
    inputKeys: isRecord(options.input) ? Object.keys(options.input) : undefined,
  };
  if (view && path !== undefined) {
    const value = valueAt(data, path);
    const primary = primaryView(view, value, data, slug, path, ctx);
    into.append(primary);
    focus = primary;
    const root = path.split('.')[0].replace('[]', '');
    if (path === '') Object.keys(isRecord(data) ? data : {}).forEach((k) => view.kind !== 'figure' && skip.add(k));
    else skip.add(path.includes('[]') ? root : path);
    for (const d of typeof view.detail === 'string' ? [view.detail] : (view.detail ?? [])) skip.add(d);
  }
  if (isRecord(data)) {
    const summary = summaryList(data, skip, ctx);
    if (summary.childElementCount)
      into.append(
        h('section', { class: 'card summary-card', 'aria-label': 'Details' }, h('h3', { text: focus ? 'Details' : 'Result' }), summary),
      );
    const n = notes(data, skip, ctx);
    if (n) into.append(n);
    const t = tables(data, skip, ctx);
    if (t.length) into.append(h('div', { class: 'tables' }, ...t));
  } else if (!view && Array.isArray(data)) into.append(tableOf(data.filter(isRecord), 'Result rows', ctx));
  into.append(rawJson(data));
  return focus ?? (into.firstElementChild as HTMLElement);
}

/** The answer as JSON, folded, with its copy button. */
function rawJson(data: unknown): HTMLElement {
  const text = JSON.stringify(data, null, 2);
  return h(
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
}
