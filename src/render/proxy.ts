/**
 * The egress proxy: every request Chromium makes during a render goes through
 * it (launch flags and `<-loopback>`; see pool.ts), so this is where SSRF is
 * stopped.
 *
 * For each request (plain HTTP in absolute form, or a CONNECT tunnel for
 * HTTPS and WebSockets) it resolves the host ONCE, refuses unless every
 * address is public (`address.ts`), and connects to the checked address, so a
 * DNS answer that changes between check and connect (rebinding) cannot reach
 * an internal host. It never follows redirects: Chromium follows them and
 * comes back through here, so each hop is checked again.
 *
 * One session = one listener on 127.0.0.1:<random> used by one render's
 * browser context, so refusals are attributed to their render (a refused
 * main-frame navigation becomes a 400).
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { HttpError } from '../core/errors.js';
import { isLocalhostName, resolvePublic, type AddressPolicy, type Resolver } from './address.js';

/** Response header the proxy sets on refusals (how a render recognises a blocked navigation). */
export const BLOCKED_HEADER = 'x-werkbank-blocked';

export interface ProxyPolicy {
  resolver: Resolver;
  policy: AddressPolicy;
  /** Requests per render (sub-resources included); beyond it everything is refused. */
  maxRequests?: number;
  /** Upstream connect timeout, ms. */
  connectTimeoutMs?: number;
}

export interface BlockedRequest {
  /** `http://host/path` for plain requests, `host:port` for tunnels. */
  target: string;
  reason: string;
}

export interface ProxySession {
  /** `http://127.0.0.1:<port>`, for the browser context's proxy setting. */
  server: string;
  /** Requests refused so far, in order. */
  readonly blocked: BlockedRequest[];
  /** Requests seen (allowed or not). */
  readonly requests: number;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set([
  'connection',
  'proxy-connection',
  'keep-alive',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function stripHopByHop(raw: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) if (!HOP_BY_HOP.has(raw[i].toLowerCase())) out.push(raw[i], raw[i + 1]);
  return out;
}

/** `host:port` of a CONNECT line; IPv6 in brackets. */
function parseAuthority(authority: string): { host: string; port: number } | null {
  const m = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]/@\s]+)):(\d{1,5})$/.exec(authority);
  if (!m) return null;
  const port = Number(m[3]);
  if (port < 1 || port > 65535) return null;
  return { host: (m[1] ?? m[2]).toLowerCase(), port };
}

/** One session's admission: counts its requests, checks each host, and records every refusal in order. */
interface Gate {
  readonly blocked: BlockedRequest[];
  readonly requests: number;
  /** The checked address to connect to, or null with the refusal recorded. */
  admit(target: string, host: string): Promise<string | null>;
}

function openGate(opts: ProxyPolicy): Gate {
  const maxRequests = opts.maxRequests ?? 2_000;
  const blocked: BlockedRequest[] = [];
  let requests = 0;
  return {
    blocked,
    get requests() {
      return requests;
    },
    async admit(target, host) {
      requests++;
      if (requests > maxRequests) {
        blocked.push({ target, reason: `more than ${maxRequests} requests in one render` });
        return null;
      }
      if (isLocalhostName(host)) {
        blocked.push({ target, reason: `"${host}" is a local host name` });
        return null;
      }
      try {
        const [address] = await resolvePublic(host, opts.resolver, opts.policy);
        return address;
      } catch (err) {
        blocked.push({ target, reason: err instanceof HttpError ? err.message : String(err) });
        return null;
      }
    },
  };
}

function refuse(res: ServerResponse, status: number, reason: string): void {
  if (res.headersSent) return void res.destroy();
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', [BLOCKED_HEADER]: encodeURIComponent(reason), Connection: 'close' });
  res.end(`Blocked by werkbank: ${reason}\n`);
}

/** A plain HTTP request in absolute form: checked, then sent to the checked address as it came (hop-by-hop headers left out). */
async function forward(gate: Gate, req: IncomingMessage, res: ServerResponse, connectTimeoutMs: number): Promise<void> {
  let url: URL;
  try {
    url = new URL(req.url ?? '');
  } catch {
    return refuse(res, 400, 'not an absolute http URL');
  }
  const target = `${url.protocol}//${url.host}${url.pathname}`;
  if (url.protocol !== 'http:') {
    gate.blocked.push({ target, reason: `scheme ${url.protocol} is not allowed` });
    return refuse(res, 403, `scheme ${url.protocol} is not allowed`);
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const address = await gate.admit(target, host);
  if (!address) return refuse(res, 403, gate.blocked.at(-1)!.reason);
  const upstream = httpRequest({
    host: address,
    port: Number(url.port || 80),
    method: req.method,
    path: url.pathname + url.search,
    headers: stripHopByHop(req.rawHeaders),
    setHost: false,
    agent: false,
    timeout: connectTimeoutMs,
  });
  upstream.on('response', (up) => {
    res.writeHead(up.statusCode ?? 502, up.statusMessage, stripHopByHop(up.rawHeaders));
    up.pipe(res);
    up.on('error', () => res.destroy());
  });
  upstream.on('timeout', () => upstream.destroy(new Error('upstream timeout')));
  upstream.on('error', () => (res.headersSent ? res.destroy() : refuse(res, 502, 'upstream unreachable')));
  req.pipe(upstream);
}

/** A CONNECT tunnel (HTTPS, WebSockets): checked, then piped both ways to the checked address. */
async function tunnel(
  gate: Gate,
  sockets: Set<Socket | Duplex>,
  req: IncomingMessage,
  client: Duplex,
  head: Buffer,
  connectTimeoutMs: number,
): Promise<void> {
  const authority = parseAuthority(req.url ?? '');
  const deny = (status: number, reason: string) => {
    client.end(`HTTP/1.1 ${status} Blocked\r\n${BLOCKED_HEADER}: ${encodeURIComponent(reason)}\r\nConnection: close\r\n\r\n`);
  };
  if (!authority) {
    gate.blocked.push({ target: req.url ?? '', reason: 'malformed CONNECT target' });
    return deny(400, 'malformed CONNECT target');
  }
  const address = await gate.admit(req.url!, authority.host);
  if (!address) return deny(403, gate.blocked.at(-1)!.reason);
  const upstream = connect({ host: address, port: authority.port, timeout: connectTimeoutMs });
  sockets.add(upstream);
  upstream.on('close', () => sockets.delete(upstream));
  upstream.once('connect', () => {
    upstream.setTimeout(0);
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length) upstream.write(head);
    upstream.pipe(client);
    client.pipe(upstream);
  });
  upstream.on('timeout', () => upstream.destroy());
  upstream.on('error', () => (upstream.readyState === 'opening' ? deny(502, 'upstream unreachable') : client.destroy()));
  client.on('close', () => upstream.destroy());
}

export async function openProxySession(opts: ProxyPolicy): Promise<ProxySession> {
  const connectTimeoutMs = opts.connectTimeoutMs ?? 10_000;
  const gate = openGate(opts);
  const sockets = new Set<Socket | Duplex>();

  const server = createServer((req: IncomingMessage, res: ServerResponse) => void forward(gate, req, res, connectTimeoutMs));
  server.on('connect', (req: IncomingMessage, client: Duplex, head: Buffer) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    void tunnel(gate, sockets, req, client, head, connectTimeoutMs);
  });
  // WebSockets reach us as CONNECT tunnels; an upgrade in absolute form is refused outright.
  server.on('upgrade', (req: IncomingMessage, socket: Duplex) => {
    gate.blocked.push({ target: req.url ?? '', reason: 'upgrade requests must use CONNECT' });
    socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as { port: number };

  return {
    server: `http://127.0.0.1:${port}`,
    blocked: gate.blocked,
    get requests() {
      return gate.requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
