/**
 * The store's CLI commands: `werkbank migrate` and the store line of
 * `werkbank doctor` (src/cli.ts only parses the options and calls these).
 */
import { databaseUrlFrom } from './select.js';
import { HttpError } from '../core/errors.js';

/** `werkbank migrate [--database-url URL] [--from-data DIR] [--json]`. Returns the exit code. */
export async function migrateCommand(
  opts: { databaseUrl?: string; fromData?: string; json?: boolean },
  print: (text: string) => void,
): Promise<number> {
  const url = databaseUrlFrom(opts.databaseUrl);
  if (!url) throw new HttpError('werkbank migrate needs a database: pass --database-url postgres://… or set WERKBANK_DATABASE_URL');
  const [{ PostgresStore }, { migrate, SCHEMA_VERSION }, { redactUrl }, { importEmbedded, copiedNothing }] = await Promise.all([
    import('./postgres/store.js'),
    import('./postgres/schema.js'),
    import('./postgres/pool.js'),
    import('./migrate.js'),
  ]);
  // Open without migrating, then migrate explicitly to report what was applied.
  const pg = await import('pg');
  const pool = new pg.default.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => undefined); // an idle client cut by the server; the query that needs it fails instead
  let applied: number[];
  try {
    applied = await migrate(pool);
  } finally {
    await pool.end();
  }
  const lines = [
    applied.length
      ? `Applied migration${applied.length === 1 ? '' : 's'} ${applied.join(', ')} to ${redactUrl(url)} (schema version ${SCHEMA_VERSION}).`
      : `${redactUrl(url)} is up to date (schema version ${SCHEMA_VERSION}).`,
  ];
  let report: unknown = null;
  if (opts.fromData) {
    const store = await PostgresStore.open(url, { poolSize: 2 });
    try {
      const r = await importEmbedded(opts.fromData, store);
      report = r;
      const tables = Object.entries(r.records);
      const expired = r.expiredRecords ? ` ${r.expiredRecords} expired record(s) were not copied.` : '';
      lines.push(
        copiedNothing(r)
          ? `Nothing to copy from ${opts.fromData}: the database already has its accounts, keys, usage, memory and records` +
              `${tables.length ? ` (${tables.map(([t]) => t).join(', ')})` : ''} (revocations and last use were brought up to date).${expired}`
          : `Copied from ${opts.fromData}: ${r.accounts} new account(s), ${r.keys} new key(s), ${r.usage} new usage entr${r.usage === 1 ? 'y' : 'ies'}, ` +
              `${r.items} new collection item(s) (memory), ${r.files} hosted file(s), ` +
              `${tables.length ? `new records: ${tables.map(([t, n]) => `${t} ${n}`).join(', ')}` : 'no records'}.${expired} Running it again copies nothing twice.`,
      );
    } finally {
      await store.close();
    }
  }
  print(opts.json ? JSON.stringify({ applied, schemaVersion: SCHEMA_VERSION, imported: report }, null, 2) : lines.join('\n'));
  return 0;
}

/** The `doctor` check of the store in use: [name, ok, detail]. */
export async function storeCheck(dataDir: string, databaseUrlOption: string | undefined): Promise<[string, boolean, string]> {
  const url = databaseUrlFrom(databaseUrlOption);
  if (!url) return ['store', true, `embedded (lowdb) in ${dataDir}; one server process (set WERKBANK_DATABASE_URL for several)`];
  const [{ redactUrl }, { schemaVersion, SCHEMA_VERSION }] = await Promise.all([
    import('./postgres/pool.js'),
    import('./postgres/schema.js'),
  ]);
  const pg = await import('pg');
  const pool = new pg.default.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 5000 });
  pool.on('error', () => undefined);
  try {
    const { rows } = await pool.query<{ v: string }>("SELECT current_setting('server_version') AS v");
    const v = await schemaVersion(pool);
    const state =
      v === SCHEMA_VERSION
        ? `schema ${v}`
        : v < SCHEMA_VERSION
          ? `schema ${v}, ${SCHEMA_VERSION} is applied at start or by \`werkbank migrate\``
          : `schema ${v} is newer than this werkbank (${SCHEMA_VERSION})`;
    return ['store', v <= SCHEMA_VERSION, `PostgreSQL ${rows[0]?.v ?? '?'} at ${redactUrl(url)} (${state})`];
  } catch (e) {
    return ['store', false, `PostgreSQL at ${redactUrl(url)}: ${(e as Error).message}`];
  } finally {
    await pool.end().catch(() => undefined);
  }
}
