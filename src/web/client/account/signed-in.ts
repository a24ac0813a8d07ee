/**
 * The two ways the account page is signed in: with an API key (that key's own account; revoking
 * it signs this browser out) or with the admin token (any account, chosen from the list; credit
 * packs can be added).
 */
import { h, storage } from '../dom.js';
import { api, type ApiResult } from '../api.js';
import type { AccountInfo, KeyView, RenderAllowance, UsageReport } from '../answers.js';
import { renderAccount } from './overview.js';
import { usagePeriod } from './usage.js';
import { toolTitles } from './titles.js';

/** The account page's parts the signed-in views draw into, and its way back to the start. */
export interface AccountPage {
  view: HTMLElement;
  adminBox: HTMLElement;
  who: HTMLElement;
  /** Show the page for what this browser keeps (a key, the admin token, or nothing), a notice on top. */
  start: (notice?: HTMLElement) => Promise<void>;
  /** Sign the admin token out and show why on the sign-in form. */
  showFail: (e: Error) => void;
}

const fail = (r: ApiResult & { ok: false }): never => {
  throw Object.assign(new Error(r.json?.error ?? `HTTP ${r.status}`), { status: r.status });
};

export async function selfView(page: AccountPage, notice?: HTMLElement): Promise<void> {
  const key = storage.key();
  const [info, renders, usage, keys, titles] = await Promise.all([
    api<AccountInfo>('/api/v1/account', { key }),
    api<RenderAllowance>('/api/v1/account/renders', { key }),
    api<UsageReport>(`/api/v1/usage?days=${usagePeriod()}&limit=1`, { key }),
    api<KeyView[]>('/api/v1/keys', { key }),
    toolTitles(),
  ]);
  if (!info.ok) return fail(info);
  if (!usage.ok) return fail(usage);
  if (!keys.ok) return fail(keys);
  page.who.textContent = `Signed in with the API key ${key.slice(0, 10)}… (account ${info.json.data.name}).`;
  renderAccount(
    page.view,
    info.json.data,
    renders.ok ? renders.json.data : null,
    usage.json.data,
    keys.json.data,
    {
      createKey: (name) => api('/api/v1/keys', { method: 'POST', key, body: name ? { name } : undefined }),
      revoke: (id) => api(`/api/v1/keys/${encodeURIComponent(id)}`, { method: 'DELETE', key }),
      usage: (days) => api(`/api/v1/usage?days=${days}&limit=1`, { key }),
      reload: (n) => selfView(page, n),
      currentKeyPrefix: key.slice(0, 10),
      currentRevoked: (n) => {
        storage.setKey('');
        return page.start(n);
      },
    },
    titles,
    notice,
  );
}

export async function adminView(page: AccountPage, selected?: string, notice?: HTMLElement): Promise<void> {
  const { view, adminBox, who } = page;
  const admin = storage.admin();
  const list = await api<AccountInfo[]>('/api/v1/admin/accounts', { admin });
  if (!list.ok) return fail(list);
  const accounts = list.json.data;
  who.textContent = `Signed in with the admin token: ${accounts.length} account${accounts.length === 1 ? '' : 's'}.`;
  adminBox.hidden = false;
  const sel = h(
    'select',
    { id: 'admin-account' },
    ...accounts.map((a) => h('option', { value: a.name, text: `${a.name} (${a.plan}, ${a.remaining} credits)` })),
  ) as HTMLSelectElement;
  if (selected) sel.value = selected;
  sel.addEventListener('change', () => void adminView(page, sel.value).catch(page.showFail));
  adminBox.replaceChildren(h('div', { class: 'card' }, h('label', { for: 'admin-account', text: 'Account' }), sel));
  const name = sel.value;
  if (!name) return void view.replaceChildren(h('p', { class: 'muted', text: 'No accounts yet (werkbank accounts create NAME).' }));
  const q = encodeURIComponent(name);
  const [usage, keys, titles] = await Promise.all([
    api<UsageReport>(`/api/v1/admin/usage?account=${q}&days=${usagePeriod()}`, { admin }),
    api<KeyView[]>(`/api/v1/admin/keys?account=${q}`, { admin }),
    toolTitles(),
  ]);
  if (!usage.ok) return fail(usage);
  if (!keys.ok) return fail(keys);
  renderAccount(
    view,
    accounts.find((a) => a.name === name)!,
    null,
    usage.json.data,
    keys.json.data,
    {
      createKey: (keyName) =>
        api('/api/v1/admin/keys', { method: 'POST', body: keyName ? { account: name, name: keyName } : { account: name }, admin }),
      revoke: (id) => api(`/api/v1/admin/keys/${encodeURIComponent(id)}`, { method: 'DELETE', admin }),
      addPack: (pack) => api('/api/v1/admin/credits', { method: 'POST', body: { account: name, pack }, admin }),
      usage: (days) => api(`/api/v1/admin/usage?account=${q}&days=${days}`, { admin }),
      reload: (n) => adminView(page, name, n),
    },
    titles,
    notice,
  );
}
