/**
 * Render outputs with real Chromium: PDFs parse and hold the HTML's text at
 * the requested paper size, PNGs have the requested width, QR codes decode,
 * hosted files are served safely and expire; request limits.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { post, type TestServer } from './helpers/server.js';
import { canary, closeToSize, decodeQr, download, readPdf, readPng, renderServer, site, type Site } from './render-helpers.js';

let now = new Date('2026-03-10T12:00:00Z');
let srv: TestServer;
let pub: Site;
let spy: Site;

beforeAll(async () => {
  spy = await canary();
  pub = await site('127.0.0.2', (req, res) => {
    res.setHeader('Content-Type', 'text/html');
    if (req.url === '/tall') return res.end('<body style="margin:0"><div style="height:40000px;background:#eee">tall</div></body>');
    if (req.url === '/short') return res.end('<body style="margin:0"><div style="height:1000px">short page</div></body>');
    res.end('<!doctype html><title>Public</title><h1>Public page text</h1>');
  });
  srv = await renderServer({ now: () => now }, 'paid');
});
afterAll(async () => {
  await srv?.close();
  await pub?.close();
  await spy?.close();
  expect(spy.hits).toEqual([]);
});

const render = (slug: string, body: unknown, key: string | undefined = srv.key) => post(srv.url, `/api/v1/render/${slug}`, body, key);

describe('html-to-pdf', () => {
  it('renders the HTML text on A4 portrait by default', async () => {
    const res = await render('html-to-pdf', { html: '<!doctype html><h1>Factuur 2026-001</h1><p>Totaal € 121,00</p>' });
    expect(res.status, res.text).toBe(200);
    const data = res.json.data;
    expect(data).toMatchObject({ contentType: 'application/pdf', metering: { source: 'allowance', remaining: 49 } });
    expect(Date.parse(data.expiresAt) - now.getTime()).toBe(24 * 3600_000);
    const file = await download(srv, data.url);
    expect(file.status).toBe(200);
    expect(file.body.length).toBe(data.bytes);
    const pdf = await readPdf(file.body);
    expect(pdf.text).toContain('Factuur 2026-001');
    expect(pdf.text).toContain('Totaal € 121,00');
    expect(closeToSize(pdf.size, [595.28, 841.89]), String(pdf.size)).toBe(true); // A4 in points
  });

  it.each([
    ['A4', false, [595.28, 841.89]],
    ['A4', true, [841.89, 595.28]],
    ['Letter', false, [612, 792]],
    ['letter', true, [792, 612]],
  ] as const)('format %s landscape %s → %j pt', async (format, landscape, size) => {
    const res = await render('html-to-pdf', { html: '<p>Size check</p>', format, landscape });
    expect(res.status, res.text).toBe(200);
    const pdf = await readPdf((await download(srv, res.json.data.url)).body);
    expect(closeToSize(pdf.size, size), String(pdf.size)).toBe(true);
    expect(pdf.text).toContain('Size check');
  });

  it('never shows local files: file: iframes, images and stylesheets stay empty', async () => {
    const html = `<h1>Report</h1><iframe src="file:///etc/passwd"></iframe><iframe src="\\\\localhost/etc/passwd"></iframe>
      <link rel=stylesheet href="file:///etc/passwd"><img src="file:///proc/self/environ"><object data="file:///etc/passwd"></object>`;
    const res = await render('html-to-pdf', { html });
    expect(res.status, res.text).toBe(200);
    const pdf = await readPdf((await download(srv, res.json.data.url)).body);
    expect(pdf.text).toContain('Report');
    expect(pdf.text).not.toMatch(/root:|daemon:|PATH=/);
  });

  it('1 MB of html renders; 1 MB + 1 byte is 413 and costs nothing', async () => {
    const shell = '<p>big</p><!--';
    const exact = shell + 'x'.repeat(1024 * 1024 - shell.length - 3) + '-->';
    expect(Buffer.byteLength(exact)).toBe(1024 * 1024);
    const before = (await srv.server.accounts.balance(srv.accountId)).remaining;
    const over = await render('html-to-pdf', { html: exact + 'x' });
    expect(over.status).toBe(413);
    expect(over.json).toMatchObject({ code: 413, error: expect.stringMatching(/1 MB/) });
    // multi-byte characters count as bytes
    const euro = await render('html-to-pdf', { html: '€'.repeat(349_526) }); // 1,048,578 bytes
    expect(euro.status).toBe(413);
    const ok = await render('html-to-pdf', { html: exact });
    expect(ok.status, ok.text).toBe(200);
    expect((await srv.server.accounts.balance(srv.accountId)).remaining).toBe(before);
  });

  it('refuses bad input with 400 naming the field', async () => {
    for (const body of [
      {},
      { html: '' },
      { html: 1 },
      { html: '<p>x</p>', format: 'A5' },
      { html: '<p>x</p>', landscape: 'yes' },
      { html: 'x', margin: 1 },
    ]) {
      const res = await render('html-to-pdf', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.code).toBe(400);
    }
  });
});

describe('url-screenshot and url-to-pdf', () => {
  it('screenshots at the requested width (viewport 800 px high)', async () => {
    for (const width of [320, 1920]) {
      const res = await render('url-screenshot', { url: `http://public.test:${pub.port}/`, width });
      expect(res.status, res.text).toBe(200);
      expect(res.json.data.contentType).toBe('image/png');
      const png = readPng((await download(srv, res.json.data.url)).body);
      expect([png.width, png.height]).toEqual([width, 800]);
    }
  });

  it('fullPage captures the page height, capped at 16384 px', async () => {
    const short = await render('url-screenshot', { url: `http://public.test:${pub.port}/short`, width: 400, fullPage: true });
    expect(readPng((await download(srv, short.json.data.url)).body).height).toBe(1000);
    const tall = await render('url-screenshot', { url: `http://public.test:${pub.port}/tall`, width: 320, fullPage: true });
    expect(tall.status, tall.text).toBe(200);
    const png = readPng((await download(srv, tall.json.data.url)).body);
    expect([png.width, png.height]).toEqual([320, 16384]);
  });

  it('width 319 and 1921 are 400', async () => {
    // A numeric string ("800") is read as the number, like every number field; "800px" is not a number.
    for (const width of [319, 1921, 640.5, '1921', '800px']) {
      const res = await render('url-screenshot', { url: `http://public.test:${pub.port}/`, width });
      expect(res.status).toBe(400);
      expect(res.json.error).toMatch(/width/);
    }
  });

  it('url-to-pdf prints the page (Letter landscape)', async () => {
    const res = await render('url-to-pdf', { url: `http://public.test:${pub.port}/`, format: 'Letter', landscape: true });
    expect(res.status, res.text).toBe(200);
    const pdf = await readPdf((await download(srv, res.json.data.url)).body);
    expect(pdf.text).toContain('Public page text');
    expect(closeToSize(pdf.size, [792, 612]), String(pdf.size)).toBe(true);
  });
});

describe('qr-code', () => {
  it.each([
    ['https://example.com/path?q=1', 'M'],
    ['Betaal € 12,50 aan werkbank', 'H'],
    ['HELLO WORLD 123', 'L'],
  ])('%s (level %s) decodes back to the input', async (text, errorCorrectionLevel) => {
    const res = await render('qr-code', { text, errorCorrectionLevel, size: 400 });
    expect(res.status, res.text).toBe(200);
    const body = (await download(srv, res.json.data.url)).body;
    expect(decodeQr(body)).toBe(text);
    const png = readPng(body);
    expect(png.width).toBe(res.json.data.width);
    expect(res.json.data.modules).toBe(17 + 4 * res.json.data.version);
  });

  it('SVG output: markup inline and hosted as an attachment with a sandbox CSP', async () => {
    const res = await render('qr-code', { text: 'svg please', format: 'svg', margin: 0 });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.svg).toMatch(/^<svg[^>]+width="512"/);
    const file = await download(srv, res.json.data.url);
    expect(file.headers.get('content-type')).toBe('image/svg+xml');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(file.headers.get('content-security-policy')).toMatch(/sandbox/);
    expect(file.body.toString()).toBe(res.json.data.svg);
  });

  it('needs a key (only the three browser renders are anonymous), and refuses oversized text', async () => {
    expect((await render('qr-code', { text: 'x' }, '')).status).toBe(401);
    const res = await render('qr-code', { text: 'x'.repeat(3000), errorCorrectionLevel: 'H' });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatch(/text/);
  });
});

describe('hosted files', () => {
  it('are served with type, nosniff, disposition and cache headers; unguessable ids', async () => {
    const res = await render('html-to-pdf', { html: '<p>headers</p>' });
    const id = res.json.data.url.split('/').pop();
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
    const file = await download(srv, res.json.data.url);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-disposition')).toBe('inline; filename="document.pdf"');
    expect(file.headers.get('cache-control')).toBe(`private, max-age=${24 * 3600}`);
    for (const bad of ['nope', '../werkbank.json', '%2e%2e%2fwerkbank.json', id.slice(0, -1) + (id.endsWith('A') ? 'B' : 'A')])
      expect((await download(srv, `/files/${bad}`)).status).toBe(404);
  });

  it('expire after 24 hours (410) and are deleted by the sweeper (404)', async () => {
    const res = await render('qr-code', { text: 'expiry' });
    const url = res.json.data.url;
    const start = now;
    try {
      now = new Date(start.getTime() + 24 * 3600_000 - 1000);
      expect((await download(srv, url)).status).toBe(200);
      now = new Date(start.getTime() + 24 * 3600_000);
      const gone = await download(srv, url);
      expect(gone.status).toBe(410);
      const { FileStore } = await import('../src/render/files.js');
      // The server's sweeper, run now: the same directory, the same clock.
      expect(await new FileStore({ dir: join(srv.dataDir, 'files'), baseUrl: () => '', now: () => now }).sweep()).toBeGreaterThanOrEqual(1);
      expect((await download(srv, url)).status).toBe(404);
    } finally {
      now = start;
    }
  });
});

describe('MCP', () => {
  it('returns the PNG as an image block and the PDF as a resource link', async () => {
    const client = new Client({ name: 'render-tests', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${srv.url}/mcp?toolsets=render`), { requestInit: { headers: { 'X-API-Key': srv.key } } }),
    );
    try {
      const { tools } = await client.listTools();
      const byName = new Map(tools.map((t) => [t.name, t]));
      for (const name of ['html_to_pdf', 'url_screenshot', 'url_to_pdf', 'qr_code']) expect(byName.has(name), name).toBe(true);
      expect(byName.get('url_screenshot')!.annotations?.openWorldHint).toBe(true);
      expect(byName.get('url_to_pdf')!.annotations?.openWorldHint).toBe(true);

      const shot = await client.callTool({ name: 'url_screenshot', arguments: { url: `http://public.test:${pub.port}/`, width: 640 } });
      expect(shot.isError, JSON.stringify(shot.content)).toBeFalsy();
      const image = (shot.content as { type: string; data?: string; mimeType?: string }[]).find((b) => b.type === 'image')!;
      expect(image.mimeType).toBe('image/png');
      expect(readPng(Buffer.from(image.data!, 'base64')).width).toBe(640);

      const qr = await client.callTool({ name: 'qr_code', arguments: { text: 'over mcp' } });
      const qrImage = (qr.content as { type: string; data?: string }[]).find((b) => b.type === 'image')!;
      expect(decodeQr(Buffer.from(qrImage.data!, 'base64'))).toBe('over mcp');

      const pdf = await client.callTool({ name: 'html_to_pdf', arguments: { html: '<p>mcp</p>' } });
      const link = (pdf.content as { type: string; uri?: string; mimeType?: string }[]).find((b) => b.type === 'resource_link')!;
      expect(link).toMatchObject({ mimeType: 'application/pdf', uri: (pdf.structuredContent as { url: string }).url });
    } finally {
      await client.close();
    }
  });
});
