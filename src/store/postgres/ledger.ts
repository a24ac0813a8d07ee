/**
 * The PostgreSQL store's ledger: atomic in SQL, with the charging rule of
 * src/accounts/charging.ts. A reservation is one statement that rolls the
 * monthly period (once: only while the stored period is older), checks the
 * balance and takes the credits under the row lock, and records a hold row;
 * commit turns the hold into a usage row in one statement (durable when it
 * resolves, before the response); refund deletes the hold and gives its
 * credits back in one statement, so whoever deletes the hold first wins and
 * the credits come back exactly once. CHECK constraints keep balances from
 * going negative even if a bug tried. Holds of a process that died mid-call
 * are given back by the sweeper after an hour (`releaseStaleHolds`).
 *
 * Reservations and commits of one turn of the event loop share one statement
 * (./batch.ts): one lock of each account row and one WAL flush.
 */
import type pg from 'pg';
import { sql } from '../../accounts/charging.js';
import { Batcher } from '../batch.js';
import type { Account, AtomicLedger, Hold, Plan, UsageEntry } from '../store.js';
import { ACCOUNT_COLS, toAccount, type AccountRow } from './rows.js';

type Reserved = { hold: Hold | null; account?: Account };
type ReserveItem = { accountId: string; cost: number; periodStart: string; limits: Readonly<Record<Plan, number>> };
type ReserveRow = {
  o_idx: number;
  o_hold: string | null;
  o_from_allowance: number;
  o_id: string;
  o_name: string;
  o_plan: Plan;
  o_created_at: string;
  o_period_start: string;
  o_allowance_used: number;
  o_pack_credits: number;
  o_render_allowance_used: number;
};

/**
 * Reservations of one turn: one call of werkbank_reserve (charging.ts `reserveFunctionSql`), which takes them
 * account by account in arrival order. On `fast`: committed without waiting for the WAL flush (see `open`).
 */
function reservations(fast: pg.Pool): Batcher<ReserveItem, Reserved> {
  return new Batcher<ReserveItem, Reserved>(async (items) => {
    const { rows } = await fast.query<ReserveRow>({
      name: 'werkbank_reserve',
      text: 'SELECT * FROM werkbank_reserve($1::text[], $2::integer[], $3::text[], $4::jsonb[])',
      values: [
        items.map((i) => i.accountId),
        items.map((i) => i.cost),
        items.map((i) => i.periodStart),
        items.map((i) => JSON.stringify(i.limits)),
      ],
    });
    const out: Reserved[] = items.map(() => ({ hold: null }));
    for (const r of rows) {
      const cost = items[r.o_idx - 1].cost;
      out[r.o_idx - 1] = {
        hold: r.o_hold
          ? {
              id: r.o_hold,
              accountId: r.o_id,
              periodStart: r.o_period_start,
              fromAllowance: r.o_from_allowance,
              fromPacks: cost - r.o_from_allowance,
              renders: 0,
            }
          : null,
        account: toAccount({
          id: r.o_id,
          name: r.o_name,
          plan: r.o_plan,
          created_at: r.o_created_at,
          period_start: r.o_period_start,
          allowance_used: r.o_allowance_used,
          pack_credits: r.o_pack_credits,
          render_allowance_used: r.o_render_allowance_used,
        }),
      };
    }
    return out;
  });
}

type CommitItem = { hold: Hold; entry: UsageEntry };

/** Commits of one turn: one statement turns their holds into usage rows, one (synchronous) WAL flush. */
function commits(pool: pg.Pool): Batcher<CommitItem, Account | undefined> {
  return new Batcher<CommitItem, Account | undefined>(async (batch) => {
    // A hold is committed once: a repeat in the same batch is answered like a repeat later (undefined).
    const first = new Map<string, number>();
    batch.forEach((c, i) => first.has(c.hold.id) || first.set(c.hold.id, i));
    const items = [...first.values()].map((i) => batch[i]);
    const { rows } = await pool.query<AccountRow & { hold_id: string }>({
      name: 'werkbank_commit',
      text: `WITH v AS (
           SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::integer[], $6::integer[], $7::integer[])
             AS v (hold, at, tool, surface, credits, from_allowance, from_packs)),
         h AS (DELETE FROM ledger_holds WHERE id = ANY($1::bigint[]) RETURNING id, account_id),
         u AS (
           INSERT INTO usage (account_id, at, date, tool, surface, credits, from_allowance, from_packs)
           SELECT h.account_id, v.at, substr(v.at, 1, 10), v.tool, v.surface, v.credits, v.from_allowance, v.from_packs
             FROM v JOIN h ON h.id = v.hold ORDER BY v.at, v.hold)
         SELECT h.id::text AS hold_id, ${ACCOUNT_COLS.split(', ')
           .map((c) => `a.${c}`)
           .join(', ')}
           FROM h JOIN accounts a ON a.id = h.account_id`,
      values: [
        items.map((i) => i.hold.id),
        items.map((i) => i.entry.at),
        items.map((i) => i.entry.tool),
        items.map((i) => i.entry.surface),
        items.map((i) => i.entry.credits),
        items.map((i) => i.entry.fromAllowance),
        items.map((i) => i.entry.fromPacks),
      ],
    });
    const after = new Map(rows.map((r) => [r.hold_id, toAccount(r)]));
    return batch.map((c, i) => (first.get(c.hold.id) === i ? after.get(c.hold.id) : undefined));
  });
}

// `cur` locks the row and sees its newest version; the roll to a newer period happens only while the
// stored period is older (so once); the check and the deduction are in the same statement.
const CUR = `cur AS (
         SELECT id, name, plan, created_at,
           ${sql.currentPeriod('period_start', '$2')} AS ps,
           ${sql.inPeriod('period_start', '$2', 'allowance_used')} AS used,
           ${sql.inPeriod('period_start', '$2', 'render_allowance_used')} AS rused,
           pack_credits
         FROM accounts WHERE id = $1 FOR UPDATE)`;

const RESERVE_RENDER = `WITH ${CUR},
             upd AS (
               UPDATE accounts a SET period_start = c.ps, allowance_used = c.used, render_allowance_used = c.rused + 1
               FROM cur c WHERE a.id = c.id AND c.rused < $3::int
               RETURNING a.id),
             h AS (
               INSERT INTO ledger_holds (account_id, period_start, from_allowance, from_packs, renders)
               SELECT c.id, c.ps, 0, 0, 1 FROM cur c JOIN upd ON upd.id = c.id RETURNING id)
             SELECT c.id, c.name, c.plan, c.created_at, c.ps AS period_start, c.used AS allowance_used, c.pack_credits,
               CASE WHEN h.id IS NULL THEN c.rused ELSE c.rused + 1 END AS render_allowance_used,
               h.id::text AS hold_id, 0 AS from_allowance, 0 AS from_packs, 1 AS renders
             FROM cur c LEFT JOIN h ON true`;

/** A hold's credits back: the packs always, the allowance counters only in the period they were taken in. */
const REFUND = `WITH h AS (DELETE FROM ledger_holds WHERE id = $1::bigint RETURNING *)
           UPDATE accounts a SET
             allowance_used = a.allowance_used - ${sql.samePeriodOnly('a.period_start', 'h.period_start', 'h.from_allowance')},
             render_allowance_used = a.render_allowance_used - ${sql.samePeriodOnly('a.period_start', 'h.period_start', 'h.renders')},
             pack_credits = a.pack_credits + h.from_packs
           FROM h WHERE a.id = h.account_id`;

/** The same for every hold older than $1 ms, summed per account. */
const RELEASE_STALE = `WITH h AS (DELETE FROM ledger_holds WHERE created_at < now() - $1::int * interval '1 millisecond' RETURNING *)
           UPDATE accounts a SET
             allowance_used = a.allowance_used - coalesce((SELECT sum(${sql.samePeriodOnly('a.period_start', 'h.period_start', 'h.from_allowance')}) FROM h WHERE h.account_id = a.id), 0),
             render_allowance_used = a.render_allowance_used - coalesce((SELECT sum(${sql.samePeriodOnly('a.period_start', 'h.period_start', 'h.renders')}) FROM h WHERE h.account_id = a.id), 0),
             pack_credits = a.pack_credits + coalesce((SELECT sum(from_packs) FROM h WHERE h.account_id = a.id), 0)
           WHERE a.id IN (SELECT account_id FROM h)`;

/** The ledger over `pool` (synchronous commits) and `fast` (reservations and refunds, see PostgresStore.open). */
export function postgresLedger(pool: pg.Pool, fast: pg.Pool): AtomicLedger {
  const reserved = reservations(fast);
  const committed = commits(pool);
  return {
    reserve: (accountId, cost, limits, periodStart) => reserved.load({ accountId, cost, limits, periodStart }),
    reserveRender: async (accountId, limit, periodStart) => {
      const r = (
        await fast.query<AccountRow & { hold_id: string | null; from_allowance: number; from_packs: number; renders: number }>(
          RESERVE_RENDER,
          [accountId, periodStart, limit],
        )
      ).rows[0];
      if (!r) return { hold: null };
      const hold: Hold | null = r.hold_id
        ? {
            id: r.hold_id,
            accountId: r.id,
            periodStart: r.period_start,
            fromAllowance: r.from_allowance,
            fromPacks: r.from_packs,
            renders: r.renders,
          }
        : null;
      return { hold, account: toAccount(r) };
    },
    commit: (hold, entry) => committed.load({ hold, entry }),
    refund: async (hold) => {
      const { rowCount } = await fast.query(REFUND, [hold.id]);
      return (rowCount ?? 0) > 0;
    },
    releaseStaleHolds: async (olderThanMs) => {
      const { rowCount } = await pool.query(RELEASE_STALE, [Math.floor(olderThanMs)]);
      return rowCount ?? 0;
    },
  };
}
