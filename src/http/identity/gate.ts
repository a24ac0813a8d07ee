/**
 * Who may run a ceremony: the sign-up switch (`--signup open|off`) and the per-address limits, counted in the
 * store's window counters (shared by every server process on PostgreSQL) before the work they guard:
 *
 * - sign-ups per hour (a slot taken before the new passkey is verified, given back when the sign-up fails);
 * - failed sign-ins per 15 minutes (a slot taken before the assertion is checked, given back when it holds),
 *   so that one address cannot guess at passkeys, however many attempts it sends at once;
 * - passkey ceremonies started without a session (sign-up and sign-in options) per 10 minutes: each keeps a
 *   challenge in the store until it is used or expires, so an anonymous caller can make only a bounded number.
 */
import type { Context } from 'hono';
import { HttpError } from '../../core/errors.js';
import type { Store } from '../../store/store.js';
import { clientIp } from '../client-ip.js';
import { AddressLimit, type Slot } from '../protect.js';

export type SignupMode = 'open' | 'off';

export function signupModeFrom(value: string | undefined, fallback: SignupMode = 'off'): SignupMode {
  if (value === undefined || value === '') return fallback;
  if (value === 'open' || value === 'off') return value;
  throw new HttpError(`--signup / WERKBANK_SIGNUP must be "open" or "off", got "${value}"`);
}

export interface GateOptions {
  /** Read on every request: the options object is shared with the Identity and may change. */
  signup: SignupMode;
  trustProxy: boolean;
  store: Pick<Store, 'counters'>;
  signupsPerHour?: number;
  failedSigninsPer15Min?: number;
  /** Sign-up and sign-in ceremonies started per address and 10 minutes (default 60). */
  ceremoniesPer10Min?: number;
}

export class SignupGate {
  readonly signupLimit: AddressLimit;
  readonly signinLimit: AddressLimit;
  readonly ceremonyLimit: AddressLimit;

  constructor(
    private readonly opts: GateOptions,
    now: () => Date,
  ) {
    const ms = () => now().getTime();
    const counters = opts.store.counters;
    this.signupLimit = new AddressLimit('signup', opts.signupsPerHour ?? 10, 3600_000, counters, ms);
    this.signinLimit = new AddressLimit('signin-failed', opts.failedSigninsPer15Min ?? 10, 900_000, counters, ms);
    this.ceremonyLimit = new AddressLimit('passkey-ceremony', opts.ceremoniesPer10Min ?? 60, 600_000, counters, ms);
  }

  /** 403 with `message` when sign-up is closed. */
  requireOpen(message: string): void {
    if (this.opts.signup !== 'open') throw new HttpError(message, 403);
  }

  /** 429 when the request's address has used its budget of `limit` (counts nothing). */
  checkLimit(c: Context, limit: AddressLimit, what: string): Promise<void> {
    return limit.check(clientIp(c, this.opts.trustProxy), what);
  }

  /** Count one against the request's address, or 429 when its budget of `limit` is used. */
  spend(c: Context, limit: AddressLimit, what: string): Promise<Slot> {
    return limit.spend(clientIp(c, this.opts.trustProxy), what);
  }
}

/**
 * Run `attempt` on a slot taken before it, and give the slot back unless the outcome is what the limit counts
 * (`counts`): sign-ups count when they succeed, sign-ins when they fail. A fault of werkbank itself (5xx, such
 * as the store being unreachable) is nobody's attempt and counts for neither. A slot that cannot be given back
 * stays counted (the stricter outcome), without failing the request.
 */
export async function counted<T>(slot: Slot, counts: 'succeeded' | 'failed', attempt: () => Promise<T>): Promise<T> {
  const giveBack = () => slot.give().catch(() => undefined);
  let value: T;
  try {
    value = await attempt();
  } catch (err) {
    if (counts === 'succeeded' || !(err instanceof HttpError) || err.status >= 500) await giveBack();
    throw err;
  }
  if (counts === 'failed') await giveBack();
  return value;
}
