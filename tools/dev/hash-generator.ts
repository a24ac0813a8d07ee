import { createHash } from 'node:crypto';
import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { LIMITS } from '../../src/core/limits.js';
import { aliasedEnum } from '../_lib/aliased-enum.js';

/** The offered algorithms, by display name, with their node:crypto names. */
export const HASH_ALGORITHMS = {
  'SHA-1': 'sha1',
  'SHA-256': 'sha256',
  'SHA-384': 'sha384',
  'SHA-512': 'sha512',
} as const;
export type HashAlgorithm = keyof typeof HASH_ALGORITHMS;
const NAMES = Object.keys(HASH_ALGORITHMS) as HashAlgorithm[];

/** Hex digest of raw bytes (the function the NIST byte vectors test). */
export function digestHex(algorithm: HashAlgorithm, bytes: Uint8Array): string {
  return createHash(HASH_ALGORITHMS[algorithm]).update(bytes).digest('hex');
}

const MD5_REFUSAL =
  'MD5 is not offered: it is cryptographically broken (practical collisions since 2004), so a new MD5 hash invites misuse; use SHA-256 (or "all" for SHA-1, SHA-256, SHA-384 and SHA-512)';

export default defineTool({
  slug: 'hash-generator',
  mainThread: 'native hashing: ~25 ms at the 1,000,000-character cap',
  title: 'Hash generator (SHA-1, SHA-2)',
  summary: 'SHA-1, SHA-256, SHA-384 or SHA-512 hash of a text.',
  keywords: {
    en: ['sha256', 'sha1', 'sha512', 'checksum', 'digest', 'fingerprint', 'hash a string', 'hash', 'SHA-256', 'md5 alternative'],
    nl: ['hash', 'controlegetal', 'checksum', 'sha256', 'sha', 'hashwaarde'],
  },
  description:
    'Computes the SHA-1, SHA-256, SHA-384 or SHA-512 digest of a text, as lower-case hex. The text is encoded as UTF-8 first (a lone UTF-16 surrogate, which JSON can carry, becomes U+FFFD as in every UTF-8 encoder), so the digest equals `printf %s "text" | sha256sum`. ' +
    '`algorithm`: "SHA-1", "SHA-256" (default), "SHA-384", "SHA-512", or "all" for all four at once; spellings such as "sha256" or "SHA_512" are accepted. MD5 is refused with a 400 because it is broken. ' +
    'Use it for checksums, cache keys and comparing texts; do not use a bare hash to store passwords. `byteLength` is the size of the hashed UTF-8 input in bytes.',
  resultView: { kind: 'record', field: 'hashes' },
  input: z.strictObject({
    text: z.string().max(LIMITS.text).describe('The text to hash (hashed as its UTF-8 bytes)'),
    algorithm: aliasedEnum([...NAMES, 'all'] as const, {
      aliases: { sha: 'SHA-1', sha2: 'SHA-256', both: 'all', any: 'all', '*': 'all' },
      refused: { md5: MD5_REFUSAL },
    })
      .default('SHA-256')
      .describe('SHA-1, SHA-256 (default), SHA-384, SHA-512, or "all" for all four; "sha256" etc. accepted; MD5 is refused'),
  }),
  output: z.object({
    algorithms: z.array(z.enum(NAMES)).describe('The algorithms computed, in the order SHA-1, SHA-256, SHA-384, SHA-512'),
    hashes: z.record(z.string(), z.string()).describe('Algorithm name → lower-case hex digest'),
    byteLength: z.int().describe('Length of the UTF-8 encoded text in bytes'),
  }),
  examples: [
    {
      name: 'SHA-256 of "abc" (FIPS 180-4 example)',
      input: { text: 'abc' },
      output: {
        algorithms: ['SHA-256'],
        hashes: { 'SHA-256': 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad' },
        byteLength: 3,
      },
    },
    {
      name: 'All four algorithms of the empty text',
      input: { text: '', algorithm: 'all' },
      output: {
        algorithms: ['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512'],
        hashes: {
          'SHA-1': 'da39a3ee5e6b4b0d3255bfef95601890afd80709',
          'SHA-256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
          'SHA-384': '38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da274edebfe76f65fbd51ad2f14898b95b',
          'SHA-512':
            'cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e',
        },
        byteLength: 0,
      },
    },
    {
      name: 'Alias "sha1" and a non-ASCII text (é is two UTF-8 bytes)',
      input: { text: 'é', algorithm: 'sha1' },
      output: {
        algorithms: ['SHA-1'],
        hashes: { 'SHA-1': 'bf15be717ac1b080b4f1c456692825891ff5073d' },
        byteLength: 2,
      },
    },
  ],
  run({ text, algorithm }) {
    const bytes = Buffer.from(text, 'utf8');
    const algorithms = algorithm === 'all' ? NAMES : [algorithm];
    const hashes: Record<string, string> = {};
    for (const a of algorithms) hashes[a] = digestHex(a, bytes);
    return { algorithms, hashes, byteLength: bytes.length };
  },
});
