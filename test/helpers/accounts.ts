/**
 * Fixtures of the account and OAuth tests: a listening server whose public base URL is
 * http://localhost:<port> (passkeys refuse IP addresses), Chromium's virtual authenticator
 * (the DevTools WebAuthn domain), and sign-up / sign-in through the real pages.
 */
import { serve, type ServerType } from '@hono/node-server';
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

/** `port`: listen there (0: any free port), e.g. to start a server again at the address its passkeys were made on. */
export async function startAccountsServer(over: Partial<ServerConfig> = {}, port = 0): Promise<AccountsServer> {
  const dataDir = over.dataDir ?? tempDir('werkbank-accounts-');
  const config = configFromEnv({ toolsets: new Set(), signup: 'open', ...over, dataDir });
  const server = await createServer(config);
  const http: ServerType = await new Promise((res) => {
    const s = serve({ fetch: server.app.fetch, port, hostname: '127.0.0.1' }, () => res(s));
  });
  const bound = (http.address() as { port: number }).port;
  config.baseUrl ??= `http://localhost:${bound}`;
  return {
    url: config.baseUrl,
    port: bound,
    server,
    config,
    close: async () => {
      await new Promise((r) => http.close(() => r(undefined)));
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
  await page.locator('#credits').filter({ hasText: 'credits left' }).waitFor({ timeout: 15_000 });
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
