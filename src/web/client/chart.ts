/** The account page's usage chart: calls per day, stacked by tool (the six busiest named, the rest as "other"). */
import { h } from './dom.js';
import type { UsageReport } from './answers.js';

const COLORS = ['#4e79a7', '#f28e2b', '#59a14f', '#e15759', '#b07aa1', '#9c755f', '#76b7b2'];

/** `label` names a tool for people (its title); "other" stays as it is. */
export function usageChart(usage: UsageReport, label: (tool: string) => string = (t) => t): HTMLElement {
  const days: string[] = [];
  const end = new Date();
  for (let i = usage.days - 1; i >= 0; i--) days.push(new Date(end.getTime() - i * 86400000).toISOString().slice(0, 10));
  const top: string[] = usage.perTool.map((t) => t.tool);
  const named = top.slice(0, 6);
  const series = top.length > 6 ? [...named, 'other'] : named;
  const grid = new Map<string, Map<string, number>>();
  for (const day of usage.perDay) {
    const m = new Map<string, number>();
    for (const [tool, calls] of Object.entries(day.tools)) {
      const t = named.includes(tool) ? tool : 'other';
      m.set(t, (m.get(t) ?? 0) + calls);
    }
    grid.set(day.date, m);
  }
  const totals = days.map((d) => [...(grid.get(d)?.values() ?? [])].reduce((a, b) => a + b, 0));
  const max = Math.max(1, ...totals);
  const W = 640;
  const H = 200;
  const left = 36;
  const bottom = 22;
  const bw = (W - left) / days.length;
  const NS = 'http://www.w3.org/2000/svg';
  const s = (tag: string, attrs: Record<string, string | number>, text?: string) => {
    const el = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
    if (text !== undefined) el.textContent = text;
    return el;
  };
  const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-labelledby': 'chart-title' });
  svg.append(s('title', { id: 'chart-title' }, `Calls per day by tool, last ${usage.days} days: ${usage.totals.calls} calls in all`));
  svg.append(s('text', { x: 0, y: 12 }, String(max)), s('text', { x: 0, y: H - bottom }, '0'));
  svg.append(s('line', { x1: left, x2: W, y1: H - bottom, y2: H - bottom, stroke: 'currentColor', 'stroke-opacity': 0.3 }));
  const every = Math.ceil(days.length / 8);
  days.forEach((d, i) => {
    let y = H - bottom;
    const m = grid.get(d);
    series.forEach((t, si) => {
      const n = m?.get(t) ?? 0;
      if (!n) return;
      const hgt = (n / max) * (H - bottom - 16);
      y -= hgt;
      const r = s('rect', { x: left + i * bw + 1, y, width: Math.max(1, bw - 2), height: hgt, fill: COLORS[si % COLORS.length] });
      r.append(s('title', {}, `${d}: ${n} × ${t === 'other' ? t : label(t)}`));
      svg.append(r);
    });
    if (i % every === 0) svg.append(s('text', { x: left + i * bw, y: H - 6 }, d.slice(5)));
  });
  const legend = h('div', { class: 'legend', 'aria-hidden': 'true' });
  series.forEach((t, si) => {
    const item = h('span', { text: t === 'other' ? 'Other tools' : label(t) });
    item.style.setProperty('--c', COLORS[si % COLORS.length]);
    legend.append(item);
  });
  const wrap = h('div', { class: 'chart' });
  wrap.append(svg, legend);
  return wrap;
}
