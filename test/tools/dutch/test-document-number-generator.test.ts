import { describe, expect, it } from 'vitest';
import tool, { icaoCheckDigit } from '../../../tools/dutch/test-document-number-generator.js';
import { createRng } from '../../../tools/_lib/rng.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const FORMAT = /^[A-NP-Z]{2}[0-9A-NP-Z]{6}[0-9]$/;

describe('ICAO 9303 check digit', () => {
  it('matches the ICAO specimen values', () => {
    expect(icaoCheckDigit('L898902C3')).toBe(6); // document number, Doc 9303 part 3 specimen
    expect(icaoCheckDigit('740812')).toBe(2); // date of birth 12 Aug 1974 in the same specimen
    expect(icaoCheckDigit('120415')).toBe(9); // date of expiry 15 Apr 2012
    expect(icaoCheckDigit('<<<<<<<<<')).toBe(0);
    expect(icaoCheckDigit('XR1001R58')).toBe(6);
  });
});

describe('test-document-number-generator: generate', () => {
  it('produces distinct numbers in the official format with a correct check digit', async () => {
    const r = await runTool(tool, { count: 1000, seed: 'format' });
    expect(r.documents).toHaveLength(1000);
    expect(new Set(r.documents.map((d: { documentNumber: string }) => d.documentNumber)).size).toBe(1000);
    for (const d of r.documents) {
      expect(d.documentNumber).toMatch(FORMAT);
      expect(d.documentNumber).not.toContain('0'); // noZero default
      expect(d.checkDigit).toBe(icaoCheckDigit(d.documentNumber));
      expect(d.mrz).toBe(d.documentNumber + d.checkDigit);
    }
    expect(r.testData).toBe(true);
    expect(r.note).toMatch(/Test data/);
  });
  it('is reproducible with a seed and varies without one', async () => {
    const a = await runTool(tool, { count: 5, seed: 42, kind: 'id-card' });
    const b = await runTool(tool, { count: 5, seed: 42, kind: 'id-card' });
    expect(a.documents).toEqual(b.documents);
    expect(a.kind).toBe('id-card');
    const c = await runTool(tool, { count: 5, seed: 43 });
    expect(c.documents).not.toEqual(a.documents);
  });
  it('may use zeros when noZero is false', async () => {
    const r = await runTool(tool, { count: 300, seed: 1, noZero: false });
    expect(r.documents.some((d: { documentNumber: string }) => d.documentNumber.includes('0'))).toBe(true);
  });
  it('every generated number validates (property)', async () => {
    const rng = createRng('round-trip');
    const r = await runTool(tool, { count: 200, seed: rng.int(0, 1e6) });
    for (const d of r.documents) {
      const v = await runTool(tool, { mode: 'validate', number: d.mrz });
      expect(v.validation.valid).toBe(true);
    }
  });
  it('refuses counts out of range', async () => {
    await expectToolError(tool, { count: 0 }, 400, /count/);
    await expectToolError(tool, { count: 1001 }, 400, /count/);
  });
});

describe('test-document-number-generator: validate', () => {
  const v = async (number: string) => (await runTool(tool, { mode: 'validate', number })).validation;
  it('accepts the python-stdnum examples and spaces', async () => {
    expect((await v('XR 1001R5 8')).valid).toBe(true);
    expect((await v('EM0000000')).valid).toBe(true);
    expect((await v('EM0000000')).containsZero).toBe(true);
  });
  it('rejects the letter O, wrong shapes and lengths', async () => {
    expect((await v('XR1O01R58')).problems.join()).toMatch(/letter O/);
    expect((await v('581001RXR')).valid).toBe(false);
    expect((await v('XR1001R')).problems.join()).toMatch(/9 characters/);
    expect((await v('XR1001R5!')).problems.join()).toMatch(/only letters/);
  });
  it('checks a given check digit', async () => {
    expect((await v('XR1001R586')).valid).toBe(true);
    const bad = await v('XR1001R587');
    expect(bad.valid).toBe(false);
    expect(bad.problems.join()).toMatch(/check digit 7 does not match the computed 6/);
    expect((await v('XR1001R58X')).problems.join()).toMatch(/10th character/);
  });
  it('needs a number', async () => {
    await expectToolError(tool, { mode: 'validate' }, 400, /number/);
    await expectToolError(tool, { mode: 'validate', number: 'x'.repeat(41) }, 400, /number/);
  });
});

describe('declared examples', () => {
  for (const ex of tool.examples)
    it(ex.name, async () => {
      const out = await runTool(tool, ex.input);
      if (ex.partial) expect(out).toMatchObject(ex.output);
      else expect(out).toEqual(ex.output);
    });

  it('starts passport numbers with N and identity card numbers with I (as on the RvIG test persons)', async () => {
    for (const [kind, letter] of [
      ['passport', 'N'],
      ['id-card', 'I'],
    ] as const) {
      const r = await runTool(tool, { kind, count: 200, seed: 7 });
      expect(r.documents.every((d: { documentNumber: string }) => d.documentNumber[0] === letter)).toBe(true);
      expect(new Set(r.documents.map((d: { documentNumber: string }) => d.documentNumber[1])).size).toBeGreaterThan(10);
    }
  });
});
