import { describe, expect, it } from 'vitest';
import strength from '../../../tools/security/password-strength.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('password-strength', () => {
  it('rates longer random passwords higher than common ones', async () => {
    const scores: number[] = [];
    for (const p of ['123456', 'welkom01', 'Amsterdam2024!', 'k8#Vq!2zR@m9Lp$w'])
      scores.push((await runTool(strength, { password: p })).score);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    expect(scores[0]).toBe(0);
    expect(scores[3]).toBe(4);
  });
  it('knows Dutch words', async () => {
    const r = await runTool(strength, { password: 'fietsenstalling' });
    expect(r.score).toBeLessThanOrEqual(1);
    expect(r.feedback.warning).toMatch(/Single words/);
  });
  it('is deterministic and handles empty, unicode and maximum-length input', async () => {
    expect(await runTool(strength, { password: 'Tr0ub4dor&3' })).toEqual(await runTool(strength, { password: 'Tr0ub4dor&3' }));
    expect((await runTool(strength, { password: '' })).score).toBe(0);
    expect((await runTool(strength, { password: '🔑🔑🔑wachtwoord' })).label).toBeTypeOf('string');
    expect((await runTool(strength, { password: 'ab'.repeat(128) })).score).toBeGreaterThanOrEqual(0);
    await expectToolError(strength, { password: 'a'.repeat(257) }, 400, /password.*at most 256/);
  });
});
