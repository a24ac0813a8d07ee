import { describe, expect, it } from 'vitest';
import tool from '../../../tools/csv/csv-split.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const csv = 'id,city\n1,Delft\n2,Gouda\n3,Delft\n4,"Den\nHaag"\n5,Gouda\n';
const split = (opts: Record<string, unknown>, text = csv) => runTool(tool, { csv: text, lineEnding: 'lf', ...opts });

describe('csv-split', () => {
  it('by rows: exactly at, below and above a multiple', async () => {
    expect((await split({ rowsPerFile: 5 })).files.map((f: { rows: number }) => f.rows)).toEqual([5]);
    expect((await split({ rowsPerFile: 2 })).files.map((f: { rows: number }) => f.rows)).toEqual([2, 2, 1]);
    expect((await split({ rowsPerFile: 6 })).files.map((f: { rows: number }) => f.rows)).toEqual([5]);
  });

  it('by parts: nearly equal, the first get the extra row; never more files than rows', async () => {
    expect((await split({ mode: 'parts', parts: 3 })).files.map((f: { rows: number }) => f.rows)).toEqual([2, 2, 1]);
    expect((await split({ mode: 'parts', parts: 9 })).files.length).toBe(5);
    await expectToolError(tool, { csv, mode: 'parts' }, 400, /`parts` is required/);
  });

  it('by column value, quoted line breaks kept, safe names', async () => {
    const out = await split({ mode: 'column', column: 'city' });
    expect(out.files.map((f: { name: string }) => f.name)).toEqual(['Delft.csv', 'Gouda.csv', 'Den_Haag.csv']);
    expect(out.files[2].csv).toBe('id,city\n4,"Den\nHaag"\n');
    await expectToolError(tool, { csv, mode: 'column', column: 'zip' }, 400, /no column "zip"; the columns are "id", "city"/);
    await expectToolError(tool, { csv, mode: 'column' }, 400, /`column` is required/);
  });

  it('repeatHeader false: only the first file has the header', async () => {
    const out = await split({ rowsPerFile: 3, repeatHeader: false });
    expect(out.files.map((f: { csv: string }) => f.csv)).toEqual(['id,city\n1,Delft\n2,Gouda\n3,Delft\n', '4,"Den\nHaag"\n5,Gouda\n']);
  });

  it('keeps the input delimiter; ragged rows reported; header only gives one file', async () => {
    const out = await split({ rowsPerFile: 1 }, 'a;b\n1\n2;3;4');
    expect(out.files.map((f: { csv: string }) => f.csv)).toEqual(['a;b;column3\n1;;\n', 'a;b;column3\n2;3;4\n']);
    expect(out.ragged.count).toBe(2);
    expect((await split({}, 'a,b\n')).files).toEqual([{ name: 'part-001.csv', rows: 0, csv: 'a,b\n' }]);
    expect((await split({}, '')).files).toEqual([{ name: 'part-001.csv', rows: 0, csv: '' }]);
  });

  it('caps the number of files at 1,000', async () => {
    const many = 'a\n' + Array.from({ length: 1001 }, (_, i) => `${i}\n`).join('');
    await expectToolError(tool, { csv: many, rowsPerFile: 1 }, 400, /1,001 files; at most 1,000/);
    await expectToolError(tool, { csv: many, mode: 'column', column: 'a' }, 400, /1,001 files/);
    expect((await split({ rowsPerFile: 1 }, many.split('\n').slice(0, 1001).join('\n'))).files.length).toBe(1000);
  });
});
