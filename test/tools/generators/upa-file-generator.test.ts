/** Option ranges, refusals (with did-you-mean), cross-field rules, field states, population flags, MCP caps. */
import { describe, expect, it } from 'vitest';
import { expectToolError, runTool } from '../../helpers/run.js';
import { generate, parse, tool } from './_upa-helpers.js';

const opts = (options: Record<string, unknown>) => ({ format: 'summary', options: { period: { startYear: 2026, months: 1 }, ...options } });

describe('refusals', () => {
  it('an empty body is accepted (defaults: xml, 25 employments, 3 months from 2027-01)', async () => {
    const out = await runTool(tool, {});
    expect(out).toMatchObject({ format: 'xml', fileCount: 3, peopleCount: 25 });
    expect(out.files.map((f: any) => f.name)).toEqual(['UPA_202701_001.xml', 'UPA_202702_001.xml', 'UPA_202703_001.xml']);
    expect(out.warnings).toHaveLength(1); // 2027 schema not bundled
  });

  it('unknown option names are refused with a did-you-mean, at every level', async () => {
    await expectToolError(tool, { options: { populaton: {} } }, 400, /unknown field `options.populaton` \(did you mean `population`\?\)/);
    await expectToolError(tool, { options: { population: { cuont: 3 } } }, 400, /did you mean `count`/);
    await expectToolError(tool, { options: { scenarioMix: { leavr: 1 } } }, 400, /did you mean `leaver`/);
    await expectToolError(tool, { options: { defects: { invalidBSN: true } } }, 400, /did you mean `invalidBsn`/);
    await expectToolError(tool, { options: { fieldStates: { Emial: 'fill' } } }, 400, /did you mean `Email`/);
    await expectToolError(tool, { options: { schemes: [{ schemeCode: 'A', premiumPct: 1, premium: 2 }] } }, 400, /unknown field/);
    await expectToolError(tool, { options: { pinned: [{ bsnr: '1' }] } }, 400, /did you mean `bsn`/);
    await expectToolError(tool, { formt: 'xml' }, 400, /did you mean `format`/);
  });

  it.each([
    ['population.count', { population: { count: 0 } }],
    ['population.count', { population: { count: 10001 } }],
    ['population.minAge', { population: { minAge: 14 } }],
    ['population.maxAge', { population: { maxAge: 81 } }],
    ['population.maxSalary', { population: { maxSalary: 1000001 } }],
    ['population.holidayAllowanceMonth', { population: { holidayAllowanceMonth: 13 } }],
    ['population.pctForeignAddress', { population: { pctForeignAddress: 101 } }],
    ['period.startYear', { period: { startYear: 1999 } }],
    ['period.startMonth', { period: { startMonth: 13 } }],
    ['period.months', { period: { months: 37 } }],
    ['period.months', { period: { months: 0 } }],
    ['period.chunkSize', { period: { chunkSize: 0 } }],
    ['period.periodType', { period: { periodType: 'WK' } }],
    ['household.pctMarried', { household: { pctMarried: -1 } }],
    ['scenarioMix.leaver', { scenarioMix: { leaver: 1001 } }],
    ['declaration.payrollTaxNumber', { declaration: { payrollTaxNumber: '000456782L01' } }],
    ['declaration.relationNumber', { declaration: { relationNumber: '123' } }],
    ['declaration.taxTable', { declaration: { taxTable: '016' } }],
    ['declaration.normHoursPerWeek', { declaration: { normHoursPerWeek: '0' } }],
    ['declaration.contactPerson', { declaration: { contactPerson: 'x'.repeat(36) } }],
    ['declaration.employerName', { declaration: { employerName: 'A\u0001B' } }],
    ['schemaVersion', { schemaVersion: '2026' }],
    ['schemes', { schemes: [] }],
    ['pinned', { pinned: Array(101).fill({}) }],
  ])('%s out of range → 400', async (field, options) => {
    await expectToolError(tool, { options }, 400, new RegExp(field.replace('.', '\\.')));
  });

  it('range edges are accepted', async () => {
    await runTool(tool, opts({ population: { count: 1, minAge: 15, maxAge: 15, minSalary: 0, maxSalary: 0, holidayAllowanceMonth: 0 } }));
    await runTool(
      tool,
      opts({
        population: { count: 2, minAge: 70, maxAge: 80, maxSalary: 1_000_000, minSalary: 1_000_000 },
        period: { startYear: 2099, startMonth: 12, months: 36, chunkSize: 10000, splitMode: 'chunk' },
      }),
    );
  });

  it.each([
    [{ population: { minAge: 40, maxAge: 30 } }, /maxAge \(30\) must not be lower than options\.population\.minAge \(40\)/],
    [{ population: { minSalary: 50000, maxSalary: 40000 } }, /maxSalary \(40000\) must not be lower/],
    [{ household: { pctMarried: 60, pctDivorced: 50 } }, /must not exceed 100 \(got 130\)/],
    [{ declaration: { franchise: 90000 } }, /maxPensionableSalary \(80000\) must be greater than options\.declaration\.franchise/],
    [{ scenarioMix: { standard: 0 } }, /at least one weight must be greater than 0/],
    [{ schemes: [{ enabled: false, schemeCode: 'A', premiumPct: 1 }] }, /at least one scheme must be enabled/],
    [
      {
        schemes: [
          { schemeCode: 'A', premiumPct: 1 },
          { schemeCode: 'A', premiumPct: 2 },
        ],
      },
      /schemeCode A is used by two/,
    ],
    [{ pinned: [{}, {}], population: { count: 1 } }, /pinned has 2 entries but options\.population\.count is 1/],
    [{ pinned: [{ bsn: '123456789' }] }, /123456789 must pass the 11-check/],
    [{ pinned: [{ bsn: '999993653' }, { bsn: '999993653' }] }, /pinned twice/],
    [{ fieldStates: { LbTab: 'omit' } }, /fieldStates\.LbTab: omit is not possible/],
    [{ schemaVersion: '2026-01', period: { startYear: 2026, startMonth: 12, months: 2 } }, /covers periods in 2026 only.*2027/],
  ])('cross-field rule %# → 400', async (options, message) => {
    await expectToolError(tool, opts(options), 400, message);
  });

  it('MCP caps are lower than REST', async () => {
    const input = { format: 'xml', options: { population: { count: 1000 }, period: { months: 3 } } };
    await expect(runTool(tool, input, { surface: 'mcp-stdio' })).rejects.toThrow(/at most 2000/);
    await expect(runTool(tool, { ...input, options: { population: { count: 1001 } } }, { surface: 'mcp-http' })).rejects.toThrow(
      /at most 1000 over MCP/,
    );
    expect((await runTool(tool, { ...input, format: 'summary' }, { surface: 'mcp-stdio' })).fileCount).toBe(3);
  });

  it('format aliases and an explicit bundled schemaVersion', async () => {
    expect((await runTool(tool, { format: 'CSV', options: { population: { count: 2 } } })).format).toBe('participants-csv');
    const out = await runTool(tool, opts({ schemaVersion: '2026-01' }));
    expect(out.warnings).toEqual([]);
    expect(out.files[0].schemaVersion).toBe('2026-01');
  });
});

describe('field states and population features', () => {
  it('omitted optional elements are absent; default-omit elements appear when filled', async () => {
    const omitted = await generate({
      population: { count: 10 },
      fieldStates: { Voorl: 'omit', Adres: 'omit', Nat: 'omit', CdBurgSt: 'omit', Sector: 'omit', CAO: 'omit' },
    });
    for (const tag of ['<Voorl>', '<AdresBinnenland>', '<AdresBuitenland>', '<Nat>', '<CdBurgSt>', '<Sector>', '<CAO>'])
      expect(omitted.files[0].content).not.toContain(tag);
    const filled = await generate({
      population: { count: 10 },
      fieldStates: { TaalVoorkeur: 'fill', Email: 'fill', LocOms: 'fill', CdInvlVpl: 'fill', CdBeroep: 'fill', Dgln: 'fill' },
    });
    for (const tag of ['<TaalVoorkeur>', '<Email>', '<LocOms>', '<CdInvlVpl>', '<CdBeroep>', '<DagLoon><Dgln>'])
      expect(filled.files[0].content).toContain(tag);
    const plain = await generate({ population: { count: 10 } });
    for (const tag of ['<TaalVoorkeur>', '<Email>', '<LocOms>', '<CdInvlVpl>', '<CdBeroep>', '<Dgln>'])
      expect(plain.files[0].content).not.toContain(tag);
  });

  it('pctForeignAddress 100: AdresBuitenland, no Dutch postcode; 0: all AdresBinnenland', async () => {
    const abroad = parse((await generate({ population: { count: 30, pctForeignAddress: 100 } })).files[0].content).ikvs;
    for (const k of abroad) {
      const a = k.NatuurlijkPersoon.AdresBuitenland;
      expect(a.LandCd).toMatch(/^[A-Z]{2}$/);
      expect(a.LandCd).not.toBe('NL');
      expect(String(a.Pc)).not.toMatch(/^[1-9]\d{3}[A-Z]{2}$/);
    }
    const home = parse((await generate({ population: { count: 30, pctForeignAddress: 0 } })).files[0].content).ikvs;
    expect(home.every((k) => k.NatuurlijkPersoon.AdresBinnenland)).toBe(true);
  });

  it('name features can be switched off', async () => {
    const off = {
      longNames: false,
      hyphenAndApostrophe: false,
      diacritics: false,
      tussenvoegsels: false,
      houseNumberAdditions: false,
      pctExoticNames: 100,
      pctExoticStreets: 100,
      pctForeignAddress: 0,
    };
    const c = (await generate({ population: { count: 300, ...off } })).files[0].content;
    expect(c).not.toMatch(/<Voorv>|<HuisNrToev>|[À-ɏ]|'|<SignNm>[^<]*-/);
    const on = (await generate({ population: { count: 300, pctExoticNames: 50, pctExoticStreets: 50, pctForeignAddress: 0 } })).files[0]
      .content;
    expect(on).toMatch(/<Voorv>/);
    expect(on).toMatch(/<HuisNrToev>/);
    expect(on).toMatch(/[À-ɏ]/);
    expect(on).toMatch(/<SignNm>[^<]*-[^<]*</);
  });

  it('household percentages drive CdBurgSt', async () => {
    const married = parse(
      (
        await generate({
          population: { count: 40 },
          scenarioMix: { standard: 1 },
          household: { pctMarried: 100, pctCohabiting: 0, pctDivorced: 0, pctWidowed: 0 },
        })
      ).files[0].content,
    ).ikvs;
    expect(married.every((k) => ['2', '5'].includes(k.NatuurlijkPersoon.CdBurgSt))).toBe(true);
    const single = parse(
      (
        await generate({
          population: { count: 40 },
          scenarioMix: { standard: 1 },
          household: { pctMarried: 0, pctCohabiting: 0, pctDivorced: 0, pctWidowed: 0 },
        })
      ).files[0].content,
    ).ikvs;
    expect(single.every((k) => k.NatuurlijkPersoon.CdBurgSt === '1' && k.NatuurlijkPersoon.DtIngBurgSt === undefined)).toBe(true);
  });

  it('pinned employments appear first with their data', async () => {
    const out = await generate({
      population: { count: 3 },
      pinned: [
        { bsn: '999993653', initials: 'S', prefix: 'van', lastName: 'Moulin', birthDate: '1985-12-01', gender: 'V', scenario: 'standard' },
      ],
    });
    const k = parse(out.files[0].content).ikvs[0];
    expect(k.NatuurlijkPersoon).toMatchObject({
      SofiNr: '999993653',
      Voorl: 'S',
      Voorv: 'van',
      SignNm: 'Moulin',
      Gebdat: '1985-12-01',
      Gesl: '2',
    });
  });

  it('hostile strings are escaped and the file stays XSD-valid', async () => {
    const { xsdErrors } = await import('./_upa-helpers.js');
    const out = await generate({ population: { count: 2 }, declaration: { employerName: '<x>&"\'</x> ]]>', jobDescription: 'A & B < C' } });
    expect(out.files[0].content).toContain("<NmIP>&lt;x&gt;&amp;&quot;'&lt;/x&gt; ]]&gt;</NmIP>");
    expect(await xsdErrors(out.files)).toEqual([]);
  });
});
