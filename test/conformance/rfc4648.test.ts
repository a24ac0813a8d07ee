/** RFC 4648 §10 base64 vectors and the §9 binary examples against the base64 tool. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import base64 from '../../tools/format/base64.js';
import { expectToolError, runTool } from '../helpers/run.js';
import { vectorsDir } from '../helpers/paths.js';

const file = join(vectorsDir, 'rfc', 'base_encodings_rfc4648.json');

describe('RFC 4648 → base64', () => {
  it('encodes and decodes every §10 vector, also without padding', async () => {
    expect(existsSync(file), `missing ${file}`).toBe(true);
    const vectors = JSON.parse(readFileSync(file, 'utf8')) as { base64: Array<[string, string]> } & Record<string, unknown>;
    let passed = 0;
    for (const [text, encoded] of vectors.base64) {
      expect((await runTool(base64, { text })).result).toBe(encoded);
      expect((await runTool(base64, { text: encoded, mode: 'decode' })).result).toBe(text);
      expect((await runTool(base64, { text: encoded.replace(/=+$/, ''), mode: 'decode' })).result).toBe(text);
      passed++;
    }
    console.log(`RFC 4648 base64: ${passed} of ${vectors.base64.length} vectors pass both ways`);
    expect(passed).toBe(7);
  });

  it('refuses the §9 binary examples on decode: their bytes are not UTF-8 text', async () => {
    // 0x14fb9c03d97e → FPucA9l+ (base64) and FPucA9l- (base64url), RFC 4648 §9.
    await expectToolError(base64, { text: 'FPucA9l+', mode: 'decode' }, 400, /not UTF-8 text/);
    await expectToolError(base64, { text: 'FPucA9l-', mode: 'decode' }, 400, /6 bytes that are not UTF-8/);
  });
});
