/**
 * NIST CAVP SHAVS byte-oriented vectors (ShortMsg + LongMsg) and the FIPS 180-4
 * example messages, against hash-generator.
 *
 * The SHAVS messages are arbitrary bytes given in hex, but the tool hashes text
 * (as UTF-8). So every vector is checked twice where possible:
 * - `digestHex`, the function the tool calls, on the raw bytes: all vectors of the four offered algorithms;
 * - the tool itself, on the vectors whose bytes are valid UTF-8 (then the text decoded from them encodes back to
 *   exactly those bytes). Random bytes are rarely valid UTF-8, so this is mostly the empty and short messages;
 *   the FIPS 180-4 text messages below cover the tool on long ASCII input, up to 1,000,000 characters.
 * SHA-224 vector files exist in the suite but SHA-224 is not offered by the tool: they are counted as not applicable.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import tool, { digestHex, type HashAlgorithm } from '../../tools/dev/hash-generator.js';
import { vectorsDir } from '../helpers/paths.js';
import { expectToolError, runTool } from '../helpers/run.js';

const dir = join(vectorsDir, 'nist-shavs');
const FILE_ALGORITHM: Record<string, HashAlgorithm | undefined> = {
  SHA1: 'SHA-1',
  SHA224: undefined,
  SHA256: 'SHA-256',
  SHA384: 'SHA-384',
  SHA512: 'SHA-512',
};
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

interface Vector {
  file: string;
  bytes: Buffer;
  md: string;
}

function readRsp(file: string): Vector[] {
  const out: Vector[] = [];
  let len = -1;
  let msg = '';
  for (const line of readFileSync(join(dir, file), 'utf8').split(/\r?\n/)) {
    const m = /^(Len|Msg|MD) = (\w*)$/.exec(line.trim());
    if (!m) continue;
    if (m[1] === 'Len') len = Number(m[2]);
    else if (m[1] === 'Msg') msg = m[2];
    else out.push({ file, bytes: len === 0 ? Buffer.alloc(0) : Buffer.from(msg, 'hex'), md: m[2].toLowerCase() });
  }
  return out;
}

describe('NIST SHAVS byte vectors (hash-generator)', () => {
  const files = readdirSync(dir)
    .filter((f) => /^SHA\d+(Short|Long)Msg\.rsp$/.test(f))
    .sort();

  it('finds all ten vector files', () => {
    expect(files).toHaveLength(10);
  });

  it('every vector of SHA-1, SHA-256, SHA-384 and SHA-512 matches, on bytes and (where the bytes are UTF-8) through the tool', async () => {
    let bytePassed = 0;
    let toolPassed = 0;
    let notUtf8 = 0;
    let notApplicable = 0;
    const failures: string[] = [];
    const perFile: string[] = [];
    for (const file of files) {
      const algorithm = FILE_ALGORITHM[/^(SHA\d+)/.exec(file)![1]];
      const vectors = readRsp(file);
      expect(vectors.length, file).toBeGreaterThan(0);
      if (!algorithm) {
        notApplicable += vectors.length;
        perFile.push(`${file} ${vectors.length} (SHA-224 not offered)`);
        continue;
      }
      let fileTool = 0;
      for (const [i, v] of vectors.entries()) {
        const got = digestHex(algorithm, v.bytes);
        if (got === v.md) bytePassed++;
        else failures.push(`${file} #${i} (${v.bytes.length} bytes): bytes → ${got}, expected ${v.md}`);
        let text: string;
        try {
          text = strictUtf8.decode(v.bytes);
        } catch {
          notUtf8++;
          continue;
        }
        const out = await runTool(tool, { text, algorithm });
        if (out.hashes[algorithm] === v.md && out.byteLength === v.bytes.length) {
          toolPassed++;
          fileTool++;
        } else failures.push(`${file} #${i}: tool → ${out.hashes[algorithm]}, expected ${v.md}`);
      }
      perFile.push(`${file} ${vectors.length} (tool ${fileTool})`);
    }
    console.log(`NIST SHAVS files: ${perFile.join('; ')}`);
    console.log(
      `NIST SHAVS: ${bytePassed} passed on bytes, ${toolPassed} also through the tool (${notUtf8} not valid UTF-8, bytes only), ${failures.length} failed, ${notApplicable} not applicable (SHA-224)`,
    );
    expect(failures).toEqual([]);
    // SHA-1 and SHA-256: 65 short + 64 long each; SHA-384 and SHA-512: 129 short + 128 long each.
    expect(bytePassed).toBe(129 + 129 + 257 + 257);
    expect(notApplicable).toBe(129);
    // Valid UTF-8: the empty messages (4) and 4 short ones that happen to decode; the other 764 are bytes only.
    expect(toolPassed).toBe(8);
    expect(notUtf8).toBe(764);
  });
});

describe('FIPS 180-4 example messages (hash-generator, text input)', () => {
  const { cases } = JSON.parse(readFileSync(join(vectorsDir, 'rfc/hash_fips180_examples.json'), 'utf8')) as {
    cases: (Record<string, string> & { id: string; input: string | { repeat: string; times: number } })[];
  };
  const KEYS: Record<HashAlgorithm, string> = { 'SHA-1': 'sha1', 'SHA-256': 'sha256', 'SHA-384': 'sha384', 'SHA-512': 'sha512' };

  it('all four digests of every example match', async () => {
    let passed = 0;
    const failures: string[] = [];
    for (const c of cases) {
      const text = typeof c.input === 'string' ? c.input : c.input.repeat.repeat(c.input.times);
      const out = await runTool(tool, { text, algorithm: 'all' });
      expect(out.algorithms).toEqual(['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512']);
      for (const [alg, key] of Object.entries(KEYS)) {
        if (out.hashes[alg] === c[key]) passed++;
        else failures.push(`${c.id} ${alg}: ${out.hashes[alg]}, expected ${c[key]}`);
      }
    }
    console.log(
      `FIPS 180-4 examples: ${passed} digests passed, ${failures.length} failed (${cases.length} messages × 4 algorithms; MD5/SHA-224/SHA-512/t/SHA-3 columns not offered)`,
    );
    expect(failures).toEqual([]);
    expect(passed).toBe(5 * 4);
  });

  it('the MD5 column is refused with a reason', async () => {
    await expectToolError(tool, { text: 'abc', algorithm: 'MD5' }, 400, /MD5 is not offered: it is cryptographically broken/);
  });
});
