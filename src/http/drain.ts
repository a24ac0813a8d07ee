/**
 * A server process's drain (SIGTERM, a rolling restart): from its start readiness answers 503, every answer
 * closes its connection (no keep-alive request can slip in behind it), and MCP listen streams end (their
 * clients reconnect, through the load balancer, to a process that stays). src/cli/serve.ts stops taking
 * connections and waits for the requests in flight.
 */
import type { ServerResponse } from 'node:http';
import { HttpError } from '../core/errors.js';

/** Readiness while draining: the load balancer sends this process nothing new. */
export class DrainingError extends HttpError {
  constructor() {
    super('This server process is shutting down: requests go to the others', 503, { retryAfter: 1 });
    this.name = 'DrainingError';
  }
}

export class Drain {
  draining = false;
  private readonly listeners: (() => void)[] = [];
  /** Answers in flight, so those whose head is not out yet close their connection once the drain starts. */
  private readonly inFlight = new Set<ServerResponse>();
  /** One listener for every answer (no closure per request on the hot path): `this` is the answer. */
  private readonly settled = ((inFlight) =>
    function (this: ServerResponse) {
      inFlight.delete(this);
    })(this.inFlight);

  /** Count `res` in flight until it closes; while draining, it closes its connection. */
  track(res: ServerResponse): void {
    if (this.draining) res.shouldKeepAlive = false;
    else {
      this.inFlight.add(res);
      res.on('close', this.settled);
    }
  }

  /** Call `listener` once the drain starts. */
  on(listener: () => void): void {
    this.listeners.push(listener);
  }

  start(): void {
    if (this.draining) return;
    this.draining = true;
    for (const res of this.inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
    for (const listener of this.listeners) listener();
  }
}
