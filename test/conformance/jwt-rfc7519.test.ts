/**
 * RFC 7519 example tokens (§3.1 HS256, §6.1 unsecured) against jwt-decoder:
 * header and payload decode to the expected claims, the raw JSON (with its
 * CRLF + space between members) is what the header and payload parts carry,
 * exp is reported as a date, and the signature is returned but never verified
 * (even for the §3.1 token, whose HMAC with the RFC 7515 A.1 key is valid).
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import tool from '../../tools/dev/jwt-decoder.js';
import { vectorsDir } from '../helpers/paths.js';
import { runTool } from '../helpers/run.js';

interface Case {
  id: string;
  token: string;
  expected_header: Record<string, unknown>;
  expected_payload: Record<string, unknown>;
  expected_header_raw?: string;
  expected_payload_raw?: string;
  hs256_key_jwk_k?: string;
  signature_valid_with_key?: boolean;
  signature?: string;
}

describe('RFC 7519 example tokens (jwt-decoder)', () => {
  const { cases } = JSON.parse(readFileSync(join(vectorsDir, 'rfc/jwt_rfc7519.json'), 'utf8')) as { cases: Case[] };

  it('decodes every case', async () => {
    let passed = 0;
    for (const c of cases) {
      const [h, p, sig] = c.token.split('.');
      const before = await runTool(tool, { token: c.token, now: '2011-03-22T18:43:00Z' }); // exactly exp: expired
      const after = await runTool(tool, { token: c.token, now: '2011-03-22T18:42:59.999Z' });
      expect(before.header, c.id).toEqual(c.expected_header);
      expect(before.payload, c.id).toEqual(c.expected_payload);
      if (c.expected_header_raw) expect(Buffer.from(h, 'base64url').toString('utf8')).toBe(c.expected_header_raw);
      if (c.expected_payload_raw) expect(Buffer.from(p, 'base64url').toString('utf8')).toBe(c.expected_payload_raw);
      expect(before.signature).toBe(c.signature ?? sig);
      expect(before.expiresAt).toEqual({ unix: 1300819380, iso: '2011-03-22T18:43:00.000Z' });
      expect(before.issuedAt).toBeNull();
      expect(before.notBefore).toBeNull();
      expect(before.expired).toBe(true);
      expect(after.expired).toBe(false);
      expect(before.verified).toBe(false);
      if (c.hs256_key_jwk_k && c.signature_valid_with_key) {
        // The vector's signature really is valid; the tool still reports verified: false.
        const mac = createHmac('sha256', Buffer.from(c.hs256_key_jwk_k, 'base64url')).update(`${h}.${p}`).digest('base64url');
        expect(mac).toBe(sig);
      }
      passed++;
    }
    console.log(`RFC 7519 tokens: ${passed} passed, ${cases.length - passed} failed, of ${cases.length}`);
    expect(passed).toBe(2);
  });
});
