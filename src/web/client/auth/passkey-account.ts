/**
 * The account page of a person signed in with a passkey (/account with a session): passkeys, connected
 * applications (lists.ts), sign out, delete. Its usage, keys and Connect card are the key page's
 * (src/web/client/account/session.ts, in /web/app.js).
 */
import { $ } from '../dom.js';
import { post, read, webauthn, type Ceremony, type RegistrationOptions } from './request.js';
import { showConnections, showPasskeys, type Connection, type ListOps, type Passkey } from './lists.js';

/** What /auth/me answers (src/http/identity/routes.ts), as far as the page shows it. */
interface Me {
  passkeys: Passkey[];
  connections: Connection[];
}

export function initPasskeyAccount(): void {
  const errBox = $('#account-error')!;
  const ops: ListOps = {
    fail: (e: unknown) => {
      errBox.hidden = false;
      errBox.textContent = (e as Error).message;
    },
    load: async (): Promise<void> => {
      errBox.hidden = true;
      const me = await read<Me>('/auth/me');
      showPasskeys(me.passkeys, ops);
      showConnections(me.connections, ops);
    },
  };
  wireActions(ops);
  void ops.load().catch(ops.fail);
}

/** The page's buttons: add a passkey, sign out (here or everywhere), delete the account. */
function wireActions(ops: ListOps): void {
  const { fail } = ops;
  $('#add-passkey')!.addEventListener('click', () => void addPasskey(ops));
  $('#signout')!.addEventListener('click', () => void post<unknown>('/auth/signout', {}).then(() => location.assign('/signin'), fail));
  $('#signout-all')!.addEventListener(
    'click',
    () => void post<unknown>('/auth/signout-everywhere', {}).then(() => location.assign('/signin'), fail),
  );
  $('#delete-account')!.addEventListener('click', () => void deleteAccount(fail));
}

async function addPasskey({ load, fail }: ListOps): Promise<void> {
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
