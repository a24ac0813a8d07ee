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
    // Called with the calls one process queued in one turn (src/store/batch.ts): the calls of each account
    // are taken in their order under one lock of its row, exactly as if they had come one by one (a call
    // that does not fit fails, a later cheaper one may still fit), and the row is written once.
    // Accounts are locked in id order, so two batches never deadlock. p_limits maps a plan to its monthly
    // allowance (per call) and is read under the lock, so a plan change applies to the next call.
    sql: `
CREATE OR REPLACE FUNCTION werkbank_reserve(p_accounts text[], p_costs integer[], p_periods text[], p_limits jsonb[])
RETURNS TABLE (o_idx integer, o_hold bigint, o_from_allowance integer, o_id text, o_name text, o_plan text, o_created_at text,
               o_period_start text, o_allowance_used integer, o_pack_credits integer, o_render_allowance_used integer)
LANGUAGE plpgsql AS $fn$
DECLARE
  a accounts%ROWTYPE;
  found_account boolean := false;
  dirty boolean := false;
  i integer;
  fa integer;
BEGIN
  FOR i IN SELECT s FROM generate_subscripts(p_accounts, 1) AS s ORDER BY p_accounts[s], s LOOP
    IF a.id IS DISTINCT FROM p_accounts[i] THEN
      IF dirty THEN
        UPDATE accounts SET period_start = a.period_start, allowance_used = a.allowance_used, pack_credits = a.pack_credits,
          render_allowance_used = a.render_allowance_used WHERE id = a.id;
      END IF;
      dirty := false;
      SELECT * INTO a FROM accounts WHERE id = p_accounts[i] FOR UPDATE;
      found_account := FOUND;
    END IF;
    CONTINUE WHEN NOT found_account; -- no such account: no row for this call
    IF a.period_start < p_periods[i] THEN
      a.period_start := p_periods[i];
      a.allowance_used := 0;
      a.render_allowance_used := 0;
      dirty := true;
    END IF;
    fa := LEAST(p_costs[i], GREATEST(0, coalesce((p_limits[i] ->> a.plan)::integer, 0) - a.allowance_used));
    IF fa + a.pack_credits >= p_costs[i] THEN
      a.allowance_used := a.allowance_used + fa;
      a.pack_credits := a.pack_credits - (p_costs[i] - fa);
      dirty := true;
      INSERT INTO ledger_holds (account_id, period_start, from_allowance, from_packs, renders)
        VALUES (a.id, a.period_start, fa, p_costs[i] - fa, 0) RETURNING id INTO o_hold;
      o_from_allowance := fa;
    ELSE
      o_hold := NULL;
      o_from_allowance := 0;
    END IF;
    o_idx := i;
    o_id := a.id; o_name := a.name; o_plan := a.plan; o_created_at := a.created_at; o_period_start := a.period_start;
    o_allowance_used := a.allowance_used; o_pack_credits := a.pack_credits; o_render_allowance_used := a.render_allowance_used;
    RETURN NEXT;
  END LOOP;
  IF dirty THEN
    UPDATE accounts SET period_start = a.period_start, allowance_used = a.allowance_used, pack_credits = a.pack_credits,
      render_allowance_used = a.render_allowance_used WHERE id = a.id;
  END IF;
END
$fn$;
`,
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
];
