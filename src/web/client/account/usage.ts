/**
 * The usage section of both account pages: calls and credits over 7, 30 or 90 days as tiles, a chart,
 * and per day and per tool (tools by title, linked to their pages).
 */
import { $, h } from '../dom.js';
import { usageChart } from '../chart.js';
import { section } from '../keys.js';
import type { ApiResult } from '../api.js';
import type { UsageReport } from '../answers.js';
import { tableOf } from '../result/table.js';
import type { ToolTitles } from './titles.js';

const DAYS = [7, 30, 90];
const n = (x: number) => Number(x).toLocaleString();
let usageDays = 30;

/** The call that loads the usage of another period. */
export interface UsageOps {
  usage(days: number): Promise<ApiResult<UsageReport>>;
}

/** The period the usage section shows, in days (the last one picked). */
export const usagePeriod = () => usageDays;

/**
 * The period buttons, up to the plan's history (a longer period would show the same days); the one
 * shown is pressed. A press loads that period and draws the section again in place of `current()`.
 */
function periodPicker(usage: UsageReport, ops: UsageOps, titles: ToolTitles, current: () => HTMLElement): HTMLElement {
  const periods = DAYS.filter((d) => d === DAYS[0] || d <= usage.retentionDays);
  return h(
    'div',
    { class: 'segmented', role: 'group', 'aria-label': 'Usage period' },
    ...periods.map((d) =>
      h(
        'button',
        {
          type: 'button',
          class: 'secondary small',
          'aria-pressed': String(d === usage.days),
          'data-days': String(d),
          onclick: async () => {
            usageDays = d;
            const r = await ops.usage(d);
            if (!r.ok) return;
            current().replaceWith(usageSection(r.json.data, ops, titles));
            $<HTMLElement>(`[data-days="${d}"]`)?.focus();
          },
        },
        `${d} days`,
      ),
    ),
  );
}

/** The period's figures as tiles. */
function tiles(usage: UsageReport): HTMLElement {
  const dl = h('dl', { class: 'facts usage-tiles' });
  const tile = (label: string, value: string, id: string) =>
    dl.append(h('div', { class: 'card', id }, h('dt', { class: 'muted', text: label }), h('dd', { class: 'tile-figure', text: value })));
  tile('Calls', n(usage.totals.calls), 'usage-calls');
  tile('Credits spent', n(usage.totals.credits), 'usage-credits');
  tile('Tools used', n(usage.perTool.length), 'usage-tools');
  tile('History kept', `${n(usage.retentionDays)} days`, 'usage-retention');
  return dl;
}

/** Calls and credits per tool, busiest first: the tool's title linking to its page. */
function perToolTable(usage: UsageReport, titles: ToolTitles): HTMLElement {
  const rows = usage.perTool.map((t) => {
    const title = titles.get(t.tool);
    return h(
      'tr',
      {},
      h('td', {}, title ? h('a', { href: `/tools/${encodeURIComponent(t.tool)}`, text: title }) : t.tool),
      h('td', { class: 'num', text: n(t.calls) }),
      h('td', { class: 'num', text: n(t.credits) }),
    );
  });
  const head = h(
    'tr',
    {},
    h('th', { scope: 'col', text: 'Tool' }),
    h('th', { scope: 'col', class: 'num', text: 'Calls' }),
    h('th', { scope: 'col', class: 'num', text: 'Credits' }),
  );
  return h(
    'div',
    { class: 'tablewrap', tabindex: '0', role: 'region', 'aria-label': 'Usage per tool' },
    h(
      'table',
      { id: 'usage-per-tool' },
      h('caption', { class: 'visually-hidden', text: 'Usage per tool' }),
      h('thead', {}, head),
      h('tbody', {}, ...rows),
    ),
  );
}

export function usageSection(usage: UsageReport, ops: UsageOps, titles: ToolTitles): HTMLElement {
  const perDay = [...usage.perDay].sort((a, b) => (a.date < b.date ? 1 : -1));
  const none = () => h('p', { class: 'muted', text: 'No calls yet: try a tool from the catalogue.' });
  const box: HTMLElement = section(
    `Usage, last ${usage.days} days`,
    'usage-h',
    periodPicker(usage, ops, titles, () => box),
    tiles(usage),
    usageChart(usage, (slug) => titles.get(slug) ?? slug),
    h('h3', { text: 'Per tool' }),
    usage.perTool.length ? perToolTable(usage, titles) : none(),
    h('h3', { text: 'Per day' }),
    perDay.length
      ? tableOf(
          perDay.map((d) => ({ date: d.date, calls: d.calls, credits: d.credits })),
          'Usage per day',
        )
      : none(),
  );
  box.id = 'usage-section';
  return box;
}
