/**
 * Every file generated without defects validates against the official UPA 2026
 * XSD (xmllint-wasm: libxml2 compiled to WebAssembly), over seeds × scenario
 * mixes × split modes × period types × declaration kinds × field states.
 */
import { describe, expect, it } from 'vitest';
import { SCENARIOS } from '../../../tools/generators/upa/options.js';
import { generate, parse, xsdErrors } from './_upa-helpers.js';

const MIXES: Record<string, Record<string, number> | undefined> = {
  default: undefined,
  everyScenario: Object.fromEntries(SCENARIOS.map((s) => [s, 1])),
  lifeEvents: { leaver: 1, rehire: 1, deathInService: 1, backPayment: 1, newHire: 1, payrollSwitch: 1 },
  incidents: { unpaidLeave: 1, parentalLeave: 1, sickness: 1, earlyIva: 1, onCall: 1, intern: 1, dga: 1, minor: 1 },
};

describe('UPA 2026 XSD validity', () => {
  const cases: Array<[string, Record<string, any>]> = [];
  let seed = 1;
  for (const [mixName, mix] of Object.entries(MIXES))
    for (const periodType of ['MND', 'VWK'])
      for (const splitMode of ['single', 'chunk', 'perParticipant'])
        cases.push([
          `${mixName} ${periodType} ${splitMode}`,
          {
            population: { count: splitMode === 'perParticipant' ? 6 : 25, seed: seed++ * 7919 },
            period: {
              startMonth: periodType === 'VWK' ? 10 : 1,
              months: periodType === 'VWK' ? 4 : 6,
              periodType,
              splitMode,
              chunkSize: 7,
            },
            ...(mix ? { scenarioMix: mix } : {}),
          },
        ]);

  it(`${cases.length} runs (${Object.keys(MIXES).join(', ')} × MND/VWK × single/chunk/perParticipant) all validate`, async () => {
    // One validator call for everything: instantiating libxml2 costs ~0.3 s per call.
    const all: Array<{ name: string; content: string }> = [];
    for (const [name, options] of cases) {
      const out = await generate(options);
      expect(out.warnings, name).toEqual([]);
      expect(out.files.length, name).toBe(out.fileCount);
      all.push(...out.files.map((f) => ({ name: `${name.replace(/ /g, '_')}_${f.name}`, content: f.content })));
    }
    console.log(`UPA XSD matrix: ${cases.length} runs, ${all.length} files validated`);
    expect(all.length).toBeGreaterThan(300);
    expect(await xsdErrors(all)).toEqual([]);
  }, 30_000);

  it('a whole year of VWK periods: the 13 periods are exactly the four-week enumerations of the XSD', async () => {
    const out = await generate({ population: { count: 3 }, period: { months: 13, periodType: 'VWK' } });
    const starts = [...new Set(out.files.map((f) => f.periodStart))];
    expect(starts).toEqual([
      '2026-01-01',
      '2026-01-26',
      '2026-02-23',
      '2026-03-23',
      '2026-04-20',
      '2026-05-18',
      '2026-06-15',
      '2026-07-13',
      '2026-08-10',
      '2026-09-07',
      '2026-10-05',
      '2026-11-02',
      '2026-11-30',
    ]);
    expect(out.files.at(-1)!.periodEnd).toBe('2026-12-31');
    expect(await xsdErrors(out.files)).toEqual([]);
  }, 30_000);

  it('aanvullend declarations, every field filled, every field omitted that may be', async () => {
    const all = Object.fromEntries(
      ['TaalVoorkeur', 'Email', 'LocOms', 'CdInvlVpl', 'CdBeroep', 'CdVerbIkv', 'Dgln', 'DatEindSect'].map((k) => [k, 'fill']),
    );
    const omit = Object.fromEntries(
      [
        'NmLcr',
        'Voorl',
        'Voorv',
        'Nat',
        'DatOvl',
        'CdBurgSt',
        'DtIngBurgSt',
        'Adres',
        'HuisNrToev',
        'DatEind',
        'CdRdnEindArbov',
        'CdAard',
        'CAO',
        'IndArbovOnbepTd',
        'IndOprov',
        'FuncOms',
        'CdIncInkVerm',
        'AantUNormWk',
        'AantUCntrWk',
        'PtPerc',
        'CollectieveAangifte',
        'Verlof',
        'Sector',
        'VerlofUReg',
      ].map((k) => [k, 'omit']),
    );
    const runs = await Promise.all([
      generate({ population: { count: 40, seed: 5 }, period: { months: 6, declarationKind: 'aanvullend' } }),
      generate({
        population: { count: 40, seed: 6 },
        period: { months: 3 },
        fieldStates: all,
        scenarioMix: Object.fromEntries(SCENARIOS.map((s) => [s, 1])),
      }),
      generate({ population: { count: 40, seed: 7 }, period: { months: 3 }, fieldStates: omit }),
      generate({
        population: { count: 40, seed: 8, pctForeignAddress: 100, pctExoticNames: 100, pctExoticStreets: 100 },
        schemes: [
          { schemeCode: 'OP', variants: 'A, B ,C', premiumPct: 20 },
          { schemeCode: 'NP', premiumPct: 1.5, useFranchise: false },
        ],
      }),
    ]);
    const aanvullend = parse(runs[0].files[0].content);
    expect(aanvullend.kind).toBe('aanvullend');
    for (const r of runs) expect(await xsdErrors(r.files)).toEqual([]);
  }, 30_000);
});
