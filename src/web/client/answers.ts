/**
 * The shapes of the REST answers the pages read: the envelope every /api/v1 route answers with, and the account,
 * key and usage data that src/http/account-routes.ts describes (times are ISO 8601 UTC strings).
 */

/** A successful answer. */
export interface ApiOk<T> {
  ok: true;
  data: T;
}

/** A refused or failed answer. */
export interface ApiError {
  error: string;
  code: string | number;
  /** Seconds to wait before trying again (rate limits, a busy pool). */
  retry_after?: number;
}

/** GET /api/v1/account, and each entry of GET /api/v1/admin/accounts. */
export interface AccountInfo {
  name: string;
  plan: 'free' | 'paid';
  createdAt: string;
  monthlyCredits: number;
  allowanceRemaining: number;
  packCredits: number;
  remaining: number;
  periodStart: string;
  resetsAt: string;
  price: { month: number; year: number };
  usageRetentionDays: number;
  memoryRetentionDays: number;
}

/** GET /api/v1/account/renders. */
export interface RenderAllowance {
  limit: number;
  used: number;
  remaining: number;
  resetsAt: string;
}

/** One entry of the usage ledger, as the store keeps it (types only: nothing of the server reaches the bundle). */
import type { UsageEntry } from '../../store/store.js';
export type { UsageEntry };

/** One day of a usage report; tools counts the calls per tool. */
export interface UsageDay {
  date: string;
  calls: number;
  credits: number;
  tools: Record<string, number>;
}

/** GET /api/v1/usage and GET /api/v1/admin/usage. */
export interface UsageReport {
  account: string;
  days: number;
  retentionDays: number;
  totals: { calls: number; credits: number };
  perDay: UsageDay[];
  perTool: { tool: string; calls: number; credits: number }[];
  entries: UsageEntry[];
  offset: number;
  limit: number;
  nextOffset: number | null;
}

/** An API key as listed (GET /api/v1/keys, GET /api/v1/admin/keys). */
export interface KeyView {
  id: string;
  name: string | null;
  prefix: string;
  createdAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
}

/** A key just created: the key itself is shown this once. */
export type { CreatedKey } from '../../accounts/keys.js';

/** DELETE /api/v1/keys/{id}. */
export interface RevokedKey {
  id: string;
  prefix: string;
  revokedAt: string | null;
}

/** POST /api/v1/admin/credits: the balance after the pack. */
export interface Balance {
  limit: number;
  remaining: number;
  /** Epoch seconds. */
  resetAt: number;
}
