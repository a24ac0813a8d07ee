/**
 * The account page: sign in with a key (or the admin token), plan and balance, usage over 7, 30 or
 * 90 days, the Connect card, and the keys (keys.ts, shared with the passkey account page), the one this browser uses
 * marked.
 *
 * Where each part is: signed-in.ts (by key, by admin token), overview.ts (plan and balance, and
 * the sections), usage.ts (the usage section, shared with the passkey page: session.ts), titles.ts
 * (tool titles for it), connect.ts (the Connect card's copy buttons), confirm.ts (the in-page
 * confirmation of the passkey page's removals).
 */
import { $, isDev, storage } from '../dom.js';
import { devKey } from '../api.js';
import { adminView, selfView, type AccountPage } from './signed-in.js';
import { initConnectCard } from './connect.js';

export function initAccount(): void {
  initConnectCard();
  const signin = $('#signin')!;
  const view = $('#account-view')!;
  const adminBox = $('#admin-accounts')!;
  const err = $('#signin-error')!;
  const useDev = $('#use-dev')!;
  useDev.hidden = !isDev();
  useDev.addEventListener('click', () => {
    void devKey()
      .then(() => start())
      .catch((e: unknown) => {
        err.textContent = (e as Error).message;
      });
  });

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
      if (storage.admin()) await adminView(page);
      else await selfView(page, notice);
    } catch (e) {
      // A key the server refuses (401) is forgotten; other failures keep it.
      if (!storage.admin() && (e as { status?: number }).status === 401) storage.setKey('');
      showFail(e as Error);
    }
  };
  const page: AccountPage = { view, adminBox, who: $('#who')!, start, showFail };
  $('#signin-form')!.addEventListener('submit', (e) => {
    e.preventDefault();
    const secret = $<HTMLInputElement>('#secret')!.value.trim();
    if (!secret) return void (err.textContent = 'Enter a key or the admin token.');
    const kind = $<HTMLInputElement>('input[name="kind"]:checked')?.value ?? 'key';
    if (kind === 'admin') storage.setAdmin(secret);
    else storage.setKey(secret);
    $<HTMLInputElement>('#secret')!.value = '';
    void start();
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
