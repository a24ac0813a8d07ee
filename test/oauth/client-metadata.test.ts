/** Redirect URIs: exact match, except a loopback http redirect on any port (RFC 8252 §7.3). */
import { describe, expect, it } from 'vitest';
import { redirectMatches } from '../../src/http/oauth/index.js';

describe('redirect URI matching', () => {
  const registered = [
    'https://app.example/cb',
    'http://127.0.0.1/callback?x=1',
    'http://localhost:8080/cb',
    'cursor://anysphere.cursor-mcp/oauth/callback',
  ];

  it('matches a registered URI exactly', () => {
    for (const uri of registered) expect(redirectMatches(registered, uri)).toBe(true);
    expect(redirectMatches(registered, 'https://app.example/cb/')).toBe(false);
    expect(redirectMatches(registered, 'https://app.example/cb?x=1')).toBe(false);
    expect(redirectMatches(registered, 'https://app.example:8443/cb')).toBe(false);
    expect(redirectMatches(registered, 'cursor://anysphere.cursor-mcp/oauth/other')).toBe(false);
  });

  it('lets a loopback http redirect pick its port, with the same host, path and query', () => {
    expect(redirectMatches(registered, 'http://127.0.0.1:49152/callback?x=1')).toBe(true);
    expect(redirectMatches(registered, 'http://localhost:3000/cb')).toBe(true);
    expect(redirectMatches(registered, 'http://127.0.0.1:49152/callback')).toBe(false);
    expect(redirectMatches(registered, 'http://localhost:3000/other')).toBe(false);
    expect(redirectMatches(registered, 'http://[::1]:3000/cb')).toBe(false);
    expect(redirectMatches(registered, 'https://127.0.0.1:49152/callback?x=1')).toBe(false);
    expect(redirectMatches(registered, 'not a uri')).toBe(false);
    expect(redirectMatches(registered, 'http://127.0.0.1:49152/callback?x=1#frag')).toBe(false);
    expect(redirectMatches(registered, 'http://127.0.0.1:49152/callback?x=1#')).toBe(false);
    expect(redirectMatches(registered, 'http://user@127.0.0.1:49152/callback?x=1')).toBe(false);
  });
});
