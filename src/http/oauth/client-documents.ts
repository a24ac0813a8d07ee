/**
 * Client ID metadata documents: a client whose client_id is an https URL publishes its metadata there. Anyone can
 * name such a URL before signing in, so a fetch is bounded on every side:
 *
 * - each fetch (resolve, connect, headers, body) ends within a total deadline (5 s), through the render tools'
 *   private-address guard (the resolved, checked address only), without redirects, 200 only, at most 10 KB;
 * - requests for one URL share one fetch, which stops as soon as no request waits for it any more;
 * - a document is cached as its Cache-Control allows (1 minute to 1 day, 5 minutes without max-age, not at all
 *   with no-store or no-cache), a failure for 1 minute;
 * - before a fetch starts it is counted: at most 10 per client address per 10 minutes, 60 a minute for the
 *   service, 20 at once in a process; past a limit the request is refused (Retry-After) and nothing is fetched.
 *
 * The endpoints run their work inside `serving(caller, …)`, which tells these fetches who asks (the address,
 * the request's abort signal) and tells the endpoint whether a limit refused it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { bareHost, publicUnicastOnly, resolvePublic, systemResolver, type AddressPolicy, type Resolver } from '../../render/address.js';
import type { WindowCounters } from '../../store/store.js';
import { AddressLimit } from '../protect.js';
import { checkMetadata } from './client-metadata.js';
import { fetchDocument, untilAborted } from './document-fetch.js';
import { OAuthHttpError, type OAuthClient } from './protocol.js';

export interface ClientDocumentOptions {
  /** How client ID metadata documents are fetched: the render tools' resolver and address policy. */
  resolver?: Resolver;
  policy?: AddressPolicy;
  /** Extra trusted CA (PEM) for fetching client ID metadata documents: tests with a self-signed local host only. */
  clientDocumentCa?: string;
  /** The bounds on fetching documents (defaults below; tests set smaller ones). */
  clientDocumentLimits?: Partial<DocumentLimits>;
  /** The clock of the caches and the limits' windows. */
  now?: () => Date;
}

export interface DocumentLimits {
  /** Total time of one fetch, resolve to last byte, ms. */
  deadlineMs: number;
  /** Uncached fetches a client address may cause. */
  perAddress: AddressLimit;
  /** Uncached fetches of the whole service (one count, under one key). */
  overall: AddressLimit;
  /** Fetches in flight at once in this process. */
  inFlight: number;
  /** How long a failed fetch or an unusable document is remembered (refused without fetching again), ms. */
  failureMs: number;
}

/** The bounds in force, counted in the store's window counters (shared by every process on a shared store). */
export const defaultDocumentLimits = (counters: WindowCounters, now: () => number = Date.now): DocumentLimits => ({
  deadlineMs: 5_000,
  perAddress: new AddressLimit('client-document', 10, 600_000, counters, now),
  overall: new AddressLimit('client-documents', 60, 60_000, counters, now),
  inFlight: 20,
  failureMs: 60_000,
});

/** Who asks for a document: the client address (its rate-limit key) and the request's abort signal. */
export interface DocumentCaller {
  address?: string;
  signal?: AbortSignal;
}

/** A limit refused a fetch: the seconds to wait and why. */
export interface DocumentRefusal {
  retryAfter: number;
  description: string;
}

interface Scope {
  caller: DocumentCaller;
  refused?: DocumentRefusal;
}

interface Flight {
  result: Promise<OAuthClient>;
  stop: AbortController;
  waiters: number;
}

const OVERALL = 'all';
const CACHED_DOCUMENTS = 500;
const CACHED_FAILURES = 2_000;

const invalid = (text: string) => new OAuthHttpError(400, 'invalid_client', text);
const LEFT = () => invalid('`client_id`: the request ended before its client metadata document was fetched');
/** A fetch not admitted for the request that began it (`refusal`: what that request is answered, a 429 at a limit). */
class NotAdmitted extends Error {
  constructor(readonly refusal: Error) {
    super(refusal.message);
  }
}

/** Why a shared fetch stopped when nobody waited any more (such a stop is not remembered as the URL's failure). */
const NOBODY_WAITS = new Error('nobody waits for the document any more');

export class ClientDocuments {
  private readonly documents = new Map<string, { client: OAuthClient; until: number }>();
  private readonly failures = new Map<string, { error: OAuthHttpError; until: number }>();
  private readonly flights = new Map<string, Flight>();
  /** Fetches admitted and not yet ended in this process. */
  private fetching = 0;
  private readonly scopes = new AsyncLocalStorage<Scope>();
  private readonly limits: DocumentLimits;
  private readonly now: () => number;

  constructor(
    private readonly opts: ClientDocumentOptions,
    counters: WindowCounters,
  ) {
    const now = (this.now = () => (opts.now?.() ?? new Date()).getTime());
    this.limits = { ...defaultDocumentLimits(counters, now), ...opts.clientDocumentLimits };
  }

  /** Run `work` (an endpoint's) with `caller` asking for any document it needs; `refused` says when a limit said no. */
  async serving<T>(caller: DocumentCaller, work: () => Promise<T>): Promise<{ value: T; refused?: DocumentRefusal }> {
    const scope: Scope = { caller };
    const value = await this.scopes.run(scope, work);
    return { value, refused: scope.refused };
  }

  /** The client this document URL describes; an OAuthHttpError (invalid_client) says why it cannot be used. */
  async client(clientId: string): Promise<OAuthClient> {
    const url = documentUrl(clientId);
    const scope = this.scopes.getStore();
    for (;;) {
      const known = this.known(clientId);
      if (known) return known;
      if (scope?.caller.signal?.aborted) throw LEFT();
      const joined = this.flights.get(clientId);
      try {
        return await wait(joined ?? this.start(clientId, url, scope), scope?.caller.signal);
      } catch (err) {
        if (!(err instanceof NotAdmitted)) throw err;
        // The limits refused the request that began this fetch; a request that joined it asks on its own account.
        if (!joined) throw err.refusal;
      }
    }
  }

  /** The cached client, or (thrown) the remembered failure, or undefined when the document must be fetched. */
  private known(clientId: string): OAuthClient | undefined {
    const now = this.now();
    const cached = this.documents.get(clientId);
    if (cached && cached.until > now) return cached.client;
    const failed = this.failures.get(clientId);
    if (failed && failed.until > now) throw failed.error;
    return undefined;
  }

  /** Begin the one shared fetch of this URL (requests for it from now on join it), admitted by `scope`'s request. */
  private start(clientId: string, url: URL, scope: Scope | undefined): Flight {
    const stop = new AbortController();
    const result = this.fly(clientId, url, scope, stop).finally(() => this.flights.delete(clientId));
    const flight: Flight = { result, stop, waiters: 0 };
    this.flights.set(clientId, flight);
    return flight;
  }

  /** Admit, then fetch within the deadline (stopped when nobody waits); the document or the failure remembered. */
  private async fly(clientId: string, url: URL, scope: Scope | undefined, stop: AbortController): Promise<OAuthClient> {
    try {
      await this.admit(scope);
    } catch (err) {
      throw new NotAdmitted(err as Error);
    }
    const seconds = Math.round(this.limits.deadlineMs / 100) / 10;
    const deadline = setTimeout(() => stop.abort(new Error(`no complete answer within ${seconds} s`)), this.limits.deadlineMs);
    try {
      const { client, maxAge } = await this.load(clientId, url, stop.signal);
      if (maxAge > 0) remember(this.documents, clientId, { client, until: this.now() + maxAge * 1000 }, CACHED_DOCUMENTS);
      return client;
    } catch (err) {
      const error = err instanceof OAuthHttpError ? err : invalid('`client_id`: the client metadata document could not be loaded');
      if (stop.signal.reason !== NOBODY_WAITS)
        remember(this.failures, clientId, { error, until: this.now() + this.limits.failureMs }, CACHED_FAILURES);
      throw error;
    } finally {
      clearTimeout(deadline);
      this.fetching--;
    }
  }

  /**
   * Count a new fetch against every limit (from here until it ends it is in flight), or refuse it: an
   * OAuthHttpError 429, also recorded in the scope for the endpoint's Retry-After.
   */
  private async admit(scope: Scope | undefined): Promise<void> {
    const { perAddress, overall, inFlight } = this.limits;
    const refuse = (retryAfter: number, why: string): never => {
      const description = `\`client_id\`: the client metadata document was not fetched: ${why}; try again in ${retryAfter} s`;
      if (scope) scope.refused = { retryAfter, description };
      throw new OAuthHttpError(429, 'invalid_client', description);
    };
    if (this.fetching >= inFlight) refuse(1, `werkbank is fetching ${inFlight} documents at once`);
    this.fetching++;
    try {
      const address = scope?.caller.address;
      const mine = address === undefined ? undefined : await perAddress.take(address);
      if (mine?.wait)
        refuse(mine.wait, `at most ${perAddress.max} documents are fetched for one address every ${minutes(perAddress.windowMs)}`);
      const all = await overall.take(OVERALL);
      if (all.wait) {
        await mine?.give();
        refuse(all.wait, `werkbank fetches at most ${overall.max} documents every ${minutes(overall.windowMs)}`);
      }
    } catch (err) {
      this.fetching--;
      throw err;
    }
  }

  /** Resolve (public addresses only), fetch and check the document. */
  private async load(clientId: string, url: URL, signal: AbortSignal): Promise<{ client: OAuthClient; maxAge: number }> {
    let addresses: string[];
    try {
      const resolving = resolvePublic(bareHost(url), this.opts.resolver ?? systemResolver, this.opts.policy ?? publicUnicastOnly);
      addresses = await untilAborted(resolving, signal);
    } catch (err) {
      throw invalid(
        `\`client_id\`: ${(err as Error).message.replace(/renders reach only public http\(s\) hosts/, 'client documents are fetched only from public hosts')}`,
      );
    }
    const { body, maxAge } = await fetchDocument(url, addresses[0], { ca: this.opts.clientDocumentCa, signal }).catch((err: Error) => {
      throw invalid(`\`client_id\`: the client metadata document could not be fetched (${err.message})`);
    });
    return { client: documentClient(clientId, body), maxAge };
  }
}

/** Wait for a shared fetch; when `signal` aborts first, stop waiting, and stop the fetch if nobody else waits. */
function wait(flight: Flight, signal: AbortSignal | undefined): Promise<OAuthClient> {
  flight.waiters++;
  return new Promise((resolve, reject) => {
    let waiting = true;
    const leave = () => {
      if (!waiting) return;
      waiting = false;
      if (--flight.waiters === 0) flight.stop.abort(NOBODY_WAITS);
      reject(LEFT());
    };
    const settle = (outcome: () => void) => {
      if (!waiting) return;
      waiting = false;
      flight.waiters--;
      signal?.removeEventListener('abort', leave);
      outcome();
    };
    flight.result.then(
      (client) => settle(() => resolve(client)),
      (err: Error) => settle(() => reject(err)),
    );
    if (signal?.aborted) leave();
    else signal?.addEventListener('abort', leave, { once: true });
  });
}

/** Keep `value` under `key`, the oldest entry going first once `max` are kept. */
function remember<V>(map: Map<string, V>, key: string, value: V, max: number): void {
  map.delete(key);
  if (map.size >= max) map.delete(map.keys().next().value!);
  map.set(key, value);
}

const minutes = (ms: number) => (ms === 60_000 ? 'minute' : ms % 60_000 === 0 ? `${ms / 60_000} minutes` : `${ms / 1000} s`);

function documentUrl(clientId: string): URL {
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    throw invalid('`client_id` is not a valid URL');
  }
  if (url.protocol !== 'https:') throw invalid('`client_id`: a client ID metadata document must be served over https');
  if (url.pathname === '/' || url.hash || url.username || url.password)
    throw invalid('`client_id`: a client ID metadata document URL needs a path and no fragment or credentials');
  return url;
}

/** The document's client: its client_id must be its own URL, and it must be a public client. */
function documentClient(clientId: string, body: string): OAuthClient {
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(body) as Record<string, unknown>;
  } catch {
    throw invalid('`client_id`: the client metadata document is not JSON');
  }
  if (!doc || typeof doc !== 'object' || doc.client_id !== clientId)
    throw invalid("`client_id`: the document's client_id does not equal its URL");
  const meta = checkMetadata(doc);
  if (doc.token_endpoint_auth_method !== undefined && doc.token_endpoint_auth_method !== 'none')
    throw invalid('`token_endpoint_auth_method`: client documents here are public clients ("none")');
  return {
    id: clientId,
    name: meta.name,
    redirectUris: meta.redirectUris,
    logoUri: meta.logoUri,
    grants: ['authorization_code', 'refresh_token'],
    kind: 'metadata-document',
  };
}
