/**
 * The charging rule, written once: how a call's cost is taken from an account.
 *
 * 1. The period: an account whose stored period is older than the current one rolls to it first, and a new
 *    period starts with a fresh monthly allowance (credits and renders used: 0). A period only moves forward.
 * 2. The cost comes from the monthly allowance of the account's plan first, as far as it is left, then from
 *    the credit packs (which never expire).
 * 3. When the allowance left and the packs together do not cover the cost, nothing is taken (the caller
 *    answers 429). A cost of 0 always fits.
 * 4. What a call took is given back (refund, or a hold whose process died) to the packs always, and to the
 *    allowance counters only while the account is still in the period the call took them in.
 *
 * Two forms of the same rule: TypeScript functions (the embedded store's path, src/accounts/credit-ledger.ts
 * and src/store/embedded/state.ts) and SQL text generated here (`sql` and `reserveFunctionSql`, used by the
 * PostgreSQL store's statements and by the migration that creates `werkbank_reserve`).
 * test/charging-postgres.test.ts runs both forms on one table of cases against a real PostgreSQL.
 *
 * A change to the SQL form needs a new migration that re-creates `werkbank_reserve` with
 * `reserveFunctionSql()`: databases keep the function an earlier migration created.
 */

/** Where a charge's credits come from. */
export interface CreditSplit {
  fromAllowance: number;
  fromPacks: number;
}

/** Whether an account whose stored period starts at `stored` rolls to the period starting at `current` (ISO times). */
export function isNewPeriod(stored: string, current: string): boolean {
  return stored < current;
}

/** The period an account is in once rolled to `current`: periods only move forward. */
export function currentPeriod(stored: string, current: string): string {
  return isNewPeriod(stored, current) ? current : stored;
}

/** A period counter (allowance or renders used) as of the period `current`: 0 in a new period. */
export function inPeriod(stored: string, current: string, used: number): number {
  return isNewPeriod(stored, current) ? 0 : used;
}

/**
 * Take `cost` credits: from the monthly allowance (`allowance` a period, `allowanceUsed` of it taken) first,
 * then from `packCredits`; null when the two do not cover the cost (nothing taken).
 */
export function takeCredits(cost: number, allowance: number, allowanceUsed: number, packCredits: number): CreditSplit | null {
  const fromAllowance = Math.min(cost, Math.max(0, allowance - allowanceUsed));
  if (fromAllowance + packCredits < cost) return null;
  return { fromAllowance, fromPacks: cost - fromAllowance };
}

/**
 * What of an allowance counter (credits or renders) taken in period `taken` counts on an account now in period
 * `current`, added by a charge or given back by a refund: all of it in the same period, nothing in another.
 */
export function samePeriodOnly(current: string, taken: string, amount: number): number {
  return current === taken ? amount : 0;
}

/**
 * The same rule as SQL expressions over the given column names, parameters or variables (text is inserted
 * as is: callers pass identifiers and placeholders, never values).
 */
export const sql = {
  isNewPeriod: (stored: string, current: string): string => `${stored} < ${current}`,
  currentPeriod: (stored: string, current: string): string => `CASE WHEN ${stored} < ${current} THEN ${current} ELSE ${stored} END`,
  inPeriod: (stored: string, current: string, used: string): string => `CASE WHEN ${stored} < ${current} THEN 0 ELSE ${used} END`,
  /** The credits a charge takes from the allowance (before the check that the packs cover the rest). */
  fromAllowance: (cost: string, allowance: string, allowanceUsed: string): string =>
    `LEAST(${cost}, GREATEST(0, ${allowance} - ${allowanceUsed}))`,
  covers: (fromAllowance: string, packCredits: string, cost: string): string => `${fromAllowance} + ${packCredits} >= ${cost}`,
  samePeriodOnly: (current: string, taken: string, amount: string): string => `CASE WHEN ${current} = ${taken} THEN ${amount} ELSE 0 END`,
};

/**
 * The plpgsql function `werkbank_reserve`: the reservations one process queued in one turn
 * (src/store/batch.ts), taken account by account in their order under one lock of each account row, exactly
 * as if they had come one by one (a call that does not fit fails, a later cheaper one may still fit); the
 * row is written once. Accounts are locked in id order, so two batches never deadlock. `p_limits` maps a
 * plan to its monthly allowance (per call) and is read under the lock, so a plan change applies to the next
 * call. A hold row records what each call took.
 */
export function reserveFunctionSql(): string {
  return `
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
    IF ${sql.isNewPeriod('a.period_start', 'p_periods[i]')} THEN
      a.period_start := p_periods[i];
      a.allowance_used := 0;
      a.render_allowance_used := 0;
      dirty := true;
    END IF;
    fa := ${sql.fromAllowance('p_costs[i]', 'coalesce((p_limits[i] ->> a.plan)::integer, 0)', 'a.allowance_used')};
    IF ${sql.covers('fa', 'a.pack_credits', 'p_costs[i]')} THEN
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
`;
}
