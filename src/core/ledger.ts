/**
 * The credit ledger's interface, as the pipeline and the surfaces see it.
 * The implementation (plans, monthly allowance, packs, durable group commit)
 * lives in `src/accounts/credit-ledger.ts` on top of the store.
 */

export interface Balance {
  /** Credits of the current period's allowance (X-RateLimit-Limit). */
  limit: number;
  /** Credits left: allowance left + pack credits (X-RateLimit-Remaining). */
  remaining: number;
  /** Epoch seconds of the next allowance reset (X-RateLimit-Reset). */
  resetAt: number;
}

export interface Reservation {
  /** Make the charge durable (awaits the store's write) and return the new balance. */
  commit(): Promise<Balance>;
  /** Give the credits back (the call failed). Idempotent. */
  refund(): Promise<void>;
}

export interface Ledger {
  /**
   * Atomically take `cost` credits from the account, or throw a 429 HttpError
   * whose `retryAfter` is the number of seconds to the next reset.
   */
  reserve(accountId: string, cost: number, tool: string, surface: string): Promise<Reservation>;
  balance(accountId: string): Promise<Balance>;
}
