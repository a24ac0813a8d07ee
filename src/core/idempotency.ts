/**
 * Idempotency keys: a caller names a call (REST `Idempotency-Key`, MCP `_meta["werkbank/idempotency-key"]`), and
 * the same key with the same request within 24 hours gets the first answer again, charged once, on every server
 * process that shares the store.
 *
 * A key is claimed by inserting its row (atomic "insert when absent") before the call runs; the row holds the
 * request's fingerprint and, once done, the answer. The answer is stored BEFORE the charge is committed
 * (`Pipeline.metered`'s `settle`), so a charge never exists without its stored answer, and a row still `running`
 * past its lease (its process died) was never charged: another call may take it over. A commit that fails after the
 * answer is stored keeps the answer: whether the charge landed or not, a retry replays it and is not charged again.
 * A failure before the answer is stored (bad input, no credits, the tool failed, 503) charged nothing and releases
 * the key, so the retry runs.
 *
 * What is kept is bounded twice: an answer over MAX_STORED_ANSWER_BYTES is not kept, and an account's kept answers
 * add up to at most ACCOUNT_STORED_ANSWER_BYTES in a 24-hour window, counted in the store's window counters, so the
 * bound holds for every server process that shares the store (a window's answers expire within 24 hours of its
 * end: at most twice the bound is held at once). An answer not kept is still given and charged once; the caller
 * is told (REST `Idempotency-Not-Kept`, MCP `_meta["werkbank/idempotency-not-kept"]`), and a retry is a 409 saying
 * why.
 */
import { createHash, randomUUID } from 'node:crypto';
import { HttpError } from './errors.js';

/** How long a key and its answer are kept, ms. */
export const KEY_TTL_MS = 24 * 3600_000;
/** Largest answer kept for replay, bytes (UTF-8 of its body); a larger one is charged once but not replayed. */
export const MAX_STORED_ANSWER_BYTES = 1024 * 1024;
/** Most bytes of answers kept for replay per account in a 24-hour window; past it answers are given but not kept. */
export const ACCOUNT_STORED_ANSWER_BYTES = 32 * 1024 * 1024;
/** The record table of the keys. */
export const IDEMPOTENCY_TABLE = 'idempotency_keys';
/** The MCP `_meta` field that carries a key on `tools/call`. */
export const MCP_META_KEY = 'werkbank/idempotency-key';
/** The MCP result's `_meta` field, and (as `Idempotency-Not-Kept`) the REST header, saying why an answer is not kept. */
export const MCP_META_NOT_KEPT = 'werkbank/idempotency-not-kept';
export const NOT_KEPT_HEADER = 'Idempotency-Not-Kept';

/** What a retry gets back: the first answer's status and body, byte for byte. */
export interface StoredAnswer {
  status: number;
  body: string;
}

export interface KeyRow {
  /** `<surface> <slug> <sha256 of the canonical body>` */
  fingerprint: string;
  state: 'running' | 'done' | 'released';
  /** Which claim owns the row (a takeover changes it, so a late first claimant cannot settle). */
  token: string;
  /** ISO: a `running` row older than this was abandoned (its process stopped) and never charged. */
  leaseUntil: string;
  /** When the key was first used (ISO). */
  at: string;
  answer?: StoredAnswer;
  /** Done but not kept for replay: why (a streamed answer, or one over the size bound). */
  unreplayable?: string;
}

interface Row {
  id: string;
  accountId: string | null;
  value: KeyRow;
  expiresAt: string | null;
}

/** The part of a store record table (src/store/store.ts `RecordTable`) the keys use. */
export interface KeyTable {
  get(id: string, now: string): Row | undefined | Promise<Row | undefined>;
  insert(row: Row, now: string): Promise<boolean>;
  update(id: string, now: string, fn: (row: Row) => Pick<Row, 'value' | 'expiresAt'>): Promise<Row | undefined>;
  sweep(now: string): Promise<number>;
}

/** The part of the store's window counters (src/store/store.ts `WindowCounters`) the byte quota uses. */
export interface ByteCounters {
  take(key: string, limit: number, now: string, expiresAt: string, amount?: number): Promise<{ count: number | null; expiresAt: string }>;
  give(key: string, expiresAt: string, amount?: number): Promise<void>;
}

export interface KeyOptions {
  /** Longest a retry waits for the first call with its key before a 409 with Retry-After, ms. */
  waitMs?: number;
  /** Where kept bytes are counted per account; without it only the bound per answer applies. */
  counters?: ByteCounters;
  /** Bytes of kept answers per account in 24 hours (default ACCOUNT_STORED_ANSWER_BYTES). */
  accountBytes?: number;
}

/** A call's claim on its key: settle it with the answer (before the charge), or release it. */
export interface Claim {
  /**
   * Store the answer, or why it is not kept (given, or found here: over the bound per answer or the account's
   * quota); resolves with that reason, or undefined when the answer is kept. Throws 409 when the claim was lost
   * (its lease ran out).
   */
  store(answer: StoredAnswer | { unreplayable: string }): Promise<string | undefined>;
  /** True once `store` succeeded: the key is spent whatever happens after. */
  readonly stored: boolean;
  /** Give the key back after a failure that charged nothing (nothing happens once stored); never throws. */
  release(): Promise<void>;
}

const KEY_FORM = /^[\x21-\x7e]{1,255}$/;

/** The key in `raw`, checked (1–255 visible ASCII characters), or undefined when absent; `field` names it in a 400. */
export function parseKey(raw: unknown, field: string): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'string' || !KEY_FORM.test(raw))
    throw new HttpError(`${field} must be 1 to 255 visible ASCII characters (no spaces or control characters)`, 400, { field });
  return raw;
}

/** The JSON text of `value` with every object's keys sorted: equal requests, equal text, whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    const keys = Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What identifies a request under its key: the surface, the tool and the SHA-256 of its canonical body. */
export function fingerprint(surface: string, slug: string, body: unknown): string {
  return `${surface} ${slug} ${createHash('sha256').update(canonicalJson(body)).digest('hex')}`;
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

export class IdempotencyKeys {
  private readonly waitMs: number;
  private readonly counters: ByteCounters | undefined;
  private readonly accountBytes: number;
  constructor(
    private readonly table: KeyTable,
    private readonly now: () => Date = () => new Date(),
    opts: KeyOptions = {},
  ) {
    this.waitMs = opts.waitMs ?? 10_000;
    this.counters = opts.counters;
    this.accountBytes = opts.accountBytes ?? ACCOUNT_STORED_ANSWER_BYTES;
  }

  /**
   * Run `fn` once per (account, key): the first call claims the key and runs; a retry with the same request gets
   * the stored answer (`replay`), waits while the first runs (409 with Retry-After past `waitMs`), and a retry
   * with another request is a 422 naming the key. `leaseMs` bounds how long the call may run before its claim
   * counts as abandoned. A failure of `fn` before its answer is stored releases the key.
   */
  async once<T>(
    accountId: string,
    key: string,
    fp: string,
    leaseMs: number,
    fn: (claim: Claim) => Promise<T>,
  ): Promise<{ replay: StoredAnswer } | { value: T }> {
    const id = createHash('sha256').update(`${accountId}\n${key}`).digest('hex');
    const claim = await this.claim(id, accountId, key, fp, leaseMs);
    if ('replay' in claim) return claim;
    try {
      return { value: await fn(claim) };
    } catch (err) {
      await claim.release();
      throw err;
    }
  }

  /** Delete the keys expired by now. */
  sweep(): Promise<number> {
    return this.table.sweep(this.now().toISOString());
  }

  private async claim(
    id: string,
    accountId: string,
    key: string,
    fp: string,
    leaseMs: number,
  ): Promise<{ replay: StoredAnswer } | (Claim & { token: string })> {
    const deadline = this.now().getTime() + this.waitMs;
    for (let pause = 25; ; pause = Math.min(pause * 2, 250)) {
      const now = this.now();
      const token = randomUUID();
      const value: KeyRow = { fingerprint: fp, state: 'running', token, leaseUntil: iso(now, leaseMs), at: now.toISOString() };
      const expiresAt = iso(now, KEY_TTL_MS);
      if (await this.table.insert({ id, accountId, value, expiresAt }, now.toISOString())) return this.claimed(id, accountId, token);
      const row = await this.table.get(id, now.toISOString());
      if (row) {
        const v = row.value;
        const free = v.state === 'released' || (v.state === 'running' && v.leaseUntil <= now.toISOString());
        if (!free && v.fingerprint !== fp)
          throw new HttpError(
            `Idempotency key "${key}" was already used with a different request (another tool, body or surface) within 24 hours; use a new key for a new request`,
            422,
          );
        if (v.state === 'done') return replayOf(key, v);
        if (free && (await this.takeOver(id, value, now))) return this.claimed(id, accountId, token);
      }
      if (this.now().getTime() >= deadline)
        throw new HttpError(`A call with idempotency key "${key}" is still running; retry after it has finished to get its answer`, 409, {
          retryAfter: 1,
        });
      await sleep(pause);
    }
  }

  /**
   * Take over a released or abandoned row (neither was charged: the key holds nothing, whatever request it had),
   * atomically: false when another call did first.
   */
  private async takeOver(id: string, value: KeyRow, now: Date): Promise<boolean> {
    const nowIso = now.toISOString();
    let taken = false;
    await this.table.update(id, nowIso, (row) => {
      const v = row.value;
      taken = v.state === 'released' || (v.state === 'running' && v.leaseUntil <= nowIso);
      return taken ? { value, expiresAt: iso(now, KEY_TTL_MS) } : { value: v, expiresAt: row.expiresAt };
    });
    return taken;
  }

  private claimed(id: string, accountId: string, token: string): Claim & { token: string } {
    const table = this.table;
    const now = this.now;
    const claim = {
      token,
      stored: false,
      store: async (answer: StoredAnswer | { unreplayable: string }) => {
        const quota = 'unreplayable' in answer ? undefined : await this.takeBytes(accountId, answer.body);
        const why = 'unreplayable' in answer ? answer.unreplayable : quota?.refused;
        let mine = false;
        await table.update(id, now().toISOString(), (row) => {
          mine = row.value.token === token && row.value.state === 'running';
          if (!mine) return { value: row.value, expiresAt: row.expiresAt };
          const v: KeyRow = { ...row.value, state: 'done' };
          if (why !== undefined) v.unreplayable = why;
          else v.answer = answer as StoredAnswer;
          return { value: v, expiresAt: row.expiresAt };
        });
        if (!mine) {
          await quota?.giveBack?.();
          throw new HttpError(
            'This call ran past its idempotency lease and another call with the same key took over; nothing was charged for this one',
            409,
          );
        }
        claim.stored = true;
        return why;
      },
      release: () => (claim.stored ? Promise.resolve() : this.release(id, token)),
    };
    return claim;
  }

  /**
   * Count `body`'s bytes against the account's quota: `refused` says why it is not kept (over the bound per answer,
   * or the quota reached), else `giveBack` returns the bytes should the answer not be written after all.
   */
  private async takeBytes(accountId: string, body: string): Promise<{ refused?: string; giveBack?: () => Promise<void> }> {
    const bytes = Buffer.byteLength(body);
    if (bytes > MAX_STORED_ANSWER_BYTES)
      return { refused: `its ${bytes} bytes are over the ${MAX_STORED_ANSWER_BYTES} kept of one answer` };
    if (!this.counters) return {};
    const counters = this.counters;
    const key = `idempotency-bytes:${accountId}`;
    const now = this.now();
    const amount = Math.max(1, bytes);
    const w = await counters.take(key, this.accountBytes, now.toISOString(), iso(now, KEY_TTL_MS), amount);
    if (w.count === null)
      return {
        refused: `the answers kept for this account reached ${this.accountBytes} bytes in 24 hours (more are kept from ${w.expiresAt})`,
      };
    return { giveBack: () => counters.give(key, w.expiresAt, amount).catch(() => undefined) };
  }

  /** Give the key back (its call charged nothing); a failure here only leaves the lease to run out. */
  private async release(id: string, token: string): Promise<void> {
    await this.table
      .update(id, this.now().toISOString(), (row) =>
        row.value.token === token && row.value.state === 'running'
          ? { value: { ...row.value, state: 'released' }, expiresAt: row.expiresAt }
          : { value: row.value, expiresAt: row.expiresAt },
      )
      .catch(() => undefined);
  }
}

function iso(now: Date, plusMs: number): string {
  return new Date(now.getTime() + plusMs).toISOString();
}

function replayOf(key: string, v: KeyRow): { replay: StoredAnswer } {
  if (v.answer) return { replay: v.answer };
  throw new HttpError(
    `The call with idempotency key "${key}" succeeded and was charged at ${v.at}, but its answer is not kept for replay (${v.unreplayable ?? 'not stored'}); use a new key to run it again`,
    409,
  );
}
