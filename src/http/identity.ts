/**
 * People who make and own their accounts: passkey sign-up and sign-in
 * (WebAuthn through @simplewebauthn/server), several passkeys per account
 * (named, removable), sessions (sessions.ts), sign out everywhere, export and
 * delete the account; and the composite `Auth` the surfaces use: API keys
 * everywhere, a session (with its CSRF token) on the REST API, an OAuth
 * access token (oauth.ts) on /mcp.
 *
 * State lives in record tables of the store (both stores, every instance):
 * `passkeys` (id = the credential id, owned by the account), `webauthn_flows`
 * (one ceremony's challenge, taken once, 5 minutes), `sessions`.
 *
 * The relying party is the public base URL (WERKBANK_BASE_URL, or
 * http://localhost:<port> under `serve --dev`): its host name is the RP id and
 * its origin the only accepted origin. Browsers refuse IP addresses as RP id,
 * so a page reached by IP says where passkeys work.
 */
import { AddressLimit } from './protect.js';
import { requestBase } from './public-base.js';
import { createHash, randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { isIP } from 'node:net';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Accounts } from '../accounts/accounts.js';
import type { Auth, HeaderReader } from '../core/auth.js';
import type { Caller } from '../core/pipeline.js';
import { HttpError } from '../core/errors.js';
import { log } from '../core/log.js';
import type { Balance } from '../core/ledger.js';
import type { RecordTable, Store } from '../store/store.js';
import type { MemoryService } from '../memory/service.js';
import { clientIp } from './client-ip.js';
import type { RouteHelpers } from './app.js';
import { SESSION_COOKIE, Sessions, readCookie, type SessionInfo } from './sessions.js';

type AuthenticatorTransportFuture = NonNullable<Parameters<typeof verifyAuthenticationResponse>[0]['credential']['transports']>[number];

export type SignupMode = 'open' | 'off';

export function signupModeFrom(value: string | undefined, fallback: SignupMode = 'off'): SignupMode {
  if (value === undefined || value === '') return fallback;
  if (value === 'open' || value === 'off') return value;
  throw new HttpError(`--signup / WERKBANK_SIGNUP must be "open" or "off", got "${value}"`);
}

export interface PasskeyValue {
  name: string;
  /** COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports?: AuthenticatorTransportFuture[];
  /** The WebAuthn user handle of the account (the same for all its passkeys). */
  userHandle: string;
  createdAt: string;
  lastUsedAt: string | null;
}

interface FlowValue {
  kind: 'signup' | 'signin' | 'add';
  challenge: string;
  /** signup: the account name asked for. */
  name?: string;
  passkeyName?: string;
  userHandle?: string;
  /** add: the session's account. */
  accountId?: string;
}

export interface IdentityOptions {
  store: Store;
  accounts: Accounts;
  memory: MemoryService;
  sessions: Sessions;
  signup: SignupMode;
  /** The configured public base URL (read per request: the CLI fills it in once it listens); undefined: from the Host header. */
  baseUrl: () => string | undefined;
  trustProxy: boolean;
  /** Sign-ups per address and hour (default 10). */
  signupsPerHour?: number;
  /** Failed sign-ins per address and 15 minutes (default 10). */
  failedSigninsPer15Min?: number;
  now?: () => Date;
  /** Called when a grant (an OAuth connection) or every one of an account's grants must go (delete account). */
  onAccountDeleted?: (accountId: string) => Promise<void>;
  /** Called before anything is deleted; a throw refuses the deletion (a subscription still running: src/billing). */
  beforeAccountDeleted?: (accountId: string) => Promise<void>;
}

const ACCOUNT_NAME = /^[a-z0-9][a-z0-9._-]{0,62}$/;
const FLOW_TTL_MS = 5 * 60_000;

/** Where passkeys work for this request: null when they do, else a sentence saying where they do. */
export function passkeyProblem(c: Context, base: string): string | null {
  const here = new URL(c.req.url);
  const host = c.req.header('host') ?? here.host;
  const hostname = new URL(`http://${host}`).hostname.replace(/^\[|\]$/g, '');
  const baseUrl = new URL(base);
  const baseHost = baseUrl.hostname.replace(/^\[|\]$/g, '');
  if (isIP(baseHost))
    return `Passkeys need a domain name, and this server's public address is the IP address ${baseHost}. Set WERKBANK_BASE_URL to an https:// address with a domain name (or open http://localhost:${baseUrl.port || '80'} on this machine).`;
  if (isIP(hostname) || hostname !== baseHost)
    return `Passkeys work only at ${base}: browsers refuse them on an IP address or another host name. Open ${base}/signin instead.`;
  if (baseUrl.protocol !== 'https:' && baseHost !== 'localhost' && !baseHost.endsWith('.localhost'))
    return `Passkeys need HTTPS (or http://localhost): put HTTPS in front of werkbank and set WERKBANK_BASE_URL to the https:// address.`;
  return null;
}

function str(body: Record<string, unknown>, field: string, max = 200): string {
  const v = body[field];
  if (typeof v !== 'string' || v.length === 0) throw new HttpError(`\`${field}\` is required (a string)`, 400);
  if (v.length > max) throw new HttpError(`\`${field}\` is longer than ${max} characters`, 400);
  return v;
}

function obj<T>(body: Record<string, unknown>, field: string): T {
  const v = body[field];
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new HttpError(`\`${field}\` is required (the WebAuthn response object)`, 400);
  return v as T;
}

function passkeyName(value: unknown, fallback: string): string {
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value !== 'string') throw new HttpError('`passkeyName` must be a string', 400);
  const name = value.trim().replace(/\s+/g, ' ');
  if (name.length === 0 || name.length > 60) throw new HttpError('`passkeyName` must have 1 to 60 characters', 400);
  return name;
}

export class Identity {
  readonly passkeys: RecordTable<PasskeyValue>;
  private readonly flows: RecordTable<FlowValue>;
  readonly signupLimit: AddressLimit;
  readonly signinLimit: AddressLimit;
  private readonly now: () => Date;

  constructor(readonly opts: IdentityOptions) {
    this.now = opts.now ?? (() => new Date());
    this.passkeys = opts.store.records<PasskeyValue>('passkeys');
    this.flows = opts.store.records<FlowValue>('webauthn_flows');
    this.signupLimit = new AddressLimit(opts.signupsPerHour ?? 10, 3600_000, () => this.now().getTime());
    this.signinLimit = new AddressLimit(opts.failedSigninsPer15Min ?? 10, 900_000, () => this.now().getTime());
  }

  base(c: Context): string {
    return requestBase(c, this.opts);
  }
  secure(c: Context): boolean {
    return this.base(c).startsWith('https:');
  }

  /** The session of this request (cookie), or undefined. */
  async session(c: Context): Promise<SessionInfo | undefined> {
    return this.opts.sessions.find(readCookie(c.req.header('cookie'), SESSION_COOKIE));
  }

  /** The session of a state-changing request: 401 without one, 403 without its CSRF token. */
  async requireSession(c: Context, form?: Record<string, unknown>): Promise<SessionInfo> {
    const session = await this.session(c);
    if (!session) throw new HttpError('Not signed in: sign in with your passkey first', 401);
    const given = c.req.header('x-csrf-token') ?? (typeof form?.csrf === 'string' ? form.csrf : undefined);
    if (!Sessions.csrfMatches(session, given)) throw new HttpError('CSRF token missing or wrong: send the page\'s token as X-CSRF-Token', 403);
    return session;
  }

  private async newFlow(value: FlowValue): Promise<string> {
    const id = randomBytes(18).toString('base64url');
    await this.flows.put({ id, accountId: null, value, expiresAt: new Date(this.now().getTime() + FLOW_TTL_MS).toISOString() });
    return id;
  }

  private async takeFlow(id: string, kind: FlowValue['kind']): Promise<FlowValue> {
    const row = await this.flows.take(id, this.now().toISOString());
    if (!row || row.value.kind !== kind) throw new HttpError('`flow` is unknown or expired: start again', 400);
    return row.value;
  }

  private rp(c: Context): { rpID: string; origin: string } {
    const base = this.base(c);
    const problem = passkeyProblem(c, base);
    if (problem) throw new HttpError(problem, 400);
    const url = new URL(base);
    return { rpID: url.hostname, origin: url.origin };
  }

  private limited(c: Context, limit: AddressLimit, what: string): void {
    const wait = limit.waiting(clientIp(c, this.opts.trustProxy));
    if (wait) throw new HttpError(`Too many ${what} from this address: try again in ${wait} s`, 429, { retryAfter: wait });
  }

  // ---- ceremonies ---------------------------------------------------------

  async signupOptions(c: Context, body: Record<string, unknown>) {
    if (this.opts.signup !== 'open') throw new HttpError('Sign-up is closed on this server: ask its operator for an account (serve --signup open)', 403);
    this.limited(c, this.signupLimit, 'sign-ups');
    const name = str(body, 'name', 63).trim().toLowerCase();
    if (!ACCOUNT_NAME.test(name)) throw new HttpError('`name`: use 1-63 characters a-z, 0-9, ".", "_" or "-", starting with a letter or digit', 400);
    if (await this.opts.store.getAccountByName(name)) throw new HttpError(`\`name\`: the account name "${name}" is taken; choose another`, 409);
    const { rpID } = this.rp(c);
    const userHandle = randomBytes(16).toString('base64url');
    const options = await generateRegistrationOptions({
      rpName: 'werkbank',
      rpID,
      userName: name,
      userID: Buffer.from(userHandle, 'base64url'),
      attestationType: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const flow = await this.newFlow({ kind: 'signup', challenge: options.challenge, name, userHandle, passkeyName: passkeyName(body.passkeyName, 'Passkey 1') });
    return { flow, options };
  }

  /** The new passkey of a sign-up or an added passkey, checked against the flow's challenge and this server's origin. */
  private async verifyRegistration(c: Context, challenge: string, body: Record<string, unknown>) {
    const { rpID, origin } = this.rp(c);
    const verified = await verifyRegistrationResponse({
      response: obj<RegistrationResponseJSON>(body, 'response'),
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    }).catch((err: Error) => {
      throw new HttpError(`\`response\`: the passkey could not be verified (${err.message})`, 400);
    });
    if (!verified.verified || !verified.registrationInfo) throw new HttpError('`response`: the passkey could not be verified', 400);
    return verified.registrationInfo;
  }

  async signupVerify(c: Context, body: Record<string, unknown>) {
    if (this.opts.signup !== 'open') throw new HttpError('Sign-up is closed on this server', 403);
    this.limited(c, this.signupLimit, 'sign-ups');
    const flow = await this.takeFlow(str(body, 'flow'), 'signup');
    const registrationInfo = await this.verifyRegistration(c, flow.challenge, body);
    this.signupLimit.count(clientIp(c, this.opts.trustProxy));
    const account = await this.opts.accounts.createAccount(flow.name!, 'free');
    await this.savePasskey(account.id, registrationInfo.credential, flow.userHandle!, flow.passkeyName ?? 'Passkey 1');
    log(`account ${account.id} signed up`);
    return this.startSession(c, account.id);
  }

  async signinOptions(c: Context) {
    this.limited(c, this.signinLimit, 'failed sign-ins');
    const { rpID } = this.rp(c);
    const options = await generateAuthenticationOptions({ rpID, userVerification: 'required' });
    const flow = await this.newFlow({ kind: 'signin', challenge: options.challenge });
    return { flow, options };
  }

  async signinVerify(c: Context, body: Record<string, unknown>) {
    this.limited(c, this.signinLimit, 'failed sign-ins');
    const fail = (why: string) => {
      this.signinLimit.count(clientIp(c, this.opts.trustProxy));
      return new HttpError(`Sign-in failed: ${why}`, 401);
    };
    const flow = await this.takeFlow(str(body, 'flow'), 'signin').catch((err) => {
      throw err instanceof HttpError ? fail('the sign-in expired; start again') : err;
    });
    const response = obj<AuthenticationResponseJSON>(body, 'response');
    if (typeof response.id !== 'string' || response.id.length > 1024) throw new HttpError('`response.id` is required', 400);
    const { rpID, origin } = this.rp(c);
    const now = this.now().toISOString();
    const row = await this.passkeys.get(response.id, now);
    if (!row || !row.accountId) throw fail('this passkey is not registered here (its account may have been deleted)');
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: flow.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      credential: {
        id: row.id,
        publicKey: Buffer.from(row.value.publicKey, 'base64url'),
        counter: row.value.counter,
        transports: row.value.transports,
      },
    }).catch((err: Error) => {
      throw fail(`the passkey could not be verified (${err.message})`);
    });
    if (!verified.verified) throw fail('the passkey could not be verified');
    await this.passkeys.put({ ...row, value: { ...row.value, counter: verified.authenticationInfo.newCounter, lastUsedAt: now } });
    // A session cookie sent along (planted or old) is ended: sign-in always makes a new id.
    const old = readCookie(c.req.header('cookie'), SESSION_COOKIE);
    if (old) await this.opts.sessions.end(old);
    return this.startSession(c, row.accountId);
  }

  async addOptions(c: Context, session: SessionInfo, body: Record<string, unknown>) {
    const { rpID } = this.rp(c);
    const existing = await this.passkeys.listByAccount(session.accountId, this.now().toISOString());
    const info = await this.opts.accounts.accountInfo(session.accountId);
    const userHandle = existing[0]?.value.userHandle ?? randomBytes(16).toString('base64url');
    const options = await generateRegistrationOptions({
      rpName: 'werkbank',
      rpID,
      userName: info.name,
      userID: Buffer.from(userHandle, 'base64url'),
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.value.transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const flow = await this.newFlow({
      kind: 'add',
      challenge: options.challenge,
      userHandle,
      accountId: session.accountId,
      passkeyName: passkeyName(body.passkeyName, `Passkey ${existing.length + 1}`),
    });
    return { flow, options };
  }

  async addVerify(c: Context, session: SessionInfo, body: Record<string, unknown>) {
    const flow = await this.takeFlow(str(body, 'flow'), 'add');
    if (flow.accountId !== session.accountId) throw new HttpError('`flow` belongs to another session', 400);
    const registrationInfo = await this.verifyRegistration(c, flow.challenge, body);
    const id = await this.savePasskey(session.accountId, registrationInfo.credential, flow.userHandle!, flow.passkeyName ?? 'Passkey');
    return { id };
  }

  private async savePasskey(
    accountId: string,
    credential: { id: string; publicKey: Uint8Array; counter: number; transports?: AuthenticatorTransportFuture[] },
    userHandle: string,
    name: string,
  ): Promise<string> {
    const ok = await this.passkeys.insert(
      {
        id: credential.id,
        accountId,
        value: {
          name,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports,
          userHandle,
          createdAt: this.now().toISOString(),
          lastUsedAt: null,
        },
        expiresAt: null,
      },
      this.now().toISOString(),
    );
    if (!ok) throw new HttpError('This passkey is already registered', 409);
    return credential.id;
  }

  private async startSession(c: Context, accountId: string) {
    const session = await this.opts.sessions.create(accountId);
    c.header('Set-Cookie', this.opts.sessions.cookie(session.id, this.secure(c)), { append: true });
    const info = await this.opts.accounts.accountInfo(accountId);
    return { account: info.name, csrf: session.csrf };
  }

  async listPasskeys(accountId: string) {
    return (await this.passkeys.listByAccount(accountId, this.now().toISOString())).map((p) => ({
      id: p.id,
      name: p.value.name,
      createdAt: p.value.createdAt,
      lastUsedAt: p.value.lastUsedAt,
    }));
  }

  async renamePasskey(accountId: string, id: string, name: unknown) {
    const row = await this.passkeys.get(id, this.now().toISOString());
    if (!row || row.accountId !== accountId) throw new HttpError(`No passkey with id "${id.slice(0, 80)}" on this account`, 404);
    const value = { ...row.value, name: passkeyName(name, '') };
    if (!value.name) throw new HttpError('`name` is required', 400);
    await this.passkeys.put({ ...row, value });
    return { id, name: value.name };
  }

  async removePasskey(accountId: string, id: string) {
    const all = await this.passkeys.listByAccount(accountId, this.now().toISOString());
    if (!all.some((p) => p.id === id)) throw new HttpError(`No passkey with id "${id.slice(0, 80)}" on this account`, 404);
    if (all.length === 1) throw new HttpError('This is the account\'s only passkey: add another before removing it (or delete the account)', 409);
    await this.passkeys.delete(id);
    return { id, removed: true };
  }

  /** Everything of the account as one JSON document. */
  async exportAccount(accountId: string, extra: Record<string, unknown>) {
    const info = await this.opts.accounts.accountInfo(accountId);
    const [keys, usage, memory, passkeys] = await Promise.all([
      this.opts.accounts.listKeys(info.name),
      this.opts.accounts.usage(accountId, 365, { offset: 0, limit: 100_000 }),
      this.opts.memory.exportAccount(accountId),
      this.listPasskeys(accountId),
    ]);
    return { exportedAt: this.now().toISOString(), account: info, keys, passkeys, usage, memory, ...extra };
  }

  /**
   * Delete the account: keys revoked at once (every instance), sessions, passkeys, OAuth connections,
   * memory and usage removed; the account row is kept only as an anonymous tombstone (a random name,
   * no credits) so ids in the ledger stay unique. The log keeps one line with the account id only.
   */
  async deleteAccount(accountId: string) {
    const info = await this.opts.accounts.accountInfo(accountId);
    await this.opts.beforeAccountDeleted?.(accountId);
    for (const key of await this.opts.accounts.listKeys(info.name)) if (!key.revokedAt) await this.opts.accounts.revokeKey(key.id);
    await this.opts.onAccountDeleted?.(accountId);
    await this.opts.sessions.endAll(accountId);
    await this.passkeys.deleteByAccount(accountId);
    await this.opts.memory.deleteAccount(accountId);
    await this.opts.store.pruneUsage(accountId, '9999-12-31');
    await this.opts.store.updateAccount(accountId, (a) => {
      a.name = `deleted-${randomBytes(8).toString('hex')}`;
      a.plan = 'free';
      a.packCredits = 0;
    });
    log(`account ${accountId} deleted by its owner`);
    return { deleted: true };
  }
}

/**
 * The composite Auth of the surfaces: an API key anywhere; on /mcp also an OAuth access token; on the REST
 * API also a session cookie with its CSRF token in X-CSRF-Token (never a session on /mcp, never a token on REST).
 */
export class CompositeAuth implements Auth {
  constructor(
    private readonly accounts: Accounts,
    private readonly sessions: Sessions,
    private readonly oauth: { isToken(bearer: string): boolean; verify(token: string, headers: HeaderReader): Promise<Caller & { kind: 'account' }> },
  ) {}

  async authenticate(headers: HeaderReader, surface: 'rest' | 'mcp' = 'rest'): Promise<Caller & { kind: 'account' }> {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.get('authorization') ?? '')?.[1];
    if (bearer && this.oauth.isToken(bearer)) {
      if (surface !== 'mcp') throw new HttpError('OAuth access tokens are for /mcp only: use an API key for the REST API', 401);
      return this.oauth.verify(bearer, headers);
    }
    if (surface === 'rest' && !headers.get('authorization') && !headers.get('x-api-key')) {
      const session = await this.sessions.find(readCookie(headers.get('cookie'), SESSION_COOKIE));
      if (session) {
        if (!Sessions.csrfMatches(session, headers.get('x-csrf-token')))
          throw new HttpError('CSRF token missing or wrong: a request signed in with a session must send the page\'s token as X-CSRF-Token', 403);
        const info = await this.accounts.accountInfo(session.accountId);
        // Streams and handlers are keyed by a hash of the session id, never by the id itself.
        const credentialId = `session:${createHash('sha256').update(session.id).digest('hex').slice(0, 24)}`;
        return { kind: 'account', accountId: session.accountId, credentialId, plan: info.plan };
      }
    }
    return this.accounts.authenticate(headers);
  }

  rateLimitHeaders(balance: Balance): Record<string, string> {
    return this.accounts.rateLimitHeaders(balance);
  }

  balance(accountId: string): Promise<Balance> {
    return this.accounts.balance(accountId);
  }
}

/** The JSON routes of the passkey pages (/auth/…); the pages themselves are in src/web/account-auth.ts. */
export function identityRoutes(
  identity: Identity,
  extra: {
    connections: (accountId: string) => Promise<unknown[]>;
    revokeConnection: (accountId: string, id: string) => Promise<unknown>;
    /** What the export adds about payments (src/billing), when they are on. */
    payments?: (accountId: string) => Promise<unknown>;
  },
) {
  return (app: Hono, h: RouteHelpers) => {
    const wrap =
      (fn: (c: Context) => Promise<unknown>, status = 200) =>
      async (c: Context) => {
        try {
          const data = await fn(c);
          return c.json({ ok: true, data }, status as 200, { 'Cache-Control': 'no-store' });
        } catch (err) {
          const res = h.errorResponse(c, err, { 'Cache-Control': 'no-store' });
          return res;
        }
      };
    /** Same-origin JSON posts only (a cross-site form cannot send JSON with a custom content type without CORS). */
    const body = async (c: Context) => {
      const origin = c.req.header('origin');
      if (origin && new URL(identity.base(c)).origin !== origin && new URL(c.req.url).origin !== origin)
        throw new HttpError('Forbidden: cross-origin request', 403);
      return h.readJsonObject(c);
    };

    app.post('/auth/signup/options', wrap(async (c) => identity.signupOptions(c, await body(c))));
    app.post('/auth/signup/verify', wrap(async (c) => identity.signupVerify(c, await body(c)), 201));
    app.post('/auth/signin/options', wrap(async (c) => (await body(c), identity.signinOptions(c))));
    app.post('/auth/signin/verify', wrap(async (c) => identity.signinVerify(c, await body(c))));

    app.get(
      '/auth/me',
      wrap(async (c) => {
        const session = await identity.session(c);
        if (!session) throw new HttpError('Not signed in', 401);
        const info = await identity.opts.accounts.accountInfo(session.accountId);
        return {
          account: info,
          csrf: session.csrf,
          passkeys: await identity.listPasskeys(session.accountId),
          connections: await extra.connections(session.accountId),
        };
      }),
    );
    app.post(
      '/auth/signout',
      wrap(async (c) => {
        const session = await identity.requireSession(c);
        await identity.opts.sessions.end(session.id);
        c.header('Set-Cookie', Sessions.clearCookie(identity.secure(c)));
        return { signedOut: true };
      }),
    );
    app.post(
      '/auth/signout-everywhere',
      wrap(async (c) => {
        const session = await identity.requireSession(c);
        const ended = await identity.opts.sessions.endAll(session.accountId);
        c.header('Set-Cookie', Sessions.clearCookie(identity.secure(c)));
        return { signedOut: true, sessions: ended };
      }),
    );
    app.post(
      '/auth/passkeys/options',
      wrap(async (c) => {
        const session = await identity.requireSession(c);
        return identity.addOptions(c, session, await body(c));
      }),
    );
    app.post(
      '/auth/passkeys/verify',
      wrap(async (c) => {
        const session = await identity.requireSession(c);
        return identity.addVerify(c, session, await body(c));
      }, 201),
    );
    app.post(
      '/auth/passkeys/:id/name',
      wrap(async (c) => {
        const session = await identity.requireSession(c);
        return identity.renamePasskey(session.accountId, c.req.param('id') ?? '', (await body(c)).name);
      }),
    );
    app.delete(
      '/auth/passkeys/:id',
      wrap(async (c) => {
        const session = await identity.requireSession(c);
        return identity.removePasskey(session.accountId, c.req.param('id') ?? '');
      }),
    );
    app.delete(
      '/auth/connections/:id',
      wrap(async (c) => {
        const session = await identity.requireSession(c);
        return extra.revokeConnection(session.accountId, c.req.param('id') ?? '');
      }),
    );
    app.get('/auth/export', async (c) => {
      try {
        const session = await identity.session(c);
        if (!session) throw new HttpError('Not signed in', 401);
        const data = await identity.exportAccount(session.accountId, {
          connections: await extra.connections(session.accountId),
          ...(extra.payments ? { payments: await extra.payments(session.accountId) } : {}),
        });
        return c.body(JSON.stringify(data, null, 2), 200, {
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Disposition': `attachment; filename="werkbank-${data.account.name}.json"`,
          'Cache-Control': 'no-store',
        });
      } catch (err) {
        return h.errorResponse(c, err);
      }
    });
    app.post(
      '/auth/delete-account',
      wrap(async (c) => {
        const session = await identity.requireSession(c);
        const given = await body(c);
        const info = await identity.opts.accounts.accountInfo(session.accountId);
        if (given.confirm !== info.name) throw new HttpError('`confirm`: type the account name to delete the account', 400);
        const result = await identity.deleteAccount(session.accountId);
        c.header('Set-Cookie', Sessions.clearCookie(identity.secure(c)));
        return result;
      }),
    );
  };
}
