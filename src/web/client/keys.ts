/**
 * The API keys section of both account pages (the key-based one in account.ts and the passkey one,
 * src/web/account-auth.ts): every key with its name, prefix, created and last-used dates, revoked
 * ones behind "Show revoked keys"; a new key named at creation and shown once with a copy button;
 * a revoke confirmed in two steps and announced. Who the calls go as (a key, the admin token, the
 * session) is the caller's `KeyOps`.
 */
import { $, announce, copyText, fmtDate, h, type Child } from './dom.js';
import { api, type ApiResult } from './api.js';
import type { CreatedKey, KeyView, RevokedKey } from './answers.js';

export interface KeyOps {
  createKey(name: string): Promise<ApiResult<CreatedKey>>;
  revoke(id: string): Promise<ApiResult<RevokedKey>>;
  /** Loads the keys again and renders the page (or the section), with a notice on top. */
  reload(notice?: HTMLElement): Promise<void>;
  /** The prefix of the key this browser signs in with: marked "in use here". */
  currentKeyPrefix?: string;
  /** That key was revoked: the browser is signed out (the notice says why). */
  currentRevoked?(notice: HTMLElement): Promise<void>;
}

/** A card section with its heading. */
export const section = (title: string, id: string, ...content: Child[]) =>
  h('section', { class: 'card', 'aria-labelledby': id }, h('h2', { id, text: title }), ...content);

/** An error (alert) or a success (status) message. */
export const message = (text: string, kind: 'alert' | 'okmsg' = 'alert') =>
  h('div', { class: kind, role: kind === 'alert' ? 'alert' : 'status', text });

let showRevoked = false;

/** The two-step revoke button of an active key: the first press asks, the second revokes. */
function revokeButton(k: KeyView, inUse: boolean, ops: KeyOps, created: HTMLElement): HTMLButtonElement {
  const label = k.name ? `${k.name} (${k.prefix})` : k.prefix;
  const revoke = h('button', { type: 'button', class: 'danger small', 'data-revoke': k.id }, 'Revoke') as HTMLButtonElement;
  // The label says what a press does now: screen readers hear the armed state, not the first question again.
  const arm = (armed: boolean) => {
    revoke.dataset.armed = armed ? '1' : '';
    revoke.textContent = armed ? 'Confirm revoke' : 'Revoke';
    revoke.setAttribute('aria-label', armed ? `Confirm: revoke key ${k.prefix} now` : `Revoke key ${k.prefix}`);
  };
  arm(false);
  const onClick = async () => {
    // Two steps instead of a dialog: the first press asks, the second revokes.
    if (revoke.dataset.armed !== '1') {
      arm(true);
      announce(`Press again to revoke key ${label}${inUse ? ', the key this browser uses' : ''}.`);
      setTimeout(() => revoke.isConnected && arm(false), 6000);
      return;
    }
    const r = await ops.revoke(k.id);
    if (!r.ok) return created.replaceChildren(message(r.json?.error ?? `HTTP ${r.status}`));
    const done = `Key ${k.name ? `"${k.name}" ` : ''}${k.prefix}… is revoked: the next call with it gets 401.`;
    announce(done);
    if (inUse && ops.currentRevoked)
      return ops.currentRevoked(
        message(`Key ${k.prefix}… was revoked: it was the key you signed in with, so you are signed out.`, 'okmsg'),
      );
    await ops.reload(message(done, 'okmsg'));
  };
  revoke.addEventListener('click', () => void onClick());
  return revoke;
}

/** One key of the list: name, prefix, dates, state and (when active) its revoke button. */
function keyItem(k: KeyView, ops: KeyOps, created: HTMLElement): HTMLElement {
  const inUse = ops.currentKeyPrefix === k.prefix && !k.revokedAt;
  return h(
    'li',
    { class: 'key' + (k.revokedAt ? ' revoked' : '') + (inUse ? ' current' : '') },
    h(
      'div',
      { class: 'key-name' },
      k.name ? h('strong', { text: k.name }) : h('span', { class: 'muted', text: 'unnamed' }),
      h('code', { text: `${k.prefix}…` }),
      inUse ? h('span', { class: 'badge', text: 'in use here' }) : null,
    ),
    h('span', { class: 'muted', text: `Created ${fmtDate(k.createdAt)}` }),
    h('span', { class: 'muted', text: `Last used ${fmtDate(k.lastUsedAt)}` }),
    h('span', { class: k.revokedAt ? 'muted' : 'ok', text: k.revokedAt ? `Revoked ${fmtDate(k.revokedAt)}` : 'Active' }),
    k.revokedAt ? null : revokeButton(k, inUse, ops, created),
  );
}

/** The "Show/Hide revoked keys (n)" button that folds the revoked list, or null when there are none. */
function revokedToggle(count: number, revokedList: HTMLElement): HTMLElement | null {
  if (!count) return null;
  const toggleText = () => `${showRevoked ? 'Hide' : 'Show'} revoked keys (${count})`;
  const toggle: HTMLElement = h(
    'button',
    {
      type: 'button',
      class: 'secondary small',
      id: 'toggle-revoked',
      'aria-expanded': String(showRevoked),
      'aria-controls': 'revoked-keys',
      onclick: () => {
        showRevoked = !showRevoked;
        revokedList.hidden = !showRevoked;
        toggle.setAttribute('aria-expanded', String(showRevoked));
        toggle.textContent = toggleText();
      },
    },
    toggleText(),
  );
  return toggle;
}

/** The new key's secret, shown once in #new-key with a copy button, after the page was reloaded. */
function showNewKey({ key, prefix, name }: CreatedKey): void {
  const secret = h('p', { class: 'secret', id: 'new-key-value', text: key });
  const copyBtn: HTMLElement = h(
    'button',
    { type: 'button', class: 'secondary', id: 'copy-key', onclick: () => copyText(key, copyBtn) },
    'Copy key',
  );
  $('#new-key')!.replaceChildren(
    h(
      'div',
      { class: 'okmsg' },
      h('p', { text: `New key ${prefix}…${name ? ` (${name})` : ''}: copy it now. It is shown once and never again.` }),
      secret,
      h(
        'div',
        { class: 'row' },
        copyBtn,
        h('button', { type: 'button', class: 'secondary', onclick: () => $('#new-key')!.replaceChildren() }, 'Done'),
      ),
    ),
  );
  $('#copy-key')?.focus();
}

/** The form that creates a named key; errors go to `created`. */
function createKeyForm(ops: KeyOps, created: HTMLElement): HTMLElement {
  // The server's rule (src/accounts/accounts.ts keyName): 1-40 characters, no control characters, or none.
  const nameInput = h('input', {
    type: 'text',
    id: 'key-name',
    name: 'name',
    maxlength: 40,
    autocomplete: 'off',
    placeholder: 'e.g. laptop, CI, Claude',
  }) as HTMLInputElement;
  const createForm = h(
    'form',
    { class: 'row create-key', id: 'create-key-form' },
    h('label', { for: 'key-name', text: 'Name' }),
    nameInput,
    h('button', { type: 'submit', id: 'create-key' }, 'Create key'),
  );
  const onSubmit = async () => {
    const r = await ops.createKey(nameInput.value.trim());
    if (!r.ok) return created.replaceChildren(message(r.json?.error ?? `HTTP ${r.status}`));
    await ops.reload();
    showNewKey(r.json.data);
  };
  createForm.addEventListener('submit', (e) => {
    e.preventDefault();
    void onSubmit();
  });
  return createForm;
}

export function keysSection(keys: KeyView[], ops: KeyOps, notice?: HTMLElement): HTMLElement {
  const created = h('div', { id: 'new-key', role: 'status' }, notice);
  const active = keys.filter((k) => !k.revokedAt);
  const revoked = keys.filter((k) => k.revokedAt);
  const item = (k: KeyView) => keyItem(k, ops, created);
  const list = h('ul', { class: 'keys', 'aria-label': 'Active API keys' }, ...active.map(item));
  const revokedList = h('ul', { class: 'keys', 'aria-label': 'Revoked API keys', id: 'revoked-keys' }, ...revoked.map(item));
  revokedList.hidden = !showRevoked;
  const box = section(
    'API keys',
    'keys-h',
    h('p', { class: 'muted', text: 'For scripts and MCP clients that take a key. A new key is shown once: copy it when it appears.' }),
    createKeyForm(ops, created),
    created,
    active.length ? list : h('p', { class: 'muted', text: 'No active keys.' }),
    revokedToggle(revoked.length, revokedList),
    revokedList,
    h('p', { class: 'hint', text: 'Revoking takes effect at once: the next call with that key gets 401.' }),
  );
  box.id = 'api-keys';
  return box;
}

/** The passkey account page: its keys section, the calls going with the session cookie and CSRF token (api.ts). */
export function initSessionKeys(slot: HTMLElement): void {
  let current = slot;
  const show = (el: HTMLElement) => {
    current.replaceWith(el);
    current = el;
  };
  const ops: KeyOps = {
    createKey: (name) => api<CreatedKey>('/api/v1/keys', { method: 'POST', body: name ? { name } : undefined }),
    revoke: (id) => api<RevokedKey>(`/api/v1/keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    reload: async (notice) => {
      const r = await api<KeyView[]>('/api/v1/keys');
      if (r.ok) return show(keysSection(r.json.data, ops, notice));
      const failed = section('API keys', 'keys-h', message(r.json?.error ?? `HTTP ${r.status}`));
      failed.id = 'api-keys';
      show(failed);
    },
  };
  void ops.reload();
}
