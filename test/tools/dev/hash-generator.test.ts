import { describe, expect, it } from 'vitest';
import hash from '../../../tools/dev/hash-generator.js';
import { LIMITS } from '../../../src/core/limits.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('hash-generator', () => {
  it('defaults to SHA-256', async () => {
    const out = await runTool(hash, { text: 'abc' });
    expect(out.algorithms).toEqual(['SHA-256']);
    expect(Object.keys(out.hashes)).toEqual(['SHA-256']);
  });

  it.each([
    ['sha1', 'SHA-1'],
    ['SHA1', 'SHA-1'],
    ['sha256', 'SHA-256'],
    ['SHA256', 'SHA-256'],
    ['Sha_384', 'SHA-384'],
    ['sha-512', 'SHA-512'],
    ['SHA 512', 'SHA-512'],
  ])('accepts the alias %s', async (alias, name) => {
    const out = await runTool(hash, { text: 'x', algorithm: alias });
    expect(out.algorithms).toEqual([name]);
  });

  it('"all" (and ALL) gives the four algorithms in order', async () => {
    for (const algorithm of ['all', 'ALL']) {
      const out = await runTool(hash, { text: 'abc', algorithm });
      expect(out.algorithms).toEqual(['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512']);
      expect(out.hashes['SHA-1']).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
    }
  });

  it('hashes UTF-8 and counts bytes, not characters', async () => {
    const out = await runTool(hash, { text: '👍', algorithm: 'sha256' });
    expect(out.byteLength).toBe(4);
    // printf '\xf0\x9f\x91\x8d' | sha256sum
    expect(out.hashes['SHA-256']).toBe('5d57d39e6b7d8ea050980e6665bb1da357db14249d74e122f7d4e8cc2253beff');
  });

  it('encodes a lone surrogate as U+FFFD (ef bf bd)', async () => {
    const lone = await runTool(hash, { text: '\ud800', algorithm: 'SHA-1' });
    const replacement = await runTool(hash, { text: '\ufffd', algorithm: 'SHA-1' });
    expect(lone).toEqual(replacement);
    expect(lone.byteLength).toBe(3);
  });

  it('refuses MD5 with the reason, and unknown algorithms with the list', async () => {
    for (const algorithm of ['md5', 'MD5', 'md-5']) {
      await expectToolError(hash, { text: 'a', algorithm }, 400, /MD5 is not offered: it is cryptographically broken/);
    }
    await expectToolError(
      hash,
      { text: 'a', algorithm: 'sha3-256' },
      400,
      /algorithm.*must be one of "SHA-1", "SHA-256", "SHA-384", "SHA-512", "all"/,
    );
  });

  it('enforces the text limit and the field rules', async () => {
    await runTool(hash, { text: 'a'.repeat(LIMITS.text) });
    await expectToolError(hash, { text: 'a'.repeat(LIMITS.text + 1) }, 400, /text.*at most 1000000 characters/);
    await expectToolError(hash, {}, 400, /text.*required/);
    await expectToolError(hash, { text: 1 }, 400, /text.*must be a string/);
    await expectToolError(hash, { text: 'a', algoritm: 'sha1' }, 400, /unknown field `algoritm` \(did you mean `algorithm`\?\)/);
  });
});
