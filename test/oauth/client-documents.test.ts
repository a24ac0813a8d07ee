/**
 * Client ID metadata documents, fetched from a self-signed HTTPS host on 127.0.0.1: what is accepted and
 * cached, and each limit (https only, a path, 200 only without redirects, 10 KB, 5 s, JSON, its own URL as
 * client_id, a public client, public addresses only unless the policy says otherwise).
 */
import { loopbackCert, type LoopbackCert } from '../helpers/tls.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:https';
import { ClientDocuments } from '../../src/http/oauth/client-documents.js';
import { OAuthHttpError } from '../../src/http/oauth/protocol.js';
import { memoryCounters } from '../../src/store/embedded/counters.js';

let tls: LoopbackCert | undefined;
let cert = '';
let host: Server;
let origin = '';
const hits = new Map<string, number>();
const redirect = 'https://app.example/callback';

type Answer = { status?: number; headers?: Record<string, string>; body?: unknown; delay?: number };
const answers: Record<string, (self: string) => Answer> = {
  '/client.json': (self) => ({
    headers: { 'Cache-Control': 'max-age=60' },
    body: { client_id: self, client_name: '  Doc App  ', redirect_uris: [redirect], logo_uri: 'https://app.example/logo.png' },
  }),
  '/nostore.json': (self) => ({ headers: { 'Cache-Control': 'no-store' }, body: { client_id: self, redirect_uris: [redirect] } }),
  '/big.json': (self) => ({ body: { client_id: self, client_name: 'x'.repeat(20_000), redirect_uris: [redirect] } }),
  '/moved.json': () => ({ status: 302, headers: { Location: '/client.json' } }),
  '/missing.json': () => ({ status: 404 }),
  '/text.json': () => ({ body: 'not json' }),
  '/other.json': () => ({ body: { client_id: `${origin}/client.json`, redirect_uris: [redirect] } }),
  '/secret.json': (self) => ({ body: { client_id: self, redirect_uris: [redirect], token_endpoint_auth_method: 'client_secret_basic' } }),
  '/badredirect.json': (self) => ({ body: { client_id: self, redirect_uris: ['http://app.example/cb'] } }),
  '/slow.json': (self) => ({ delay: 6_000, body: { client_id: self, redirect_uris: [redirect] } }),
};

beforeAll(async () => {
  tls = loopbackCert('werkbank-cimd-unit-');
  cert = tls.cert;
  host = createServer({ key: tls.key, cert }, (req, res) => {
    const path = req.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const answer = answers[path]?.(`${origin}${path}`) ?? { status: 404 };
    const send = () => {
      res.writeHead(answer.status ?? 200, { 'Content-Type': 'application/json', ...answer.headers });
      res.end(answer.body === undefined ? undefined : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
    };
    if (answer.delay) setTimeout(send, answer.delay).unref();
    else send();
  });
  await new Promise<void>((r) => host.listen(0, '127.0.0.1', () => r()));
  origin = `https://127.0.0.1:${(host.address() as { port: number }).port}`;
});
afterAll(async () => {
  host?.closeAllConnections();
  await new Promise((r) => host?.close(() => r(undefined)));
  tls?.remove();
});

/** Documents fetched from the local host: the test resolver and policy let the guard reach loopback. */
const local = () =>
  new ClientDocuments({ resolver: async () => ['127.0.0.1'], policy: () => true, clientDocumentCa: cert }, memoryCounters());

async function refusal(documents: ClientDocuments, clientId: string): Promise<OAuthHttpError> {
  const err = await documents.client(clientId).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OAuthHttpError);
  const e = err as OAuthHttpError;
  expect([e.status, e.error]).toEqual([400, expect.stringMatching(/^invalid_/)]);
  return e;
}

describe('client ID metadata documents', () => {
  it('fetches a document, checks it, and caches it as its max-age allows', async () => {
    const documents = local();
    const url = `${origin}/client.json`;
    const client = await documents.client(url);
    expect(client).toEqual({
      id: url,
      name: 'Doc App',
      redirectUris: [redirect],
      logoUri: 'https://app.example/logo.png',
      grants: ['authorization_code', 'refresh_token'],
      kind: 'metadata-document',
    });
    const before = hits.get('/client.json');
    expect(await documents.client(url)).toEqual(client);
    expect(hits.get('/client.json')).toBe(before);
  });

  it('fetches a no-store document every time, and names an unnamed client', async () => {
    const documents = local();
    const url = `${origin}/nostore.json`;
    expect((await documents.client(url)).name).toBe('Unnamed application');
    await documents.client(url);
    expect(hits.get('/nostore.json')).toBe(2);
  });

  it('refuses a client_id that is not an https URL with a path, naming client_id', async () => {
    const documents = local();
    expect((await refusal(documents, 'http://127.0.0.1/client.json')).description).toBe(
      '`client_id`: a client ID metadata document must be served over https',
    );
    expect((await refusal(documents, `${origin}/`)).description).toBe(
      '`client_id`: a client ID metadata document URL needs a path and no fragment or credentials',
    );
    expect((await refusal(documents, `${origin}/client.json#x`)).description).toMatch(/no fragment or credentials/);
    expect((await refusal(documents, 'https://user:pw@127.0.0.1/client.json')).description).toMatch(/no fragment or credentials/);
    expect((await refusal(documents, 'https://[bad/client.json')).description).toBe('`client_id` is not a valid URL');
  });

  it('refuses redirects, other statuses, documents over 10 KB, and non-JSON', async () => {
    const documents = local();
    expect((await refusal(documents, `${origin}/moved.json`)).description).toBe(
      '`client_id`: the client metadata document could not be fetched (HTTP 302; only 200 is accepted, redirects are not followed)',
    );
    expect((await refusal(documents, `${origin}/missing.json`)).description).toMatch(/\(HTTP 404; only 200 is accepted/);
    expect((await refusal(documents, `${origin}/big.json`)).description).toBe(
      '`client_id`: the client metadata document could not be fetched (larger than 10240 bytes)',
    );
    expect((await refusal(documents, `${origin}/text.json`)).description).toBe('`client_id`: the client metadata document is not JSON');
  });

  it('refuses a document for another client_id, a confidential client, or a bad redirect URI', async () => {
    const documents = local();
    expect((await refusal(documents, `${origin}/other.json`)).description).toBe(
      "`client_id`: the document's client_id does not equal its URL",
    );
    const secret = await refusal(documents, `${origin}/secret.json`);
    expect([secret.error, secret.description]).toEqual([
      'invalid_client',
      '`token_endpoint_auth_method`: client documents here are public clients ("none")',
    ]);
    const bad = await refusal(documents, `${origin}/badredirect.json`);
    expect(bad.error).toBe('invalid_redirect_uri');
    expect(bad.description).toMatch(/^`redirect_uris\[0\]`: http is allowed only for loopback/);
  });

  it('gives up on a host that has not answered in full within 5 s', async () => {
    const started = Date.now();
    expect((await refusal(local(), `${origin}/slow.json`)).description).toBe(
      '`client_id`: the client metadata document could not be fetched (no complete answer within 5 s)',
    );
    // The host answers after 6 s: the fetch gave up first.
    expect(Date.now() - started).toBeLessThan(6_000);
  }, 15_000);

  it('fetches only from public addresses by default', async () => {
    const documents = new ClientDocuments({ resolver: async () => ['127.0.0.1'], clientDocumentCa: cert }, memoryCounters());
    const e = await refusal(documents, `${origin}/client.json`);
    expect(e.error).toBe('invalid_client');
    expect(e.description).toMatch(/^`client_id`: /);
    expect(e.description).toMatch(/client documents are fetched only from public hosts/);
  });
});
