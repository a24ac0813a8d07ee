/**
 * The account page of a person signed in with a passkey (/account with a session): usage, passkeys,
 * connected applications, sign out, delete. Its keys section is src/web/client/keys.ts (in /web/app.js).
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import { $, fmtDate, h } from '../dom.js';
import { post, read, webauthn } from './request.js';

function table(heads: string[], rows: (string | Node)[][]): HTMLTableElement {
  const t = h('table') as HTMLTableElement;
  const tr = h('tr');
  for (const head of heads) tr.append(h('th', { text: head, scope: 'col' }));
  t.append(h('thead'), h('tbody'));
  t.tHead!.append(tr);
  for (const r of rows) {
    const row = h('tr');
    for (const cell of r) {
      const td = h('td');
      td.append(cell);
      row.append(td);
    }
    t.tBodies[0].append(row);
  }
  return t;
}

function button(text: string, onclick: () => void, cls = 'secondary'): HTMLElement {
  const b = h('button', { text, type: 'button', class: cls });
  b.addEventListener('click', onclick);
  return b;
}

export function initPasskeyAccount(): void {
  const errBox = $('#account-error')!;
  const fail = (e: unknown) => {
    errBox.hidden = false;
    errBox.textContent = (e as Error).message;
  };
  const load = async (): Promise<void> => {
    errBox.hidden = true;
    const [me, usage] = await Promise.all([read('/auth/me'), read('/api/v1/usage?days=30&limit=1')]);
    showUsage(usage);
    showCredits(me.account);
    showPasskeys(me.passkeys, load, fail);
    showConnections(me.connections, load, fail);
  };
  wireActions(load, fail);
  void load().catch(fail);
}

function showUsage(usage: any): void {
  $('#usage')!.replaceChildren(
    usage.perTool.length
      ? table(['Tool', 'Calls', 'Credits'], usage.perTool.map((t: any) => [t.tool, String(t.calls), String(t.credits)]))
      : h('p', { text: 'No calls yet: try a tool from the catalogue.', class: 'muted' }),
  );
}

function showCredits(a: any): void {
  $('#credits')!.textContent = `${a.remaining} credits left (${a.allowanceRemaining} of the monthly ${a.monthlyCredits}, plus ${a.packCredits} from packs); the allowance resets ${fmtDate(a.resetsAt)}. Plan: ${a.plan}.`;
}

function showPasskeys(passkeys: any[], load: () => Promise<void>, fail: (e: unknown) => void): void {
  const rows = passkeys.map((p: any) => {
    const actions = h('div', { class: 'row' });
    actions.append(
      button('Rename', () => {
        const name = prompt('New name of the passkey', p.name);
        if (name) void post(`/auth/passkeys/${encodeURIComponent(p.id)}/name`, { name }).then(load, fail);
      }),
      button('Remove', () => void post(`/auth/passkeys/${encodeURIComponent(p.id)}`, undefined, 'DELETE').then(load, fail), 'danger'),
    );
    return [p.name, fmtDate(p.createdAt), fmtDate(p.lastUsedAt), actions];
  });
  $('#passkeys')!.replaceChildren(table(['Name', 'Added', 'Last used', ''], rows));
}

function showConnections(connections: any[], load: () => Promise<void>, fail: (e: unknown) => void): void {
  const remove = (g: any) => button('Remove', () => void post(`/auth/connections/${encodeURIComponent(g.id)}`, undefined, 'DELETE').then(load, fail), 'danger');
  $('#connections')!.replaceChildren(
    connections.length
      ? table(
          ['Application', 'Sent back to', 'Connected', 'Last used', ''],
          connections.map((g: any) => [g.client, g.redirectHost, fmtDate(g.connectedAt), fmtDate(g.lastUsedAt), remove(g)]),
        )
      : h('p', { text: 'No connected applications.', class: 'muted' }),
  );
}

/** The page's buttons: add a passkey, sign out (here or everywhere), delete the account. */
function wireActions(load: () => Promise<void>, fail: (e: unknown) => void): void {
  $('#add-passkey')!.addEventListener('click', async () => {
    try {
      const { flow, options } = await post('/auth/passkeys/options', { passkeyName: $<HTMLInputElement>('#passkey-name')!.value.trim() });
      const response = await webauthn().startRegistration({ optionsJSON: options });
      await post('/auth/passkeys/verify', { flow, response });
      $<HTMLInputElement>('#passkey-name')!.value = '';
      await load();
    } catch (e) {
      fail(e);
    }
  });
  $('#signout')!.addEventListener('click', () => void post('/auth/signout', {}).then(() => location.assign('/signin'), fail));
  $('#signout-all')!.addEventListener('click', () => void post('/auth/signout-everywhere', {}).then(() => location.assign('/signin'), fail));
  $('#delete-account')!.addEventListener('click', async () => {
    try {
      await post('/auth/delete-account', { confirm: $<HTMLInputElement>('#delete-confirm')!.value.trim() });
      location.assign('/signin?deleted=1');
    } catch (e) {
      fail(e);
    }
  });
}
