/**
 * An OAuth instance on a fresh embedded store with its routes on a Hono app, one account signed in (a stand-in
 * identity: its session and name), and the authorization-code flow through the real routes: register, approve,
 * exchange the code.
 */
import { createHash, randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { Hono, type Context } from 'hono';
import type { RouteHelpers } from '../../src/http/app.js';
import { OAuth, oauthRoutes } from '../../src/http/oauth/index.js';
import { openStore } from '../../src/store/select.js';
import type { Store } from '../../src/store/store.js';
import { tempDir } from '../helpers/server.js';

export const ORIGIN = 'http://wb.test';
export const REDIRECT = 'https://app.example/cb';

export interface Flow {
  store: Store;
  oauth: OAuth;
  app: Hono;
  accountId: string;
  revoked: string[];
  advance(ms: number): void;
  now(): Date;
  form(path: string, fields: Record<string, string>): Promise<Response>;
  /** Register a client, approve it as the account, exchange the code: the token response. */
  connect(): Promise<{ clientId: string; access_token: string; refresh_token: string; expires_in: number }>;
  close(): Promise<void>;
}

export async function startFlow(): Promise<Flow> {
  const dir = tempDir();
  const store = await openStore({ dataDir: dir });
  // From the real time: the library dates the tokens it issues by the system clock.
  let t = Date.now();
  const now = () => new Date(t);
  const accountId = 'acc_flow';
  await store.createAccount({
    id: accountId,
    name: 'flow',
    plan: 'paid',
    createdAt: now().toISOString(),
    periodStart: now().toISOString(),
    allowanceUsed: 0,
    packCredits: 0,
    renderAllowanceUsed: 0,
  });
  const identity = {
    session: async () => ({ accountId, csrf: 'csrf' }),
    requireSession: async () => ({ accountId, csrf: 'csrf' }),
    opts: { accounts: { accountInfo: async () => ({ name: 'flow' }) } },
  };
  const oauth = new OAuth({ store, accounts: {} as never, identity: identity as never, baseUrl: () => undefined, trustProxy: false, now });
  const revoked: string[] = [];
  oauth.onRevoked = (credentialId) => revoked.push(credentialId);
  const app = new Hono();
  const helpers = {
    readJsonObject: (c: Context) => c.req.json<Record<string, unknown>>(),
    errorResponse: () => new Response(null, { status: 500 }),
  };
  oauthRoutes(oauth, identity as never, (c, args) => c.json(args, 'status' in args ? (args.status as 400) : 200))(
    app,
    helpers as unknown as RouteHelpers,
  );
  // With its Content-Length, as a client over the network sends it (the library looks for a body by it).
  const form = async (path: string, fields: Record<string, string>) => {
    const body = new URLSearchParams(fields).toString();
    return app.request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(Buffer.byteLength(body)) },
      body,
    });
  };
  return {
    store,
    oauth,
    app,
    accountId,
    revoked,
    advance: (ms) => void (t += ms),
    now,
    form,
    async connect() {
      const registered = await app.request(`${ORIGIN}/oauth/register`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ client_name: 'Flow App', redirect_uris: [REDIRECT] }),
      });
      const clientId = ((await registered.json()) as { client_id: string }).client_id;
      const verifier = randomBytes(32).toString('base64url');
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      const approved = await form('/oauth/authorize', {
        client_id: clientId,
        redirect_uri: REDIRECT,
        response_type: 'code',
        state: 'st-1',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        decision: 'approve',
      });
      const back = new URL(approved.headers.get('location')!);
      const code = back.searchParams.get('code')!;
      const res = await form('/oauth/token', {
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT,
        client_id: clientId,
        code_verifier: verifier,
      });
      if (res.status !== 200) throw new Error(`token: ${res.status} ${await res.text()}`);
      return { clientId, ...((await res.json()) as { access_token: string; refresh_token: string; expires_in: number }) };
    },
    async close() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The headers of a request to /mcp on this host. */
export const mcpHeaders = (host = 'wb.test') => new Headers({ host });
