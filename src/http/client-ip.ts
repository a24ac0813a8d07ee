/**
 * The client identity of an anonymous caller: its IP address, with IPv6
 * grouped per /64 (one subscriber usually owns a whole /64). X-Forwarded-For
 * is trusted only when configured (WERKBANK_TRUST_PROXY=1 behind a proxy you run).
 */
import ipaddr from 'ipaddr.js';
import type { Context } from 'hono';

/** The rate-limit identity of an address: IPv4 as is (also when IPv4-mapped), IPv6 per /64; anything else `unknown`. */
export function clientKey(ip: string): string {
  const text = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!ipaddr.isValid(text)) return 'unknown';
  const addr = ipaddr.parse(text);
  if (addr.kind() === 'ipv4') return addr.toString();
  const v6 = addr as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  const groups = v6
    .toNormalizedString()
    .split(':')
    .slice(0, 4)
    .map((g) => g.padStart(4, '0'));
  return `${groups.join(':')}::/64`;
}

export function clientIp(c: Context, trustProxy: boolean): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return clientIpOf(trustProxy ? c.req.header('x-forwarded-for') : undefined, incoming?.socket?.remoteAddress);
}

/** The same from the parts: X-Forwarded-For (pass it only when the proxy is trusted) and the socket's address. */
export function clientIpOf(forwardedFor: string | null | undefined, remoteAddress: string | undefined): string {
  const forwarded = forwardedFor?.split(',')[0]?.trim();
  return clientKey(forwarded || (remoteAddress ?? 'unknown'));
}
