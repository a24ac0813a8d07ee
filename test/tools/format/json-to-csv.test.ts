import { describe, expect, it } from 'vitest';
import jsonToCsv from '../../../tools/format/json-to-csv.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('json-to-csv', () => {
  it('refuses a CSV that would multiply its input (one item of many keys above many empty ones), before building it', async () => {
    const json = (keys: number) =>
      JSON.stringify([
        Object.fromEntries(Array.from({ length: keys }, (_, i) => ['k' + i, 1])),
        ...Array.from({ length: 40_000 }, () => ({})),
      ]);
    await expectToolError(
      jsonToCsv,
      { json: json(20_000) },
      400,
      /40,001 rows × 20,000 columns, a cell for every column in every row\): split/,
    );
    expect((await runTool(jsonToCsv, { json: json(100) })).rowCount).toBe(40_001);
  });

  it('accepts the array itself, a single object, and each delimiter', async () => {
    expect((await runTool(jsonToCsv, { json: [{ a: 1 }, { b: 'x' }] })).csv).toBe('a,b\n1,\n,x\n');
    expect((await runTool(jsonToCsv, { json: '{"a":"x|y"}', delimiter: 'pipe' })).csv).toBe('a\n"x|y"\n');
    expect((await runTool(jsonToCsv, { json: '[{"a":1,"b":2}]', delimiter: '\t' })).csv).toBe('a\tb\n1\t2\n');
    expect((await runTool(jsonToCsv, { json: '[{"a":1,"b":2}]', delimiter: ';' })).csv).toBe('a;b\n1;2\n');
    await expectToolError(jsonToCsv, { json: '[]', delimiter: 'x' }, 400, /delimiter/);
  });

  it('quotes quotes and line breaks, writes empty objects and arrays as JSON', async () => {
    const out = await runTool(jsonToCsv, { json: '[{"q":"say \\"hi\\"","n":"a\\nb","e":{},"l":[],"t":false}]' });
    expect(out.csv).toBe('q,n,e,l,t\n"say ""hi""","a\nb",{},[],false\n');
  });

  it('refuses items that are not objects and colliding columns', async () => {
    await expectToolError(jsonToCsv, { json: '[{"a":1},2]' }, 400, /`json`\[1\] is a number/);
    await expectToolError(jsonToCsv, { json: '[{"a.b":1,"a":{"b":2}}]' }, 400, /same column "a.b"/);
    await expectToolError(jsonToCsv, { json: '[{"a":' }, 400, /not valid JSON: .*line 1/);
  });

  it('an empty array gives no CSV', async () => {
    expect(await runTool(jsonToCsv, { json: '[]' })).toEqual({ csv: '', columns: [], rowCount: 0 });
  });
});
