import { describe, expect, it } from 'vitest';
import vatCheck from '../../../tools/validation/vat-number-check.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const check = (vatNumber: string) => runTool(vatCheck, { vatNumber });

describe('vat-number-check', () => {
  it('accepts valid numbers of several countries and normalises them', async () => {
    expect(await check('nl 0044.95445.b01')).toMatchObject({ normalized: 'NL004495445B01', validFormat: true, countryCode: 'NL' });
    expect(await check('GR 094051189')).toMatchObject({ normalized: 'EL094051189', country: 'Greece', validFormat: true });
    expect(await check('BE 468.561.072')).toMatchObject({ normalized: 'BE0468561072', validFormat: true });
    expect(await check('GB 980 7806 84')).toMatchObject({ normalized: 'GB980780684', country: 'United Kingdom', validFormat: true });
    expect(await check('XI 432525179')).toMatchObject({ countryCode: 'XI', validFormat: true });
    expect(await check('CHE-116.046.681 TPV')).toMatchObject({ normalized: 'CHE116046681TPV', validFormat: true });
    expect(await check('EU372022452')).toMatchObject({ countryCode: 'EU', validFormat: true });
  });
  it('explains what is wrong', async () => {
    expect((await check('123456789')).reason).toMatch(/country prefix/);
    expect(await check('US123456789')).toMatchObject({ validFormat: false, normalized: '', countryCode: '' });
    expect((await check('US123456789')).reason).toMatch(/US is not covered/);
    expect((await check('NL009122746B00')).reason).toMatch(/B01–B99/);
    expect((await check('ATU1234')).reason).toMatch(/AT format/);
    expect((await check('CHE-123')).reason).toMatch(/CHE \+ 9 digits/);
    expect((await check('RO 1630615123458')).reason).toMatch(/Romanian CNP/);
    expect((await check('RO 1630615123457')).validFormat).toBe(true);
  });
  it('always says no registry was consulted', async () => {
    expect((await check('DE136695976')).note).toMatch(/no registry/);
  });
  it('refuses oversized input', async () => {
    await expectToolError(vatCheck, { vatNumber: 'X'.repeat(51) }, 400, /vatNumber.*at most 50/);
    await expectToolError(vatCheck, { vat: 'NL' }, 400, /unknown field `vat`/);
  });
});
