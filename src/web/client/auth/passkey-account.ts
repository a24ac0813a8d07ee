/**
 * The account page of a person signed in with a passkey (/account with a session): usage, passkeys,
 * connected applications, sign out, delete. Its keys section is src/web/client/keys.ts (in /web/app.js).
 */
import { $, fmtDate, h } from '../dom.js';
import { post, read, webauthn, type Ceremony, type RegistrationOptions } from './request.js';

/** What /auth/me answers (src/http/identity/routes.ts), as far as the page shows it. */
interface Me {
  account: { remaining: number; allowanceRemaining: number; monthlyCredits: number; packCredits: number; resetsAt: string; plan: string };
  passkeys: Passkey[];
  connections: Connection[];
}
interface Passkey {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}
interface Connection {
  id: string;
  client: string;
  redirectHost: string;
  connectedAt: string;
  lastUsedAt: string | null;
}
interface Usage {
  perTool: { tool: string; calls: number; credits: number }[];
}

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
    const [me, usage] = await Promise.all([read<Me>('/auth/me'), read<Usage>('/api/v1/usage?days=30&limit=1')]);
    showUsage(usage);
    showCredits(me.account);
    showPasskeys(me.passkeys, load, fail);
    showConnections(me.connections, load, fail);
  };
  wireActions(load, fail);
  void load().catch(fail);
}

function showUsage(usage: Usage): void {
  $('#usage')!.replaceChildren(
    usage.perTool.length
      ? table(
          ['Tool', 'Calls', 'Credits'],
          usage.perTool.map((t) => [t.tool, String(t.calls), String(t.credits)]),
        )
      : h('p', { text: 'No calls yet: try a tool from the catalogue.', class: 'muted' }),
  );
}

function showCredits(a: Me['account']): void {
  $('#credits')!.textContent =
    `${a.remaining} credits left (${a.allowanceRemaining} of the monthly ${a.monthlyCredits}, plus ${a.packCredits} from packs); the allowance resets ${fmtDate(a.resetsAt)}. Plan: ${a.plan}.`;
}

function showPasskeys(passkeys: Passkey[], load: () => Promise<void>, fail: (e: unknown) => void): void {
  const rows = passkeys.map((p): (string | Node)[] => {
    const actions = h('div', { class: 'row' });
    actions.append(
      button('Rename', () => {
        const name = prompt('New name of the passkey', p.name);
        if (name) void post<unknown>(`/auth/passkeys/${encodeURIComponent(p.id)}/name`, { name }).then(load, fail);
      }),
      button(
        'Remove',
        () => void post<unknown>(`/auth/passkeys/${encodeURIComponent(p.id)}`, undefined, 'DELETE').then(load, fail),
        'danger',
      ),
    );
    return [p.name, fmtDate(p.createdAt), fmtDate(p.lastUsedAt), actions];
  });
  $('#passkeys')!.replaceChildren(table(['Name', 'Added', 'Last used', ''], rows));
}

function showConnections(connections: Connection[], load: () => Promise<void>, fail: (e: unknown) => void): void {
  const remove = (g: Connection) =>
    button(
      'Remove',
      () => void post<unknown>(`/auth/connections/${encodeURIComponent(g.id)}`, undefined, 'DELETE').then(load, fail),
      'danger',
    );
  $('#connections')!.replaceChildren(
    connections.length
      ? table(
          ['Application', 'Sent back to', 'Connected', 'Last used', ''],
          connections.map((g) => [g.client, g.redirectHost, fmtDate(g.connectedAt), fmtDate(g.lastUsedAt), remove(g)]),
        )
      : h('p', { text: 'No connected applications.', class: 'muted' }),
  );
}

/** The page's buttons: add a passkey, sign out (here or everywhere), delete the account. */
function wireActions(load: () => Promise<void>, fail: (e: unknown) => void): void {
  $('#add-passkey')!.addEventListener('click', () => void addPasskey(load, fail));
  $('#signout')!.addEventListener('click', () => void post<unknown>('/auth/signout', {}).then(() => location.assign('/signin'), fail));
  $('#signout-all')!.addEventListener(
    'click',
    () => void post<unknown>('/auth/signout-everywhere', {}).then(() => location.assign('/signin'), fail),
  );
  $('#delete-account')!.addEventListener('click', () => void deleteAccount(fail));
}

async function addPasskey(load: () => Promise<void>, fail: (e: unknown) => void): Promise<void> {
  try {
    const { flow, options } = await post<Ceremony<RegistrationOptions>>('/auth/passkeys/options', {
      passkeyName: $<HTMLInputElement>('#passkey-name')!.value.trim(),
    });
    const response = await webauthn().startRegistration({ optionsJSON: options });
    await post<unknown>('/auth/passkeys/verify', { flow, response });
    $<HTMLInputElement>('#passkey-name')!.value = '';
    await load();
  } catch (e) {
    fail(e);
  }
}

async function deleteAccount(fail: (e: unknown) => void): Promise<void> {
  try {
    await post<unknown>('/auth/delete-account', { confirm: $<HTMLInputElement>('#delete-confirm')!.value.trim() });
    location.assign('/signin?deleted=1');
  } catch (e) {
    fail(e);
  }
}
