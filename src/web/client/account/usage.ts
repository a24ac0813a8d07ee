/** The account page's usage section: calls and credits over 7, 30 or 90 days, as a chart and per day and per tool. */
import { $, h } from '../dom.js';
import { usageChart } from '../chart.js';
import { section } from '../keys.js';
import type { ApiResult } from '../api.js';
import type { UsageReport } from '../answers.js';
import { tableOf } from '../result/table.js';

const DAYS = [7, 30, 90];
const plural = (n: number, word: string) => `${Number(n).toLocaleString()} ${word}${n === 1 ? '' : 's'}`;
let usageDays = 30;

/** The call that loads the usage of another period. */
export interface UsageOps {
  usage(days: number): Promise<ApiResult<UsageReport>>;
}

/** The period the usage section shows, in days (the last one picked). */
export const usagePeriod = () => usageDays;

export function usageSection(usage: UsageReport, ops: UsageOps): HTMLElement {
  const perDay = [...usage.perDay].sort((a, b) => (a.date < b.date ? 1 : -1));
  const picker = h(
    'div',
    { class: 'segmented', role: 'group', 'aria-label': 'Usage period' },
    ...DAYS.map((d) =>
      h(
        'button',
        {
          type: 'button',
          class: 'secondary small',
          'aria-pressed': String(d === usageDays),
          'data-days': String(d),
          onclick: async () => {
            usageDays = d;
            const r = await ops.usage(d);
            if (!r.ok) return;
            box.replaceWith(usageSection(r.json.data, ops));
            $<HTMLElement>(`[data-days="${d}"]`)?.focus();
          },
        },
        `${d} days`,
      ),
    ),
  );
  const box = section(
    `Usage, last ${usage.days} days`,
    'usage-h',
    picker,
    h('p', {
      class: 'muted',
      text: `${plural(usage.totals.calls, 'call')}, ${plural(usage.totals.credits, 'credit')} (history kept ${usage.retentionDays} days).`,
    }),
    usageChart(usage),
    h('h3', { text: 'Per day' }),
    perDay.length
      ? tableOf(
          perDay.map((d) => ({ date: d.date, calls: d.calls, credits: d.credits })),
          'Usage per day',
        )
      : h('p', { class: 'muted', text: 'No calls yet.' }),
    h('h3', { text: 'Per tool' }),
    usage.perTool.length
      ? tableOf(
          usage.perTool.map((t) => ({ tool: t.tool, calls: t.calls, credits: t.credits })),
          'Usage per tool',
        )
      : h('p', { class: 'muted', text: 'No calls yet.' }),
  );
  return box;
}
