/** Rows of objects as a table for reading: a column per key, numbers formatted, long cells cut (the JSON has them whole). */
import { h } from '../dom.js';
import { IDENTIFIER, formatNumber } from '../numbers.js';
import { isRecord } from '../schema.js';
import { labelAndUnit } from '../words.js';
import { columnsOf } from './csv.js';
import { ISO_CURRENCY, show, unitFor } from './values.js';

export function tableOf(rows: Record<string, unknown>[], caption: string, opts: { currency?: string; limit?: number } = {}): HTMLElement {
  const cols = columnsOf(rows);
  const units = cols.map((c) => unitFor(c, opts.currency));
  const limit = opts.limit ?? 500;
  const wrap = h(
    'div',
    { class: 'tablewrap', tabindex: '0', role: 'region', 'aria-label': caption },
    h(
      'table',
      {},
      h('caption', { class: 'visually-hidden', text: caption }),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ...cols.map((c, i) =>
            h('th', { scope: 'col', text: labelAndUnit(c)[0] + (units[i] && !ISO_CURRENCY.test(units[i]) ? ` (${units[i]})` : '') }),
          ),
        ),
      ),
      h(
        'tbody',
        {},
        ...rows.slice(0, limit).map((r) =>
          h(
            'tr',
            {},
            ...cols.map((c, i) => {
              const v = isRecord(r) ? r[c] : undefined;
              const num = typeof v === 'number';
              const full = num ? (IDENTIFIER.test(c) ? String(v) : formatNumber(v, ISO_CURRENCY.test(units[i]) ? units[i] : '')) : show(v);
              // Long cells (a nested record) are cut; the whole value is in the tooltip and the JSON.
              const text = full.length > 80 ? full.slice(0, 78) + '…' : full;
              return h('td', {
                class: num ? 'num' : /^[\d:.\-+TZ/]{4,25}$/.test(text) ? 'nowrap' : undefined,
                title: text !== full ? full : undefined,
                text,
              });
            }),
          ),
        ),
      ),
    ),
  );
  if (rows.length > limit)
    wrap.append(h('p', { class: 'hint', text: `The first ${limit} of ${rows.length} rows; all of them are in the JSON.` }));
  return wrap;
}
