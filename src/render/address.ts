/**
 * Which network addresses a render may reach, and the pre-flight check of a
 * caller's URL.
 *
 * Only public unicast addresses pass: ipaddr.js classifies every special
 * range (loopback, RFC 1918, link-local incl. 169.254.169.254, CGNAT
 * 100.64/10, 198.18/15, 240/4, multicast, `::`, `::1`, ULA, NAT64, 6to4,
 * Teredo...) as something other than `unicast`; IPv4-mapped IPv6 is unmapped
 * first. Two gaps of ipaddr.js are closed here: the deprecated
 * IPv4-compatible `::/96` form and Azure's WireServer 168.63.129.16, which
 * look like ordinary unicast.
 *
 * The pre-flight check only produces a clear 400 before any work starts. The
 * enforcement point is the egress proxy (`proxy.ts`), which checks the address
 * it actually connects to, for every request the browser makes.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { HttpError } from '../core/errors.js';

/** All addresses a host name resolves to (an empty list or a throw = not resolvable). */
export type Resolver = (host: string) => Promise<string[]>;
/** True when a render may connect to this IP address. */
export type AddressPolicy = (ip: string) => boolean;

export const systemResolver: Resolver = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** Public addresses that are internal services on common clouds. */
const EXTRA_DENIED_V4 = ['168.63.129.16/32'].map((c) => ipaddr.parseCIDR(c));

export const publicUnicastOnly: AddressPolicy = (ip) => {
  if (!ipaddr.isValid(ip)) return false;
  const addr = ipaddr.process(ip); // unmaps ::ffff:a.b.c.d
  if (addr.range() !== 'unicast') return false;
  if (addr.kind() === 'ipv4') return !EXTRA_DENIED_V4.some((cidr) => addr.match(cidr));
  // ::/96 (IPv4-compatible, deprecated): ipaddr.js reports `unicast` for ::7f00:1.
  const parts = (addr as ipaddr.IPv6).parts;
  return !parts.slice(0, 6).every((p) => p === 0);
};

/** `localhost`, `*.localhost` (RFC 6761: always loopback, Chromium resolves them itself). */
export function isLocalhostName(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h.endsWith('.localhost');
}

/** The host of a URL without IPv6 brackets. */
export function bareHost(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

/**
 * Resolve `host` and return its addresses if every one passes `policy`;
 * otherwise throw a HttpError(400) that says why. One resolution: the caller
 * connects to exactly the addresses returned (no second lookup to rebind).
 */
export async function resolvePublic(host: string, resolver: Resolver, policy: AddressPolicy): Promise<string[]> {
  if (isLocalhostName(host)) throw new HttpError(`"${host}" is a local host name: only public addresses can be rendered`, 400);
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await resolver(host);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? 'unknown error';
      throw new HttpError(`The host "${host}" could not be resolved (${code})`, 400);
    }
    if (addresses.length === 0) throw new HttpError(`The host "${host}" could not be resolved (no addresses)`, 400);
  }
  const denied = addresses.find((a) => !policy(a));
  if (denied !== undefined)
    throw new HttpError(
      `${isIP(host) ? denied : `The host "${host}" resolves to ${denied}, which`} is not a public address: renders reach only public http(s) hosts`,
      400,
    );
  return addresses;
}

/**
 * The pre-flight check of a caller's URL: WHATWG parsing (the same
 * canonicalisation Chromium applies: decimal/octal/hex IPv4, full-width
 * digits, percent-encoded hosts, backslashes), http/https only, no userinfo,
 * no local names, and every resolved address public. Returns the normalised URL.
 */
export async function checkRenderUrl(raw: string, resolver: Resolver, policy: AddressPolicy): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new HttpError('`url` is not a valid absolute URL: use http://… or https://…', 400, { field: 'url' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new HttpError(`\`url\` must use http or https, not "${url.protocol.replace(/:$/, '')}"`, 400, { field: 'url' });
  if (url.username || url.password)
    throw new HttpError('`url` must not contain a user name or password (user:pass@host)', 400, { field: 'url' });
  if (!url.hostname) throw new HttpError('`url` has no host', 400, { field: 'url' });
  await resolvePublic(bareHost(url), resolver, policy);
  return url.href;
}
