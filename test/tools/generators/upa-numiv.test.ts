/**
 * UPA `NumIV` at any size. NumIV has 4 digits (XSD `totalDigits 4`), so one payroll tax number
 * (LhNr) holds at most 9999 income relations; the run numbers its relations with one counter (wrapping
 * after 9999) and spreads over LhNr sub-numbers when it needs more. What must hold, read from the XML the
 * way an intake reads it:
 * - NumIV is unique within every file, and across the split files (splitMode chunk) of a period and LhNr;
 * - (LhNr, NumIV) names one person for the whole run (a rehire's second relation has a number of its own);
 * - a run of up to 9999 relations repeats no NumIV at all, also over several explicit LhNrs; a larger one
 *   uses every value 1..9999 before repeating one (under another LhNr only): the fewest repeats 4 digits allow.
 *
 * The 50,000-employment run goes through the engine (`UpaRun`) with the count set after validation: the
 * tool's input allows 10,000 employments per call, the numbering itself has no such limit.
 */
import { describe, expect, it } from 'vitest';
import { parse as parseCsv } from 'csv-parse/sync';
import { inputSchema } from '../../../tools/generators/upa/options.js';
import { UpaRun } from '../../../tools/generators/upa/generate.js';
import { assignEmployers, MAX_NUM_IV, type Employment } from '../../../tools/generators/upa/people.js';
import { createRng } from '../../../tools/_lib/rng.js';
import { runTool } from '../../helpers/run.js';
import { generate, tool } from './_upa-helpers.js';

/** A mix with many rehires (about one employment in six), besides new hires, leavers and payroll switches. */
const REHIRE_HEAVY = { standard: 10, rehire: 3, leaver: 1, newHire: 1, payrollSwitch: 1 };

interface Seen {
  files: number;
  relations: number;
  /** Distinct (LhNr, NumIV). */
  keys: Set<string>;
  /** Distinct NumIV values, LhNr ignored. */
  bare: Set<string>;
  lhNrs: Set<string>;
  rehireBsns: number;
}

/** Checks the files as an intake would, failing on the first repeated NumIV; returns what it counted. */
function check(files: Iterable<{ name: string; content: string }>): Seen {
  const seen: Seen = { files: 0, relations: 0, keys: new Set(), bare: new Set(), lhNrs: new Set(), rehireBsns: 0 };
  const owner = new Map<string, string>();
  const perPeriod = new Map<string, Set<string>>();
  const numsOfBsn = new Map<string, Set<string>>();
  for (const f of files) {
    seen.files++;
    const lh = /<LhNr>([^<]+)<\/LhNr>/.exec(f.content)![1];
    const period = /<DatAanvTv>([^<]+)<\/DatAanvTv>/.exec(f.content)![1];
    seen.lhNrs.add(lh);
    const inFile = new Set<string>();
    const split = perPeriod.get(`${lh}|${period}`) ?? new Set<string>();
    perPeriod.set(`${lh}|${period}`, split);
    for (const m of f.content.matchAll(/<InkomstenverhoudingInitieel><NumIV>(\d+)<\/NumIV>[\s\S]*?<SofiNr>(\d+)<\/SofiNr>/g)) {
      const [, num, bsn] = m;
      expect(num, f.name).toMatch(/^[1-9]\d{0,3}$/);
      expect(inFile.has(num), `${f.name}: NumIV ${num} twice in the file`).toBe(false);
      expect(split.has(num), `${f.name}: NumIV ${num} also in another file of ${lh} for ${period}`).toBe(false);
      inFile.add(num);
      split.add(num);
      const key = `${lh}/${num}`;
      const who = owner.get(key);
      expect(who === undefined || who === bsn, `${key} names two people (${who}, ${bsn})`).toBe(true);
      owner.set(key, bsn);
      numsOfBsn.set(bsn, (numsOfBsn.get(bsn) ?? new Set()).add(key));
      seen.relations++;
      seen.keys.add(key);
      seen.bare.add(num);
    }
  }
  for (const nums of numsOfBsn.values()) if (nums.size === 2) seen.rehireBsns++;
  return seen;
}

/** Every file of a run, XML assembled from the engine's slices. */
function* xmlFiles(run: UpaRun): Generator<{ name: string; content: string }> {
  for (const f of run.files()) yield { name: f.meta.name, content: [...run.fileXml(f.planned, f.group, f.index)].join('') };
}

describe('UPA NumIV at any size', () => {
  it('10,000 employments with rehires, split into files of 1,000: unique in every file and across the split files; 9999 values before any repeats', async () => {
    const out = await generate({
      population: { count: 10_000, seed: 30 },
      period: { months: 2, splitMode: 'chunk', chunkSize: 1000 },
      scenarioMix: REHIRE_HEAVY,
    });
    const s = check(out.files);
    expect(s.rehireBsns).toBeGreaterThan(1000);
    expect([...s.lhNrs]).toEqual(['123456782L01', '123456782L02']);
    expect(s.files).toBeGreaterThanOrEqual(20);
    // More than 9999 relations: every value is used before one repeats (under the other LhNr).
    expect(s.keys.size).toBeGreaterThan(MAX_NUM_IV);
    expect(s.bare.size).toBe(MAX_NUM_IV);
    console.log(
      `UPA NumIV, 10,000 employments: ${s.relations} NumIV in ${s.files} files, ${s.keys.size} distinct (LhNr, NumIV), ${s.bare.size} distinct NumIV values`,
    );
  }, 120_000);

  it('50,000 employments with rehires (engine run): unique in every file and per LhNr, each (LhNr, NumIV) one person', () => {
    const input = inputSchema.parse({
      format: 'xml',
      options: { population: { count: 10_000, seed: 50 }, period: { startYear: 2026, months: 1 }, scenarioMix: REHIRE_HEAVY },
    });
    (input.options.population as { count: number }).count = 50_000;
    const run = new UpaRun(input, { surface: 'rest' });
    expect(run.population).toHaveLength(50_000);
    const s = check(xmlFiles(run));
    expect(s.rehireBsns).toBeGreaterThan(5000);
    expect(s.lhNrs.size).toBe(run.payrollTaxNumbers.length);
    expect(run.payrollTaxNumbers.length).toBeGreaterThanOrEqual(6);
    expect(s.keys.size).toBe(s.relations);
    expect(s.bare.size).toBe(MAX_NUM_IV);
    // Each value is used at most ceil(relations / 9999) times in the run.
    expect(s.relations).toBeGreaterThan(55_000);
    console.log(
      `UPA NumIV, 50,000 employments: ${s.relations} NumIV in ${s.files} files over ${s.lhNrs.size} LhNrs, ${s.keys.size} distinct (LhNr, NumIV), ${s.bare.size} distinct NumIV values`,
    );
  }, 120_000);

  it('several explicit payroll tax numbers, under 9999 relations: no NumIV repeats anywhere in the run', async () => {
    const out = await generate({
      population: { count: 300, seed: 4 },
      period: { months: 3, splitMode: 'chunk', chunkSize: 25 },
      scenarioMix: REHIRE_HEAVY,
      declaration: { payrollTaxNumbers: ['123456782L01', '987654321L01', '111222333L01'] },
    });
    const s = check(out.files);
    expect(s.lhNrs.size).toBe(3);
    expect(s.rehireBsns).toBeGreaterThan(20);
    expect(s.bare.size).toBe(s.keys.size);
  });

  it('participants-csv names each relation by LhNr and NumIV, as the XML does', async () => {
    const options = {
      population: { count: 60, seed: 9 },
      period: { startYear: 2026, months: 1 },
      scenarioMix: REHIRE_HEAVY,
      declaration: { payrollTaxNumbers: ['123456782L01', '987654321L01'] },
    };
    const xml = await generate(options);
    const inXml = new Set<string>();
    for (const f of xml.files)
      for (const m of f.content.matchAll(/<NumIV>(\d+)<\/NumIV>/g)) inXml.add(`${/<LhNr>([^<]+)</.exec(f.content)![1]}/${m[1]}`);
    const csv = await runTool(tool, { format: 'participants-csv', options });
    const col = (name: string) => csv.columns.indexOf(name);
    const rows = parseCsv(csv.csv).slice(1);
    const keys = rows.flatMap((r: string[]) =>
      [r[col('numIv')], r[col('numIvRehire')]].filter(Boolean).map((n) => `${r[col('payrollTaxNumber')]}/${n}`),
    );
    expect(new Set(keys).size).toBe(keys.length);
    for (const k of keys) expect(inXml.has(k), k).toBe(true);
  });

  it('assignEmployers: per employer distinct, the fewest repeats 4 digits allow, for sizes up to 50,000 and any rehire share', () => {
    const rng = createRng(30);
    for (const [n, rehirePct] of [
      [1, 100],
      [5000, 100],
      [9999, 0],
      [9999, 1],
      [10_000, 0],
      [10_000, 50],
      [33_333, 17],
      [50_000, 2],
      [50_000, 100],
    ]) {
      const pop = Array.from({ length: n }, (_, i) => ({
        ordinal: i,
        scenario: rng.int(1, 100) <= rehirePct ? 'rehire' : 'standard',
        employer: 0,
        numIv: 0,
      })) as unknown as Employment[];
      let k = 1;
      while (!assignEmployers(pop, k)) k++;
      const relations = pop.reduce((s, e) => s + (e.numIvRehire ? 2 : 1), 0);
      const perEmployer = new Map<number, Set<number>>();
      const uses = new Map<number, number>();
      const bad: string[] = [];
      for (const e of pop)
        for (const v of e.numIvRehire === undefined ? [e.numIv] : [e.numIv, e.numIvRehire]) {
          if (!(v >= 1 && v <= MAX_NUM_IV)) bad.push(`n=${n}: ${v} out of range`);
          const set = perEmployer.get(e.employer) ?? new Set<number>();
          if (set.has(v)) bad.push(`n=${n}: employer ${e.employer} uses ${v} twice`);
          perEmployer.set(e.employer, set.add(v));
          uses.set(v, (uses.get(v) ?? 0) + 1);
        }
      expect(bad.slice(0, 5)).toEqual([]);
      expect(uses.size, `n=${n}`).toBe(Math.min(relations, MAX_NUM_IV));
      expect(Math.max(...uses.values())).toBe(Math.ceil(relations / MAX_NUM_IV));
    }
  }, 120_000);
});
