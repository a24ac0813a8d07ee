/**
 * The signed-in account page's content: plan and balance (with a credit pack for the admin), the
 * keys (keys.ts, shared with the passkey account page) and the usage.
 */
import { fmtDate, h } from '../dom.js';
import type { ApiResult } from '../api.js';
import type { AccountInfo, Balance, KeyView, RenderAllowance, UsageReport } from '../answers.js';
import { keysSection, message, section, type KeyOps } from '../keys.js';
import { usageSection, type UsageOps } from './usage.js';
import type { ToolTitles } from './titles.js';

/** The calls the page makes, as the key's own account or as the admin for a chosen account. */
export interface AccountOps extends KeyOps, UsageOps {
  addPack?(pack: number): Promise<ApiResult<Balance>>;
}

export function renderAccount(
  view: HTMLElement,
  info: AccountInfo,
  renders: RenderAllowance | null,
  usage: UsageReport,
  keys: KeyView[],
  ops: AccountOps,
  titles: ToolTitles,
  notice?: HTMLElement,
): void {
  view.textContent = '';
  if (notice) view.append(notice);
  view.append(planSection(info, renders, ops), keysSection(keys, ops), usageSection(usage, ops, titles));
}

function planSection(info: AccountInfo, renders: RenderAllowance | null, ops: AccountOps): HTMLElement {
  const dl = h('dl', { class: 'facts' });
  const row = (k: string, v: string, detail?: string) =>
    dl.append(
      h(
        'div',
        { class: 'card' },
        h('dt', { class: 'muted', text: k }),
        h('dd', { text: v }),
        detail ? h('dd', { class: 'hint', text: detail }) : null,
      ),
    );
  const n = (x: number) => Number(x).toLocaleString();
  row('Account', info.name);
  row('Plan', `${info.plan} (${n(info.monthlyCredits)} credits a month)`);
  // The balance once: what is left, and where it comes from under it.
  row('Credits left', n(info.remaining), `${n(info.allowanceRemaining)} of the monthly allowance + ${n(info.packCredits)} from packs`);
  row('Allowance resets', fmtDate(info.resetsAt));
  if (renders) row('Renders left', `${n(renders.remaining)} of ${n(renders.limit)}`);
  const plan = section('Plan and balance', 'plan-h', dl);
  if (ops.addPack) {
    const sel = h(
      'select',
      { id: 'pack' },
      ...[100, 1000, 5000].map((p) => h('option', { value: String(p), text: `${p.toLocaleString()} credits` })),
    ) as HTMLSelectElement;
    const out = h('div', { role: 'status' });
    plan.append(
      h(
        'div',
        { class: 'row' },
        h('label', { for: 'pack', text: 'Add a credit pack' }),
        sel,
        h(
          'button',
          {
            type: 'button',
            id: 'add-pack',
            onclick: async () => {
              const r = await ops.addPack!(Number(sel.value));
              if (!r.ok) out.replaceChildren(message(r.json?.error ?? `HTTP ${r.status}`));
              else await ops.reload();
            },
          },
          'Add pack',
        ),
      ),
      out,
    );
  }
  return plan;
}
