/**
 * What keeps one client from hurting the others at the HTTP layer:
 *
 * - `AddressLimit`: what a client address may do in a window (failed
 *   credentials, sign-ups, failed sign-ins, passkey ceremonies started,
 *   registrations, metadata fetches), counted in the store so that it holds
 *   for every server process at once; past its budget, 429 with Retry-After
 *   until the window ends.
 * - `SERVER_OPTIONS` and `capConnections`: request and header timeouts (a
 *   body that has not arrived within 30 s is cut with 408) and a cap on open
 *   connections per address.
 * - `ListenStreams`: MCP listen streams open at once per key are capped,
 *   counted as leases in the store, so the cap holds for every server process
 *   at once.
 */
import type { Server } from 'node:http';
import { HttpError } from '../core/errors.js';
import { randomUUID } from 'node:crypto';
import type { Leases, WindowCounters } from '../store/store.js';
import { clientKey } from './client-ip.js';

/** One attempt counted against an address's budget (`wait` 0), or refused (`wait`: seconds until the window ends). */
export interface Slot {
  readonly wait: number;
  /** Give the count back: the attempt turned out not to count (a sign-in that worked). Once; a refused slot gives nothing. */
  give(): Promise<void>;
}

const REFUSED_GIVE = async () => undefined;
const iso = (ms: number) => new Date(ms).toISOString();
const secondsUntil = (end: string, now: number) => Math.max(1, Math.ceil((Date.parse(end) - now) / 1000));

/**
 * A fixed-window budget per client address (sign-ups per hour, failed sign-ins per 15 minutes, failed
 * credentials per minute, client registrations per hour…), counted in the store's window counters: in the
 * shared database when there is one, so the budget holds for the service as a whole, however many server
 * processes answer and however many requests arrive at once. A window begins with the address's first count.
 *
 * An attempt is counted before its work (`take`): of concurrent attempts at most `max` per window proceed.
 * Where only failures count, the attempt gives its slot back once it turned out fine.
 */
export class AddressLimit {
  constructor(
    /** The counter's name (`signup`, `signin-failed`…): the store key is `<name>:<address>`. */
    readonly name: string,
    readonly max: number,
    readonly windowMs: number,
    private readonly counters: WindowCounters,
    private readonly now: () => number = Date.now,
  ) {}

  /** Count one attempt of `address` now: a slot, or (its budget used) the seconds to wait and nothing counted. */
  async take(address: string): Promise<Slot> {
    const now = this.now();
    const key = `${this.name}:${address}`;
    const w = await this.counters.take(key, this.max, iso(now), iso(now + this.windowMs));
    if (w.count === null) return { wait: secondsUntil(w.expiresAt, now), give: REFUSED_GIVE };
    let given = false;
    return {
      wait: 0,
      give: async () => {
        if (given) return;
        given = true;
        await this.counters.give(key, w.expiresAt);
      },
    };
  }

  /** Seconds to wait when the address has used its budget (counts nothing), else 0. */
  async waiting(address: string): Promise<number> {
    const now = this.now();
    const w = await this.counters.current(`${this.name}:${address}`, iso(now));
    return w && w.count >= this.max ? secondsUntil(w.expiresAt, now) : 0;
  }

  /** `take`, refused with 429 (Retry-After) "Too many <what> from this address" when the budget is used. */
  async spend(address: string, what: string): Promise<Slot> {
    const slot = await this.take(address);
    if (slot.wait) throw tooMany(what, slot.wait);
    return slot;
  }

  /** `waiting`, refused the same way (counts nothing). */
  async check(address: string, what: string): Promise<void> {
    const wait = await this.waiting(address);
    if (wait) throw tooMany(what, wait);
  }
}

/** The 429 of a used budget. */
export function tooMany(what: string, wait: number, detail?: string): HttpError {
  return new HttpError(`Too many ${what} from this address: try again in ${wait} s${detail ? ` (${detail})` : ''}`, 429, {
    retryAfter: wait,
  });
}

/**
 * Failed credentials per client address: past 30 a minute, a request from that address whose credentials fail
 * gets 429 with Retry-After (the window's end) instead of 401; credentials that work are never refused, so a
 * client behind the same address keeps working. Counted after the credential failed (a lookup by hash is
 * cheap), so a working credential never waits for the counter.
 */
export const authThrottle = (counters: WindowCounters, now?: () => number) => new AddressLimit('auth-failed', 30, 60_000, counters, now);

/**
 * Options of the Node HTTP server: a request (headers and body) must arrive within 30 s, its headers within 15 s.
 * An idle keep-alive connection is kept 65 s: longer than a load balancer's usual idle timeout (60 s) and
 * than clients wait before reusing one, so the server is never the side that closes a connection a client is
 * just sending on (the client would see ECONNRESET; with Node's default of 5 s that happens on a busy machine).
 */
export const SERVER_OPTIONS = {
  requestTimeout: 30_000,
  headersTimeout: 15_000,
  keepAliveTimeout: 65_000,
  connectionsCheckingInterval: 1_000,
} as const;

/** Open connections per client address (IPv6 per /64), WERKBANK_MAX_CONNECTIONS_PER_IP. */
export const MAX_CONNECTIONS_PER_ADDRESS = Number(process.env.WERKBANK_MAX_CONNECTIONS_PER_IP) || 256;

/** Close connections from an address that already holds `max` open ones. */
export function capConnections(server: Server, max = MAX_CONNECTIONS_PER_ADDRESS): void {
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = clientKey(socket.remoteAddress ?? 'unknown');
    const n = (open.get(address) ?? 0) + 1;
    if (n > max) {
      socket.destroy();
      return;
    }
    open.set(address, n);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

/** How long a listen stream's lease lasts unrenewed; its holder renews it at a third of that. */
export const LISTEN_LEASE_MS = 60_000;

/** One open listen stream's lease. */
export interface ListenLease {
  /** Give the lease back (once). */
  give(): void;
  /** The response with its body holding the lease (renewed) until it ends, is cancelled or errors; a lost lease ends it. */
  track(res: Response): Response;
}

/**
 * MCP listen streams open per key, counted as leases in the store (src/store/store.ts `Leases`): on a shared
 * database the cap holds for the service as a whole, however many server processes serve the key's streams.
 * A stream renews its lease while it is open, so the streams of a process that died stop counting within
 * `leaseMs`.
 */
export class ListenStreams {
  constructor(
    readonly perKey: number,
    private readonly leases: Leases,
    private readonly leaseMs = LISTEN_LEASE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** A lease on a stream for `credentialId`, or undefined when the key has `perKey` open. */
  async take(credentialId: string): Promise<ListenLease | undefined> {
    const id = randomUUID();
    const now = this.now();
    if (!(await this.leases.take(credentialId, id, this.perKey, iso(now), iso(now + this.leaseMs)))) return undefined;
    let given = false;
    const give = () => {
      if (given) return;
      given = true;
      void this.leases.give(credentialId, id).catch(() => undefined);
    };
    const renew = async () => {
      const t = this.now();
      return this.leases.renew(credentialId, id, iso(t), iso(t + this.leaseMs));
    };
    return { give, track: (res) => this.hold(res, give, renew) };
  }

  private hold(res: Response, give: () => void, renew: () => Promise<boolean>): Response {
    if (!res.body) {
      give();
      return res;
    }
    const reader = res.body.getReader();
    let timer: ReturnType<typeof setInterval> | undefined;
    const release = () => {
      clearInterval(timer);
      give();
    };
    const body = new ReadableStream<Uint8Array>({
      start: () => {
        // A renewal the store refuses (the lease expired while this process stalled) ends the stream (the
        // cancelled reader reads done); one that fails (store unreachable) is tried again next time.
        const lost = () => {
          release();
          void reader.cancel().catch(() => undefined);
        };
        timer = setInterval(
          () =>
            void renew().then(
              (held) => held || lost(),
              () => undefined,
            ),
          this.leaseMs / 3,
        );
        timer.unref();
      },
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) {
            release();
            controller.close();
          } else controller.enqueue(value);
        } catch (err) {
          release();
          controller.error(err);
        }
      },
      cancel(reason) {
        release();
        return reader.cancel(reason);
      },
    });
    return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  }
}
