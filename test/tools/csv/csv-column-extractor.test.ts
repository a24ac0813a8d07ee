import { describe, expect, it } from 'vitest';
import tool from '../../../tools/csv/csv-column-extractor.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const csv = 'id,Name,city\r\n1,"Jansen, P.",Delft\r\n2,"De ""Vries""","Den\nHaag"\r\n';

describe('csv-column-extractor', () => {
  it('refuses a table whose ragged rows would be padded to billions of cells (one wide row above many short ones)', async () => {
    const csv = 'a\n' + ','.repeat(100_000) + '\n' + 'x\n'.repeat(70_000);
    await expectToolError(tool, { csv, columns: ['a'] }, 413, /70,001 rows padded to its widest row of 100,001 cells.*\(line 2\)/);
    expect((await runTool(tool, { csv: 'a\n' + ','.repeat(50) + '\n' + 'x\n'.repeat(70_000), columns: ['a'] })).rows).toBe(70_001);
  });

  it('by name, in the order given, quoting kept; case-insensitive fallback', async () => {
    const out = await runTool(tool, { csv, columns: ['city', ' name ', 'id'] });
    expect(out.result).toBe('city,Name,id\r\nDelft,"Jansen, P.",1\r\n"Den\nHaag","De ""Vries""",2\r\n');
    expect(out.columns).toEqual(['city', 'Name', 'id']);
  });

  it('by 1-based index; a column twice; without header', async () => {
    expect((await runTool(tool, { csv, columns: ['1', '1'], by: 'index', includeHeader: false, lineEnding: 'lf' })).result).toBe(
      '1,1\n2,2\n',
    );
  });

  it('list and json formats', async () => {
    expect((await runTool(tool, { csv, columns: ['id', 'city'], format: 'list', outputDelimiter: 'tab', lineEnding: 'lf' })).result).toBe(
      '1\tDelft\n2\tDen\nHaag\n',
    );
    expect((await runTool(tool, { csv, columns: ['Name'], format: 'json' })).data).toEqual([
      { Name: 'Jansen, P.' },
      { Name: 'De "Vries"' },
    ]);
  });

  it('ragged rows padded and reported; blank and repeated headers named as csv-to-json names them', async () => {
    const out = await runTool(tool, { csv: 'a,,a\n1,2,3,4\n5', columns: ['column2', 'a_2', 'column4'], lineEnding: 'lf' });
    expect(out.result).toBe('column2,a_2,column4\n2,3,4\n,,\n');
    expect(out.ragged).toEqual({
      count: 2,
      rows: [
        { line: 2, fields: 4, expected: 3 },
        { line: 3, fields: 1, expected: 3 },
      ],
    });
  });

  it('semicolons and BOM detected', async () => {
    expect((await runTool(tool, { csv: '\uFEFFa;b\n1;2', columns: ['b'], lineEnding: 'lf' })).result).toBe('b\n2\n');
  });

  it('refuses unknown columns and bad indexes', async () => {
    await expectToolError(tool, { csv, columns: ['zip'] }, 400, /no column "zip"; the columns are "id", "Name", "city"/);
    await expectToolError(tool, { csv, columns: ['4'], by: 'index' }, 400, /"4" is not a column number from 1 to 3/);
    await expectToolError(tool, { csv, columns: ['0'], by: 'index' }, 400, /not a column number/);
    await expectToolError(tool, { csv: '', columns: ['a'] }, 400, /none \(empty CSV\)/);
    await expectToolError(tool, { csv, columns: [] }, 400, /`columns`/);
  });

  it('takes the maximum size', async () => {
    const big = 'a,b\n' + 'x,y\n'.repeat(62_000);
    expect((await runTool(tool, { csv: big, columns: ['b'] })).rows).toBe(62_000);
  });

  it('keeps a column named __proto__ as an own key in JSON rows', async () => {
    const r = await runTool(tool, { csv: '__proto__,b\n1,2', columns: ['__proto__', 'b'], format: 'json' });
    expect(JSON.stringify(r.data)).toBe('[{"__proto__":"1","b":"2"}]');
  });
});
