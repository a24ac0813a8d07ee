/**
 * The passkey ceremonies (WebAuthn through @simplewebauthn/server): sign up (a new account and its first
 * passkey), sign in, and add a passkey to the signed-in account. Each ceremony is two requests: its options
 * (a challenge kept in the record table `webauthn_flows`, taken once, 5 minutes, expired ones deleted within a
 * minute; ceremonies started without a session are limited per address: gate.ts) and its verification.
 *
 * The relying party is the public base URL (WERKBANK_BASE_URL, or http://localhost:<port> under
 * `serve --dev`): its host name is the RP id and its origin the only accepted origin. Browsers refuse IP
 * addresses as RP id, so a page reached by IP says where passkeys work.
 */
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import type { Context } from 'hono';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { HttpError } from '../../core/errors.js';
import { log } from '../../core/log.js';
import type { RecordTable } from '../../store/store.js';
import { requestBase } from '../public-base.js';
import { SESSION_COOKIE, readCookie, type SessionInfo } from '../sessions.js';
import { counted, type SignupGate } from './gate.js';
import type { IdentityOptions } from './options.js';
import { passkeyName, type PasskeyStore } from './passkey-store.js';
import { startSession } from './session.js';

/** The WebAuthn library, loaded by the first ceremony: it and its certificate parsers take ~0.3 s to load. */
type WebAuthn = typeof import('@simplewebauthn/server');
let webauthn: Promise<WebAuthn> | undefined;
const load = () => (webauthn ??= import('@simplewebauthn/server'));
const generateRegistrationOptions: WebAuthn['generateRegistrationOptions'] = async (o) => (await load()).generateRegistrationOptions(o);
const verifyRegistrationResponse: WebAuthn['verifyRegistrationResponse'] = async (o) => (await load()).verifyRegistrationResponse(o);
const generateAuthenticationOptions: WebAuthn['generateAuthenticationOptions'] = async (o) =>
  (await load()).generateAuthenticationOptions(o);
const verifyAuthenticationResponse: WebAuthn['verifyAuthenticationResponse'] = async (o) => (await load()).verifyAuthenticationResponse(o);

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

const ACCOUNT_NAME = /^[a-z0-9][a-z0-9._-]{0,62}$/;
const FLOW_TTL_MS = 5 * 60_000;
const FLOW_SWEEP_MS = 60_000;

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
  if (v === null || typeof v !== 'object' || Array.isArray(v))
    throw new HttpError(`\`${field}\` is required (the WebAuthn response object)`, 400);
  return v as T;
}

export class PasskeyCeremonies {
  private readonly flows: RecordTable<FlowValue>;
  /** When this process last deleted expired flows (ms). */
  private sweptAt = 0;

  constructor(
    private readonly opts: IdentityOptions,
    private readonly gate: SignupGate,
    private readonly passkeys: PasskeyStore,
    private readonly now: () => Date,
  ) {
    this.flows = opts.store.records<FlowValue>('webauthn_flows');
  }

  private async newFlow(value: FlowValue): Promise<string> {
    const id = randomBytes(18).toString('base64url');
    const now = this.now().getTime();
    await this.flows.put({ id, accountId: null, value, expiresAt: new Date(now + FLOW_TTL_MS).toISOString() });
    // Expired challenges go within a minute of the next ceremony, not only with the hourly sweep: with the
    // per-address limit on ceremonies started, what anonymous callers keep in the store stays bounded.
    if (now - this.sweptAt >= FLOW_SWEEP_MS) {
      this.sweptAt = now;
      void this.flows.sweep(new Date(now).toISOString()).catch(() => undefined);
    }
    return id;
  }

  private async takeFlow(id: string, kind: FlowValue['kind']): Promise<FlowValue> {
    const row = await this.flows.take(id, this.now().toISOString());
    if (!row || row.value.kind !== kind) throw new HttpError('`flow` is unknown or expired: start again', 400);
    return row.value;
  }

  private rp(c: Context): { rpID: string; origin: string } {
    const base = requestBase(c, this.opts);
    const problem = passkeyProblem(c, base);
    if (problem) throw new HttpError(problem, 400);
    const url = new URL(base);
    return { rpID: url.hostname, origin: url.origin };
  }

  async signupOptions(c: Context, body: Record<string, unknown>) {
    this.gate.requireOpen('Sign-up is closed on this server: ask its operator for an account (serve --signup open)');
    await this.gate.checkLimit(c, this.gate.signupLimit, 'sign-ups');
    const name = str(body, 'name', 63).trim().toLowerCase();
    if (!ACCOUNT_NAME.test(name))
      throw new HttpError('`name`: use 1-63 characters a-z, 0-9, ".", "_" or "-", starting with a letter or digit', 400);
    await this.gate.spend(c, this.gate.ceremonyLimit, 'passkey ceremonies started');
    if (await this.opts.store.getAccountByName(name))
      throw new HttpError(`\`name\`: the account name "${name}" is taken; choose another`, 409);
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
    const flow = await this.newFlow({
      kind: 'signup',
      challenge: options.challenge,
      name,
      userHandle,
      passkeyName: passkeyName(body.passkeyName, 'Passkey 1'),
    });
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

  /** A sign-up takes one of the address's sign-ups before its passkey is checked, and gives it back if it fails. */
  async signupVerify(c: Context, body: Record<string, unknown>) {
    this.gate.requireOpen('Sign-up is closed on this server');
    const slot = await this.gate.spend(c, this.gate.signupLimit, 'sign-ups');
    return counted(slot, 'succeeded', async () => {
      const flow = await this.takeFlow(str(body, 'flow'), 'signup');
      const registrationInfo = await this.verifyRegistration(c, flow.challenge, body);
      const account = await this.opts.accounts.createAccount(flow.name!, 'free');
      await this.passkeys.save(account.id, registrationInfo.credential, flow.userHandle!, flow.passkeyName ?? 'Passkey 1');
      log(`account ${account.id} signed up`);
      return startSession(c, this.opts, account.id);
    });
  }

  async signinOptions(c: Context) {
    await this.gate.checkLimit(c, this.gate.signinLimit, 'failed sign-ins');
    await this.gate.spend(c, this.gate.ceremonyLimit, 'passkey ceremonies started');
    const { rpID } = this.rp(c);
    const options = await generateAuthenticationOptions({ rpID, userVerification: 'required' });
    const flow = await this.newFlow({ kind: 'signin', challenge: options.challenge });
    return { flow, options };
  }

  /**
   * A sign-in takes one of the address's failed sign-ins before anything is checked, and gives it back once it
   * worked: every way a sign-in fails counts, so passkeys cannot be guessed at, also by many attempts at once.
   */
  async signinVerify(c: Context, body: Record<string, unknown>) {
    const slot = await this.gate.spend(c, this.gate.signinLimit, 'failed sign-ins');
    return counted(slot, 'failed', () => this.signin(c, body));
  }

  private async signin(c: Context, body: Record<string, unknown>) {
    const fail = (why: string) => new HttpError(`Sign-in failed: ${why}`, 401);
    const flow = await this.takeFlow(str(body, 'flow'), 'signin').catch((err) => {
      throw err instanceof HttpError ? fail('the sign-in expired; start again') : err;
    });
    const response = obj<AuthenticationResponseJSON>(body, 'response');
    if (typeof response.id !== 'string' || response.id.length > 1024) throw new HttpError('`response.id` is required', 400);
    const { rpID, origin } = this.rp(c);
    const now = this.now().toISOString();
    const row = await this.passkeys.table.get(response.id, now);
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
    await this.passkeys.table.put({ ...row, value: { ...row.value, counter: verified.authenticationInfo.newCounter, lastUsedAt: now } });
    // A session cookie sent along (planted or old) is ended: sign-in always makes a new id.
    const old = readCookie(c.req.header('cookie'), SESSION_COOKIE);
    if (old) await this.opts.sessions.end(old);
    return startSession(c, this.opts, row.accountId);
  }

  async addOptions(c: Context, session: SessionInfo, body: Record<string, unknown>) {
    const { rpID } = this.rp(c);
    const existing = await this.passkeys.table.listByAccount(session.accountId, this.now().toISOString());
    const info = await this.opts.accounts.accountInfo(session.accountId);
    // Every passkey of an account carries the same user handle, so an authenticator sees one user.
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
    const id = await this.passkeys.save(session.accountId, registrationInfo.credential, flow.userHandle!, flow.passkeyName ?? 'Passkey');
    return { id };
  }
}
