/**
 * What a caller sees when a tool's job in the compute pool fails: the pool's own failures (deadline, a stream's
 * reader limits, memory, the caller's share taken, a full queue, cancel) are the platform's `HttpError`s; an `HttpError` the tool threw in its
 * worker (its own `ToolError` included) comes back as the same class, message and status.
 */
import { HttpError } from '../core/errors.js';
import { ToolError } from '../core/tool.js';
import { WorkerPoolError, type HttpErrorReply } from './worker-pool.js';
import { COMPUTE_LIMITS } from './limits.js';
import type { JobLimits } from './job-clock.js';

/** The error a caller sees for a failed job of `slug` under `limits`; `field` is the big input named in messages. */
export function jobError(err: unknown, slug: string, limits: JobLimits, field?: string): unknown {
  if (!(err instanceof WorkerPoolError)) return err;
  const where = field ? `\`${field}\`` : 'The input';
  const extra = field ? { field } : {};
  switch (err.kind) {
    case 'timeout':
      return new HttpError(
        `${where} took longer than ${limits.timeMs / 1000} s to process (the time limit of ${slug}) and was stopped; ` +
          'send a smaller or less deeply nested input, or split it up',
        400,
        extra,
      );
    // The two limits of a stream's reader: the response is under way, so the status reaches logs, not the client.
    case 'idle':
      return new HttpError(
        `The response of ${slug} was not read for ${span(limits.idleMs!)} (the idle limit of streamed responses) and was stopped; read it as it comes`,
        408,
      );
    case 'overtime':
      return new HttpError(
        `The response of ${slug} took longer than ${span(limits.wallMs!)} to read (the time limit of streamed responses) and was stopped; ` +
          'ask for it compressed (Accept-Encoding: br or gzip) or for a smaller run',
        408,
      );
    case 'too-large':
    case 'out-of-memory':
      return new HttpError(
        `${where} needed more than ${COMPUTE_LIMITS.heapMb} MB of memory to process (the memory limit of ${slug}) and was stopped; send a smaller input`,
        413,
        extra,
      );
    case 'busy':
      return new HttpError(
        'The server is busy with other large inputs right now (all compute workers and their queue are taken); retry in a moment',
        503,
        { retryAfter: err.detail.retryAfter ?? 1 },
      );
    case 'over-share':
      return new HttpError(
        `You already have ${err.detail.share} large inputs running or waiting in the compute pool (the share of one caller); ` +
          'send them one after another, or retry in a moment',
        429,
        { retryAfter: err.detail.retryAfter ?? 1 },
      );
    case 'cancelled':
      return new HttpError('The request was cancelled', 408);
    default: {
      const reply = err.detail.reply;
      if (reply) return thrownInWorker(reply);
      if (/Maximum call stack size exceeded/.test(err.message))
        return new HttpError(`${where} is nested too deeply to process (the nesting limit of ${slug})`, 400, extra);
      return new Error(`${slug} failed in its worker: ${err.message}`);
    }
  }
}

/** The `HttpError` a tool threw in its worker, rebuilt on this side with its class. */
function thrownInWorker(reply: HttpErrorReply): HttpError {
  const extra = reply.extra ?? {};
  return reply.platform ? new HttpError(reply.message, reply.status, extra) : new ToolError(reply.message, reply.status, extra);
}

/** A limit as people say it: seconds, or whole minutes. */
function span(ms: number): string {
  return ms >= 60_000 && ms % 60_000 === 0 ? `${ms / 60_000} min` : `${ms / 1000} s`;
}
