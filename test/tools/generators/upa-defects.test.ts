/**
 * Regression tests for UPA defects: defect bookkeeping over all pairs and a
 * seeded sample of the 2^10 combinations, NumIV uniqueness at 10,000
 * employments, fieldStates omit on required amounts.
 *
 * The defects are counted in the XML by an independent detector (what an
 * intake would check), never through the generator's own bookkeeping.
 */
import { describe, expect, it } from 'vitest';
import { isValidBsn } from '../../../tools/_lib/bsn.js';
import { createRng } from '../../../tools/_lib/rng.js';
import { DEFECTS, type Defect } from '../../../tools/generators/upa/options.js';
import { expectToolError } from '../../helpers/run.js';
import { cents, generate, parse, tool, xsdErrors } from './_upa-helpers.js';

const VARIANTS = new Set(['A', 'B']);

/** How often each defect occurs in the files, found the way an intake would find it. */
export function detect(files: Array<{ content: string }>): Record<Defect, number> {
  const n = Object.fromEntries(DEFECTS.map((d) => [d, 0])) as Record<Defect, number>;
  for (const f of files) {
    const x = parse(f.content);
    const bsns = new Map<string, Set<string>>();
    const numIvs = new Map<string, number>();
    for (const k of x.ikvs) {
      const np = k.NatuurlijkPersoon;
      if (np.SofiNr === undefined) n.missingMandatory++;
      else {
        if (!isValidBsn(np.SofiNr)) n.invalidBsn++;
        // One BSN on two different people (a rehire is the same person twice).
        const who = `${np.SignNm}|${np.Gebdat}`;
        bsns.set(np.SofiNr, (bsns.get(np.SofiNr) ?? new Set()).add(who));
      }
      numIvs.set(k.NumIV, (numIvs.get(k.NumIV) ?? 0) + 1);
      if (k.Inkomstenperiode[0].AantUNormWk === '0.00') n.zeroNormHours++;
      for (const l of k.RegelingGegevens ?? []) {
        if (l.DatEindRegGeg < l.DatAanvRegGeg) n.endBeforeStart++;
        if (l.DatAanvRegGeg < x.start) n.dateOutsidePeriod++;
        if (l.RegVrnt !== undefined && !VARIANTS.has(l.RegVrnt)) n.unknownRegVrnt++;
        if (cents(l.RegLn) < 0) n.negativeAmount++;
      }
    }
    for (const who of bsns.values()) if (who.size > 1) n.duplicateBsn += who.size - 1;
    for (const c of numIvs.values()) if (c > 1) n.duplicateNumIv += c - 1;
    // Totals against the lines, per scheme code and variant.
    const sums = new Map<string, [number, number]>();
    for (const k of x.ikvs)
      for (const l of k.RegelingGegevens ?? []) {
        const key = `${l.RegKnmrk}|${l.RegVrnt ?? ''}`;
        const s = sums.get(key) ?? [0, 0];
        sums.set(key, [s[0] + cents(l.RegLn), s[1] + cents(l.PremieTot)]);
      }
    for (const t of x.totals) {
      const s = sums.get(`${t.RegKnmrk}|${t.RegVrnt ?? ''}`) ?? [0, 0];
      if (cents(t.TotRegLn) !== s[0] || cents(t.TotPremieReg) !== s[1]) n.totalsMismatch++;
    }
  }
  return n;
}

const BASE = { population: { count: 16 }, period: { months: 2 } };

async function check(defects: Defect[], seed: number, mix?: Record<string, number>) {
  const out = await generate({
    ...BASE,
    population: { ...BASE.population, seed },
    ...(mix ? { scenarioMix: mix } : {}),
    defects: Object.fromEntries(defects.map((d) => [d, true])),
  });
  const found = detect(out.files);
  const expected = Object.fromEntries(DEFECTS.map((d) => [d, defects.includes(d) ? 1 : 0]));
  expect(found, `${defects.join('+')} seed ${seed}`).toEqual(expected);
  const total = Object.values(found).reduce((a, b) => a + b, 0);
  expect(out.warnings[0]).toMatch(new RegExp(`^${total} deliberate defects? injected \\(${defects.join(', ')}\\)`));
  return out;
}

describe('UPA defect bookkeeping', () => {
  it("the issue's case: invalidBsn + duplicateBsn (count 30, seeds 1–5) gives one invalid SofiNr and one shared BSN", async () => {
    for (let seed = 1; seed <= 5; seed++) {
      const out = await generate({
        population: { count: 30, seed },
        period: { months: 1 },
        defects: { invalidBsn: true, duplicateBsn: true },
      });
      const found = detect(out.files);
      expect(found.invalidBsn, `seed ${seed}`).toBe(1);
      expect(found.duplicateBsn, `seed ${seed}`).toBe(1);
      expect(out.warnings[0]).toMatch(/^2 deliberate defects/);
    }
  });

  it('a clean run has no defect the detector sees', async () => {
    for (const seed of [1, 2, 3])
      expect(
        Object.values(detect((await generate({ ...BASE, population: { ...BASE.population, seed } })).files)).every((v) => v === 0),
      ).toBe(true);
  });

  const singlesAndPairs: Defect[][] = [...DEFECTS.map((d) => [d]), ...DEFECTS.flatMap((a, i) => DEFECTS.slice(i + 1).map((b) => [a, b]))];
  it(`every single defect and every pair (${singlesAndPairs.length} combinations, default and standard-only mixes) is present exactly once`, async () => {
    let tried = 0;
    for (const [i, combo] of singlesAndPairs.entries()) {
      await check(combo, 1000 + i);
      await check(combo, 2000 + i, { standard: 1 });
      tried += 2;
    }
    console.log(`UPA defects: ${tried} runs over ${singlesAndPairs.length} single/pair combinations`);
  }, 60_000);

  it('all 1,023 non-empty combinations of the ten defects are present exactly once; a seeded sample of 150 stays XSD-valid unless zeroNormHours is on', async () => {
    const rng = createRng(22);
    const sample = new Set<number>([1023]);
    while (sample.size < 151) sample.add(rng.int(1, 1023));
    const noXsdBreak: Array<{ name: string; content: string }> = [];
    let tried = 0;
    for (let mask = 1; mask < 1024; mask++) {
      const combo = DEFECTS.filter((_, b) => mask & (1 << b));
      const out = await check(combo, mask, mask % 2 ? { standard: 1 } : undefined);
      tried++;
      if (sample.has(mask) && !combo.includes('zeroNormHours'))
        noXsdBreak.push(...out.files.map((f) => ({ name: `m${mask}-${f.name}`, content: f.content })));
    }
    console.log(`UPA defects: ${tried} of the 1,023 non-empty combinations tried; ${noXsdBreak.length} files XSD-checked`);
    expect(tried).toBe(1023);
    expect(await xsdErrors(noXsdBreak)).toEqual([]);
  }, 120_000);

  it('a population too small for every defect to have its own employment is refused, naming the defect', async () => {
    await expectToolError(
      tool,
      {
        options: {
          population: { count: 3 },
          period: { startYear: 2026, months: 1 },
          scenarioMix: { standard: 1 },
          defects: Object.fromEntries(DEFECTS.map((d) => [d, true])),
        },
      },
      400,
      /cannot inject .*an employment of its own/,
    );
  });
});

describe('UPA NumIV', () => {
  it('10,000 employments: NumIV unique in every file, at most 4 digits; the run spreads over payroll-tax sub-numbers', async () => {
    const out = await generate({ population: { count: 10_000, seed: 7 }, period: { months: 2 } });
    let ikvs = 0;
    for (const f of out.files) {
      const nums = [...f.content.matchAll(/<NumIV>(\d+)<\/NumIV>/g)].map((m) => m[1]);
      ikvs += nums.length;
      expect(new Set(nums).size, f.name).toBe(nums.length);
      for (const v of nums) expect(v).toMatch(/^[1-9]\d{0,3}$/);
    }
    expect(ikvs).toBeGreaterThan(19_000);
    const lh = new Set(out.files.map((f) => /<LhNr>([^<]+)</.exec(f.content)![1]));
    expect([...lh]).toEqual(['123456782L01', '123456782L02']);
    expect(out.warnings.join(' ')).toMatch(/sub-numbers 123456782L01, 123456782L02/);
    expect(out.files.every((f) => (f as { payrollTaxNumber?: string }).payrollTaxNumber)).toBe(true);
  }, 120_000);

  it('small runs keep one employer, numbers 1..n, no extra meta', async () => {
    const out = await generate({ population: { count: 20 }, period: { months: 1 } });
    expect(out.files[0]).not.toHaveProperty('payrollTaxNumber');
    const nums = [...out.files[0].content.matchAll(/<NumIV>(\d+)<\/NumIV>/g)].map((m) => Number(m[1]));
    expect(Math.min(...nums)).toBe(1);
  });
});

describe('UPA fieldStates omit on elements the XSD requires', () => {
  it.each([
    ['PremieWkn', /PremieWkn in every RegelingGegevens/],
    ['AantVerlUPens', /AantVerlUPens in every RegelingGegevens/],
    ['Avwb', /OpnAvwb and OpbAvwb/],
    ['Werknemersgegevens', /Werknemersgegevens in every InkomstenverhoudingInitieel/],
  ])('%s: omit is refused with a 400 that says the schema requires it', async (field, message) => {
    const err = await expectToolError(tool, { options: { fieldStates: { [field]: 'omit' } } }, 400, message);
    expect(err.message).toMatch(/omit is not possible, the UPA 2026 schema requires/);
  });

  it('an omitted optional element is absent, never 0.00', async () => {
    const out = await generate({ population: { count: 10 }, fieldStates: { AantUCntrWk: 'omit', PtPerc: 'omit', VerlofUReg: 'omit' } });
    for (const tag of ['<AantUCntrWk>', '<PtPerc>', '<VerlofUReg>']) expect(out.files[0].content).not.toContain(tag);
    expect(await xsdErrors(out.files)).toEqual([]);
  });
});

describe('UPA several employers and test BSNs', () => {
  it('payrollTaxNumbers: one set of files per LhNr, NumIV unique per employer, XSD-valid', async () => {
    const lh = ['123456782L01', '123456782L02', '987654321L01'];
    const out = await generate({ population: { count: 30 }, period: { months: 2 }, declaration: { payrollTaxNumbers: lh } });
    expect(out.files).toHaveLength(6);
    expect(out.files.map((f) => (f as any).payrollTaxNumber)).toEqual([...lh, ...lh]);
    for (const f of out.files) {
      expect(f.content).toContain(`<LhNr>${(f as any).payrollTaxNumber}</LhNr>`);
      const nums = [...f.content.matchAll(/<NumIV>(\d+)<\/NumIV>/g)].map((m) => m[1]);
      expect(new Set(nums).size).toBe(nums.length);
    }
    expect(new Set(out.files.map((f) => f.name)).size).toBe(6);
    expect(out.files.reduce((n, f) => n + f.employments, 0)).toBe(out.files.slice(0, 3).reduce((n, f) => n + f.employments, 0) * 2);
    expect(await xsdErrors(out.files)).toEqual([]);
    await expectToolError(tool, { options: { declaration: { payrollTaxNumbers: ['123456782L01', '123456782L01'] } } }, 400, /listed twice/);
  });

  it('population.bsnRange test-999: every SofiNr is 999xxxxxx and 11-proof; the files stay XSD-valid', async () => {
    const out = await generate({ population: { count: 200, bsnRange: 'test-999' }, period: { months: 1 } });
    const bsns = [...out.files[0].content.matchAll(/<SofiNr>(\d+)<\/SofiNr>/g)].map((m) => m[1]);
    expect(bsns.length).toBeGreaterThanOrEqual(200);
    for (const b of bsns) expect(b.startsWith('999') && isValidBsn(b), b).toBe(true);
    expect(await xsdErrors(out.files)).toEqual([]);
    const def = await generate({ population: { count: 50 }, period: { months: 1 } });
    for (const m of def.files[0].content.matchAll(/<SofiNr>(\d)/g)) expect(Number(m[1])).toBeLessThanOrEqual(7);
  });
});
