/**
 * Who may run a ceremony: the sign-up switch (`--signup open|off`) and the per-address limits on sign-ups
 * (per hour) and failed sign-ins (per 15 minutes), so that one address cannot make accounts in bulk or
 * guess at passkeys.
 */
import type { Context } from 'hono';
import { HttpError } from '../../core/errors.js';
import { clientIp } from '../client-ip.js';
import { AddressLimit } from '../protect.js';

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
  signupsPerHour?: number;
  failedSigninsPer15Min?: number;
}

export class SignupGate {
  readonly signupLimit: AddressLimit;
  readonly signinLimit: AddressLimit;

  constructor(
    private readonly opts: GateOptions,
    now: () => Date,
  ) {
    this.signupLimit = new AddressLimit(opts.signupsPerHour ?? 10, 3600_000, () => now().getTime());
    this.signinLimit = new AddressLimit(opts.failedSigninsPer15Min ?? 10, 900_000, () => now().getTime());
  }

  /** 403 with `message` when sign-up is closed. */
  requireOpen(message: string): void {
    if (this.opts.signup !== 'open') throw new HttpError(message, 403);
  }

  /** 429 when the request's address has used its budget of `limit` (counts nothing). */
  checkLimit(c: Context, limit: AddressLimit, what: string): void {
    const wait = limit.waiting(clientIp(c, this.opts.trustProxy));
    if (wait) throw new HttpError(`Too many ${what} from this address: try again in ${wait} s`, 429, { retryAfter: wait });
  }

  count(c: Context, limit: AddressLimit): void {
    limit.count(clientIp(c, this.opts.trustProxy));
  }
}
