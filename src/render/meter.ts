/**
 * How renders are paid for (tools declared with `metering: 'render'`):
 *
 *   - with a key: the plan's monthly render allowance (50) first, then the
 *     render price in credits (one setting, default 25; see `RENDER_PRICE`);
 *   - without credentials (REST only): 3 renders per UTC day per client
 *     (IPv6 per /64), counted in memory (a restart resets the day's counts);
 *   - local callers (stdio): not metered.
 *
 * The reservation is taken before the render and settled after it: a
 * successful render commits, a failed one (e.g. 502) is refunded exactly once.
 */
import type { Accounts } from '../accounts/accounts.js';
import type { Caller, Meter, MeteredReservation } from '../core/pipeline.js';
import { ToolError } from '../core/tool.js';

/** Credits per render once the monthly render allowance is used (the plan tables' figure). */
export const RENDER_PRICE = 25;
/** Renders per UTC day for a caller without a key. */
export const ANONYMOUS_RENDERS_PER_DAY = 3;

export interface RenderMeterOptions {
  accounts: Accounts;
  price?: number;
  anonymousPerDay?: number;
  now?: () => Date;
}

export function renderMeter(opts: RenderMeterOptions): Meter {
  const price = opts.price ?? RENDER_PRICE;
  const perDay = opts.anonymousPerDay ?? ANONYMOUS_RENDERS_PER_DAY;
  const now = opts.now ?? (() => new Date());
  let day = '';
  const used = new Map<string, number>(); // client → renders today

  const anonymous = (client: string): MeteredReservation => {
    const today = now().toISOString().slice(0, 10);
    if (today !== day) {
      day = today;
      used.clear();
    }
    const count = used.get(client) ?? 0;
    if (count >= perDay) {
      const midnight = Date.parse(`${today}T00:00:00Z`) + 86_400_000;
      const retryAfter = Math.max(1, Math.ceil((midnight - now().getTime()) / 1000));
      throw new ToolError(
        `Anonymous render allowance reached: ${perDay} renders per day without an API key (resets at ${new Date(midnight).toISOString()}). ` +
          'Send an API key (X-API-Key) to render from your account.',
        429,
        { retryAfter },
      );
    }
    used.set(client, count + 1);
    let settled = false;
    return {
      metering: { source: 'anonymous', remaining: perDay - count - 1 },
      commit: async () => {
        settled = true;
        return undefined;
      },
      refund: async () => {
        if (settled) return;
        settled = true;
        if (day === today) used.set(client, Math.max(0, (used.get(client) ?? 1) - 1));
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
