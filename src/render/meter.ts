/**
 * How renders are paid for (tools declared with `metering: 'render'`):
 *
 *   - with a key: the plan's monthly render allowance (50) first, then the
 *     render price in credits (one setting, default 25; see `RENDER_PRICE`);
 *   - without credentials (REST only): 3 renders per UTC day per client
 *     (IPv6 per /64), counted in the store's window counters: the shared
 *     database when there is one (every instance sees the same count), else
 *     this process's memory (a restart resets the day's counts);
 *   - local callers (stdio): not metered.
 *
 * The reservation is taken before the render and settled after it: a
 * successful render commits, a failed one (e.g. 502) is refunded exactly once.
 */
import type { Accounts } from '../accounts/accounts.js';
import type { WindowCounters } from '../store/store.js';
import type { Caller, Meter, MeteredReservation } from '../core/pipeline.js';
import { HttpError } from '../core/errors.js';

/** Credits per render once the monthly render allowance is used (the plan tables' figure). */
export const RENDER_PRICE = 25;
/** Renders per UTC day for a caller without a key. */
export const ANONYMOUS_RENDERS_PER_DAY = 3;

export interface RenderMeterOptions {
  accounts: Accounts;
  price?: number;
  anonymousPerDay?: number;
  now?: () => Date;
  /** The store's window counters (shared by every process on PostgreSQL, in memory on the embedded store). */
  counters: WindowCounters;
}

export function renderMeter(opts: RenderMeterOptions): Meter {
  const price = opts.price ?? RENDER_PRICE;
  const perDay = opts.anonymousPerDay ?? ANONYMOUS_RENDERS_PER_DAY;
  const now = opts.now ?? (() => new Date());
  const anonymous = async (client: string): Promise<MeteredReservation> => {
    const today = now().toISOString().slice(0, 10);
    const midnight = Date.parse(`${today}T00:00:00Z`) + 86_400_000;
    const key = `render:${client}:${today}`;
    const until = new Date(midnight).toISOString();
    const { count } = await opts.counters.take(key, perDay, now().toISOString(), until);
    if (count === null) {
      const retryAfter = Math.max(1, Math.ceil((midnight - now().getTime()) / 1000));
      throw new HttpError(
        `Anonymous render allowance reached: ${perDay} renders per day without an API key (resets at ${new Date(midnight).toISOString()}). ` +
          'Send an API key (X-API-Key) to render from your account.',
        429,
        { retryAfter },
      );
    }
    let settled = false;
    return {
      metering: { source: 'anonymous', remaining: perDay - count },
      commit: async () => {
        settled = true;
        return undefined;
      },
      refund: async () => {
        if (settled) return;
        settled = true;
        await opts.counters.give(key, until);
      },
    };
  };

  return {
    async reserve(call, caller: Caller) {
      if (caller.kind === 'anonymous') return anonymous(caller.client);
      if (caller.kind === 'account') return opts.accounts.reserveRender(caller.accountId, price, call.entry.tool.slug, call.ctx.surface);
      return null;
    },
  };
}
