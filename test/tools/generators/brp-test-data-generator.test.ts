/**
 * Options of the BRP generator: defaults and the echo, every range edge, the
 * cross-field refusals, aliases, the MCP cap, hostile input.
 */
import { describe, expect, it } from 'vitest';
import tool from '../../../tools/generators/brp-test-data-generator.js';
import { DEFAULT_EVENT_MIX, LIFE_EVENTS } from '../../../tools/generators/brp/options.js';
import { brpData } from '../../../tools/generators/brp/data.js';
import { expectToolError, runTool } from '../../helpers/run.js';
import type { Progress } from '../../../src/core/progress.js';

const run = (body: unknown, over = {}) => runTool(tool, body, over);

describe('brp-test-data-generator options', () => {
  it('accepts {} with the documented defaults and echoes the effective options', async () => {
    const out = await run({});
    expect(out.format).toBe('json');
    expect(out.count).toBe(50);
    expect(out.people).toHaveLength(50);
    expect(out.seed).toBe(20270101);
    expect(out.options).toEqual({
      count: 50,
      seed: 20270101,
      minAge: 0,
      maxAge: 95,
      referenceYear: 2027,
      eventMix: DEFAULT_EVENT_MIX,
      includeParents: false,
      linkedPersons: false,
      maxChildren: 2,
      pctExoticNames: 15,
      pctExoticStreets: 15,
      pctAffix: 25,
      pctHouseAddition: 20,
      dateFormat: 'yyyymmdd',
      outputMode: 'compact',
      headerRow: '',
      mapping: {},
      delimiter: ',',
      excelHint: false,
      lo3Lengths: 'characters',
      bsnRange: 'test-999',
    });
    expect(DEFAULT_EVENT_MIX).toMatchObject({ plain: 6, married: 5, registeredPartnership: 2, divorced: 3, widowed: 2 });
  });

  it('naming one eventMix key replaces the whole mix (echoed with zeros)', async () => {
    const out = await run({ options: { count: 5, eventMix: { minor: 2 } } });
    expect(out.options.eventMix).toEqual(Object.fromEntries(LIFE_EVENTS.map((e) => [e, e === 'minor' ? 2 : 0])));
    expect(out.people.every((p: any) => p.lifeEvent === 'minor')).toBe(true);
  });

  it('spreads the events by weight', async () => {
    const out = await run({ options: { count: 2000, eventMix: { married: 3, divorced: 1 } } });
    const married = out.people.filter((p: any) => p.lifeEvent === 'married').length;
    expect(married).toBeGreaterThan(1350);
    expect(married).toBeLessThan(1650);
  });

  const edges: [string, number, number][] = [
    ['count', 1, 5000],
    ['minAge', 0, 120],
    ['maxAge', 0, 120],
    ['referenceYear', 1900, 2099],
    ['maxChildren', 0, 10],
    ['pctExoticNames', 0, 100],
    ['pctExoticStreets', 0, 100],
    ['pctAffix', 0, 100],
    ['pctHouseAddition', 0, 100],
  ];
  for (const [field, min, max] of edges) {
    it(`${field}: ${min} and ${max} accepted, ${min - 1} and ${max + 1} refused naming the field`, async () => {
      const base = (v: number) => {
        const o: Record<string, unknown> = { count: 2, [field]: v };
        if (field === 'minAge') o.maxAge = 120;
        if (field === 'maxAge') o.minAge = 0;
        if (field === 'count') o.count = v;
        return { options: o };
      };
      for (const v of [min, max]) {
        if (field === 'count' && v === 5000) continue; // covered in the BSN test of the events file
        const out = await run(base(v));
        expect(out.options[field]).toBe(v);
      }
      for (const v of [min - 1, max + 1]) await expectToolError(tool, base(v), 400, new RegExp(`options\\.${field}`));
      await expectToolError(tool, base(min + 0.5), 400, new RegExp(`options\\.${field}`));
    });
  }

  it('pct 0 and 100 really switch the features off and on', async () => {
    const none = await run({
      options: { count: 300, pctExoticNames: 0, pctAffix: 0, pctHouseAddition: 0, pctExoticStreets: 0, eventMix: { plain: 1 } },
    });
    const all = await run({
      options: { count: 300, pctExoticNames: 100, pctAffix: 100, pctHouseAddition: 100, pctExoticStreets: 100, eventMix: { plain: 1 } },
    });
    expect(none.people.some((p: any) => p.prefix || p.address.houseLetter || p.address.houseNumberAddition)).toBe(false);
    const d = brpData();
    const exotic = new Set([...d.exoticMaleFirstNames, ...d.exoticFemaleFirstNames, ...d.exoticSurnames, ...d.exoticStreets]);
    const words = (p: any) => [...p.firstNames.split(' '), p.lastName, p.address.officialStreetName];
    expect(none.people.flatMap(words).filter((w: string) => exotic.has(w))).toEqual([]);
    expect(all.people.every((p: any) => p.prefix)).toBe(true);
    expect(all.people.every((p: any) => p.address.houseLetter || p.address.houseNumberAddition)).toBe(true);
    const unusual = all.people.filter((p: any) => /[^A-Za-z ]/.test(p.firstNames + p.lastName + p.prefix + p.address.officialStreetName));
    expect(unusual.length).toBeGreaterThan(250);
  });

  it('refuses maxAge < minAge, naming the rule', async () => {
    await expectToolError(
      tool,
      { options: { minAge: 30, maxAge: 20 } },
      400,
      /maxAge \(20\) must not be lower than options\.minAge \(30\)/,
    );
    const out = await run({ options: { minAge: 30, maxAge: 30, count: 5 } });
    expect(out.people).toHaveLength(5);
  });

  it('refuses an all-zero eventMix and an empty one', async () => {
    await expectToolError(tool, { options: { eventMix: { plain: 0, married: 0 } } }, 400, /eventMix: at least one weight must exceed 0/);
    await expectToolError(tool, { options: { eventMix: {} } }, 400, /at least one weight must exceed 0/);
    await expectToolError(tool, { options: { eventMix: { plain: -1 } } }, 400, /eventMix\.plain/);
  });

  it("skips the events the options rule out, in the default mix and in the caller's; refuses a mix with nothing left, saying why", async () => {
    const mine = await run({ options: { maxAge: 30, count: 50, eventMix: { nearRetirement: 1, plain: 1 } } });
    expect(new Set(mine.people.map((p: any) => p.lifeEvent))).toEqual(new Set(['plain']));
    await expectToolError(
      tool,
      { options: { maxChildren: 0, eventMix: { deceasedWithFamily: 1 } } },
      400,
      /none of its life events can be generated.*needs a minor child, but maxChildren is 0/,
    );
    const out = await run({ options: { maxAge: 10, count: 100 } });
    expect(new Set(out.people.map((p: any) => p.lifeEvent)).has('nearRetirement')).toBe(false);
    await expectToolError(tool, { options: { minAge: 120, maxAge: 120, eventMix: { minor: 1 } } }, 400, /minor: it needs ages 0–17/);
    // Registered partnership exists from 1998: not before, whatever the mix says.
    await expectToolError(
      tool,
      { options: { referenceYear: 1990, eventMix: { registeredPartnership: 1 } } },
      400,
      /registered partnership exists from 1998-01-01/,
    );
    const early = await run({ options: { referenceYear: 1990, count: 300 } });
    expect(early.people.some((p: any) => p.lifeEvent === 'registeredPartnership')).toBe(false);
  });

  it('refuses own/mapped without headerRow; headerRow and mapping are read only where they are used', async () => {
    for (const outputMode of ['own', 'mapped']) {
      await expectToolError(
        tool,
        { format: 'csv', options: { outputMode } },
        400,
        new RegExp(`headerRow is required when options.outputMode is ${outputMode}`),
      );
      await expectToolError(tool, { format: 'csv', options: { outputMode, headerRow: '  ' } }, 400, /headerRow is required/);
    }
    // The spec defines both options without a rule against them elsewhere: compact ignores headerRow, own ignores mapping.
    const compact = await run({ format: 'csv', options: { count: 2, seed: 5 } });
    expect(compact.content).toMatch(/^bsn/);
    expect((await run({ format: 'csv', options: { count: 2, seed: 5, headerRow: 'a,b' } })).content).toBe(compact.content);
    const own = await run({ format: 'csv', options: { count: 2, seed: 5, outputMode: 'own', headerRow: 'bsn' } });
    expect(own.content).toMatch(/^bsn\r?\n/);
    expect(
      (await run({ format: 'csv', options: { count: 2, seed: 5, outputMode: 'own', headerRow: 'bsn', mapping: { bsn: 'bsn' } } })).content,
    ).toBe(own.content);
  });

  it('refuses a mapping to an unknown field key or from a column not in headerRow, with a did-you-mean', async () => {
    await expectToolError(
      tool,
      { format: 'csv', options: { outputMode: 'mapped', headerRow: 'Nr,Naam', mapping: { Nr: 'bsnn' } } },
      400,
      /"bsnn" is not a field key \(did you mean "bsn"\?\)/,
    );
    await expectToolError(
      tool,
      { format: 'csv', options: { outputMode: 'mapped', headerRow: 'Nr,Naam', mapping: { Name: 'lastName' } } },
      400,
      /column "Name" is not in options.headerRow \(did you mean "Naam"\?\)/,
    );
  });

  it('refuses undefined option names with a did-you-mean, and unknown body fields', async () => {
    await expectToolError(tool, { options: { cout: 3 } }, 400, /unknown field `options.cout` \(did you mean `count`\?\)/);
    await expectToolError(tool, { options: { eventMix: { maried: 1 } } }, 400, /did you mean `married`/);
    await expectToolError(tool, { format: 'json', option: {} }, 400, /did you mean `options`/);
  });

  it('refuses bad enums and types; accepts the documented aliases', async () => {
    await expectToolError(tool, { format: 'xml' }, 400, /format/);
    await expectToolError(tool, { options: { dateFormat: 'us' } }, 400, /dateFormat/);
    await expectToolError(tool, { options: { delimiter: '|' } }, 400, /delimiter/);
    await expectToolError(tool, { options: { seed: 'abc' } }, 400, /seed/);
    await expectToolError(tool, { options: { includeParents: 'yes' } }, 400, /includeParents/);
    await expectToolError(tool, { options: { mapping: { a: 5 } } }, 400, /mapping/);
    await expectToolError(tool, { options: [] }, 400, /options/);
    const a = await run({ format: 'TotaalFile', options: { count: 1, dateFormat: 'YYYY-MM-DD', delimiter: 'tab' } });
    expect(a.format).toBe('gba-totaalfile');
    expect(a.options).toMatchObject({ dateFormat: 'iso', delimiter: '\t' });
    const b = await run({ options: { count: 1, dateFormat: 'dd-mm-yyyy', delimiter: 'semicolon' } });
    expect(b.options).toMatchObject({ dateFormat: 'dutch', delimiter: ';' });
  });

  it('renders every dateFormat', async () => {
    const base = { count: 20, seed: 4, eventMix: { divorced: 1 } };
    const [lo, iso, nl] = await Promise.all(['yyyymmdd', 'iso', 'dutch'].map((dateFormat) => run({ options: { ...base, dateFormat } })));
    for (let i = 0; i < 20; i++) {
      const d = lo.people[i].dateOfBirth;
      expect(d).toMatch(/^\d{8}$/);
      expect(iso.people[i].dateOfBirth).toBe(`${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}`);
      expect(nl.people[i].dateOfBirth).toBe(`${d.slice(6)}-${d.slice(4, 6)}-${d.slice(0, 4)}`);
      expect(nl.people[i].partnerships[0].dissolutionDate).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    }
  });

  it('caps MCP calls at 500 persons and says how to get more; REST allows 5,000', async () => {
    for (const surface of ['mcp-http', 'mcp-stdio'] as const) {
      await expect(run({ options: { count: 501 } }, { surface })).rejects.toThrow(/exceeds the MCP limit of 500 .*REST endpoint/);
      const ok = await run({ options: { count: 500 } }, { surface });
      expect(ok.count).toBe(500);
    }
    await expectToolError(tool, { options: { count: 5001 } }, 400, /options.count/);
  });

  it('accepts any finite seed (negative, fractional, large) and refuses non-numbers', async () => {
    for (const seed of [-1, 0.5, 1e15, -123456789.25]) {
      const out = await run({ format: 'csv', options: { count: 2, seed } });
      expect(out.seed).toBe(seed);
      expect(out.fileName).toMatch(/^brp-test-data-[0-9a-z._-]+\.csv$/i);
    }
    await expectToolError(tool, { options: { seed: null } }, 400, /seed/);
  });

  it('different seeds give different people', async () => {
    const a = await run({ options: { count: 10, seed: 1 } });
    const b = await run({ options: { count: 10, seed: 2 } });
    expect(a.people.map((p: any) => p.bsn)).not.toEqual(b.people.map((p: any) => p.bsn));
  });

  it('survives hostile header rows and mappings', async () => {
    const headerRow = '"=cmd|\' /C calc\'!A0","__proto__",constructor,"a""b",' + 'x,'.repeat(990) + 'bsn';
    const out = await run({ format: 'csv', options: { count: 2, outputMode: 'own', headerRow } });
    const [first] = out.content.split('\r\n');
    expect(first).toBe(headerRow);
    const mapped = await run({
      format: 'csv',
      options: { count: 2, outputMode: 'mapped', headerRow: '__proto__,toString,bsn', mapping: { bsn: 'bsn', toString: 'lastName' } },
    });
    const line = mapped.content.split('\r\n')[1].split(',');
    expect(line[0]).toBe('');
    expect(line[1]).not.toBe('');
    expect(line[2]).toMatch(/^\d{9}$/);
    await expectToolError(tool, { format: 'csv', options: { outputMode: 'own', headerRow: 'x'.repeat(20_000) } }, 400, /headerRow/);
    await expectToolError(
      tool,
      { format: 'csv', options: { outputMode: 'own', headerRow: ','.repeat(1000) } },
      400,
      /headerRow has 1001 columns; at most 1000/,
    );
    const max = await run({ format: 'csv', options: { count: 1, outputMode: 'own', headerRow: ','.repeat(999) } });
    expect(max.content.split('\r\n')[1]).toBe(','.repeat(999));
  });

  it.each(['json', 'csv', 'gba-totaalfile', 'haal-centraal'])(
    'reports its progress as %s: drawing, then writing, done never decreasing, ending at the total',
    async (format) => {
      const reports: Progress[] = [];
      const input = { format, options: { count: 600, seed: 5 } };
      const out = await run(input, { progress: (p: Progress) => reports.push(p) });
      expect(out).toEqual(await run(input));
      const done = reports.map((p) => p.done!);
      expect(done).toEqual([...done].sort((a, b) => a - b));
      expect(new Set(reports.map((p) => p.total))).toEqual(new Set([1200]));
      expect(reports[0]).toEqual({ message: 'planned 600 people; drawing person 1 of 600', done: 0, total: 1200 });
      expect(reports.at(-1)).toEqual({ message: 'planned 600 people; wrote 600 records', done: 1200, total: 1200 });
      const phases = reports.map((p) => p.message.replace(/[\d,]+/g, 'n'));
      expect([...new Set(phases)]).toEqual([
        'planned n people; drawing person n of n',
        'planned n people; writing record n of n',
        'planned n people; wrote n records',
      ]);
    },
  );

  it('counts the relatives of linkedPersons among the records it writes', async () => {
    const reports: Progress[] = [];
    const out = await run({ options: { count: 300, linkedPersons: true } }, { progress: (p: Progress) => reports.push(p) });
    const records = out.people.length;
    expect(records).toBeGreaterThan(300);
    const done = reports.map((p) => p.done!);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(reports.some((p) => p.message === 'planned 300 people and their relatives; drawing the relatives of person 1 of 300')).toBe(
      true,
    );
    expect(reports.some((p) => p.message === `planned 300 people and their relatives; writing record ${records} of ${records}`)).toBe(true);
    expect(reports.at(-1)).toEqual({ message: `planned 300 people and their relatives; wrote ${records} records`, done: 900, total: 900 });
  });
});
