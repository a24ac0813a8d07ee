/**
 * The client identity of an anonymous caller: its IP address, with IPv6
 * grouped per /64 (one subscriber usually owns a whole /64). X-Forwarded-For
 * is trusted only when configured (WERKBANK_TRUST_PROXY=1 behind a proxy you run).
 */
import { isIPv4, isIPv6 } from 'node:net';
import type { Context } from 'hono';

export function expandIPv6(ip: string): string[] {
  const [head, tail = ''] = ip.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::ffff:1.2.3.4) counts as two groups.
  const last = (t.length ? t : h).at(-1);
  if (last && isIPv4(last)) {
    const [a, b, c, d] = last.split('.').map(Number);
    const groups = [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
    (t.length ? t : h).splice(-1, 1, ...groups);
  }
  const fill = ip.includes('::') ? Array(8 - h.length - t.length).fill('0') : [];
  return [...h, ...fill, ...t].map((g) => g.toLowerCase().padStart(4, '0'));
}

export function clientKey(ip: string): string {
  const addr = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(addr)) return addr;
  if (isIPv6(addr)) {
    const g = expandIPv6(addr);
    if (g.slice(0, 5).every((x) => x === '0000') && g[5] === 'ffff')
      return [parseInt(g[6], 16) >> 8, parseInt(g[6], 16) & 255, parseInt(g[7], 16) >> 8, parseInt(g[7], 16) & 255].join('.');
    return `${g.slice(0, 4).join(':')}::/64`;
  }
  return 'unknown';
}

export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return clientKey(forwarded);
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return clientKey(incoming?.socket?.remoteAddress ?? 'unknown');
}
