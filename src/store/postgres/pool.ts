/**
 * The PostgreSQL store's connections: pools whose statements and checkouts
 * are bounded in time (`statement_timeout`, `lock_timeout`, the client's own
 * read timeout), and the mapping of database faults to what a caller should
 * answer (unreachable, shutting down, overloaded or too slow: 503).
 */
import pg from 'pg';
import { HttpError } from '../../core/errors.js';
import { StoreUnavailableError } from '../store.js';
import { log } from '../../core/log.js';
import { metricsEnabled, observeDbQuery, secondsSince, watchPool } from '../../observe/metrics.js';

/** Advisory lock namespace ('werk'); the second key says which lock. */
export const LOCK_NS = 0x7765726b;

/** `postgres://user:***@host:port/db` (for messages and `doctor`). */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://(unparsable URL)';
  }
}

/** SQLSTATE classes that mean the database is unreachable, shutting down, overloaded or timed out. */
const UNAVAILABLE_STATE = /^(08|53|57P0[1-4]$|57014$|55P03$|40001$|40P01$)/;
const UNAVAILABLE_NODE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * What a database error means to the caller: unavailable or too slow → 503 (StoreUnavailableError, the
 * cause logged); a NUL byte in text (which PostgreSQL cannot store) → 400; anything else unchanged.
 */
export function storeError(err: unknown): unknown {
  if (err instanceof HttpError || !(err instanceof Error)) return err;
  const code = (err as { code?: unknown }).code;
  if (code === '22021' || code === '22P05')
    return new HttpError('A text field holds a NUL byte (U+0000) or an invalid character, which cannot be stored', 400);
  const unavailable =
    (typeof code === 'string' && (UNAVAILABLE_STATE.test(code) || UNAVAILABLE_NODE.has(code))) ||
    /timeout|terminated|Connection|not queryable|ECONNREFUSED/i.test(err.message);
  if (!unavailable) return err;
  log(`PostgreSQL unavailable: ${err.message}`, 'error');
  return new StoreUnavailableError('the database did not answer in time or is unreachable', err);
}

/** A pool whose promise queries and checkouts answer with `storeError`. */
class GuardedPool extends pg.Pool {
  // The promise form only: pg's own callers use the callback forms, which pass through.
  override query(...args: unknown[]): never {
    const start = metricsEnabled() ? performance.now() : -1;
    const run = (super.query as (...a: unknown[]) => unknown)(...args);
    if (!(run instanceof Promise)) return run as never;
    const answered = start < 0 ? run : run.then((r: unknown) => (observeDbQuery(secondsSince(start)), r));
    return answered.catch((e: unknown) => {
      throw storeError(e);
    }) as never;
  }
  override connect(...args: unknown[]): never {
    if (args.length) return (super.connect as (...a: unknown[]) => unknown)(...args) as never;
    return super.connect().catch((e: unknown) => {
      throw storeError(e);
    }) as never;
  }
}

function poolConfig(url: string, max: number, timeoutMs: number): pg.PoolConfig {
  const u = new URL(url);
  const opts = `${u.searchParams.get('options') ?? ''} -c statement_timeout=${timeoutMs} -c lock_timeout=${timeoutMs} -c idle_in_transaction_session_timeout=${Math.max(timeoutMs * 5, 10_000)}`;
  u.searchParams.set('options', opts.trim());
  return {
    connectionString: u.toString(),
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs + 1000,
  };
}

/** Open a guarded pool (its connections watched by the metrics as `name`); an idle client's error (the server restarted) must not crash the process: the pool replaces it. */
export function openPool(url: string, max: number, timeoutMs: number, name = 'db'): pg.Pool {
  const pool = new GuardedPool(poolConfig(url, max, timeoutMs));
  pool.on('error', () => undefined);
  watchPool(name, () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
  return pool;
}

/** Run `fn` in a transaction on one connection: committed when it resolves, rolled back when it throws. */
export async function transaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch((e: Error) => void (broken = e));
    throw storeError(err);
  } finally {
    client.release(broken); // a connection that cannot roll back is not reused
  }
}

/** The first row of a query's answer. */
export async function one<T extends pg.QueryResultRow>(pool: pg.Pool, text: string, params: unknown[]): Promise<T | undefined> {
  return (await pool.query<T>(text, params)).rows[0];
}
