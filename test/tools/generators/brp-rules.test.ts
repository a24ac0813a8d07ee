/**
 * Regression tests for the BRP generator: complete LO3 categories (85.10, 86.10,
 * 04.63.10, 81/82) and byte-counted lengths, family plausibility over every
 * generated family, date-aware code tables, test-number ranges. The RvIG data
 * is read from the in-repo copies in test/vectors/brp/.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isValidBsn } from '../../../tools/_lib/bsn.js';
import tool from '../../../tools/generators/brp-test-data-generator.js';
import { LIFE_EVENTS } from '../../../tools/generators/brp/options.js';
import { repoRoot } from '../../helpers/paths.js';
import { expectToolError, runTool } from '../../helpers/run.js';

type P = Record<string, any>;
const vector = (f: string) => readFileSync(resolve(repoRoot, 'test/vectors/brp', f), 'utf8').replace(/^\uFEFF/, '');

// ---------------------------------------------------------------- LO3 parsing (characters or UTF-8 bytes)

interface Cat {
  cat: number;
  elements: Map<string, string>;
}

/** Parses one Lg01 line; with `bytes` every length field counts UTF-8 bytes. Throws on any inconsistency. */
function parseLine(line: string, bytes: boolean): Cat[] {
  const buf = bytes ? Buffer.from(line, 'utf8') : null;
  const len = bytes ? buf!.length : line.length;
  const take = (from: number, n: number) => (bytes ? buf!.subarray(from, from + n).toString('utf8') : line.slice(from, from + n));
  let i = 49;
  const bodyLength = Number(take(i, 5));
  i += 5;
  expect(i + bodyLength).toBe(len);
  const cats: Cat[] = [];
  while (i < len) {
    const cat = Number(take(i, 2));
    const clen = Number(take(i + 2, 3));
    const end = i + 5 + clen;
    i += 5;
    const elements = new Map<string, string>();
    let last = '';
    while (i < end) {
      const nr = take(i, 4);
      const n = Number(take(i + 4, 3));
      expect(nr > last, `elements ascending in ${cat}`).toBe(true);
      last = nr;
      elements.set(nr, take(i + 7, n));
      i += 7 + n;
    }
    expect(i).toBe(end);
    cats.push({ cat, elements });
  }
  return cats;
}

describe('LO3 total-file completeness', () => {
  it('the RvIG GBA-V test set carries 85.10 and 86.10 in every PL, and 04.63.10 on most nationalities', () => {
    const lines = vector('20220502_Testset_persoonslijsten_proefomgeving_GBA-V.csv').split('\n').filter(Boolean);
    const head = lines[0].split(';');
    const rows = lines.slice(1).map((l) => l.split(';'));
    const pls = rows.filter((r) => r[0]);
    expect(pls).toHaveLength(687);
    for (const el of ['01.85.10', '01.86.10']) expect(pls.filter((r) => r[head.indexOf(el)]).length, el).toBe(687);
    for (const el of ['08.85.10', '08.86.10']) expect(pls.filter((r) => r[head.indexOf(el)]).length, el).toBeGreaterThanOrEqual(684);
    expect(pls.filter((r) => r[head.indexOf('04.63.10')]).length).toBe(636);
  });

  const OPTIONS = { count: 300, seed: 2222, includeParents: true, maxChildren: 4, pctExoticNames: 60, referenceYear: 2027 };

  it('every category but 07 carries 85.10 and 86.10 (85.10 ≤ 86.10 < reference date); 04 carries 63.10; 01/02/03/05/06/09/11 a deed (81) or document (82)', async () => {
    const out = await runTool(tool, { format: 'gba-totaalfile', options: OPTIONS });
    const json = (await runTool(tool, { options: OPTIONS })).people;
    let categories = 0;
    out.content
      .trimEnd()
      .split('\n')
      .forEach((line: string, n: number) => {
        const cats = parseLine(line, false);
        for (const c of cats) {
          categories++;
          if (c.cat === 7) {
            expect(c.elements.has('8510')).toBe(false);
            continue;
          }
          const d85 = c.elements.get('8510')!,
            d86 = c.elements.get('8610')!;
          expect(d85, `cat ${c.cat}`).toMatch(/^\d{8}$/);
          expect(d86 >= d85 && d86 < '20270101', `${c.cat}: ${d85} ${d86}`).toBe(true);
          if (c.cat === 4) expect(['001', '301']).toContain(c.elements.get('6310'));
          if ([1, 2, 3, 5, 55, 6, 9, 11].includes(c.cat)) {
            const deed =
              c.elements.has('8110') && /^\d{4}$/.test(c.elements.get('8110')!) && /^[1235]A[A-Z]\d{4}$/.test(c.elements.get('8120')!);
            const doc =
              /^\d{4}$/.test(c.elements.get('8210') ?? '') && /^\d{8}$/.test(c.elements.get('8220') ?? '') && !!c.elements.get('8230');
            expect(deed !== doc, `cat ${c.cat}: either 81 or 82`).toBe(true);
          }
        }
        // 85.10 is the fact's own date.
        const p = json[n];
        const cat = (k: number) => cats.filter((c) => c.cat === k);
        expect(cat(1)[0].elements.get('8510')).toBe(p.dateOfBirth);
        expect(cat(8)[0].elements.get('8510')).toBe(p.address.startDate ?? p.address.abroadStartDate);
        cat(9).forEach((c, k) => expect(c.elements.get('8510')).toBe(p.children[k].dateOfBirth));
      });
    expect(categories).toBeGreaterThan(2000);
  });

  it('lo3Lengths bytes: every length field counts UTF-8 bytes (default characters, unchanged)', async () => {
    const chars = await runTool(tool, { format: 'gba-totaalfile', options: OPTIONS });
    const bytes = await runTool(tool, { format: 'gba-totaalfile', options: { ...OPTIONS, lo3Lengths: 'bytes' } });
    expect(chars.options.lo3Lengths).toBe('characters');
    const c = chars.content.trimEnd().split('\n');
    const b = bytes.content.trimEnd().split('\n');
    let multiByte = 0;
    b.forEach((line: string, i: number) => {
      const viaBytes = parseLine(line, true);
      const viaChars = parseLine(c[i], false);
      expect(viaBytes).toEqual(viaChars); // same elements and values, only the counts differ
      if (Buffer.byteLength(line) !== line.length) {
        multiByte++;
        expect(line).not.toBe(c[i]);
      } else expect(line).toBe(c[i]);
    });
    expect(multiByte).toBeGreaterThan(50);
  });
});

// ---------------------------------------------------------------- family plausibility

const age = (born: string, on: string) => Number(on.slice(0, 4)) - Number(born.slice(0, 4)) - (on.slice(4) < born.slice(4) ? 1 : 0);

/** The family rules; returns the number of children checked. */
function checkFamily(p: P): number {
  for (const c of p.children) {
    // Born during a partnership: the other parent is that partner.
    const x = p.partnerships.find((y: P) => y.startDate < c.dateOfBirth && (!y.dissolutionDate || c.dateOfBirth <= y.dissolutionDate));
    expect(x, `child ${c.dateOfBirth} born during a partnership of ${p.bsn}`).toBeDefined();
    expect(age(p.dateOfBirth, c.dateOfBirth), 'person 18–45 at the birth').toBeGreaterThanOrEqual(18);
    expect(age(p.dateOfBirth, c.dateOfBirth)).toBeLessThanOrEqual(45);
    const mother = p.gender !== 'M' ? p.dateOfBirth : x.partner.gender === 'V' ? x.partner.dateOfBirth : undefined;
    if (mother) {
      expect(age(mother, c.dateOfBirth), `mother's age at ${c.dateOfBirth}`).toBeGreaterThanOrEqual(18);
      expect(age(mother, c.dateOfBirth), `mother's age at ${c.dateOfBirth} (${p.lifeEvent})`).toBeLessThanOrEqual(45);
    }
    // BW 1:199: the mother's husband is the father and the child carries his surname.
    const fromPartner = p.gender !== 'M' && x.partner.gender === 'M';
    const [prefix, last] = fromPartner ? [x.partner.prefix, x.partner.lastName] : [p.prefix, p.lastName];
    expect([c.prefix, c.lastName], `${p.lifeEvent} child ${c.dateOfBirth}`).toEqual([prefix, last]);
    if (p.death) expect(c.dateOfBirth < p.death.date).toBe(true);
  }
  if (p.parents.length === 2) {
    const [mother, father] = p.parents;
    expect(age(mother.dateOfBirth, p.dateOfBirth)).toBeGreaterThanOrEqual(18);
    expect(age(mother.dateOfBirth, p.dateOfBirth)).toBeLessThanOrEqual(45);
    expect([p.prefix, p.lastName]).toEqual([father.prefix, father.lastName]);
  }
  return p.children.length;
}

describe('family plausibility', () => {
  it("the issue's case: deceasedWithFamily, 900 persons, seed 101: no child born to a mother over 45", async () => {
    const out = await runTool(tool, { options: { count: 900, seed: 101, eventMix: { deceasedWithFamily: 1 }, maxChildren: 3 } });
    for (const p of out.people) checkFamily(p);
  });

  it('every family of every event (40 seeds, several reference years) follows the rules', async () => {
    let persons = 0,
      children = 0;
    for (let i = 0; i < 40; i++) {
      const out = await runTool(tool, {
        options: {
          count: 150,
          seed: 9000 + i,
          referenceYear: [2027, 1990, 2099, 1950][i % 4],
          includeParents: i % 2 === 0,
          maxChildren: 1 + (i % 10),
          eventMix: i % 3 ? undefined : { remarried: 2, deceasedWithFamily: 2, widowed: 1, divorced: 1, married: 1 },
        },
      });
      for (const p of out.people) {
        children += checkFamily(p);
        persons++;
      }
    }
    console.log(`family rules: ${persons} persons, ${children} children checked`);
    expect(persons).toBe(6000);
    expect(children).toBeGreaterThan(3000);
  });
});

// ---------------------------------------------------------------- date-aware code tables

function table(file: string, start: number, end: number): Map<string, [string, string]> {
  const rows = vector(file)
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split('","').map((c) => c.replace(/^"|"$/g, '').trim()));
  return new Map(rows.map((r) => [r[0], [r[start], r[end]]]));
}
const T32 = table('Tabel32_Nationaliteitentabel.csv', 2, 3);
const T33 = table('Tabel33_Gemeententabel.csv', 3, 4);
const T34 = table('Tabel34_Landentabel.csv', 2, 3);

function expectValid(t: Map<string, [string, string]>, code: string, on: string, what: string) {
  const r = t.get(code);
  expect(r, `${what}: ${code} exists`).toBeDefined();
  const [from, to] = r!;
  expect((from === '' || from <= on) && (to === '' || on < to), `${what}: ${code} valid on ${on} (${from}–${to})`).toBe(true);
}

describe('date-aware code tables (Tabel 32, 33, 34)', () => {
  it('every municipality, country and nationality is valid on the date it is used', async () => {
    let uses = 0;
    const seen = new Set<string>();
    for (const [i, referenceYear] of [1930, 1950, 1975, 1990, 2012, 2027, 2099].entries()) {
      const out = await runTool(tool, {
        options: {
          count: 600,
          seed: 31 + i,
          referenceYear,
          includeParents: true,
          pctExoticNames: 30,
          eventMix: { plain: 2, livesAbroad: 3, married: 1, widowed: 1, deceasedWithFamily: 1, remarried: 1 },
        },
      });
      for (const p of out.people) {
        const place = (b: P, date: string, what: string) => {
          if (b.birthCountry === '6030') expectValid(T33, b.birthPlace, date, what);
          expectValid(T34, b.birthCountry, date, what);
          seen.add(`${b.birthCountry}`);
          uses += 2;
        };
        place(p, p.dateOfBirth, 'birth');
        for (const n of p.nationalities) {
          expectValid(T32, n.nationality, p.dateOfBirth, 'nationality');
          uses++;
        }
        for (const x of [...p.parents, ...p.children]) place(x, x.dateOfBirth, 'relative birth');
        for (const x of p.partnerships) {
          expectValid(T33, x.startPlace, x.startDate, 'marriage place');
          uses++;
          if (x.dissolutionPlace) {
            expectValid(T33, x.dissolutionPlace, x.dissolutionDate, 'dissolution place');
            uses++;
          }
        }
        if (p.death) {
          expectValid(T33, p.death.place, p.death.date, 'death place');
          uses++;
        }
        const a = p.address;
        expectValid(T33, a.municipality, a.registrationDate, 'municipality of registration');
        uses++;
        if (a.country) {
          expectValid(T34, a.country, a.abroadStartDate, 'country abroad');
          uses++;
        }
        if (a.municipality === '1999') expect(a.registrationDate >= '20140106').toBe(true);
        for (const prev of p.previousAddresses) {
          expectValid(T33, prev.municipality, prev.registrationDate, 'previous municipality');
          uses++;
        }
      }
    }
    console.log(`code tables: ${uses} dated code uses checked`);
    // The historical codes really occur: Nederlandse Antillen, Nederlands-Indië and Duitsland (6029) before their successors.
    for (const old of ['7011', '9030', '6029']) expect(seen.has(old), old).toBe(true);
  });

  it('Curaçao is 5107 only from 2010-10-10, Indonesië 6024 only from 1949-12-27', async () => {
    const out = await runTool(tool, { options: { count: 2000, seed: 5, referenceYear: 2099, maxAge: 120, includeParents: true } });
    const births = out.people.flatMap((p: P) => [p, ...p.parents, ...p.children]);
    for (const b of births) {
      if (b.birthPlace === 'Willemstad') expect(b.birthCountry).toBe(b.dateOfBirth < '20101010' ? '7011' : '5107');
      if (b.birthPlace === 'Jakarta') expect(b.birthCountry).toBe(b.dateOfBirth < '19491227' ? '9030' : '6024');
    }
  });
});

// ---------------------------------------------------------------- test-number ranges

describe('BSN ranges', () => {
  it('default test-999 unchanged; test-99999 gives only 99999xxxx BSNs (11-proof), and is refused when the range runs out', async () => {
    const def = await runTool(tool, { options: { count: 20, includeParents: true } });
    expect(def.options.bsnRange).toBe('test-999');
    const narrow = await runTool(tool, { options: { count: 40, includeParents: true, bsnRange: 'test-99999' } });
    const all = narrow.people.flatMap((p: P) => [
      p.bsn,
      ...p.parents.map((x: P) => x.bsn),
      ...p.partnerships.map((x: P) => x.partner.bsn),
      ...p.children.map((x: P) => x.bsn),
    ]);
    expect(new Set(all).size).toBe(all.length);
    for (const b of all) expect(b.startsWith('99999') && isValidBsn(b), b).toBe(true);
    await expectToolError(
      tool,
      { options: { count: 500, includeParents: true, bsnRange: 'test-99999' } },
      400,
      /test-99999 holds \d+ valid BSNs/,
    );
  });

  it('every life event still works in the narrow range', async () => {
    for (const e of LIFE_EVENTS) await runTool(tool, { options: { count: 5, eventMix: { [e]: 1 }, bsnRange: 'test-99999' } });
  });
});
