/**
 * UPA corrections: aanvullend declarations with period corrections
 * (TijdvakCorrectie, after the TijdvakAangifte) and withdrawn income relations
 * (InkomstenverhoudingIntrekking, in the AanvullendeAangifte and in each
 * TijdvakCorrectie), driven by options.corrections, validated against the
 * official UPA 2026 XSD with xmllint-wasm and checked for content: the corrected
 * periods are earlier run periods of the same year, the corrected lines carry
 * the back-dated 2% raise over what the full declaration of that period said,
 * the correction totals add up, and every withdrawal names an income relation
 * the full declaration of that period holds.
 */
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { expectToolError } from '../../helpers/run.js';
import { cents, generate, parse, tool, xsdErrors, type UpaFile } from './_upa-helpers.js';

const ARRAYS = new Set([
  'TijdvakCorrectie',
  'InkomstenverhoudingIntrekking',
  'InkomstenverhoudingInitieel',
  'TotaalRegelingen',
  'RegelingGegevens',
]);
const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (name) => ARRAYS.has(name) });

function corrections(f: UpaFile) {
  const ae = parser.parse(f.content).PensioenAangifte.AdministratieveEenheid;
  return {
    current: (ae.TijdvakAangifte.AanvullendeAangifte?.InkomstenverhoudingInitieel ?? []) as any[],
    withdrawals: (ae.TijdvakAangifte.AanvullendeAangifte?.InkomstenverhoudingIntrekking ?? []) as any[],
    blocks: (ae.TijdvakCorrectie ?? []) as any[],
  };
}

const RUNS = [
  { label: 'MND single', period: { startMonth: 1, months: 4 } },
  { label: 'MND chunk', period: { startMonth: 8, months: 5, splitMode: 'chunk', chunkSize: 3 } },
  { label: 'VWK single', period: { startMonth: 2, months: 5, periodType: 'VWK' } },
  { label: 'VWK perParticipant', period: { startMonth: 1, months: 3, periodType: 'VWK', splitMode: 'perParticipant' } },
];

describe('upa-file-generator corrections (aanvullend)', () => {
  it('TijdvakCorrectie and InkomstenverhoudingIntrekking: XSD-valid, earlier periods of the year, raised lines, totals, real withdrawals', async () => {
    let files = 0,
      blocks = 0,
      correctedIkvs = 0,
      withdrawals = 0;
    for (const [i, run] of RUNS.entries()) {
      const population = { count: 40, seed: 900 + i };
      const options = {
        population,
        period: { ...run.period, declarationKind: 'aanvullend' },
        corrections: { periodCorrections: 2, withdrawals: 2 },
      };
      const out = await generate(options);
      expect(await xsdErrors(out.files), run.label).toEqual([]);
      // What the full declarations said, per period start: NumIV → IKV.
      const full = await generate({ population, period: { ...run.period, splitMode: 'single' } });
      const declared = new Map(full.files.map((f) => [f.periodStart, new Map(parse(f.content).ikvs.map((x) => [x.NumIV, x]))]));
      const starts = [...declared.keys()];

      const withdrawnPerPeriod = new Map<string, Set<string>>();
      for (const f of out.files) {
        files++;
        const c = corrections(f);
        const currentNumIvs = new Set(c.current.map((x) => x.NumIV));
        const currentBsns = new Set(c.current.map((x) => x.NatuurlijkPersoon.SofiNr));
        const withdraw = (period: string, list: any[], corrected: Set<string>) => {
          const seen = withdrawnPerPeriod.get(period) ?? new Set();
          for (const w of list) {
            const original = declared.get(period)!.get(w.NumIV);
            expect(original, `${f.name}: withdrawn NumIV ${w.NumIV} was not declared for ${period}`).toBeDefined();
            expect([w.SofiNr, w.PersNr]).toEqual([original!.NatuurlijkPersoon.SofiNr, original!.PersNr]);
            expect(corrected.has(w.NumIV), `${f.name}: ${w.NumIV} is both corrected and withdrawn`).toBe(false);
            expect(seen.has(w.NumIV), `${period}: ${w.NumIV} withdrawn twice`).toBe(false);
            seen.add(w.NumIV);
            withdrawals++;
          }
          withdrawnPerPeriod.set(period, seen);
        };
        withdraw(f.periodStart, c.withdrawals, currentNumIvs);

        const here = starts.indexOf(f.periodStart);
        const allowed = starts.slice(Math.max(0, here - 2), here).filter((s) => s.slice(0, 4) === f.periodStart.slice(0, 4));
        for (const b of c.blocks) {
          blocks++;
          expect(allowed, `${f.name}: corrects ${b.DatAanvTv}`).toContain(b.DatAanvTv);
          const ikvs = (b.InkomstenverhoudingInitieel ?? []) as any[];
          const lines = ikvs.flatMap((x) =>
            (x.RegelingGegevens ?? []).map((l: any) => ({ ...l, numIv: x.NumIV, bsn: x.NatuurlijkPersoon.SofiNr })),
          );
          for (const x of ikvs) {
            correctedIkvs++;
            // The employment is among the file's own corrections (by BSN: a rehire's earlier relation has its old NumIV).
            expect(
              currentBsns.has(x.NatuurlijkPersoon.SofiNr),
              `${f.name}: corrected NumIV ${x.NumIV} is not among the file's own corrections`,
            ).toBe(true);
            const original = declared.get(b.DatAanvTv)!.get(x.NumIV);
            expect(original, `${b.DatAanvTv}: NumIV ${x.NumIV} was never declared`).toBeDefined();
            (x.RegelingGegevens ?? []).forEach((l: any, k: number) => {
              const o = original!.RegelingGegevens![k];
              expect(l.RegKnmrk).toBe(o.RegKnmrk);
              // The back-dated raise: PremieGrslg is 2% higher than declared (to the cent).
              expect(Math.abs(cents(l.PremieGrslg) - Math.round(cents(o.PremieGrslg) * 1.02))).toBeLessThanOrEqual(1);
              if (cents(o.RegLn) > 0) expect(cents(l.RegLn)).toBeGreaterThan(cents(o.RegLn));
            });
          }
          // Totals of the correction: sums of its lines per scheme code and variant.
          const totals = (b.CollectieveAangifte?.TotaalRegelingen ?? []) as any[];
          const keys = new Set(lines.map((l) => `${l.RegKnmrk}|${l.RegVrnt ?? ''}`));
          expect(totals.map((t) => `${t.RegKnmrk}|${t.RegVrnt ?? ''}`).sort()).toEqual([...keys].sort());
          for (const t of totals) {
            const mine = lines.filter((l) => l.RegKnmrk === t.RegKnmrk && (l.RegVrnt ?? '') === (t.RegVrnt ?? ''));
            expect(cents(t.TotRegLn)).toBe(mine.reduce((s, l) => s + cents(l.RegLn), 0));
            expect(cents(t.TotPremieReg)).toBe(mine.reduce((s, l) => s + cents(l.PremieTot), 0));
            expect(Number(t.TotIkvReg)).toBe(mine.length);
            expect(Number(t.TotPersReg)).toBe(new Set(mine.map((l) => l.bsn)).size);
          }
          withdraw(b.DatAanvTv, b.InkomstenverhoudingIntrekking ?? [], new Set(ikvs.map((x) => x.NumIV)));
        }
      }
    }
    console.log(
      `UPA corrections: ${files} files XSD-valid, ${blocks} TijdvakCorrectie blocks, ${correctedIkvs} corrected income relations, ${withdrawals} withdrawals`,
    );
    expect(blocks).toBeGreaterThan(10);
    expect(correctedIkvs).toBeGreaterThan(10);
    expect(withdrawals).toBeGreaterThan(20);
  });

  it("a period is corrected only within its own year (the schema enumerates its year's periods)", async () => {
    const out = await generate({
      population: { count: 30, seed: 5 },
      period: { startYear: 2025, startMonth: 11, months: 4, declarationKind: 'aanvullend' },
      corrections: { periodCorrections: 3 },
    });
    for (const f of out.files) for (const b of corrections(f).blocks) expect(b.DatAanvTv.slice(0, 4)).toBe(f.periodStart.slice(0, 4));
    const jan = out.files.filter((f) => f.periodStart === '2026-01-01');
    expect(jan.length).toBeGreaterThan(0);
    for (const f of jan) expect(corrections(f).blocks).toEqual([]);
    expect(await xsdErrors(out.files.filter((f) => f.periodStart.startsWith('2026')))).toEqual([]);
  });

  it('off by default; refused for volledig declarations', async () => {
    const out = await generate({ population: { count: 20, seed: 3 }, period: { months: 2, declarationKind: 'aanvullend' } });
    for (const f of out.files) expect(f.content).not.toMatch(/TijdvakCorrectie|InkomstenverhoudingIntrekking/);
    await expectToolError(
      tool,
      { options: { period: { startYear: 2026 }, corrections: { withdrawals: 1 } } },
      400,
      /declarationKind to aanvullend/,
    );
  });
});
