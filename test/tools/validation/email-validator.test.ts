import { describe, expect, it } from 'vitest';
import emailValidator from '../../../tools/validation/email-validator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const check = (email: string) => runTool(emailValidator, { email });

describe('email-validator', () => {
  it('accepts ordinary addresses, plus tags and IDN domains', async () => {
    for (const e of ['jan@example.nl', 'j.a.n+tag@sub.example.co.uk', "o'brien@example.ie", 'info@bücher.de', 'x@xn--bcher-kva.de'])
      expect(await check(e), e).toMatchObject({ valid: true, syntax_ok: true, reason: null });
  });
  it('explains each refusal', async () => {
    expect((await check('jan.example.nl')).reason).toMatch(/needs an @/);
    expect((await check('@example.nl')).reason).toMatch(/before the @ is empty/);
    expect((await check('jan@')).reason).toMatch(/after the @ is empty/);
    expect((await check(' jan@example.nl')).reason).toMatch(/no spaces/);
    expect((await check('"jan"@example.nl')).reason).toMatch(/not allowed/);
    expect((await check('jan@localhost')).reason).toMatch(/at least one dot/);
    expect((await check('jan@[127.0.0.1]')).reason).toMatch(/IP address literals/);
    expect((await check('jan@-example.nl')).reason).toMatch(/hyphen/);
    expect((await check('jan@example.123')).reason).toMatch(/all digits/);
    expect((await check(`${'a'.repeat(65)}@example.nl`)).reason).toMatch(/64/);
    const domainOf = (n: number) => `${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(n - 244)}`;
    expect(domainOf(253)).toHaveLength(253);
    expect((await check(`ab@${domainOf(251)}`)).reason).toBeNull(); // 254 in all
    expect((await check(`abc@${domainOf(251)}`)).reason).toMatch(/longer than 254/);
    expect((await check(`a@${domainOf(254)}`)).reason).toMatch(/longer than 253/);
  });
  it('suggests fixes for popular (also Dutch) providers, but not for correct ones', async () => {
    expect((await check('piet@hotmial.com')).suggestion).toBe('piet@hotmail.com');
    expect((await check('piet@ziggo.nk')).suggestion).toBe('piet@ziggo.nl');
    expect((await check('piet@gmail.com')).suggestion).toBeNull();
    expect((await check('piet@mijnbedrijf.nl')).suggestion).toBeNull();
  });
  it('flags disposable domains and their subdomains', async () => {
    expect(await check('a@mailinator.com')).toMatchObject({ disposable: true, valid: false, syntax_ok: true });
    expect(await check('a@eu.mailinator.com')).toMatchObject({ disposable: true });
    expect(await check('a@MAILINATOR.COM')).toMatchObject({ disposable: true });
  });
  it('survives hostile input without throwing', async () => {
    for (const e of ['a@b.(a+)+', 'a@b.[', '\ud800@gmail.con', 'a@\ud800.com', '@'.repeat(1000), 'a@' + '.'.repeat(998), 'x@y.c\\']) {
      const r = await check(e);
      expect(typeof r.valid).toBe('boolean');
    }
    await expectToolError(emailValidator, { email: 'a'.repeat(1001) }, 400, /email.*at most 1000/);
    await expectToolError(emailValidator, { email: null }, 400, /email/);
  });
});
