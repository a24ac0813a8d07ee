/**
 * Content of the generated files, re-computed from the parsed XML: totals,
 * premiums, holiday allowance, BSNs, scenarios, defects, streaming, determinism.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isValidBsn } from '../../../tools/_lib/bsn.js';
import { DEFECTS } from '../../../tools/generators/upa/options.js';
import { ctx, runTool } from '../../helpers/run.js';
import { parseInput } from '../../../src/core/validate.js';
import { cents, generate, parse, tool, xsdErrors, type Ikv } from './_upa-helpers.js';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const one = (scenario: string) => ({ [scenario]: 1 });

describe('consistency', () => {
  it('TotaalRegelingen are the sums of the RegelingGegevens per scheme and variant', async () => {
    const out = await generate({
      population: { count: 60, seed: 11 },
      period: { months: 6 },
      schemes: [
        { schemeCode: 'OP', variants: 'A,B', premiumPct: 24 },
        { schemeCode: 'NP', premiumPct: 1.2, useFranchise: false },
        { enabled: false, schemeCode: 'XX', premiumPct: 3 },
      ],
    });
    let checked = 0;
    for (const f of out.files) {
      const { totals, ikvs } = parse(f.content);
      const lines = ikvs.flatMap((k) =>
        (k.RegelingGegevens ?? []).map((l): Record<string, any> => ({ ...l, bsn: k.NatuurlijkPersoon.SofiNr })),
      );
      expect(new Set(totals.map((t) => t.RegKnmrk))).toEqual(new Set(['OP', 'NP']));
      for (const t of totals) {
        const mine = lines.filter((l) => l.RegKnmrk === t.RegKnmrk && l.RegVrnt === t.RegVrnt);
        expect(cents(t.TotRegLn)).toBe(sum(mine.map((l) => cents(l.RegLn))));
        expect(cents(t.TotGrslPremie)).toBe(sum(mine.map((l) => cents(l.PremieGrslg))));
        expect(cents(t.TotPremieReg)).toBe(sum(mine.map((l) => cents(l.PremieTot))));
        expect(cents(t.TotAantVerlUReg)).toBe(sum(mine.map((l) => cents(l.AantVerlUPens))));
        expect(Number(t.TotIkvReg)).toBe(mine.length);
        expect(Number(t.TotPersReg)).toBe(new Set(mine.map((l) => l.bsn)).size);
        checked++;
      }
      for (const l of lines) {
        const pct = l.RegKnmrk === 'OP' ? 24 : 1.2;
        expect(cents(l.PremieTot)).toBe(Math.round((cents(l.PremieGrslg) * pct) / 100));
        expect(cents(l.PremieWkn)).toBe(Math.round(cents(l.PremieTot) * 0.4));
      }
    }
    expect(checked).toBeGreaterThanOrEqual(18);
  });

  it('premium base: (min(salary, cap) − franchise) × part-time / 12; franchise only when useFranchise; holiday allowance in its month', async () => {
    const pinned = [
      { bsn: '999993653', annualSalary: 60000, partTimePct: 80, scenario: 'standard' },
      { bsn: '123456782', annualSalary: 120000, partTimePct: 100, scenario: 'standard' },
    ];
    const options = {
      population: { count: 2, holidayAllowanceMonth: 2 },
      period: { months: 2 },
      declaration: { franchise: 18000, maxPensionableSalary: 80000 },
      schemes: [
        { schemeCode: 'OP', premiumPct: 27.6 },
        { schemeCode: 'NP', premiumPct: 1, useFranchise: false },
      ],
      pinned,
    };
    const out = await generate(options);
    const [jan, feb] = out.files.map((f) => parse(f.content).ikvs);
    const line = (ikvs: Ikv[], bsn: string, code: string) =>
      ikvs.find((k) => k.NatuurlijkPersoon.SofiNr === bsn)!.RegelingGegevens!.find((l) => l.RegKnmrk === code)!;
    // 60000 × 80% / 12 = 4000.00 RegLn; base (60000 − 18000) × 0.8 / 12 = 2800.00; without franchise 4000.00.
    expect(line(jan, '999993653', 'OP')).toMatchObject({
      RegLn: '4000.00',
      PremieGrslg: '2800.00',
      PremieTot: '772.80',
      PremieWkn: '309.12',
    });
    expect(line(jan, '999993653', 'NP')).toMatchObject({ RegLn: '4000.00', PremieGrslg: '4000.00', PremieTot: '40.00' });
    // Capped: (80000 − 18000) / 12 = 5166.67.
    expect(line(jan, '123456782', 'OP')).toMatchObject({ RegLn: '10000.00', PremieGrslg: '5166.67' });
    // February: + 8% of 48000 = 3840.00 holiday allowance.
    expect(line(feb, '999993653', 'OP').RegLn).toBe('7840.00');
    expect(feb.find((k) => k.NatuurlijkPersoon.SofiNr === '999993653')!.Werknemersgegevens.VakBsl).toBe('3840.00');
    // Hours: 40 × 80% × 52/12 = 138.67; part-time percentage as written.
    expect(line(jan, '999993653', 'OP').AantVerlUPens).toBe('138.67');
    expect(jan.find((k) => k.NatuurlijkPersoon.SofiNr === '999993653')!.Inkomstenperiode[0].PtPerc).toBe('80.00');
  });

  it('BSNs pass the 11-check and never start with 000; file names and labels', async () => {
    const out = await generate({
      population: { count: 500, seed: 3 },
      period: { startMonth: 11, months: 3, splitMode: 'chunk', chunkSize: 200 },
    });
    const names = out.files.map((f) => f.name);
    expect(names).toEqual(
      [
        'UPA_202611_001.xml',
        'UPA_202611_002.xml',
        'UPA_202611_003.xml',
        'UPA_202612_001.xml',
        'UPA_202612_002.xml',
        'UPA_202612_003.xml',
        'UPA_202701_001.xml',
        'UPA_202701_002.xml',
        'UPA_202701_003.xml',
      ].slice(0, names.length),
    );
    for (const f of out.files) {
      expect(f.periodLabel).toBe(`${f.name.slice(4, 8)}-${f.name.slice(8, 10)}`);
      for (const k of parse(f.content).ikvs) {
        const b = k.NatuurlijkPersoon.SofiNr as string;
        expect(isValidBsn(b) && !b.startsWith('000'), b).toBe(true);
      }
    }
    // The run reaches 2027: no bundled schema, so a warning says so.
    expect(out.warnings.join(' ')).toMatch(/2027-01 is not available/);
    expect(out.files.at(-1)!.content).toContain('uniformePensioenAangifte/2027/01');
  });
});

describe('scenarios', () => {
  const gen = (scenario: string, months = 3, extra: Record<string, unknown> = {}) =>
    generate({ population: { count: 6, seed: 21 }, period: { months }, scenarioMix: one(scenario), ...extra });
  const ikvsOf = (out: Awaited<ReturnType<typeof gen>>) => out.files.map((f) => ({ ...parse(f.content), file: f }));

  it('standard: every employment in every period, unchanged', async () => {
    const periods = ikvsOf(await gen('standard'));
    expect(periods.map((p) => p.ikvs.length)).toEqual([6, 6, 6]);
    expect(periods.flatMap((p) => p.ikvs).every((k) => k.DatEind === undefined)).toBe(true);
  });

  it('newHire: DatAanv inside the run, first appearing in that period', async () => {
    const periods = ikvsOf(await gen('newHire'));
    const seen = new Set<string>();
    for (const p of periods)
      for (const k of p.ikvs) {
        if (!seen.has(k.NumIV)) expect(k.DatAanv >= p.start && k.DatAanv <= p.end).toBe(true);
        seen.add(k.NumIV);
      }
    expect(seen.size).toBe(6);
  });

  it('leaver: DatEind and CdRdnEindArbov in the ending period, absent afterwards', async () => {
    const periods = ikvsOf(await gen('leaver'));
    const ended = new Set<string>();
    for (const p of periods)
      for (const k of p.ikvs) {
        expect(ended.has(k.NumIV)).toBe(false);
        if (k.DatEind) {
          expect(k.DatEind >= p.start && k.DatEind <= p.end).toBe(true);
          expect(k.CdRdnEindArbov).toMatch(/^\d\d$/);
          expect(k.RegelingGegevens![0].IndEindDln).toBe('J');
          ended.add(k.NumIV);
        }
      }
    expect(ended.size).toBe(6);
  });

  it('rehire: ends and returns with a new NumIV (same BSN)', async () => {
    const all = ikvsOf(await gen('rehire')).flatMap((p) => p.ikvs);
    const byBsn = new Map<string, Set<string>>();
    for (const k of all) byBsn.set(k.NatuurlijkPersoon.SofiNr, (byBsn.get(k.NatuurlijkPersoon.SofiNr) ?? new Set()).add(k.NumIV));
    expect([...byBsn.values()].every((s) => s.size === 2)).toBe(true);
    expect(new Set(all.map((k) => k.NumIV)).size).toBe(12);
  });

  it('payrollSwitch: same NumIV across the switch, new PersNr', async () => {
    const periods = ikvsOf(await gen('payrollSwitch'));
    for (const k of periods[0].ikvs) {
      const later = periods[2].ikvs.find((x) => x.NatuurlijkPersoon.SofiNr === k.NatuurlijkPersoon.SofiNr)!;
      expect(later.NumIV).toBe(k.NumIV);
      expect(later.PersNr).not.toBe(k.PersNr);
    }
  });

  it('deathInService: DatOvl equals DatEind', async () => {
    const dead = ikvsOf(await gen('deathInService'))
      .flatMap((p) => p.ikvs)
      .filter((k) => k.NatuurlijkPersoon.DatOvl);
    expect(dead).toHaveLength(6);
    for (const k of dead) expect(k.DatEind).toBe(k.NatuurlijkPersoon.DatOvl);
  });

  it.each([
    ['marriage', '2'],
    ['registeredPartnership', '5'],
    ['divorce', '3'],
    ['widowed', '4'],
  ])('%s: CdBurgSt becomes %s with DtIngBurgSt', async (s, code) => {
    const periods = ikvsOf(await gen(s));
    for (const p of periods)
      for (const k of p.ikvs) {
        const n = k.NatuurlijkPersoon;
        if (n.CdBurgSt === code) expect(n.DtIngBurgSt <= p.end).toBe(true);
      }
    const last = periods[2].ikvs.map((k) => k.NatuurlijkPersoon);
    expect(last.every((n) => n.CdBurgSt === code && n.DtIngBurgSt >= periods[0].start)).toBe(true);
    expect(periods[0].ikvs.some((n) => n.NatuurlijkPersoon.CdBurgSt !== code)).toBe(true);
  });

  it('unpaidLeave: CdIncInkVerm O, Verlof OBD, VerlofUReg (from UPA 2025)', async () => {
    const all = ikvsOf(await gen('unpaidLeave'))
      .flatMap((p) => p.ikvs)
      .filter((k) => k.Inkomstenperiode[0].CdIncInkVerm);
    expect(all).toHaveLength(6);
    for (const k of all) {
      expect(k.Inkomstenperiode[0].CdIncInkVerm).toBe('O');
      expect(k.Werknemersgegevens.Verlof[0].CdSrtVerl).toBe('OBD');
      expect(k.RegelingGegevens![0].VerlofUReg).toBe(k.Werknemersgegevens.Verlof[0].UrenVerl);
    }
  });

  it('parentalLeave: CdIncInkVerm K with Verlof OSP', async () => {
    const all = ikvsOf(await gen('parentalLeave'))
      .flatMap((p) => p.ikvs)
      .filter((k) => k.Inkomstenperiode[0].CdIncInkVerm);
    expect(all.length).toBeGreaterThanOrEqual(6);
    for (const k of all) expect([k.Inkomstenperiode[0].CdIncInkVerm, k.Werknemersgegevens.Verlof[0].CdSrtVerl]).toEqual(['K', 'OSP']);
  });

  it('sickness: CdIncInkVerm Z with RegLn reduced to 70%', async () => {
    const periods = ikvsOf(await gen('sickness', 3, { population: { count: 6, seed: 21, holidayAllowanceMonth: 0 } }));
    let seen = 0;
    for (const p of periods)
      for (const k of p.ikvs)
        if (k.Inkomstenperiode[0].CdIncInkVerm === 'Z') {
          const before = periods[0].ikvs.find((x) => x.NumIV === k.NumIV)!;
          if (before.Inkomstenperiode[0].CdIncInkVerm) continue; // sick from the first period on
          expect(
            Math.abs(cents(k.RegelingGegevens![0].RegLn) - Math.round(cents(before.RegelingGegevens![0].RegLn) * 0.7)),
          ).toBeLessThanOrEqual(1);
          seen++;
        }
    expect(seen).toBeGreaterThan(0);
  });

  it('earlyIva: CdIncInkVerm Z, RegLn 0, AantVerlUPens 0', async () => {
    const all = ikvsOf(await gen('earlyIva'))
      .flatMap((p) => p.ikvs)
      .filter((k) => k.Inkomstenperiode[0].CdIncInkVerm === 'Z');
    expect(all.length).toBeGreaterThanOrEqual(6);
    for (const k of all) expect(k.RegelingGegevens![0]).toMatchObject({ RegLn: '0.00', AantVerlUPens: '0.00' });
  });

  it('onCall: IndOprov J, AantUCntrWk 0, one period with RegLn 0', async () => {
    const all = ikvsOf(await gen('onCall')).flatMap((p) => p.ikvs);
    for (const k of all) expect(k.Inkomstenperiode[0]).toMatchObject({ IndOprov: 'J', AantUCntrWk: '0.00' });
    expect(all.filter((k) => k.RegelingGegevens![0].RegLn === '0.00')).toHaveLength(6);
  });

  it('intern: CdAard 7 and no RegelingGegevens; dga: SrtIV 17 and no CdAard', async () => {
    for (const k of ikvsOf(await gen('intern', 1)).flatMap((p) => p.ikvs)) {
      expect(k.Inkomstenperiode[0].CdAard).toBe('7');
      expect(k.RegelingGegevens).toBeUndefined();
    }
    for (const k of ikvsOf(await gen('dga', 1)).flatMap((p) => p.ikvs)) {
      expect(k.Inkomstenperiode[0].SrtIV).toBe('17');
      expect(k.Inkomstenperiode[0].CdAard).toBeUndefined();
    }
  });

  it('minor: aged 15 to 17; nearRetirement: aged 65 to 67 (at the first period)', async () => {
    const age = (birth: string) => 2026 - Number(birth.slice(0, 4)) - (birth.slice(5) > '01-01' ? 1 : 0);
    for (const k of ikvsOf(await gen('minor', 1)).flatMap((p) => p.ikvs)) {
      expect(age(k.NatuurlijkPersoon.Gebdat)).toBeGreaterThanOrEqual(15);
      expect(age(k.NatuurlijkPersoon.Gebdat)).toBeLessThanOrEqual(17);
    }
    for (const k of ikvsOf(await gen('nearRetirement', 1)).flatMap((p) => p.ikvs)) {
      expect(age(k.NatuurlijkPersoon.Gebdat)).toBeGreaterThanOrEqual(65);
      expect(age(k.NatuurlijkPersoon.Gebdat)).toBeLessThanOrEqual(67);
    }
  });

  it('partTimeChange: PtPerc and AantVerlUPens change midway', async () => {
    const periods = ikvsOf(await gen('partTimeChange', 4));
    for (const k of periods[0].ikvs) {
      const later = periods[3].ikvs.find((x) => x.NumIV === k.NumIV)!;
      expect(later.Inkomstenperiode[0].PtPerc).not.toBe(k.Inkomstenperiode[0].PtPerc);
      expect(later.RegelingGegevens![0].AantVerlUPens).not.toBe(k.RegelingGegevens![0].AantVerlUPens);
      expect(periods[1].ikvs.find((x) => x.NumIV === k.NumIV)!.Inkomstenperiode[0].PtPerc).toBe(k.Inkomstenperiode[0].PtPerc);
    }
  });

  it('backPayment: pensionable RegLn in a period after DatEind', async () => {
    const periods = ikvsOf(await gen('backPayment'));
    let seen = 0;
    for (const p of periods)
      for (const k of p.ikvs)
        if (k.DatEind && k.DatEind < p.start) {
          expect(cents(k.RegelingGegevens![0].RegLn)).toBeGreaterThan(0);
          expect(cents(k.RegelingGegevens![0].PremieGrslg)).toBeGreaterThan(0);
          seen++;
        }
    expect(seen).toBe(6);
  });

  it('aanvullend: only corrections (event periods and back-dated raises), fewer employments than volledig', async () => {
    const full = await generate({ population: { count: 80, seed: 4 }, period: { months: 3 } });
    const supp = await generate({ population: { count: 80, seed: 4 }, period: { months: 3, declarationKind: 'aanvullend' } });
    for (let i = 0; i < 3; i++) {
      expect(supp.files[i].employments).toBeLessThan(full.files[i].employments / 2);
      expect(supp.files[i].content).toContain('<AanvullendeAangifte>');
    }
  });
});

describe('defects', () => {
  const base = { population: { count: 12, seed: 99 }, period: { months: 2 }, scenarioMix: { standard: 1 } };
  const clean = () => generate(base);

  it.each(DEFECTS.map((d) => [d]))('%s is injected once, announced, and only zeroNormHours breaks the XSD', async (defect) => {
    const good = await clean();
    const bad = await generate({ ...base, defects: { [defect]: true } });
    expect(bad.warnings).toEqual([`1 deliberate defect injected (${defect}): these files are meant to be rejected by a UPA intake`]);
    const changed = bad.files.filter((f, i) => f.content !== good.files[i].content);
    expect(changed).toHaveLength(1);
    const g = parse(good.files[bad.files.indexOf(changed[0])].content);
    const b = parse(changed[0].content);
    const diff = b.ikvs.filter((k, i) => JSON.stringify(k) !== JSON.stringify(g.ikvs[i]));
    const lines = b.ikvs.flatMap((k) => k.RegelingGegevens ?? []);
    switch (defect) {
      case 'invalidBsn':
        expect(diff).toHaveLength(1);
        expect(isValidBsn(diff[0].NatuurlijkPersoon.SofiNr)).toBe(false);
        break;
      case 'missingMandatory':
        expect(diff).toHaveLength(1);
        expect(diff[0].NatuurlijkPersoon.SofiNr).toBeUndefined();
        break;
      case 'duplicateBsn':
        expect(new Set(b.ikvs.map((k) => k.NatuurlijkPersoon.SofiNr)).size).toBe(b.ikvs.length - 1);
        break;
      case 'duplicateNumIv':
        expect(new Set(b.ikvs.map((k) => k.NumIV)).size).toBe(b.ikvs.length - 1);
        break;
      case 'totalsMismatch': {
        const t = b.totals[0];
        const mine = lines.filter((l) => l.RegKnmrk === t.RegKnmrk && l.RegVrnt === t.RegVrnt);
        expect(cents(t.TotRegLn)).toBe(Math.round(sum(mine.map((l) => cents(l.RegLn))) * 1.1));
        expect(cents(t.TotPremieReg)).toBe(Math.round(sum(mine.map((l) => cents(l.PremieTot))) * 1.1));
        break;
      }
      case 'endBeforeStart':
        expect(lines.filter((l) => l.DatEindRegGeg < l.DatAanvRegGeg)).toHaveLength(1);
        break;
      case 'dateOutsidePeriod':
        expect(b.start).toBe('2026-01-01');
        expect(lines.filter((l) => l.DatAanvRegGeg < b.start).map((l) => l.DatAanvRegGeg)).toEqual(['2025-12-01']);
        break;
      case 'unknownRegVrnt':
        expect(lines.filter((l) => l.RegVrnt !== undefined && !['A', 'B'].includes(l.RegVrnt))).toHaveLength(1);
        break;
      case 'negativeAmount':
        expect(lines.filter((l) => cents(l.RegLn) < 0 && cents(l.PremieGrslg) < 0)).toHaveLength(1);
        break;
      case 'zeroNormHours':
        expect(b.ikvs.filter((k) => k.Inkomstenperiode[0].AantUNormWk === '0.00')).toHaveLength(1);
        break;
    }
    const errors = await xsdErrors(bad.files);
    if (defect === 'zeroNormHours') {
      expect(errors.length).toBeGreaterThan(0);
      expect(errors.filter((e) => /AantUNormWk/.test(e)).length).toBeGreaterThan(0);
      for (const e of errors) expect(e).toMatch(/AantUNormWk|fails to validate/);
    } else expect(errors).toEqual([]);
  });

  it('all ten at once: counted in one warning', async () => {
    const out = await generate({ ...base, defects: Object.fromEntries(DEFECTS.map((d) => [d, true])) });
    expect(out.warnings[0]).toMatch(
      /^10 deliberate defects injected \(invalidBsn, .*missingMandatory\): these files are meant to be rejected/,
    );
  });

  it('a defect without a place is refused', async () => {
    await expect(
      generate({ ...base, period: { months: 1, splitMode: 'perParticipant' }, defects: { duplicateBsn: true } }),
    ).rejects.toThrow(/cannot inject duplicateBsn/);
    await expect(generate({ ...base, scenarioMix: { intern: 1 }, defects: { negativeAmount: true } })).rejects.toThrow(
      /cannot inject negativeAmount/,
    );
  });
});

describe('determinism and streaming', () => {
  const options = {
    population: { count: 40, seed: 424242 },
    period: { months: 3, periodType: 'VWK' },
    scenarioMix: Object.fromEntries(DEFECTS.map(() => ['standard', 1])),
  };

  it('same seed, same files; another seed, other files; golden SHA-256', async () => {
    const a = await generate({ population: { count: 40, seed: 424242 }, period: { months: 3 } });
    const b = await generate({ population: { count: 40, seed: 424242 }, period: { months: 3 } });
    const c = await generate({ population: { count: 40, seed: 424243 }, period: { months: 3 } });
    expect(a).toEqual(b);
    expect(c.files[0].content).not.toBe(a.files[0].content);
    const digest = createHash('sha256').update(JSON.stringify(a)).digest('hex');
    expect(digest).toBe(GOLDEN);
  });

  it('streamJson yields the JSON of exactly what run returns, in several chunks', async () => {
    const input = parseInput(tool.input, {
      format: 'xml',
      options: { ...options, population: { count: 3000, seed: 5 }, period: { startYear: 2026, months: 2 } },
    });
    const data = await tool.run(input, ctx());
    const collect = async (chunks: AsyncIterable<string> | Iterable<string>) => {
      const out: string[] = [];
      for await (const c of chunks) out.push(c);
      return out;
    };
    const chunks = await collect(tool.streamJson!(input, ctx()));
    expect(chunks.length).toBeGreaterThan(8);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThan(400_000);
    expect(JSON.parse(chunks.join(''))).toEqual(data);
    for (const format of ['summary', 'participants-csv']) {
      const i2 = parseInput(tool.input, { format, options: { population: { count: 20 } } });
      expect(JSON.parse((await collect(tool.streamJson!(i2, ctx()))).join(''))).toEqual(await tool.run(i2, ctx()));
    }
  });
});

/** SHA-256 of JSON.stringify of the seed-424242 run above; reviewed by reading the files it hashes. */
const GOLDEN = '54bf0f35ba7d4ce98751ae6eae91ba7724506588735c6d83e6d7381c4a27c4a6';

describe('summary and participants-csv', () => {
  it('summary totals match the xml totals', async () => {
    const opts = { population: { count: 30, seed: 8 }, period: { startYear: 2026, months: 2 } };
    const xml = await runTool(tool, { format: 'xml', options: opts });
    const s = await runTool(tool, { format: 'summary', options: opts });
    expect(s.files.map((f: any) => f.name)).toEqual(xml.files.map((f: any) => f.name));
    const t = parse(xml.files[1].content).totals[0];
    expect(s.files[1].totals[0]).toMatchObject({
      schemeCode: t.RegKnmrk,
      totRegLn: cents(t.TotRegLn) / 100,
      totPremieReg: cents(t.TotPremieReg) / 100,
    });
    expect(Object.values(s.scenarios as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(30);
  });

  it("draws ages within minAge..maxAge, also below 18; scenarios about partners, families or a company of one's own stay adult", async () => {
    const ageAt = (birth: string, on: string) =>
      Number(on.slice(0, 4)) - Number(birth.slice(0, 4)) - (on.slice(5) < birth.slice(5) ? 1 : 0);
    const rowsOf = async (scenarioMix: Record<string, number>) => {
      const out = await runTool(tool, {
        format: 'csv',
        options: { population: { count: 40, minAge: 15, maxAge: 16, seed: 3 }, period: { startYear: 2026, months: 1 }, scenarioMix },
      });
      const birth = out.columns.indexOf('birthDate');
      return out.csv
        .trim()
        .split('\n')
        .slice(1)
        .map((r: string) => ageAt(r.split(',')[birth], '2026-01-01'));
    };
    const young = await rowsOf({ standard: 1 });
    expect(
      young.every((a: number) => a >= 15 && a <= 16),
      String(young),
    ).toBe(true);
    expect((await rowsOf({ marriage: 1 })).every((a: number) => a >= 18)).toBe(true);
  });

  it('participants-csv: one row per employment, household data, pinned first', async () => {
    const out = await runTool(tool, {
      format: 'csv',
      options: {
        population: { count: 50, seed: 2 },
        household: { pctMarried: 100, pctCohabiting: 0, pctDivorced: 0, pctWidowed: 0, partnerSameFund: false, partnerOtherFund: true },
        pinned: [{ bsn: '999993653', lastName: 'Moulin', scenario: 'standard' }],
      },
    });
    const rows = out.csv.trim().split('\n');
    expect(rows).toHaveLength(51);
    expect(rows[0]).toBe(out.columns.join(','));
    expect(rows[1]).toMatch(/^999993653,1,,E00001,/);
    expect(rows[1]).toContain('Moulin');
    const fund = out.columns.indexOf('partnerFund');
    const adults = rows
      .slice(1)
      .map((r: string) => r.split(','))
      .filter((r: string[]) => r[out.columns.indexOf('household')] === 'married');
    expect(adults.length).toBeGreaterThan(20);
    expect(adults.every((r: string[]) => r[fund] === 'other')).toBe(true);
  });
});
