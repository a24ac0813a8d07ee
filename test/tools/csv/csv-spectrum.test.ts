/**
 * The CSV toolset against csv-to-json on every csv-spectrum file (test/vectors/csv-spectrum, max-mapper/csv-spectrum
 * @d30e80f8, BSD-2-Clause): whatever a CSV tool writes, csv-to-json reads back as the same records. And the fast
 * reader of tools/_lib/csv.ts (scanCsv) against parseCsv (csv-parse) on seeded random input.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import csvToJson from '../../../tools/format/csv-to-json.js';
import tsvToCsv from '../../../tools/csv/tsv-to-csv.js';
import extractor from '../../../tools/csv/csv-column-extractor.js';
import merge from '../../../tools/csv/csv-merge.js';
import split from '../../../tools/csv/csv-split.js';
import { parseCsv, scanCsv } from '../../../tools/_lib/csv.js';
import { createRng } from '../../../tools/_lib/rng.js';
import { runTool } from '../../helpers/run.js';
import { vectorsDir } from '../../helpers/paths.js';

const dir = join(vectorsDir, 'csv-spectrum', 'csvs');
const cases = readdirSync(dir)
  .filter((f) => f.endsWith('.csv'))
  .sort()
  .map((f) => ({ name: f.replace(/\.csv$/, ''), csv: readFileSync(join(dir, f), 'utf8') }));

type Rows = Record<string, string>[];
const asJson = async (csv: string): Promise<Rows> => (await runTool(csvToJson, { csv })).data;

describe('CSV tools agree with csv-to-json on csv-spectrum', () => {
  it('has all 12 files', () => expect(cases.length).toBe(12));

  for (const { name, csv } of cases) {
    it(name, async () => {
      const expected = await asJson(csv);
      const columns = Object.keys(expected[0] ?? {});
      expect(columns.length).toBeGreaterThan(0);

      // tsv-to-csv: the same records written as (quoted) TSV come back unchanged.
      const tsv = stringify([columns, ...expected.map((r) => columns.map((c) => r[c]))], { delimiter: '\t' });
      for (const lineEnding of ['crlf', 'lf'])
        expect(await asJson((await runTool(tsvToCsv, { tsv, lineEnding })).csv), `tsv ${lineEnding}`).toEqual(expected);

      // csv-column-extractor: all columns by name, reversed by index, and json format.
      expect(await asJson((await runTool(extractor, { csv, columns })).result)).toEqual(expected);
      const reversed = columns.map((_, i) => String(columns.length - i));
      expect(
        await asJson((await runTool(extractor, { csv, columns: reversed, by: 'index', outputDelimiter: 'semicolon' })).result),
      ).toEqual(expected);
      expect((await runTool(extractor, { csv, columns, format: 'json' })).data).toEqual(expected);

      // csv-merge: appended to itself gives the rows twice; joined to itself on the first column (unique keys) gives them once.
      expect(await asJson((await runTool(merge, { csvs: [csv, csv] })).csv)).toEqual([...expected, ...expected]);
      const keys = expected.map((r) => r[columns[0]]);
      if (new Set(keys).size === keys.length) {
        const joined = await asJson((await runTool(merge, { csvs: [csv, csv], mode: 'join', key: columns[0] })).csv);
        expect(joined.map((r) => Object.fromEntries(columns.map((c) => [c, r[c]])))).toEqual(expected);
      }

      // csv-split: one row per file; the parts read back in order are the file.
      const parts = (await runTool(split, { csv, rowsPerFile: 1 })).files;
      const back: Rows = [];
      for (const f of parts) back.push(...(await asJson(f.csv)));
      expect(back).toEqual(expected);
    });
  }
});

describe('scanCsv reads as parseCsv does', () => {
  it('on 5,000 seeded random texts (cells and refusals)', async () => {
    const rng = createRng('csv-fuzz');
    const alphabet = ['a', 'b', ',', ';', '"', '""', '\n', '\r', '\r\n', ' ', '\t', '\uFEFF'];
    for (let k = 0; k < 5000; k++) {
      const text = Array.from({ length: rng.int(0, 16) }, () => rng.pick(alphabet)).join('');
      for (const delimiter of ['comma', 'semicolon'] as const) {
        let want: unknown;
        let got: unknown;
        try {
          want = (await parseCsv(text, delimiter)).map((r) => r.cells);
        } catch {
          want = 'refused';
        }
        try {
          got = scanCsv(text, delimiter).map((r) => r.cells);
        } catch {
          got = 'refused';
        }
        expect(got, JSON.stringify(text)).toEqual(want);
      }
    }
  });

  it('reports the line a record starts on', () => {
    expect(scanCsv('a\n"b\nc"\n\nd', 'comma').map((r) => r.line)).toEqual([1, 2, 5]);
    expect(scanCsv('\uFEFFx\r\ny\rz', 'comma').map((r) => r.line)).toEqual([1, 2, 3]);
  });
});
