/**
 * People who make and own their accounts: the one object the routes, the pages (src/web/account-auth.ts),
 * OAuth's consent page and billing use. It ties together the passkey ceremonies (passkeys.ts),
 * the stored passkeys (passkey-store.ts), the sign-up gate and per-address limits (gate.ts), the sessions
 * (session.ts, src/http/sessions.ts) and export and deletion of the account (account.ts).
 *
 * State lives in record tables of the store (both stores, every instance): `passkeys`, `webauthn_flows`
 * and `sessions`, so any server process can finish a ceremony another one started.
 */
import type { Context } from 'hono';
import type { RecordTable } from '../../store/store.js';
import type { AddressLimit } from '../protect.js';
import { requestBase } from '../public-base.js';
import type { SessionInfo } from '../sessions.js';
import { deleteAccount, exportAccount, finishDeletions } from './account.js';
import { SignupGate } from './gate.js';
import type { IdentityOptions } from './options.js';
import { PasskeyStore, type PasskeyValue } from './passkey-store.js';
import { PasskeyCeremonies } from './passkeys.js';
import { requireSession, secureCookies, sessionOf } from './session.js';

export class Identity {
  readonly passkeys: RecordTable<PasskeyValue>;
  readonly signupLimit: AddressLimit;
  readonly signinLimit: AddressLimit;
  private readonly now: () => Date;
  private readonly passkeyStore: PasskeyStore;
  private readonly ceremonies: PasskeyCeremonies;

  constructor(readonly opts: IdentityOptions) {
    this.now = opts.now ?? (() => new Date());
    const gate = new SignupGate(opts, this.now);
    this.signupLimit = gate.signupLimit;
    this.signinLimit = gate.signinLimit;
    this.passkeyStore = new PasskeyStore(opts.store, this.now);
    this.passkeys = this.passkeyStore.table;
    this.ceremonies = new PasskeyCeremonies(opts, gate, this.passkeyStore, this.now);
  }

  base(c: Context): string {
    return requestBase(c, this.opts);
  }
  secure(c: Context): boolean {
    return secureCookies(c, this.opts);
  }

  /** The session of this request (cookie), or undefined. */
  session(c: Context): Promise<SessionInfo | undefined> {
    return sessionOf(c, this.opts.sessions);
  }

  /** The session of a state-changing request: 401 without one, 403 without its CSRF token. */
  requireSession(c: Context, form?: Record<string, unknown>): Promise<SessionInfo> {
    return requireSession(c, this.opts.sessions, form);
  }

  signupOptions(c: Context, body: Record<string, unknown>) {
    return this.ceremonies.signupOptions(c, body);
  }
  signupVerify(c: Context, body: Record<string, unknown>) {
    return this.ceremonies.signupVerify(c, body);
  }
  signinOptions(c: Context) {
    return this.ceremonies.signinOptions(c);
  }
  signinVerify(c: Context, body: Record<string, unknown>) {
    return this.ceremonies.signinVerify(c, body);
  }
  addOptions(c: Context, session: SessionInfo, body: Record<string, unknown>) {
    return this.ceremonies.addOptions(c, session, body);
  }
  addVerify(c: Context, session: SessionInfo, body: Record<string, unknown>) {
    return this.ceremonies.addVerify(c, session, body);
  }

  listPasskeys(accountId: string) {
    return this.passkeyStore.list(accountId);
  }
  renamePasskey(accountId: string, id: string, name: unknown) {
    return this.passkeyStore.rename(accountId, id, name);
  }
  removePasskey(accountId: string, id: string) {
    return this.passkeyStore.remove(accountId, id);
  }

  /** Everything of the account as one JSON document. */
  exportAccount(accountId: string, extra: Record<string, unknown>) {
    return exportAccount({ opts: this.opts, passkeys: this.passkeyStore, now: this.now }, accountId, extra);
  }
  /** Delete the account (what goes and what stays: account.ts). */
  deleteAccount(accountId: string) {
    return deleteAccount({ opts: this.opts, passkeys: this.passkeyStore, now: this.now }, accountId);
  }
  /** Finish the deletions a failure stopped midway (the sweep). */
  finishDeletions() {
    return finishDeletions({ opts: this.opts, passkeys: this.passkeyStore, now: this.now });
  }
}
