import { describe, expect, it } from 'vitest';
import bsnGenerator from '../../../tools/dutch/test-bsn-generator.js';
import { isValidBsn } from '../../../tools/_lib/bsn.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('test-bsn-generator', () => {
  it('gives distinct 9999xxxxx numbers passing the 11-proof', async () => {
    const { count, bsns, note } = await runTool(bsnGenerator, { count: 1000 });
    expect(count).toBe(1000);
    expect(new Set(bsns).size).toBe(1000);
    for (const b of bsns) {
      expect(b).toMatch(/^9999\d{5}$/);
      expect(isValidBsn(b)).toBe(true);
    }
    expect(note).toMatch(/not issued to real persons/);
  });
  it('defaults to one number and is reproducible with a seed', async () => {
    expect((await runTool(bsnGenerator, {})).bsns).toHaveLength(1);
    const a = await runTool(bsnGenerator, { count: 5, seed: 42 });
    expect(await runTool(bsnGenerator, { count: 5, seed: 42 })).toEqual(a);
    expect((await runTool(bsnGenerator, { count: 5, seed: 'other' })).bsns).not.toEqual(a.bsns);
  });
  it('enforces the count range', async () => {
    await expectToolError(bsnGenerator, { count: 0 }, 400, /count.*≥ 1/);
    await expectToolError(bsnGenerator, { count: 1001 }, 400, /count.*≤ 1000/);
    await expectToolError(bsnGenerator, { count: 2.5 }, 400, /count/);
    await expectToolError(bsnGenerator, { count: 1, prefix: '1' }, 400, /unknown field/);
  });
});
