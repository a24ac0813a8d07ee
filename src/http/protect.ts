/**
 * What keeps one client from hurting the others at the HTTP layer:
 *
 * - `AddressLimit`: what a client address may do in a window (failed
 *   credentials, sign-ups, failed sign-ins, registrations); past its budget,
 *   429 with Retry-After until the window ends.
 * - `SERVER_OPTIONS` and `capConnections`: request and header timeouts (a
 *   body that has not arrived within 30 s is cut with 408) and a cap on open
 *   connections per address.
 * - `ListenStreams`: MCP listen streams open at once per key are capped.
 */
import type { Server } from 'node:http';
import { clientKey } from './client-ip.js';

/**
 * A fixed-window counter per client address: sign-ups per hour, failed sign-ins per 15 minutes, failed
 * credentials per minute, client registrations per hour. `waiting` tells the seconds until the window ends
 * once the address has used its budget; `count` spends one. At most `maxAddresses` windows are kept (the oldest
 * go first), so an attacker with many addresses costs bounded memory.
 */
export class AddressLimit {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxAddresses = 100_000,
  ) {}

  /** Seconds to wait when the address has used its budget (without counting), else 0. */
  waiting(address: string): number {
    const w = this.window(address);
    return w.count >= this.max ? Math.max(1, Math.ceil((w.start + this.windowMs - this.now()) / 1000)) : 0;
  }

  count(address: string): void {
    this.window(address).count++;
  }

  /** Count one, then the seconds to wait when that went past the budget, else 0. */
  hit(address: string): number {
    const w = this.window(address);
    w.count++;
    return w.count > this.max ? Math.max(1, Math.ceil((w.start + this.windowMs - this.now()) / 1000)) : 0;
  }

  private window(address: string) {
    const now = this.now();
    let w = this.windows.get(address);
    if (!w || now - w.start >= this.windowMs) {
      this.windows.delete(address);
      if (this.windows.size >= this.maxAddresses) this.windows.delete(this.windows.keys().next().value!);
      this.windows.set(address, (w = { start: now, count: 0 }));
    }
    return w;
  }
}

/**
 * Failed credentials per client address: past 30 a minute, a request from that address whose credentials fail
 * gets 429 with Retry-After (the window's end) instead of 401; credentials that work are never refused, so a
 * client behind the same address keeps working.
 */
export const authThrottle = (now?: () => number) => new AddressLimit(30, 60_000, now);

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

  /** Count a stream for `credentialId`, or false when the key has `perKey` open. */
  take(credentialId: string): boolean {
    const n = this.open.get(credentialId) ?? 0;
    if (n >= this.perKey) return false;
    this.open.set(credentialId, n + 1);
    return true;
  }

  give(credentialId: string): void {
    const n = (this.open.get(credentialId) ?? 1) - 1;
    if (n > 0) this.open.set(credentialId, n);
    else this.open.delete(credentialId);
  }

  /** The response with its body counted until it ends, is cancelled or errors. */
  track(credentialId: string, res: Response): Response {
    if (!res.body) {
      this.give(credentialId);
      return res;
    }
    let released = false;
    const release = () => {
      if (!released) {
        released = true;
        this.give(credentialId);
      }
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
