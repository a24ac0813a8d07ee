import { describe, expect, it } from 'vitest';
import ibanValidator from '../../../tools/validation/iban-validator.js';
import { composeIban, mod97 } from '../../../tools/_lib/iban.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const check = (iban: string) => runTool(ibanValidator, { iban });

describe('iban-validator', () => {
  it('reports each kind of fault', async () => {
    expect((await check('')).errors).toEqual(['the IBAN is empty']);
    expect((await check('NL91ABNA041716430!')).errors[0]).toMatch(/only letters/);
    expect((await check('1234')).errors[0]).toMatch(/two-letter country code/);
    expect((await check('NLAB')).errors[0]).toMatch(/two check digits/);
    expect(await check('US12345678901234')).toMatchObject({ valid: false, country: 'United States', country_code: 'US' });
    expect((await check('US12345678901234')).errors[0]).toMatch(/not a country that uses IBANs/);
    expect((await check('NL91ABNA041716430')).errors[0]).toMatch(/NL has 18 characters, this one has 17/);
    expect((await check('NL91ABNA04171643AA')).errors[0]).toMatch(/BBAN.*structure/);
    expect((await check('NL92ABNA0417164300')).errors[0]).toMatch(/mod-97/);
    // Belgian national check: valid mod 97 but wrong BBAN check digits.
    expect((await check(composeIban('BE', '096123456768'))).errors[0]).toMatch(/national check digits/);
  });
  it('normalises separators, an IBAN prefix and lower case, and says so', async () => {
    const r = await check('  iban: gb82-west-1234-5698-7654-32 ');
    expect(r).toMatchObject({ valid: true, iban: 'GB82WEST12345698765432', bank_code: 'WEST', country: 'United Kingdom' });
    expect(r.normalizations).toEqual([
      'trimmed surrounding whitespace',
      'removed the "IBAN" prefix',
      'removed 5 separators (spaces, dashes or dots)',
      'converted to upper case',
    ]);
    expect((await check('NL91ABNA0417164300')).normalizations).toEqual([]);
  });
  it('extracts bank codes for several countries', async () => {
    expect((await check('DE89370400440532013000')).bank_code).toBe('37040044');
    expect((await check('FR1420041010050500013M02606')).bank_code).toBe('20041');
    expect((await check('CH9300762011623852957')).bank_code).toBe('00762');
  });
  it('computes mod 97 on long strings without precision loss', () => {
    expect(mod97('3704004405320130001314' + '00')).toBe(Number(BigInt('370400440532013000131400') % 97n));
  });
  it('refuses oversized or non-string input', async () => {
    await expectToolError(ibanValidator, { iban: 'NL'.repeat(51) }, 400, /iban.*at most 100/);
    await expectToolError(ibanValidator, { iban: 123 }, 400, /iban.*string/);
    await expectToolError(ibanValidator, {}, 400, /iban.*required/);
  });
});
