/**
 * The account page: sign in with a key (or the admin token), plan and balance, usage over 7, 30 or
 * 90 days, and the keys (keys.ts, shared with the passkey account page), the one this browser uses
 * marked.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import { $, fmtDate, h, isDev, storage } from './dom.js';
import { api, devKey, type ApiResult } from './api.js';
import { usageChart } from './chart.js';
import { tableOf } from './result.js';
import { keysSection, message, section, type KeyOps } from './keys.js';

interface Ops extends KeyOps {
  addPack?(pack: number): Promise<ApiResult>;
  usage(days: number): Promise<ApiResult>;
}

const DAYS = [7, 30, 90];
const plural = (n: number, word: string) => `${Number(n).toLocaleString()} ${word}${n === 1 ? '' : 's'}`;
let usageDays = 30;

export function initAccount(): void {
  const signin = $('#signin')!;
  const view = $('#account-view')!;
  const adminBox = $('#admin-accounts')!;
  const who = $('#who')!;
  const err = $('#signin-error')!;
  const useDev = $('#use-dev')!;
  useDev.hidden = !isDev();
  useDev.addEventListener('click', async () => {
    try {
      await devKey();
      await start();
    } catch (e) {
      err.textContent = (e as Error).message;
    }
  });

  const usageSection = (usage: any, ops: Ops): HTMLElement => {
    const perDay = [...usage.perDay].sort((a: any, b: any) => (a.date < b.date ? 1 : -1));
    const picker = h('div', { class: 'segmented', role: 'group', 'aria-label': 'Usage period' },
      ...DAYS.map((d) => h('button', {
        type: 'button', class: 'secondary small', 'aria-pressed': String(d === usageDays), 'data-days': String(d),
        onclick: async () => {
          usageDays = d;
          const r = await ops.usage(d);
          if (!r.ok) return;
          box.replaceWith(usageSection(r.json.data, ops));
          $<HTMLElement>(`[data-days="${d}"]`)?.focus();
        },
      }, `${d} days`)));
    const box = section(
      `Usage, last ${usage.days} days`,
      'usage-h',
      picker,
      h('p', { class: 'muted', text: `${plural(usage.totals.calls, 'call')}, ${plural(usage.totals.credits, 'credit')} (history kept ${usage.retentionDays} days).` }),
      usageChart(usage),
      h('h3', { text: 'Per day' }),
      perDay.length ? tableOf(perDay.map((d: any) => ({ date: d.date, calls: d.calls, credits: d.credits })), 'Usage per day') : h('p', { class: 'muted', text: 'No calls yet.' }),
      h('h3', { text: 'Per tool' }),
      usage.perTool.length ? tableOf(usage.perTool.map((t: any) => ({ tool: t.tool, calls: t.calls, credits: t.credits })), 'Usage per tool') : h('p', { class: 'muted', text: 'No calls yet.' }),
    );
    return box;
  };

  const render = (info: any, renders: any, usage: any, keys: any[], ops: Ops, notice?: HTMLElement) => {
    view.textContent = '';
    if (notice) view.append(notice);
    const dl = h('dl', { class: 'facts' });
    const row = (k: string, v: string) => dl.append(h('div', { class: 'card' }, h('dt', { class: 'muted', text: k }), h('dd', { text: v })));
    const n = (x: number) => Number(x).toLocaleString();
    row('Account', info.name);
    row('Plan', `${info.plan} (${n(info.monthlyCredits)} credits a month)`);
    row('Balance', `${n(info.remaining)} credits`);
    row('Allowance left', `${n(info.allowanceRemaining)} of ${n(info.monthlyCredits)}`);
    row('Pack credits', n(info.packCredits));
    row('Resets', fmtDate(info.resetsAt));
    if (renders) row('Render allowance left', `${n(renders.remaining)} of ${n(renders.limit)} renders`);
    const plan = section('Plan and balance', 'plan-h', dl);
    if (ops.addPack) {
      const sel = h('select', { id: 'pack' }, ...[100, 1000, 5000].map((p) => h('option', { value: String(p), text: `${p.toLocaleString()} credits` }))) as HTMLSelectElement;
      const out = h('div', { role: 'status' });
      plan.append(
        h('div', { class: 'row' }, h('label', { for: 'pack', text: 'Add a credit pack' }), sel, h('button', {
          type: 'button', id: 'add-pack',
          onclick: async () => {
            const r = await ops.addPack!(Number(sel.value));
            if (!r.ok) out.replaceChildren(message(r.json?.error ?? `HTTP ${r.status}`));
            else await ops.reload();
          },
        }, 'Add pack')),
        out,
      );
    }
    view.append(plan, keysSection(keys, ops), usageSection(usage, ops));
  };

  const fail = (r: ApiResult) => {
    throw Object.assign(new Error(r.json?.error ?? `HTTP ${r.status}`), { status: r.status });
  };
  const selfView = async (notice?: HTMLElement) => {
    const key = storage.key();
    const [info, renders, usage, keys] = await Promise.all([
      api('/api/v1/account', { key }),
      api('/api/v1/account/renders', { key }),
      api(`/api/v1/usage?days=${usageDays}&limit=1`, { key }),
      api('/api/v1/keys', { key }),
    ]);
    for (const r of [info, usage, keys]) if (!r.ok) fail(r);
    who.textContent = `Signed in with the API key ${key.slice(0, 10)}… (account ${info.json.data.name}).`;
    render(info.json.data, renders.ok ? renders.json.data : null, usage.json.data, keys.json.data, {
      createKey: (name) => api('/api/v1/keys', { method: 'POST', key, body: name ? { name } : undefined }),
      revoke: (id) => api(`/api/v1/keys/${encodeURIComponent(id)}`, { method: 'DELETE', key }),
      usage: (days) => api(`/api/v1/usage?days=${days}&limit=1`, { key }),
      reload: (n) => selfView(n),
      currentKeyPrefix: key.slice(0, 10),
      currentRevoked: (n) => {
        storage.setKey('');
        return start(n);
      },
    }, notice);
  };
  const adminView = async (selected?: string, notice?: HTMLElement) => {
    const admin = storage.admin();
    const list = await api('/api/v1/admin/accounts', { admin });
    if (!list.ok) fail(list);
    const accounts: any[] = list.json.data;
    who.textContent = `Signed in with the admin token: ${accounts.length} account${accounts.length === 1 ? '' : 's'}.`;
    adminBox.hidden = false;
    const sel = h('select', { id: 'admin-account' }, ...accounts.map((a) => h('option', { value: a.name, text: `${a.name} (${a.plan}, ${a.remaining} credits)` }))) as HTMLSelectElement;
    if (selected) sel.value = selected;
    sel.addEventListener('change', () => void adminView(sel.value).catch(showFail));
    adminBox.replaceChildren(h('div', { class: 'card' }, h('label', { for: 'admin-account', text: 'Account' }), sel));
    const name = sel.value;
    if (!name) return void view.replaceChildren(h('p', { class: 'muted', text: 'No accounts yet (werkbank accounts create NAME).' }));
    const q = encodeURIComponent(name);
    const [usage, keys] = await Promise.all([api(`/api/v1/admin/usage?account=${q}&days=${usageDays}`, { admin }), api(`/api/v1/admin/keys?account=${q}`, { admin })]);
    for (const r of [usage, keys]) if (!r.ok) fail(r);
    render(accounts.find((a) => a.name === name), null, usage.json.data, keys.json.data, {
      createKey: (keyName) => api('/api/v1/admin/keys', { method: 'POST', body: keyName ? { account: name, name: keyName } : { account: name }, admin }),
      revoke: (id) => api(`/api/v1/admin/keys/${encodeURIComponent(id)}`, { method: 'DELETE', admin }),
      addPack: (pack) => api('/api/v1/admin/credits', { method: 'POST', body: { account: name, pack }, admin }),
      usage: (days) => api(`/api/v1/admin/usage?account=${q}&days=${days}`, { admin }),
      reload: (n) => adminView(name, n),
    }, notice);
  };
  const showFail = (e: Error) => {
    storage.setAdmin('');
    signin.hidden = false;
    $('#account')!.hidden = true;
    err.textContent = e.message;
  };
  const start = async (notice?: HTMLElement) => {
    err.textContent = '';
    const signedIn = Boolean(storage.admin() || storage.key());
    signin.hidden = signedIn;
    $('#account')!.hidden = !signedIn;
    if (!signedIn) {
      if (notice) signin.prepend(notice);
      return;
    }
    try {
      if (storage.admin()) await adminView();
      else await selfView(notice);
    } catch (e) {
      // A key the server refuses (401) is forgotten; other failures keep it.
      if (!storage.admin() && (e as { status?: number }).status === 401) storage.setKey('');
      showFail(e as Error);
    }
  };
  $('#signin-form')!.addEventListener('submit', async (e) => {
    e.preventDefault();
    const secret = $<HTMLInputElement>('#secret')!.value.trim();
    if (!secret) return void (err.textContent = 'Enter a key or the admin token.');
    const kind = $<HTMLInputElement>('input[name="kind"]:checked')?.value ?? 'key';
    if (kind === 'admin') storage.setAdmin(secret);
    else storage.setKey(secret);
    $<HTMLInputElement>('#secret')!.value = '';
    await start();
  });
  $('#signout')!.addEventListener('click', () => {
    storage.setKey('');
    storage.setAdmin('');
    adminBox.hidden = true;
    view.replaceChildren();
    $('#balance')!.textContent = '';
    void start();
  });
  void start();
}
