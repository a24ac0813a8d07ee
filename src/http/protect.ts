/**
 * What keeps one client from hurting the others at the HTTP layer:
 *
 * - `AuthThrottle`: failed authentication is counted per client address; past
 *   a burst, failures from that address get 429 with Retry-After until its
 *   window ends (credentials that work keep working).
 * - `SERVER_OPTIONS` and `capConnections`: request and header timeouts (a
 *   body that has not arrived within 30 s is cut with 408) and a cap on open
 *   connections per address.
 * - `ListenStreams`: MCP listen streams open at once per key are capped.
 */
import type { Server } from 'node:http';
import { clientKey } from './client-ip.js';

export interface ThrottleOptions {
  /** Failed authentications allowed per address in one window. */
  failures: number;
  windowMs: number;
  /** Addresses tracked at most (the oldest are forgotten first). */
  maxAddresses: number;
}

export const AUTH_THROTTLE: ThrottleOptions = { failures: 30, windowMs: 60_000, maxAddresses: 100_000 };

/**
 * Failed authentications per client address in fixed windows. Past the budget, a request from that
 * address whose credentials fail gets 429 with Retry-After (the window's end) instead of 401; credentials
 * that work are never refused, so a client behind the same address keeps working.
 */
export class AuthThrottle {
  private readonly windows = new Map<string, { start: number; failures: number }>();

  constructor(
    private readonly opts: ThrottleOptions = AUTH_THROTTLE,
    private readonly now: () => number = Date.now,
  ) {}

  /** Count a failure; returns the seconds to wait when the address is past its budget, else 0. */
  failed(address: string): number {
    const now = this.now();
    let w = this.windows.get(address);
    if (!w || now - w.start >= this.opts.windowMs) {
      this.windows.delete(address);
      if (this.windows.size >= this.opts.maxAddresses) this.windows.delete(this.windows.keys().next().value!);
      this.windows.set(address, (w = { start: now, failures: 0 }));
    }
    w.failures++;
    return w.failures > this.opts.failures ? Math.max(1, Math.ceil((w.start + this.opts.windowMs - now) / 1000)) : 0;
  }
}

/** Options of the Node HTTP server: a request (headers and body) must arrive within 30 s, its headers within 15 s. */
export const SERVER_OPTIONS = { requestTimeout: 30_000, headersTimeout: 15_000, connectionsCheckingInterval: 1_000 } as const;

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

/** MCP listen streams open per key. */
export class ListenStreams {
  private readonly open = new Map<string, number>();
  constructor(readonly perKey: number) {}

  /** Count a stream for `keyId`, or false when the key has `perKey` open. */
  take(keyId: string): boolean {
    const n = this.open.get(keyId) ?? 0;
    if (n >= this.perKey) return false;
    this.open.set(keyId, n + 1);
    return true;
  }

  give(keyId: string): void {
    const n = (this.open.get(keyId) ?? 1) - 1;
    if (n > 0) this.open.set(keyId, n);
    else this.open.delete(keyId);
  }

  /** The response with its body counted until it ends, is cancelled or errors. */
  track(keyId: string, res: Response): Response {
    if (!res.body) {
      this.give(keyId);
      return res;
    }
    let released = false;
    const release = () => {
      if (!released) (released = true), this.give(keyId);
    };
    const reader = res.body.getReader();
    const body = new ReadableStream<Uint8Array>({
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
