/**
 * Shared fixtures of the render tests: a werkbank server whose SSRF checks use
 * an injected resolver (names under `.test`) and policy (only 127.0.0.2 is
 * "public"), a "public" site on 127.0.0.2, a canary on 127.0.0.1 that must
 * never be reached, and decoders for the outputs (pdf.js, pngjs, jsQR).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { PNG } from 'pngjs';
import jsQR from 'jsqr';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { startServer, type TestServer } from './helpers/server.js';
import type { ServerConfig } from '../src/server.js';

export const PUBLIC_IP = '127.0.0.2';

export interface Site {
  server: Server;
  port: number;
  hits: string[];
  close(): Promise<void>;
}

/** An HTTP server on `host`; records every request line it receives. */
export async function site(host: string, handler: (req: IncomingMessage, res: ServerResponse, port: number) => void): Promise<Site> {
  const hits: string[] = [];
  let port = 0;
  const server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    handler(req, res, port);
  });
  server.on('upgrade', (req, socket) => {
    hits.push(`UPGRADE ${req.url}`);
    socket.destroy();
  });
  server.on('connect', (req, socket) => {
    hits.push(`CONNECT ${req.url}`);
    socket.destroy();
  });
  await new Promise<void>((r) => server.listen(0, host, r));
  port = (server.address() as { port: number }).port;
  return {
    server,
    port,
    hits,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** The canary: any hit is an SSRF. */
export function canary(): Promise<Site> {
  return site('127.0.0.1', (_req, res) => {
    res.setHeader('Content-Type', 'text/html');
    res.end('<h1>CANARY-SECRET</h1>');
  });
}

/** Test resolver: `public.test` → 127.0.0.2, `canary.test` → 127.0.0.1, `mixed.test` → both; others NXDOMAIN. */
export function testResolver(overrides: Record<string, () => string[]> = {}) {
  return async (host: string): Promise<string[]> => {
    if (overrides[host]) return overrides[host]();
    if (host === 'public.test') return [PUBLIC_IP];
    if (host === 'canary.test') return ['127.0.0.1'];
    if (host === 'mixed.test') return [PUBLIC_IP, '127.0.0.1'];
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  };
}

export async function renderServer(over: Partial<ServerConfig> = {}, plan: 'free' | 'paid' = 'free'): Promise<TestServer> {
  return startServer({ renderResolver: testResolver(), renderPolicy: (ip) => ip === PUBLIC_IP, ...over }, plan);
}

/** Download a hosted file from the test server (URLs are root-relative there). */
export async function download(srv: TestServer, url: string) {
  const res = await fetch(new URL(url, srv.url));
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

export interface PdfInfo {
  pages: number;
  /** Width and height of the first page, PostScript points. */
  size: [number, number];
  text: string;
}

export async function readPdf(body: Uint8Array): Promise<PdfInfo> {
  const doc = await getDocument({ data: new Uint8Array(body), verbosity: 0 }).promise;
  let text = '';
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const content = await page.getTextContent();
    text += content.items.map((it) => ('str' in it ? it.str : '')).join(' ') + '\n';
  }
  const first = await doc.getPage(1);
  const [x0, y0, x1, y1] = first.view;
  const size: [number, number] = [x1 - x0, y1 - y0];
  await doc.destroy();
  return { pages: doc.numPages, size, text };
}

/** Paper size check: Chromium rounds page sizes to whole device pixels (A4 comes out 595.9 × 842.9 pt). */
export function closeToSize(actual: [number, number], expected: readonly [number, number]): boolean {
  return Math.abs(actual[0] - expected[0]) < 1.5 && Math.abs(actual[1] - expected[1]) < 1.5;
}

export function readPng(body: Uint8Array): PNG {
  return PNG.sync.read(Buffer.from(body));
}

export function decodeQr(body: Uint8Array): string | null {
  const png = readPng(body);
  return (
    jsQR.default(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.byteLength), png.width, png.height)?.data ?? null
  );
}
