import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';
import { LIMITS } from '../../src/core/limits.js';
import { parseIsoUtc } from '../_lib/utc-date.js';
import { jsonTextDepth } from '../../src/core/validate.js';

/** Largest token accepted, characters (real JWTs are a few KB; cookies cap at 4 KB). */
export const MAX_TOKEN = 100_000;

const utf8 = new TextDecoder('utf-8', { fatal: true });
type PartName = 'header' | 'payload' | 'signature';

/** Checks one part against the base64url alphabet (RFC 7515 §2; padding tolerated) and returns it unpadded. */
function base64urlBody(part: string, name: PartName): string {
  const body = part.replace(/=+$/, '');
  const bad = /[^A-Za-z0-9_-]/.exec(body);
  if (bad) {
    throw new ToolError(
      `token: the ${name} is not base64url: character ${JSON.stringify(bad[0])} at position ${bad.index + 1} of the ${name} is not allowed (only A–Z, a–z, 0–9, "-" and "_")`,
    );
  }
  if (body.length % 4 === 1) {
    throw new ToolError(`token: the ${name} is not valid base64url (its length ${body.length} leaves a stray character)`);
  }
  return body;
}

/** Decodes the header or payload to text, or says precisely why it cannot. */
function decodePart(part: string, name: 'header' | 'payload'): string {
  const body = base64urlBody(part, name);
  try {
    return utf8.decode(Buffer.from(body, 'base64url'));
  } catch {
    throw new ToolError(`token: the ${name} does not decode to UTF-8 text`);
  }
}

/** Deepest nesting of arrays/objects the decoder returns (real claims are shallow; deeper JSON cannot be re-serialised safely). */
export const MAX_DEPTH = 100;

function decodeJsonObject(part: string, name: 'header' | 'payload'): Record<string, unknown> {
  const text = decodePart(part, name);
  if (jsonTextDepth(new TextEncoder().encode(text), MAX_DEPTH) > MAX_DEPTH)
    throw new ToolError(`token: the ${name} nests JSON deeper than ${MAX_DEPTH} levels`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new ToolError(
      `token: the ${name} is not JSON (${(e as Error).message}); decoded text starts with ${JSON.stringify(text.slice(0, 40))}`,
    );
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ToolError(
      `token: the ${name} must be a JSON object, got ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value}`,
    );
  }
  return value as Record<string, unknown>;
}

const instant = z.object({ unix: z.int(), iso: z.string() }).nullable();
type Instant = z.infer<typeof instant>;

/** Largest NumericDate a JS date can show (±8.64e15 ms). */
const MAX_SECONDS = 8.64e12;

/** A NumericDate claim as {unix, iso}; null when absent or not a usable number. */
function numericDate(value: unknown): Instant {
  if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > MAX_SECONDS) return null;
  return { unix: Math.floor(value), iso: new Date(Math.floor(value * 1000)).toISOString() };
}

export default defineTool({
  slug: 'jwt-decoder',
  mainThread: 'token capped at 100,000 characters; base64 and JSON.parse take ~15 ms at the cap',
  title: 'JWT decoder',
  summary: 'Read the header and claims of a JSON Web Token and see whether it has expired.',
  keywords: {
    en: ['JSON web token', 'bearer token', 'claims', 'decode token', 'auth token', 'inspect jwt', 'JWT', 'decode JWT', 'token'],
    nl: ['token uitlezen', 'token decoderen', 'jwt', 'inloggegevens', 'token'],
  },
  description:
    'Decodes a JSON Web Token (JWS compact form `header.payload.signature`) without verifying it: returns the header and payload (claims) as JSON, the signature as its base64url text, the time claims `exp`, `iat` and `nbf` as {unix, iso} (null when the claim is absent or not a number; fractional seconds are floored in `unix`) and whether the token is expired (`expired`: exp ≤ now; null when there is no exp). ' +
    '`verified` is always false: the signature is never checked, so never trust the claims for access decisions. ' +
    '`now` (ISO 8601, e.g. "2024-05-01T12:00:00Z"; no offset means UTC) is the reference time for `expired`; without it the server clock is used, the only time this tool reads the clock, and `checkedAt` reports the instant used. ' +
    'A leading "Bearer " and surrounding whitespace are ignored. Malformed tokens give a 400 that names the part (header, payload, signature) and the problem; encrypted tokens (JWE, five parts) cannot be decoded without the key and are refused, as is JSON nested deeper than 100 levels.',
  resultView: { kind: 'record', field: 'payload' },
  input: z.strictObject({
    token: z
      .string()
      .min(1)
      .max(MAX_TOKEN)
      .describe('The JWT, e.g. "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig" (a leading "Bearer " is ignored)'),
    now: z
      .string()
      .max(LIMITS.short)
      .optional()
      .describe('Reference time for `expired`, ISO 8601 (no offset = UTC); default: the server clock'),
  }),
  output: z.object({
    header: z.record(z.string(), z.unknown()),
    payload: z.record(z.string(), z.unknown()),
    signature: z.string().describe('The signature part as sent (base64url); empty for unsecured alg "none" tokens'),
    expiresAt: instant.describe('The `exp` claim, or null'),
    issuedAt: instant.describe('The `iat` claim, or null'),
    notBefore: instant.describe('The `nbf` claim, or null'),
    expired: z.boolean().nullable().describe('exp ≤ checkedAt; null when the token has no usable exp claim'),
    checkedAt: z.string().describe('The reference time used for `expired`, ISO 8601 UTC'),
    verified: z.literal(false).describe('Always false: the signature is not verified'),
  }),
  examples: [
    {
      name: 'RFC 7519 §3.1 example token, checked before it expires',
      input: {
        token:
          'eyJ0eXAiOiJKV1QiLA0KICJhbGciOiJIUzI1NiJ9.eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ.dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
        now: '2011-03-22T18:00:00Z',
      },
      output: {
        header: { typ: 'JWT', alg: 'HS256' },
        payload: { iss: 'joe', exp: 1300819380, 'http://example.com/is_root': true },
        signature: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
        expiresAt: { unix: 1300819380, iso: '2011-03-22T18:43:00.000Z' },
        issuedAt: null,
        notBefore: null,
        expired: false,
        checkedAt: '2011-03-22T18:00:00.000Z',
        verified: false,
      },
    },
    {
      name: 'RFC 7519 §6.1 unsecured token (alg none), checked in 2024: expired',
      input: {
        token: 'eyJhbGciOiJub25lIn0.eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ.',
        now: '2024-01-01T00:00:00+01:00',
      },
      output: {
        header: { alg: 'none' },
        payload: { iss: 'joe', exp: 1300819380, 'http://example.com/is_root': true },
        signature: '',
        expiresAt: { unix: 1300819380, iso: '2011-03-22T18:43:00.000Z' },
        issuedAt: null,
        notBefore: null,
        expired: true,
        checkedAt: '2023-12-31T23:00:00.000Z',
        verified: false,
      },
    },
    {
      name: 'Token without exp: expired is null; iat shown as a date',
      input: {
        token:
          'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
        now: '2024-01-01',
      },
      output: {
        header: { alg: 'HS256', typ: 'JWT' },
        payload: { sub: '1234567890', name: 'John Doe', iat: 1516239022 },
        signature: 'SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
        expiresAt: null,
        issuedAt: { unix: 1516239022, iso: '2018-01-18T01:30:22.000Z' },
        notBefore: null,
        expired: null,
        checkedAt: '2024-01-01T00:00:00.000Z',
        verified: false,
      },
    },
  ],
  run({ token, now }) {
    let checkedMs = Date.now();
    if (now !== undefined) {
      const parsed = parseIsoUtc(now);
      if (!parsed.ok) throw new ToolError(`now ${parsed.reason}`);
      checkedMs = parsed.ms;
    }
    const compact = token.trim().replace(/^bearer\s+/i, '');
    const parts = compact.split('.');
    if (parts.length === 5) {
      throw new ToolError('token has five parts: it is an encrypted JWT (JWE), whose payload cannot be decoded without the key');
    }
    if (parts.length !== 3) {
      throw new ToolError(
        `token must have three base64url parts separated by dots (header.payload.signature); found ${parts.length} part${parts.length === 1 ? '' : 's'}`,
      );
    }
    const [h, p, signature] = parts;
    if (!h) throw new ToolError('token: the header (first part) is empty');
    if (!p) throw new ToolError('token: the payload (second part) is empty');
    const header = decodeJsonObject(h, 'header');
    const payload = decodeJsonObject(p, 'payload');
    base64urlBody(signature, 'signature'); // the signature is binary: only its alphabet is checked
    const expiresAt = numericDate(payload.exp);
    return {
      header,
      payload,
      signature,
      expiresAt,
      issuedAt: numericDate(payload.iat),
      notBefore: numericDate(payload.nbf),
      expired: expiresAt ? checkedMs >= (payload.exp as number) * 1000 : null,
      checkedAt: new Date(checkedMs).toISOString(),
      verified: false as const,
    };
  },
});
