import { describe, expect, it } from 'vitest';
import csvToJson from '../../../tools/format/csv-to-json.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('csv-to-json', () => {
  it('refuses an answer that would multiply its input (one wide row above many short rows), before building it', async () => {
    const wide = ','.repeat(20_000) + '\n' + 'a\n'.repeat(50_000);
    await expectToolError(csvToJson, { csv: wide }, 400, /50,000 rows × 20,001 columns, every row naming every column\): split the CSV/);
    expect((await runTool(csvToJson, { csv: ','.repeat(20) + '\n' + 'a\n'.repeat(50_000) })).rows).toBe(50_000);
  });

  it('names blank and repeated headers and fills ragged rows', async () => {
    const out = await runTool(csvToJson, { csv: 'a,,a\n1,2,3,4\n5' });
    expect(out).toEqual({
      data: [
        { a: '1', column2: '2', a_2: '3', column4: '4' },
        { a: '5', column2: '', a_2: '', column4: '' },
      ],
      rows: 2,
      columns: 4,
    });
  });

  it('accepts delimiter names and characters, refuses others', async () => {
    expect((await runTool(csvToJson, { csv: 'a;b\n1;2', delimiter: ';' })).data).toEqual([{ a: '1', b: '2' }]);
    expect((await runTool(csvToJson, { csv: 'a,b\n1,2', delimiter: 'semicolon' })).data).toEqual([{ 'a,b': '1,2' }]);
    await expectToolError(csvToJson, { csv: 'a', delimiter: 'colon' }, 400, /delimiter/);
  });

  it('handles BOM, blank lines and empty input; refuses an unclosed quote with its line', async () => {
    expect((await runTool(csvToJson, { csv: '\uFEFFa\n\n1\n' })).data).toEqual([{ a: '1' }]);
    expect(await runTool(csvToJson, { csv: '' })).toEqual({ data: [], rows: 0, columns: 0 });
    await expectToolError(csvToJson, { csv: 'a\n1\n"open', delimiter: 'comma' }, 400, /never closed.*line 3/);
  });

  it('keeps a column named __proto__ (or constructor) as an own key of every row', async () => {
    const r = await runTool(csvToJson, { csv: '__proto__,constructor,b\n1,2,3' });
    expect(r.columns).toBe(3);
    expect(Object.keys(r.data[0])).toEqual(['__proto__', 'constructor', 'b']);
    expect(JSON.parse(JSON.stringify(r.data))).toEqual(JSON.parse('[{"__proto__":"1","constructor":"2","b":"3"}]'));
    expect(Object.getPrototypeOf(r.data[0])).toBe(Object.prototype);
  });
});
