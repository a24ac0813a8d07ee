/**
 * One GET of a client ID metadata document: to the resolved (checked) address only, no redirects, 200 only, at
 * most 10 KB, and stopped the moment its signal aborts (the caller's total deadline, or nobody waiting any more):
 * a host that drips its answer holds werkbank no longer than the deadline.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** The largest document read, bytes. */
export const DOCUMENT_LIMIT = 10 * 1024;

export interface FetchedDocument {
  body: string;
  /** How long it may be cached, seconds (0: not at all). */
  maxAge: number;
}

/** GET `url` from `address`; rejects with the signal's reason once it aborts, whatever stage the fetch is in. */
export function fetchDocument(url: URL, address: string, opts: { ca?: string; signal: AbortSignal }): Promise<FetchedDocument> {
  const { signal } = opts;
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortReason(signal));
    const req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      {
        method: 'GET',
        ...(opts.ca ? { ca: opts.ca } : {}),
        headers: { Accept: 'application/json', 'User-Agent': 'werkbank-oauth' },
        lookup: (_host, lookupOpts, cb) => {
          const family = address.includes(':') ? 6 : 4;
          if ((lookupOpts as { all?: boolean }).all)
            (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
          else cb(null, address, family);
        },
      },
      (res) => {
        if (res.statusCode !== 200) {
          req.destroy();
          return reject(new Error(`HTTP ${res.statusCode}; only 200 is accepted, redirects are not followed`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (d: Buffer) => {
          size += d.length;
          if (size > DOCUMENT_LIMIT) {
            req.destroy();
            reject(new Error(`larger than ${DOCUMENT_LIMIT} bytes`));
          } else chunks.push(d);
        });
        res.on('end', () =>
          resolve({ body: Buffer.concat(chunks).toString('utf8'), maxAge: cacheSeconds(String(res.headers['cache-control'] ?? '')) }),
        );
        res.on('error', reject);
      },
    );
    const stop = () => req.destroy(abortReason(signal));
    signal.addEventListener('abort', stop, { once: true });
    req.on('close', () => signal.removeEventListener('abort', stop));
    req.on('error', reject);
    req.end();
  });
}

/** `promise`, or the signal's reason as soon as it aborts (for a step that cannot be cancelled itself, like a DNS lookup). */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const stop = () => reject(abortReason(signal));
    if (signal.aborted) return stop();
    signal.addEventListener('abort', stop, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', stop);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', stop);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('the fetch was stopped');
}

/** How long a document may be cached, seconds: its max-age within 1 minute and 1 day, 5 minutes without one, 0 with no-store or no-cache. */
export function cacheSeconds(cacheControl: string): number {
  const m = /max-age=(\d+)/.exec(cacheControl);
  return /no-store|no-cache/.test(cacheControl) ? 0 : Math.min(86_400, Math.max(60, m ? Number(m[1]) : 300));
}
