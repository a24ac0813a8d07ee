/**
 * How renders are paid for (tools declared with `metering: 'render'`):
 *
 *   - with a key: the plan's monthly render allowance (50) first, then the
 *     render price in credits (one setting, default 25; see `RENDER_PRICE`);
 *   - without credentials (REST only): 3 renders per UTC day per client
 *     (IPv6 per /64), counted in the shared database when there is one (every
 *     instance sees the same count), else in this process's memory (a restart
 *     resets the day's counts);
 *   - local callers (stdio): not metered.
 *
 * The reservation is taken before the render and settled after it: a
 * successful render commits, a failed one (e.g. 502) is refunded exactly once.
 */
import type { Accounts } from '../accounts/accounts.js';
import type { Store } from '../store/store.js';
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
  /** The shared counter of the store (PostgreSQL); without it, counts are kept in memory. */
  counter?: Store['anonymousRenders'];
}

export function renderMeter(opts: RenderMeterOptions): Meter {
  const price = opts.price ?? RENDER_PRICE;
  const perDay = opts.anonymousPerDay ?? ANONYMOUS_RENDERS_PER_DAY;
  const now = opts.now ?? (() => new Date());
  let day = '';
  const used = new Map<string, number>(); // client → renders today (in memory, without a shared counter)
  const memory: NonNullable<Store['anonymousRenders']> = {
    async take(client, today, limit) {
      if (today !== day) {
        day = today;
        used.clear();
      }
      const count = used.get(client) ?? 0;
      if (count >= limit) return null;
      used.set(client, count + 1);
      return count + 1;
    },
    async give(client, today) {
      if (day === today) used.set(client, Math.max(0, (used.get(client) ?? 1) - 1));
    },
  };
  const counter = opts.counter ?? memory;

  const anonymous = async (client: string): Promise<MeteredReservation> => {
    const today = now().toISOString().slice(0, 10);
    const count = await counter.take(client, today, perDay);
    if (count === null) {
      const midnight = Date.parse(`${today}T00:00:00Z`) + 86_400_000;
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
        await counter.give(client, today);
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
