/**
 * Versioned schema migrations of the PostgreSQL store, applied in order at
 * start-up and by `werkbank migrate`, under an advisory lock so several
 * instances starting at once apply each exactly once.
 *
 * Rules: never edit or delete a released migration, only append one; never
 * destructive (no DROP of a table or column that holds data, no rewrite that
 * loses rows). Timestamps are ISO-8601 text (`2026-01-05T10:00:00.000Z`),
 * exactly as the embedded store keeps them: they sort as text and round-trip
 * unchanged.
 */
import { reserveFunctionSql } from '../accounts/charging.js';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'accounts, keys, ledger holds, usage, collections',
    sql: `
CREATE TABLE IF NOT EXISTS accounts (
  id text PRIMARY KEY,
  name text NOT NULL UNIQUE,
  plan text NOT NULL,
  created_at text NOT NULL,
  period_start text NOT NULL,
  allowance_used integer NOT NULL DEFAULT 0 CHECK (allowance_used >= 0),
  pack_credits integer NOT NULL DEFAULT 0 CHECK (pack_credits >= 0),
  render_allowance_used integer NOT NULL DEFAULT 0 CHECK (render_allowance_used >= 0)
);

CREATE TABLE IF NOT EXISTS api_keys (
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts (id),
  hash text NOT NULL UNIQUE,
  prefix text NOT NULL,
  created_at text NOT NULL,
  revoked_at text
);
CREATE INDEX IF NOT EXISTS api_keys_account ON api_keys (account_id);

-- Credits and renders taken by calls in flight: a row per reservation until it is committed or refunded.
CREATE TABLE IF NOT EXISTS ledger_holds (
  id bigserial PRIMARY KEY,
  account_id text NOT NULL,
  period_start text NOT NULL,
  from_allowance integer NOT NULL,
  from_packs integer NOT NULL,
  renders integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS ledger_holds_created ON ledger_holds (created_at);

CREATE TABLE IF NOT EXISTS usage (
  id bigserial PRIMARY KEY,
  account_id text NOT NULL,
  at text NOT NULL,
  date text NOT NULL,
  tool text NOT NULL,
  surface text NOT NULL,
  credits integer NOT NULL,
  from_allowance integer NOT NULL,
  from_packs integer NOT NULL,
  -- Set by 'werkbank migrate --from-data' (source seq), so a second import adds nothing.
  import_ref text UNIQUE
);
-- Daily totals are aggregated from this index when read: no counter row that every charge of an account would lock.
CREATE INDEX IF NOT EXISTS usage_account_date ON usage (account_id, date, at);

-- Generic per-account collections (agent memory...). json (not jsonb) keeps the documents as written.
CREATE TABLE IF NOT EXISTS collections (
  name text NOT NULL,
  account_id text NOT NULL,
  key text NOT NULL,
  value json NOT NULL,
  PRIMARY KEY (name, account_id, key)
);
`,
  },
  {
    version: 2,
    name: 'anonymous render counts per client and UTC day',
    sql: `
CREATE TABLE IF NOT EXISTS anonymous_renders (
  client text NOT NULL,
  day text NOT NULL,
  count integer NOT NULL CHECK (count >= 0),
  PRIMARY KEY (client, day)
);
`,
  },
  {
    version: 3,
    name: 'when each API key was last used',
    sql: `ALTER TABLE api_keys ADD COLUMN IF NOT EXISTS last_used_at text;`,
  },
  {
    version: 4,
    name: 'reserve the credits of many calls in one statement',
    // The rule of src/accounts/charging.ts (the SQL it generates is this migration's text as released).
    sql: reserveFunctionSql(),
  },
  {
    version: 5,
    name: 'no index entries that every charge writes and nothing reads',
    // import_ref is set only by `werkbank migrate --from-data`: a partial index keeps the import idempotent
    // without an entry for every charge; the stale-hold sweep (hourly, over the few calls in flight) reads
    // ledger_holds without an index.
    sql: `
CREATE UNIQUE INDEX IF NOT EXISTS usage_import_ref ON usage (import_ref) WHERE import_ref IS NOT NULL;
ALTER TABLE usage DROP CONSTRAINT IF EXISTS usage_import_ref_key;
DROP INDEX IF EXISTS ledger_holds_created;
`,
  },
  {
    version: 6,
    name: 'records: small keyed tables of the platform (sessions, passkeys, OAuth clients and tokens, processed events)',
    sql: `
CREATE TABLE IF NOT EXISTS records (
  tbl text NOT NULL,
  id text NOT NULL,
  account_id text,
  value json NOT NULL,
  expires_at text,
  PRIMARY KEY (tbl, id)
);
CREATE INDEX IF NOT EXISTS records_account ON records (tbl, account_id) WHERE account_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS records_expiry ON records (expires_at) WHERE expires_at IS NOT NULL;
`,
  },
  {
    version: 7,
    name: 'a name for each API key',
    sql: `ALTER TABLE api_keys ADD COLUMN IF NOT EXISTS name text;`,
  },
  {
    version: 8,
    name: 'usage entries of credits bought or taken back (payments), with their reference',
    sql: `ALTER TABLE usage ADD COLUMN IF NOT EXISTS added integer, ADD COLUMN IF NOT EXISTS reference text;`,
  },
  {
    version: 9,
    name: "when an account's deletion began (from then on it gains no credential)",
    sql: `ALTER TABLE accounts ADD COLUMN IF NOT EXISTS deleted_at text;`,
  },
  {
    version: 10,
    name: 'window counters of every limit per client (src/store/postgres/counters.ts), anonymous renders among them',
    // Today's anonymous render counts move over (earlier days are never read again); anonymous_renders stays, unused.
    sql: `
CREATE TABLE IF NOT EXISTS counters (
  key text PRIMARY KEY,
  count integer NOT NULL CHECK (count >= 0),
  expires_at text NOT NULL
);
CREATE INDEX IF NOT EXISTS counters_expiry ON counters (expires_at);
INSERT INTO counters (key, count, expires_at)
  SELECT 'render:' || client || ':' || day, count, to_char((day::date + 1)::timestamp, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    FROM anonymous_renders WHERE day >= to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD')
  ON CONFLICT (key) DO NOTHING;
`,
  },
  {
    version: 12,
    name: 'hosted files in chunks of at most 1 MiB, and the bytes they take (src/store/postgres/files.ts)',
    // EXTERNAL: the chunks (PDF, PNG, ZIP) do not compress, and uncompressed TOAST reads a Range's slice alone.
    sql: `
CREATE TABLE IF NOT EXISTS hosted_files (
  id text PRIMARY KEY,
  content_type text NOT NULL,
  filename text NOT NULL,
  created_at text NOT NULL,
  expires_at text NOT NULL,
  bytes bigint NOT NULL DEFAULT 0,
  complete boolean NOT NULL DEFAULT false
);
CREATE INDEX IF NOT EXISTS hosted_files_expiry ON hosted_files (expires_at);
CREATE TABLE IF NOT EXISTS hosted_file_chunks (
  file_id text NOT NULL,
  seq integer NOT NULL,
  data bytea NOT NULL,
  PRIMARY KEY (file_id, seq)
);
ALTER TABLE hosted_file_chunks ALTER COLUMN data SET STORAGE EXTERNAL;
CREATE TABLE IF NOT EXISTS hosted_files_space (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  bytes bigint NOT NULL CHECK (bytes >= 0)
);
INSERT INTO hosted_files_space (one, bytes) VALUES (true, 0) ON CONFLICT DO NOTHING;
`,
  },
  {
    version: 14,
    name: 'leases per key: the MCP listen streams open per credential, for every process (src/store/postgres/leases.ts)',
    sql: `
CREATE TABLE IF NOT EXISTS leases (
  key text PRIMARY KEY,
  holders jsonb NOT NULL
);
`,
  },
];
