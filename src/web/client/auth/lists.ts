/**
 * The passkey account page's lists: the passkeys (renamed in place, removed after a confirmation) and
 * the connected applications (removed after a confirmation). Lists rather than tables, so that a phone
 * wraps each entry instead of scrolling the page sideways.
 */
import { $, announce, fmtDate, h } from '../dom.js';
import { confirmDialog } from '../account/confirm.js';
import { post } from './request.js';

export interface Passkey {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}
export interface Connection {
  id: string;
  client: string;
  redirectHost: string;
  connectedAt: string;
  lastUsedAt: string | null;
}

/** How a list reloads the page's data and reports a failure. */
export interface ListOps {
  load: () => Promise<void>;
  fail: (e: unknown) => void;
}

/** Says what happened in the page's status line (announced) after the lists were drawn again. */
function done(text: string): void {
  const notice = $('#notice');
  if (notice) notice.replaceChildren(h('p', { class: 'okmsg', text }));
  else announce(text);
}

/** The in-place rename form of one passkey, in place of its name; Escape or Cancel puts the name back. */
function renameForm(p: Passkey, nameEl: HTMLElement, ops: ListOps): HTMLElement {
  const inputId = `rename-${p.id}`;
  const input = h('input', {
    type: 'text',
    id: inputId,
    value: p.name,
    maxlength: 60,
    required: true,
    autocomplete: 'off',
  }) as HTMLInputElement;
  const form = h(
    'form',
    { class: 'row rename', 'data-rename-form': p.id },
    h('label', { for: inputId, class: 'visually-hidden', text: `New name of the passkey ${p.name}` }),
    input,
    h('button', { type: 'submit', class: 'small' }, 'Save'),
    h('button', { type: 'button', class: 'secondary small', onclick: () => cancel() }, 'Cancel'),
  );
  const cancel = () => {
    form.replaceWith(nameEl);
    $<HTMLButtonElement>(`[data-rename="${CSS.escape(p.id)}"]`)?.focus();
  };
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') cancel();
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const name = input.value.trim();
    if (!name || name === p.name) return cancel();
    void post<unknown>(`/auth/passkeys/${encodeURIComponent(p.id)}/name`, { name })
      .then(ops.load)
      .then(() => {
        done(`Passkey renamed to "${name}".`);
        $<HTMLButtonElement>(`[data-rename="${CSS.escape(p.id)}"]`)?.focus();
      }, ops.fail);
  });
  return form;
}

function passkeyItem(p: Passkey, ops: ListOps): HTMLElement {
  const nameEl = h('strong', { class: 'entry-name', text: p.name });
  const rename = h(
    'button',
    { type: 'button', class: 'secondary small', 'data-rename': p.id, 'aria-label': `Rename passkey ${p.name}` },
    'Rename',
  );
  rename.addEventListener('click', () => {
    const form = renameForm(p, nameEl, ops);
    nameEl.replaceWith(form);
    const input = form.querySelector('input')!;
    input.focus();
    input.select();
  });
  const remove = h(
    'button',
    { type: 'button', class: 'danger small', 'data-remove': p.id, 'aria-label': `Remove passkey ${p.name}` },
    'Remove',
  );
  remove.addEventListener('click', () => void removePasskey(p, ops));
  return h(
    'li',
    { class: 'entry', 'data-passkey': p.id },
    nameEl,
    h('span', { class: 'muted', text: `Added ${fmtDate(p.createdAt)}` }),
    h('span', { class: 'muted', text: `Last used ${fmtDate(p.lastUsedAt)}` }),
    h('span', { class: 'row entry-actions' }, rename, remove),
  );
}

async function removePasskey(p: Passkey, ops: ListOps): Promise<void> {
  const ok = await confirmDialog({
    title: `Remove the passkey "${p.name}"?`,
    text: 'You can no longer sign in with it. Your other passkeys keep working.',
    confirm: 'Remove passkey',
  });
  if (!ok) return;
  await post<unknown>(`/auth/passkeys/${encodeURIComponent(p.id)}`, undefined, 'DELETE')
    .then(ops.load)
    .then(() => done(`Passkey "${p.name}" removed.`), ops.fail);
}

export function showPasskeys(passkeys: Passkey[], ops: ListOps): void {
  $('#passkeys')!.replaceChildren(h('ul', { class: 'entries', 'aria-label': 'Passkeys' }, ...passkeys.map((p) => passkeyItem(p, ops))));
}

function connectionItem(g: Connection, ops: ListOps): HTMLElement {
  const remove = h('button', { type: 'button', class: 'danger small', 'data-remove': g.id, 'aria-label': `Remove ${g.client}` }, 'Remove');
  remove.addEventListener('click', () => void removeConnection(g, ops));
  return h(
    'li',
    { class: 'entry', 'data-connection': g.id },
    h('strong', { class: 'entry-name', text: g.client }),
    h('span', { class: 'muted' }, 'Sent back to ', h('code', { text: g.redirectHost })),
    h('span', { class: 'muted', text: `Connected ${fmtDate(g.connectedAt)}` }),
    h('span', { class: 'muted', text: `Last used ${fmtDate(g.lastUsedAt)}` }),
    h('span', { class: 'row entry-actions' }, remove),
  );
}

async function removeConnection(g: Connection, ops: ListOps): Promise<void> {
  const ok = await confirmDialog({
    title: `Remove ${g.client}?`,
    text: `It stops at once: its next call is refused. To use werkbank from it again, connect and approve it again.`,
    confirm: 'Remove application',
  });
  if (!ok) return;
  await post<unknown>(`/auth/connections/${encodeURIComponent(g.id)}`, undefined, 'DELETE')
    .then(ops.load)
    .then(() => done(`${g.client} removed: it can no longer use this account.`), ops.fail);
}

export function showConnections(connections: Connection[], ops: ListOps): void {
  $('#connections')!.replaceChildren(
    connections.length
      ? h('ul', { class: 'entries', 'aria-label': 'Connected applications' }, ...connections.map((g) => connectionItem(g, ops)))
      : h('p', { text: 'No connected applications yet: connect an MCP host with the steps above.', class: 'muted' }),
  );
}
