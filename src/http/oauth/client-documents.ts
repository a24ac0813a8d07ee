/**
 * Client ID metadata documents: a client whose client_id is an https URL publishes its metadata there. The
 * document is fetched through the render tools' private-address guard (the resolved, checked address only),
 * without redirects, 200 only, at most 10 KB within 5 s, and cached as its Cache-Control allows (1 minute to
 * 1 day, 5 minutes without max-age, not at all with no-store or no-cache).
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { bareHost, publicUnicastOnly, resolvePublic, systemResolver, type AddressPolicy, type Resolver } from '../../render/address.js';
import { checkMetadata } from './client-metadata.js';
import { OAuthHttpError, type OAuthClient } from './protocol.js';

export interface ClientDocumentOptions {
  /** How client ID metadata documents are fetched: the render tools' resolver and address policy. */
  resolver?: Resolver;
  policy?: AddressPolicy;
  /** Extra trusted CA (PEM) for fetching client ID metadata documents: tests with a self-signed local host only. */
  clientDocumentCa?: string;
}

const invalid = (text: string) => new OAuthHttpError(400, 'invalid_client', text);

export class ClientDocuments {
  private readonly cache = new Map<string, { client: OAuthClient; until: number }>();

  constructor(private readonly opts: ClientDocumentOptions) {}

  /** The client this document URL describes; an OAuthHttpError (invalid_client) says why it cannot be used. */
  async client(clientId: string): Promise<OAuthClient> {
    const cached = this.cache.get(clientId);
    if (cached && cached.until > Date.now()) return cached.client;
    const url = documentUrl(clientId);
    let addresses: string[];
    try {
      addresses = await resolvePublic(bareHost(url), this.opts.resolver ?? systemResolver, this.opts.policy ?? publicUnicastOnly);
    } catch (err) {
      throw invalid(
        `\`client_id\`: ${(err as Error).message.replace(/renders reach only public http\(s\) hosts/, 'client documents are fetched only from public hosts')}`,
      );
    }
    const { body, maxAge } = await fetchDocument(url, addresses[0], this.opts.clientDocumentCa).catch((err: Error) => {
      throw invalid(`\`client_id\`: the client metadata document could not be fetched (${err.message})`);
    });
    const client = documentClient(clientId, body);
    if (this.cache.size >= 500) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(clientId, { client, until: Date.now() + maxAge * 1000 });
    return client;
  }
}

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

/** GET a client ID metadata document: the resolved (checked) address only, no redirects, 200 only, ≤ 10 KB, 5 s. */
function fetchDocument(url: URL, address: string, ca?: string): Promise<{ body: string; maxAge: number }> {
  const LIMIT = 10 * 1024;
  return new Promise((resolve, reject) => {
    const req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      {
        method: 'GET',
        ...(ca ? { ca } : {}),
        headers: { Accept: 'application/json', 'User-Agent': 'werkbank-oauth' },
        lookup: (_host, opts, cb) => {
          const family = address.includes(':') ? 6 : 4;
          if ((opts as { all?: boolean }).all)
            (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
          else cb(null, address, family);
        },
        timeout: 5_000,
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          return reject(new Error(`HTTP ${res.statusCode}; only 200 is accepted, redirects are not followed`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (d: Buffer) => {
          size += d.length;
          if (size > LIMIT) {
            req.destroy();
            reject(new Error(`larger than ${LIMIT} bytes`));
          } else chunks.push(d);
        });
        res.on('end', () =>
          resolve({ body: Buffer.concat(chunks).toString('utf8'), maxAge: cacheSeconds(String(res.headers['cache-control'] ?? '')) }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer within 5 s')));
    req.on('error', reject);
    req.end();
  });
}

/** How long a document may be cached, seconds: its max-age within 1 minute and 1 day, 5 minutes without one, 0 with no-store or no-cache. */
function cacheSeconds(cacheControl: string): number {
  const m = /max-age=(\d+)/.exec(cacheControl);
  return /no-store|no-cache/.test(cacheControl) ? 0 : Math.min(86_400, Math.max(60, m ? Number(m[1]) : 300));
}
