/**
 * Browser sessions of people who signed in with a passkey.
 *
 * The cookie holds a random 256-bit id; the store holds only its SHA-256 (the
 * `sessions` record table, so every instance on a shared database sees a
 * session and its end at once). A session ends after `idleMs` without a
 * request or `absoluteMs` after sign-in, whichever comes first. Every
 * state-changing request made with the cookie must carry the session's CSRF
 * token (X-CSRF-Token, or a `csrf` form field): a value derived from the
 * session id that is never stored, so the stored hash cannot produce it.
 * Signing in always makes a new id (no fixation: an id planted before sign-in
 * is never promoted).
 *
 * Ending a session deletes its row, and nothing brings a deleted or expired row back: a request's
 * last-seen write changes the row only while it still exists (`RecordTable.update`), so sign-out
 * everywhere and expiry hold against requests in flight. A session of an account whose deletion has
 * begun is neither made (refused atomically with the write) nor honoured.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { RecordTable, Store } from '../store/store.js';

export const SESSION_COOKIE = 'wb_session';

export interface SessionValue {
  createdAt: string;
  lastSeenAt: string;
}

export interface SessionInfo {
  /** The id from the cookie (never stored). */
  id: string;
  accountId: string;
  csrf: string;
  createdAt: string;
}

export interface SessionOptions {
  idleMs: number;
  absoluteMs: number;
}

export const SESSION_DEFAULTS: SessionOptions = { idleMs: 7 * 86_400_000, absoluteMs: 30 * 86_400_000 };

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The value of one cookie from a Cookie header. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export class Sessions {
  readonly table: RecordTable<SessionValue>;
  /** When each session's last-seen time was last written here (at most once a minute). */
  private readonly touched = new Map<string, number>();

  constructor(
    private readonly store: Store,
    private readonly now: () => Date = () => new Date(),
    readonly opts: SessionOptions = SESSION_DEFAULTS,
  ) {
    this.table = store.records<SessionValue>('sessions');
  }

  static csrfOf(sessionId: string): string {
    return createHash('sha256').update(`csrf:${sessionId}`).digest('base64url');
  }

  /** Compare a given CSRF token with the session's, in constant time. */
  static csrfMatches(session: SessionInfo, given: string | undefined | null): boolean {
    if (!given) return false;
    const a = createHash('sha256').update(session.csrf).digest();
    const b = createHash('sha256').update(given).digest();
    return timingSafeEqual(a, b);
  }

  private expiry(createdAt: string, lastSeenAt: string): string {
    return new Date(Math.min(Date.parse(lastSeenAt) + this.opts.idleMs, Date.parse(createdAt) + this.opts.absoluteMs)).toISOString();
  }

  /**
   * A new session for the account (sign-up, sign-in): a fresh random id. Refused with `AccountDeletedError`
   * (410) once the account's deletion has begun.
   */
  async create(accountId: string): Promise<SessionInfo> {
    const id = randomBytes(32).toString('base64url');
    const at = this.now().toISOString();
    await this.table.put(
      { id: sha256(id), accountId, value: { createdAt: at, lastSeenAt: at }, expiresAt: this.expiry(at, at) },
      { liveAccount: true },
    );
    return { id, accountId, csrf: Sessions.csrfOf(id), createdAt: at };
  }

  /** The live session with this cookie value (its idle expiry moved on), or undefined. */
  async find(id: string | undefined): Promise<SessionInfo | undefined> {
    if (!id || id.length > 100) return undefined;
    const now = this.now();
    const nowIso = now.toISOString();
    const row = await this.table.get(sha256(id), nowIso);
    if (!row || !row.accountId) return undefined;
    const account = await this.store.getAccount(row.accountId);
    if (!account || account.deletedAt) return undefined; // a row that outlived its account's deletion
    const last = this.touched.get(row.id) ?? Date.parse(row.value.lastSeenAt);
    if (now.getTime() - last > 60_000) {
      this.touched.set(row.id, now.getTime());
      if (this.touched.size > 10_000) this.touched.delete(this.touched.keys().next().value!);
      void this.table.update(row.id, nowIso, (r) => this.seen(r.value, nowIso)).catch(() => undefined);
    }
    return { id, accountId: row.accountId, csrf: Sessions.csrfOf(id), createdAt: row.value.createdAt };
  }

  /** The session seen at `at` (never moved back by a request that read it earlier), with its expiry. */
  private seen(value: SessionValue, at: string) {
    const lastSeenAt = value.lastSeenAt > at ? value.lastSeenAt : at;
    return { value: { ...value, lastSeenAt }, expiresAt: this.expiry(value.createdAt, lastSeenAt) };
  }

  async end(id: string): Promise<void> {
    await this.table.delete(sha256(id));
  }

  /** Sign out everywhere: every session of the account ends, on every instance. */
  async endAll(accountId: string): Promise<number> {
    return this.table.deleteByAccount(accountId);
  }

  /** The Set-Cookie value for a new session (Secure when the site is served over HTTPS). */
  cookie(id: string, secure: boolean): string {
    return `${SESSION_COOKIE}=${id}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${Math.floor(this.opts.absoluteMs / 1000)}${secure ? '; Secure' : ''}`;
  }

  static clearCookie(secure: boolean): string {
    return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`;
  }
}
