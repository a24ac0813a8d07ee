/**
 * A browser that cannot start is not an internal error: renders answer 503
 * with Retry-After and the cause and fix, are refunded, the cause is logged
 * once; MCP gives the same message as an isError result. (No browser at all:
 * test/render-browser.test.ts and test/doctor.test.ts check the command named.)
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { post, tempDir, type TestServer } from './helpers/server.js';
import { renderServer } from './render-helpers.js';
import { PLANS } from '../src/accounts/plans.js';

const dir = tempDir('werkbank-badbrowser-');
/** A "browser" that dies at start, as one missing a shared library does (the loader exits 127). */
const exits127 = join(dir, 'chromium');
writeFileSync(
  exits127,
  '#!/bin/sh\necho "chromium: error while loading shared libraries: libnspr4.so: cannot open shared object file" >&2\nexit 127\n',
);
chmodSync(exits127, 0o755);
const notExecutable = join(dir, 'not-executable');
writeFileSync(notExecutable, 'not a program');
chmodSync(notExecutable, 0o644);

let srv: TestServer;
const logged: string[] = [];
const realWrite = process.stderr.write.bind(process.stderr);

beforeAll(async () => {
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
    logged.push(String(chunk));
    return (realWrite as (...a: unknown[]) => boolean)(chunk, ...rest);
  });
});
afterEach(async () => {
  await srv?.close();
  delete process.env.WERKBANK_CHROMIUM_PATH;
  delete process.env.WERKBANK_BROWSER_DIR;
  logged.length = 0;
});
afterAll(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

async function start(browser: string) {
  process.env.WERKBANK_CHROMIUM_PATH = browser;
  srv = await renderServer({ renderPrice: 25 }, 'paid');
  // Past the monthly render allowance: every render is paid in credits.
  await srv.server.store.updateAccount(srv.accountId, (a) => {
    a.renderAllowanceUsed = PLANS[a.plan].renderAllowance;
  });
}

const balance = async () => (await srv.server.accounts.balance(srv.accountId)).remaining;

describe('a browser that cannot start', () => {
  it('exits at start (127): 503 with Retry-After, the cause and the fix; refunded; logged once', async () => {
    await start(exits127);
    const before = await balance();
    const res = await post(srv.url, '/api/v1/render/html-to-pdf', { html: '<p>x</p>' }, srv.key);
    expect(res.status, res.text).toBe(503);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.json.error).toContain(exits127);
    expect(res.json.error).toMatch(/libnspr4\.so/);
    expect(res.json.error).toMatch(/Fix: .*(apt-get install|WERKBANK_CHROMIUM_PATH)/);
    expect(res.json.error).not.toMatch(/Internal error/);
    expect(await balance()).toBe(before);

    // Again (and a URL render): the same answer, still free, and the cause is not logged a second time.
    const again = await post(srv.url, '/api/v1/render/html-to-pdf', { html: '<p>y</p>' }, srv.key);
    expect(again.status).toBe(503);
    expect(again.json.error).toBe(res.json.error);
    expect(await balance()).toBe(before);
    expect(logged.filter((l) => l.includes('browser cannot start')).length).toBe(1);
  });

  it('is not executable: 503 naming chmod +x or another browser', async () => {
    await start(notExecutable);
    const before = await balance();
    const res = await post(srv.url, '/api/v1/render/html-to-pdf', { html: '<p>x</p>' }, srv.key);
    expect(res.status, res.text).toBe(503);
    expect(res.headers.get('retry-after')).toBeTruthy();
    expect(res.json.error).toMatch(/not an executable file.*Fix: chmod \+x/);
    expect(await balance()).toBe(before);
  });

  it('MCP: the same message as an isError result', async () => {
    await start(exits127);
    const client = new Client({ name: 'render-unavailable', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${srv.url}/mcp?toolsets=render`), { requestInit: { headers: { 'X-API-Key': srv.key } } }),
    );
    try {
      const before = await balance();
      const result = await client.callTool({ name: 'html_to_pdf', arguments: { html: '<p>mcp</p>' } });
      expect(result.isError).toBe(true);
      const message = (result.content as { type: string; text?: string }[]).map((b) => b.text ?? '').join('\n');
      expect(message).toMatch(/cannot start|did not start/);
      expect(message).toMatch(/Fix: /);
      expect(message).not.toMatch(/Internal error/);
      expect(await balance()).toBe(before);
    } finally {
      await client.close();
    }
  });
});
