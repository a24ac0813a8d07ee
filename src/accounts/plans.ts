/**
 * The plans (monthly credits, render allowance, retention, quotas, prices), the credit packs, and the
 * monthly period: each plan's allowance resets on the account's cycle day (00:00 UTC on the day of the
 * month the account was created, clamped to the month's length).
 */
import type { Plan, UsageEntry } from '../store/store.js';

const MiB = 1024 * 1024;

/**
 * The plans. Besides credits and retention, what an account may grow to: agent memory in stored bytes
 * (each item's key plus its value as JSON, escapes included), API keys not revoked, and MCP listen
 * streams open at once per key.
 */
export const PLANS = {
  free: {
    credits: 1_000,
    usageRetentionDays: 7,
    memoryRetentionDays: 30,
    memoryBytes: 5 * MiB,
    activeKeys: 50,
    listenStreamsPerKey: 10,
    renderAllowance: 50,
    priceEur: { month: 0, year: 0 },
  },
  paid: {
    credits: 7_500,
    usageRetentionDays: 365,
    memoryRetentionDays: 365,
    memoryBytes: 100 * MiB,
    activeKeys: 50,
    listenStreamsPerKey: 10,
    renderAllowance: 50,
    priceEur: { month: 19, year: 190 },
  },
} as const satisfies Record<Plan, unknown>;

/** A plan by name (a name from a request is never looked up on a plain object's prototype). */
export function isPlan(name: string): name is Plan {
  return Object.hasOwn(PLANS, name);
}

/** Each plan's monthly credits (what the shared database's reservation statement reads the plan against). */
export const PLAN_CREDITS = Object.fromEntries(Object.entries(PLANS).map(([plan, p]) => [plan, p.credits])) as Record<Plan, number>;

/** Credit packs: credits → price in EUR. They never expire. */
export const PACKS = { 100: 1.0, 1000: 5.0, 5000: 20.0 } as const;
export type PackSize = keyof typeof PACKS;

/** Where the operator added credits: the CLI (`werkbank credits add`) or the admin API. */
export type OperatorSurface = 'cli' | 'admin-api';

/**
 * A usage entry for credits added to the packs (negative: taken back by a refund): no call. `surface` says
 * who added them ('payment': bought; 'operator'), `reference` which payment or operator action it was.
 */
export function creditsAdded(at: string, credits: number, surface: 'payment' | 'operator', reference: string): UsageEntry {
  return { at, tool: 'credit-pack', surface, credits: 0, fromAllowance: 0, fromPacks: 0, added: credits, reference };
}

/** Start of the monthly period containing `now` for an account created at `createdAt` (UTC). */
export function periodStartFor(createdAt: Date, now: Date): Date {
  const anchorDay = createdAt.getUTCDate();
  const boundary = (year: number, month: number) => {
    const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    return new Date(Date.UTC(year, month, Math.min(anchorDay, days)));
  };
  let start = boundary(now.getUTCFullYear(), now.getUTCMonth());
  if (now < start) start = boundary(now.getUTCFullYear(), now.getUTCMonth() - 1);
  return start < createdAt ? createdAt : start;
}

export function nextResetFor(createdAt: Date, now: Date): Date {
  const anchorDay = createdAt.getUTCDate();
  const start = periodStartFor(createdAt, now);
  const y = start.getUTCFullYear();
  const m = start.getUTCMonth() + 1;
  const days = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(anchorDay, days)));
}
