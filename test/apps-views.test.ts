/**
 * MCP Apps views in a real host: a page in Chromium built with the SDK's `AppBridge` (test/helpers/apps-host.ts)
 * shows werkbank's view of twelve tools of every result kind, each in an iframe sandboxed to scripts under the
 * specification's default CSP, fed by real `tools/call` results of a listening server through a real MCP client
 * that announces the extension. The headline, rows, image or download are visible, axe finds nothing, the dark
 * theme and the host's colours apply, and "Run again" and "Show all rows" reach the server as the person's own
 * calls, charged once each. Screenshots go to test-output/apps/.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { APPS_EXTENSION, VIEW_MIME_TYPE } from '../src/apps/meta.js';
import type { ToolDeclaration } from '../src/core/tool.js';
import { startServer, type TestServer } from './helpers/server.js';
import { axeScan, launchBrowser } from './helpers/web.js';
import { openHost, showView } from './helpers/apps-host.js';
import { repoRoot } from './helpers/paths.js';

const OUTPUT = resolve(repoRoot, 'test-output/apps');
const TOOLS = [
  'finance/loan-calculator',
  'dutch-calc/salary-calculator',
  'dutch-calc/aow-age-calculator',
  'render/qr-code',
  'text-analysis/word-frequency-counter',
  'text/text-diff',
  'dev/uuid-generator',
  'format/markdown-to-html',
  'dev/jwt-decoder',
  'csv/csv-split',
  'format/json-to-csv',
  'text/text-case-converter',
];
const declarations = new Map<string, ToolDeclaration>();
for (const path of TOOLS)
  declarations.set(
    path,
    ((await import(pathToFileURL(resolve(repoRoot, 'tools', `${path}.ts`)).href)) as { default: ToolDeclaration }).default,
  );

let srv: TestServer;
let client: Client;
let browser: Browser;
let page: Page;
const listed = new Map<string, Record<string, any>>();
const documents = new Map<string, string>();

beforeAll(async () => {
  srv = await startServer();
  client = new Client(
    { name: 'apps-host', version: '1' },
    { capabilities: { extensions: { [APPS_EXTENSION]: { mimeTypes: [VIEW_MIME_TYPE] } } } },
  );
  const toolsets = [...new Set(TOOLS.map((p) => p.split('/')[0]))].join(',');
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${srv.url}/mcp?toolsets=${toolsets}`), {
      requestInit: { headers: { 'X-API-Key': srv.key } },
    }),
  );
  for (const tool of (await client.listTools()).tools) listed.set(tool.name, tool);
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 760, height: 900 } });
  page = await context.newPage();
  await openHost(page, (params) => client.callTool(params as Parameters<Client['callTool']>[0]));
  mkdirSync(OUTPUT, { recursive: true });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await client?.close();
  await srv?.close();
});

/** Call the tool as a host would, and show its view; answers the view's frame. */
async function show(path: string, theme: 'light' | 'dark' = 'light', variables?: Record<string, string>): Promise<FrameLocator> {
  const declaration = declarations.get(path)!;
  const tool = listed.get(declaration.name)!;
  const uri = (tool._meta as { ui: { resourceUri: string } }).ui.resourceUri;
  expect(uri).toBe(`ui://werkbank/${declaration.resultView!.kind}`);
  if (!documents.has(uri)) {
    const read = await client.readResource({ uri });
    expect(read.contents[0].mimeType).toBe(VIEW_MIME_TYPE);
    documents.set(uri, (read.contents[0] as { text: string }).text);
  }
  const args = declaration.examples[0].input as Record<string, unknown>;
  const result = await client.callTool({ name: tool.name, arguments: args });
  expect(result.isError).toBeFalsy();
  await showView(page, { html: documents.get(uri)!, tool, args, result, theme, variables });
  return page.frameLocator('iframe');
}

async function check(name: string): Promise<void> {
  await page.waitForTimeout(200); // the last size change
  await page.screenshot({ path: join(OUTPUT, `${name}.png`), fullPage: true });
  await page.locator('iframe').screenshot({ path: join(OUTPUT, `${name}-view.png`) });
  // A preview of the tool's HTML is the person's content, in a frame that runs no script (axe cannot enter it).
  const axe = await axeScan(page, [['iframe', 'iframe.preview']]);
  expect(axe.violations, name).toEqual([]);
}

const remaining = async () => (await srv.server.accounts.balance(srv.accountId)).remaining;

describe('werkbank views in an MCP Apps host', () => {
  it('a loan: the monthly payment as the headline, its schedule rows, run again and all rows charged once each', async () => {
    const frame = await show('finance/loan-calculator');
    await expect(frame.locator('.primary .figure').textContent()).resolves.toMatch(/\d/);
    const first = await frame.locator('.primary .figure').textContent();
    expect(await frame.locator('.tables table tbody tr').count()).toBeGreaterThan(0);
    await check('loan-calculator');

    // Run again from the view: the person's own call, through the host, charged once.
    const before = await remaining();
    await frame.locator('summary', { hasText: 'Change the inputs' }).click();
    await frame.locator('#in-amount').fill('250000');
    await frame.locator('#in-term').fill('30');
    await frame.locator('#in-termUnit').selectOption('years');
    await frame.getByRole('button', { name: 'Run again' }).click();
    await expect.poll(() => frame.locator('.primary .figure').textContent(), { timeout: 30_000 }).not.toBe(first);
    expect(await remaining()).toBe(before - declarations.get('finance/loan-calculator')!.cost);
    expect(await frame.locator('.tables table tbody tr').count()).toBe(12);
    await check('loan-calculator-run-again');

    // The schedule was cut for the model: "Show all 360 rows" asks for them, charged once more.
    await frame.getByRole('button', { name: 'Show all 360 rows' }).click();
    await expect.poll(() => frame.locator('.tables table tbody tr').count(), { timeout: 30_000 }).toBe(360);
    expect(await remaining()).toBe(before - 2 * declarations.get('finance/loan-calculator')!.cost);
  }, 180_000);

  it('a salary: the net amount as the headline with its breakdown, in the dark theme and the host colours', async () => {
    const frame = await show('dutch-calc/salary-calculator', 'dark', { '--color-background-secondary': 'rgb(16, 32, 48)' });
    await expect(frame.locator('.primary .figure').textContent()).resolves.toMatch(/€|EUR|\d/);
    expect(await frame.locator('.summary-card dl.summary div').count()).toBeGreaterThan(2);
    const theme = await frame.locator('html').getAttribute('data-theme');
    expect(theme).toBe('dark');
    const primaryBg = await frame.locator('.primary').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(primaryBg).toBe('rgb(16, 32, 48)');
    const fg = await frame.locator('body').evaluate((el) => getComputedStyle(el).color);
    expect(fg).toBe('rgb(232, 233, 235)'); // the dark theme's text colour
    await check('salary-calculator-dark');
  }, 180_000);

  it('a QR code: the image from the answer itself, and its download through the host', async () => {
    const frame = await show('render/qr-code');
    const img = frame.locator('img.result');
    await expect(img.getAttribute('src')).resolves.toMatch(/^data:image\/png;base64,/);
    expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await frame.getByRole('button', { name: 'Download image' }).click();
    await expect.poll(() => page.evaluate(() => (window as any).downloads.length)).toBe(1);
    const download = await page.evaluate(() => (window as any).downloads[0].contents[0]);
    expect(download.resource.mimeType).toBe('image/png');
    expect(download.resource.blob.length).toBeGreaterThan(100);
    await check('qr-code');
  }, 180_000);

  it('files made by the tool: each a download through the host, the first previewed', async () => {
    const frame = await show('csv/csv-split');
    const links = frame.locator('ul.files li a');
    expect(await links.count()).toBe(2);
    await links.first().click();
    await expect.poll(() => page.evaluate(() => (window as any).downloads.length)).toBe(1);
    const file = await page.evaluate(() => (window as any).downloads[0].contents[0].resource);
    expect(file.text).toContain('id,name');
    await check('csv-split');
  }, 180_000);

  const others: [string, string, (frame: FrameLocator) => Promise<void>][] = [
    [
      'dutch-calc/aow-age-calculator',
      'a date as the headline',
      async (f) => expect(await f.locator('.primary .figure').textContent()).toMatch(/\d{4}/),
    ],
    [
      'text-analysis/word-frequency-counter',
      'a table',
      async (f) => expect(await f.locator('.primary table tbody tr').count()).toBeGreaterThan(2),
    ],
    ['text/text-diff', 'a diff', async (f) => expect(await f.locator('.diff del, .diff ins').count()).toBeGreaterThan(1)],
    ['dev/uuid-generator', 'a list', async (f) => expect(await f.locator('ol.values li').count()).toBeGreaterThan(0)],
    ['format/markdown-to-html', 'HTML with its preview', async (f) => expect(await f.locator('iframe.preview').count()).toBe(1)],
    ['dev/jwt-decoder', 'a record', async (f) => expect(await f.locator('.primary dl.summary div').count()).toBeGreaterThan(0)],
    ['format/json-to-csv', 'code', async (f) => expect(await f.locator('.primary pre.code').textContent()).toContain(',')],
    [
      'text/text-case-converter',
      'text',
      async (f) => expect(await f.locator('.primary output, .primary pre').first().textContent()).not.toBe(''),
    ],
  ];
  for (const [path, what, expectShown] of others)
    it(`${path.split('/')[1]}: ${what}`, async () => {
      const frame = await show(path);
      await expectShown(frame);
      await check(path.split('/')[1]);
    }, 120_000);
});
