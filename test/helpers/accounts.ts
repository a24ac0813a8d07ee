/**
 * Fixtures of the account and OAuth tests: a listening server whose public base URL is
 * http://localhost:<port> (passkeys refuse IP addresses), Chromium's virtual authenticator
 * (the DevTools WebAuthn domain), and sign-up / sign-in through the real pages.
 */
import { serve } from '@hono/node-server';
import type { Server as HttpServer } from 'node:http';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { rmSync } from 'node:fs';
import { createServer, configFromEnv, type Server, type ServerConfig } from '../../src/server.js';
import { tempDir } from './server.js';

export interface AccountsServer {
  url: string;
  port: number;
  server: Server;
  config: ServerConfig;
  close(): Promise<void>;
}

type Fetch = (req: Request, env: unknown) => Response | Promise<Response>;

/**
 * One listening address whose handler changes: a server started again at the address its passkeys were
 * made on (their origin), without a moment in which the port is free for another test to take.
 */
export interface Address {
  port: number;
  use(fetch: Fetch | null): void;
  close(): Promise<void>;
}

export async function listenAddress(): Promise<Address> {
  let handler: Fetch | null = null;
  const http = await listen(
    (req, env) => (handler ? handler(req, env) : new Response('no server at this address now', { status: 503 })),
    0,
  );
  return {
    port: (http.address() as { port: number }).port,
    use: (fetch) => (handler = fetch),
    // Every connection cut: a page that keeps its keep-alive connection busy (polling) would hold close() open.
    close: () =>
      new Promise((r) => {
        http.close(() => r());
        http.closeAllConnections();
      }),
  };
}

/** An HTTP/1.1 server (serve's default: what `closeAllConnections` needs). */
function listen(fetch: Fetch, port: number): Promise<HttpServer> {
  return new Promise((resolve, reject) => {
    const s = serve({ fetch: fetch, port, hostname: '127.0.0.1' }, () => resolve(s as HttpServer));
    s.once('error', reject);
  });
}

/** A server on a port of its own, or at `at` (see `listenAddress`). */
export async function startAccountsServer(over: Partial<ServerConfig> = {}, at?: Address): Promise<AccountsServer> {
  const dataDir = over.dataDir ?? tempDir('werkbank-accounts-');
  const config = configFromEnv({ toolsets: new Set(), signup: 'open', ...over, dataDir });
  const server = await createServer(config);
  const http = at ? null : await listen(server.app.fetch, 0);
  at?.use(server.app.fetch);
  const bound = at ? at.port : (http!.address() as { port: number }).port;
  config.baseUrl ??= `http://localhost:${bound}`;
  return {
    url: config.baseUrl,
    port: bound,
    server,
    config,
    close: async () => {
      if (http) await new Promise((r) => http.close(() => r(undefined)));
      else at!.use(null);
      await server.close();
      if (!over.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A virtual platform authenticator on this page (resident keys, user verification that passes). */
export async function virtualAuthenticator(context: BrowserContext, page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      ctap2Version: 'ctap2_1',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

export async function signUp(page: Page, base: string, name: string, passkeyName = 'Laptop'): Promise<void> {
  await page.goto(`${base}/signin`);
  await page.fill('#signup-name', name);
  await page.fill('#signup-passkey', passkeyName);
  await page.click('#signup');
  await page.waitForURL(/\/account$/, { timeout: 15_000 });
  await page.locator('#passkeys li').first().waitFor({ timeout: 15_000 });
}

export async function signIn(page: Page, base: string, next?: string): Promise<void> {
  await page.goto(`${base}/signin${next ? `?next=${encodeURIComponent(next)}` : ''}`);
  await page.click('#passkey-signin');
}

/** The session cookie of the context, as a Cookie header. */
export async function sessionCookie(context: BrowserContext): Promise<string> {
  const c = (await context.cookies()).find((k) => k.name === 'wb_session');
  if (!c) throw new Error('no session cookie');
  return `wb_session=${c.value}`;
}
