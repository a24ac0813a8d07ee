import { describe, expect, it } from 'vitest';
import generator from '../../../tools/security/password-generator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('password-generator', () => {
  it('uses only the chosen classes, with at least one of each', async () => {
    const r = await runTool(generator, { length: 8, symbols: false, count: 100 });
    expect(r.passwords).toHaveLength(100);
    for (const p of r.passwords) {
      expect(p).toMatch(/^[A-Za-z0-9]{8}$/);
      expect(p).toMatch(/[A-Z]/);
      expect(p).toMatch(/[a-z]/);
      expect(p).toMatch(/[0-9]/);
    }
    expect(r.charsetSize).toBe(62);
  });
  it('excludes look-alikes', async () => {
    const r = await runTool(generator, { length: 256, count: 20, excludeAmbiguous: true });
    expect(r.charsetSize).toBe(94 - 10);
    for (const p of r.passwords) expect(p).not.toMatch(/[Il1|O0o'"`]/);
  });
  it('computes entropy from the actual charset', async () => {
    expect((await runTool(generator, { length: 10, uppercase: false, numbers: false, symbols: false })).entropyBits).toBe(47); // 26^10
    expect((await runTool(generator, { length: 256 })).entropyBits).toBe(1677); // ≈ 256·log2 94
    // 4 characters, one of each class: 4!·26·26·10·32 = 5,191,680 passwords.
    expect(await runTool(generator, { length: 4 })).toMatchObject({ entropyBits: 22, strength: 'very weak' });
    // 26^8 = 2.09e11 passwords; half of them at 10^10/s = 10.4 s.
    expect(await runTool(generator, { length: 8, uppercase: false, numbers: false, symbols: false })).toMatchObject({
      entropyBits: 37,
      strength: 'fair',
      crackTime: '10 seconds',
    });
  });
  it('refuses no classes and out-of-range lengths and counts', async () => {
    await expectToolError(
      generator,
      { uppercase: false, lowercase: false, numbers: false, symbols: false },
      400,
      /at least one character class/,
    );
    await expectToolError(generator, { length: 3 }, 400, /length.*≥ 4/);
    await expectToolError(generator, { length: 257 }, 400, /length.*≤ 256/);
    await expectToolError(generator, { count: 0 }, 400, /count/);
    await expectToolError(generator, { count: 101 }, 400, /count.*≤ 100/);
  });
  it('gives different passwords on each call (cryptographic randomness)', async () => {
    const a = await runTool(generator, { count: 50 });
    expect(new Set(a.passwords).size).toBe(50);
  });
});
