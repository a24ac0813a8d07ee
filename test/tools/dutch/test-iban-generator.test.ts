import { describe, expect, it } from 'vitest';
import ibanGenerator from '../../../tools/dutch/test-iban-generator.js';
import { checkIban } from '../../../tools/_lib/iban.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('test-iban-generator', () => {
  for (const country of ['NL', 'DE', 'BE', 'FR', 'GB'] as const)
    it(`${country}: valid IBANs with the national structure`, async () => {
      const { ibans } = await runTool(ibanGenerator, { country, count: 100 });
      expect(new Set(ibans).size).toBe(100);
      for (const iban of ibans) {
        const check = checkIban(iban);
        expect(check.errors, iban).toEqual([]);
        expect(iban.slice(0, 2)).toBe(country);
      }
    });
  it('NL: real bank codes and an account passing the old 11-proof', async () => {
    const { ibans } = await runTool(ibanGenerator, { country: 'NL', count: 100, seed: 7 });
    for (const iban of ibans) {
      expect(iban).toMatch(/^NL\d{2}[A-Z]{4}0\d{9}$/);
      const account = iban.slice(8);
      let sum = 0;
      for (let i = 0; i < 10; i++) sum += (10 - i) * Number(account[i]);
      expect(sum % 11).toBe(0);
    }
    expect(new Set(ibans.map((i: string) => i.slice(4, 8))).size).toBeGreaterThan(10);
  });
  it('FR: the RIB key makes (bank·89 + branch·15 + account·3 + key) ≡ 0 mod 97', async () => {
    const { ibans } = await runTool(ibanGenerator, { country: 'FR', count: 20, seed: 1 });
    for (const iban of ibans) {
      const bban = iban.slice(4);
      const [bank, branch, account, key] = [bban.slice(0, 5), bban.slice(5, 10), bban.slice(10, 21), bban.slice(21)];
      expect((89 * Number(bank) + 15 * Number(branch) + 3 * Number(BigInt(account) % 97n) + Number(key)) % 97).toBe(0);
    }
  });
  it('accepts lower case, defaults to one NL IBAN, is reproducible with a seed', async () => {
    expect(await runTool(ibanGenerator, {})).toMatchObject({ count: 1, country: 'NL' });
    expect((await runTool(ibanGenerator, { country: ' gb ' })).country).toBe('GB');
    const a = await runTool(ibanGenerator, { country: 'DE', count: 3, seed: 'x' });
    expect(await runTool(ibanGenerator, { country: 'DE', count: 3, seed: 'x' })).toEqual(a);
  });
  it('refuses other countries and counts out of range', async () => {
    await expectToolError(ibanGenerator, { country: 'US' }, 400, /country.*"NL", "DE", "BE", "FR", "GB"/);
    await expectToolError(ibanGenerator, { count: 0 }, 400, /count/);
    await expectToolError(ibanGenerator, { count: 101 }, 400, /count.*≤ 100/);
  });
});
