/**
 * `werkbank migrate [--from-data DIR]`: bring the database schema up to date
 * and, with `--from-data`, copy an embedded (lowdb) store into it: accounts,
 * keys (hashes), balances, packs, usage history and its daily totals, the
 * per-account collections (agent memory), and every record table the data dir
 * holds (passkeys, sessions, OAuth clients, grants and tokens, payment state
 * and processed payment event ids: enumerated from the store, not listed
 * here), and the live hosted files of `<data dir>/files`. Daily totals are aggregated from the usage rows in the database.
 *
 * Record rows keep their expiry; rows already expired are not copied (every
 * read skips them and the sweepers delete them). Live browser sessions are
 * copied (stored as hashes only), so people stay signed in across the move.
 *
 * Idempotent: everything is inserted with ON CONFLICT DO NOTHING, usage rows
 * carry an `import_ref` (a digest of the entry and its rank among identical
 * entries), so running it again copies nothing twice and never overwrites
 * what the database changed since (a balance spent after the first copy
 * stays spent). The copy is one transaction: all or nothing.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { EmbeddedStore } from './embedded/store.js';
import { DirectoryFiles } from './embedded/files.js';
import { accountValues, ACCOUNT_COLS } from './postgres/rows.js';
import { PostgresStore } from './postgres/store.js';
import type { UsageEntry } from './store.js';

export interface ImportReport {
  accounts: number;
  keys: number;
  usage: number;
  items: number;
  /** New rows per record table the data dir holds (0: all there already). */
  records: Record<string, number>;
  /** Record rows not copied because they had expired. */
  expiredRecords: number;
  /** Hosted files copied (live ones, from `<data dir>/files`). */
  files: number;
}

/** Whether the report copied nothing. */
export function copiedNothing(r: ImportReport): boolean {
  return r.accounts + r.keys + r.usage + r.items + r.files + Object.values(r.records).reduce((a, b) => a + b, 0) === 0;
}

/** Multi-row INSERT in chunks; returns the rows inserted. */
async function insertRows(
  client: { query: (sql: string, params: unknown[]) => Promise<{ rowCount: number | null }> },
  table: string,
  cols: string[],
  rows: unknown[][],
  conflict = 'ON CONFLICT DO NOTHING',
): Promise<number> {
  let n = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const values = chunk.map((_, r) => `(${cols.map((__, c) => `$${r * cols.length + c + 1}`).join(', ')})`).join(', ');
    const res = await client.query(`INSERT INTO ${table} (${cols.join(', ')}) VALUES ${values} ${conflict}`, chunk.flat());
    n += res.rowCount ?? 0;
  }
  return n;
}

/**
 * The usage rows of one account, oldest first, each with an import reference made from its content (and its rank
 * among equal entries), so a second import of the same data dir adds no row twice.
 */
function usageRows(accountId: string, entries: UsageEntry[]): unknown[][] {
  const rank = new Map<string, number>();
  return entries.map((e) => {
    const digest = createHash('sha256')
      .update(JSON.stringify([accountId, e.at, e.tool, e.surface, e.credits, e.fromAllowance, e.fromPacks]))
      .digest('hex')
      .slice(0, 32);
    const n = (rank.get(digest) ?? 0) + 1;
    rank.set(digest, n);
    return [
      accountId,
      e.at,
      e.at.slice(0, 10),
      e.tool,
      e.surface,
      e.credits,
      e.fromAllowance,
      e.fromPacks,
      e.added ?? null,
      e.reference ?? null,
      `lowdb:${digest}:${n}`, // the prefix is stored: kept as the first imports wrote it
    ];
  });
}

/**
 * Copy the live hosted files of a files directory into the database, a chunk at a time, under their ids (their
 * links keep working); a file the database has already is skipped. Returns how many were copied.
 */
async function copyFiles(dir: string, store: PostgresStore): Promise<number> {
  if (!existsSync(dir)) return 0;
  const files = new DirectoryFiles(dir);
  const now = new Date().toISOString();
  let copied = 0;
  for (const id of await files.ids()) {
    const meta = await files.meta(id);
    if (!meta || meta.expiresAt <= now || (await store.files.meta(id))) continue;
    const { bytes: _bytes, ...described } = meta;
    await store.files.write(id, described, files.read(id, 0, meta.bytes - 1), { maxBytes: Number.MAX_SAFE_INTEGER });
    copied++;
  }
  return copied;
}

/** Copy the embedded store in `dataDir` into the database `store` (see the file comment). */
export async function importEmbedded(dataDir: string, store: PostgresStore): Promise<ImportReport> {
  const dir = resolve(dataDir);
  if (!existsSync(join(dir, 'werkbank.json'))) throw new Error(`No embedded store in ${dir} (werkbank.json is missing)`);
  // Opening replays its journal (charges acknowledged before a crash) and locks the dir against a running server.
  const low = await EmbeddedStore.open(dir);
  try {
    const accounts = low.listAccounts();
    const report: ImportReport = { accounts: 0, keys: 0, usage: 0, items: 0, records: {}, expiredRecords: 0, files: 0 };
    const client = await store.pool.connect();
    try {
      // An account name the database already has under another id would split the account: refuse.
      const { rows: clashes } = await client.query<{ name: string }>(
        'SELECT name FROM accounts WHERE name = ANY($1::text[]) AND NOT (id = ANY($2::text[]))',
        [accounts.map((a) => a.name), accounts.map((a) => a.id)],
      );
      if (clashes.length)
        throw new Error(
          `The database already has different accounts named ${clashes.map((c) => `"${c.name}"`).join(', ')}; nothing was copied.`,
        );
      await client.query('BEGIN');
      report.accounts = await insertRows(client, 'accounts', ACCOUNT_COLS.split(', '), accounts.map(accountValues));
      const keys = accounts.flatMap((a) => low.listKeys(a.id));
      const { rows: known } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM api_keys WHERE id = ANY($1::text[])', [
        keys.map((k) => k.id),
      ]);
      report.keys = keys.length - (known[0]?.n ?? 0); // new keys (known ones are updated: revocations, last use)
      await insertRows(
        client,
        'api_keys',
        ['id', 'account_id', 'hash', 'prefix', 'created_at', 'revoked_at', 'last_used_at', 'name'],
        keys.map((k) => [k.id, k.accountId, k.hash, k.prefix, k.createdAt, k.revokedAt, k.lastUsedAt ?? null, k.name ?? null]),
        // A key revoked (or used) in the embedded store after a first copy is revoked (or used) in the database too.
        'ON CONFLICT (id) DO UPDATE SET revoked_at = coalesce(api_keys.revoked_at, EXCLUDED.revoked_at), ' +
          'last_used_at = greatest(api_keys.last_used_at, EXCLUDED.last_used_at)',
      );
      for (const a of accounts) {
        const entries = (await low.readUsage(a.id, '0000-00-00')).reverse(); // oldest first, as they were charged
        const rows = usageRows(a.id, entries);
        report.usage += await insertRows(
          client,
          'usage',
          ['account_id', 'at', 'date', 'tool', 'surface', 'credits', 'from_allowance', 'from_packs', 'added', 'reference', 'import_ref'],
          rows,
        );
      }
      // Every collection of the data dir (agent memory today).
      for (const name of low.collectionNames()) {
        const items = await low.collection<unknown>(name).all();
        report.items += await insertRows(
          client,
          'collections',
          ['name', 'account_id', 'key', 'value'],
          items.map(([acc, key, value]) => [name, acc, key, JSON.stringify(value)]),
        );
      }
      // Every record table of the data dir. A row the database has already (same table and id) is left as it is.
      const now = new Date().toISOString();
      for (const table of low.recordTableNames()) {
        const rows = [...low.liveRecords(table).values()];
        const live = rows.filter((r) => !r.expiresAt || r.expiresAt > now);
        report.expiredRecords += rows.length - live.length;
        report.records[table] = await insertRows(
          client,
          'records',
          ['tbl', 'id', 'account_id', 'value', 'expires_at'],
          live.map((r) => [table, r.id, r.accountId, JSON.stringify(r.value), r.expiresAt]),
        );
      }
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
    report.files = await copyFiles(join(dir, 'files'), store);
    return report;
  } finally {
    await low.close();
  }
}
