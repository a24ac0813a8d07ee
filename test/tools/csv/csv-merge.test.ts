import { describe, expect, it } from 'vitest';
import tool from '../../../tools/csv/csv-merge.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const merged = async (csvs: string[], opts: Record<string, unknown> = {}) =>
  (await runTool(tool, { csvs, lineEnding: 'lf', ...opts })).csv as string;

describe('csv-merge append', () => {
  it('refuses a result that would multiply its input (a wide file above a long one, a join of wide files), before building it', async () => {
    const wide = Array.from({ length: 10_000 }, (_, i) => `c${i}`).join(',') + '\n' + ','.repeat(9_999);
    const long = 'b\n' + 'x\n'.repeat(80_000);
    await expectToolError(
      tool,
      { csvs: [wide, long] },
      413,
      /80,001 rows × 10,001 columns, over the 5,000,000 cells this tool answers: merge fewer rows/,
    );
    const keyed = (n: number) => 'id,' + Array.from({ length: n }, (_, i) => `c${i}`).join(',') + '\n' + 'k,\n'.repeat(400);
    await expectToolError(
      tool,
      { csvs: [keyed(10_000), 'id\n' + 'k\n'.repeat(400)], mode: 'join', key: 'id' },
      413,
      /cells this tool answers/,
    );
    expect((await runTool(tool, { csvs: [wide.slice(0, 60), long] })).rows).toBe(80_000);
  });

  it('unions headers by name in first-seen order; missing cells empty; delimiters per file', async () => {
    expect(await merged(['a,b\n1,2', 'b;c\n3;4', 'c\ta\n5\t6'])).toBe('a,b,c\n1,2,\n,3,4\n6,,5\n');
  });

  it('dedupe and a source column', async () => {
    const out = await runTool(tool, { csvs: ['a\n1\n2', 'a\n2\n3'], dedupe: true, sourceColumn: 'file', lineEnding: 'lf' });
    expect(out.csv).toBe('a,file\n1,1\n2,1\n3,2\n');
    expect(out.duplicatesRemoved).toBe(1);
    await expectToolError(tool, { csvs: ['a\n1', 'a\n2'], sourceColumn: 'a' }, 400, /"a" is already a column/);
  });

  it('quoted fields with line breaks, BOM; ragged rows reported per file', async () => {
    const out = await runTool(tool, { csvs: ['\uFEFFa,b\n"x\ny",1', 'a,b\n1\n1,2,3'], lineEnding: 'lf' });
    expect(out.csv).toBe('a,b,column3\n"x\ny",1,\n1,,\n1,2,3\n');
    expect(out.files[1].ragged.count).toBe(2);
  });

  it('empty files add nothing', async () => {
    expect(await merged(['', 'a\n1'])).toBe('a\n1\n');
    expect(await runTool(tool, { csvs: ['', ''] })).toMatchObject({ csv: '', columns: [], rows: 0 });
  });
});

describe('csv-merge join', () => {
  const orders = 'id,customer\no1,c1\no2,c2\no3,c1\no4,c9';
  const customers = 'customer;name\nc1;Ada\nc2;Linus\nc3;Grace';

  it('inner, left and full, key first', async () => {
    expect(await merged([orders, customers], { mode: 'join', key: 'customer' })).toBe(
      'customer,id,name\nc1,o1,Ada\nc2,o2,Linus\nc1,o3,Ada\n',
    );
    expect(await merged([orders, customers], { mode: 'join', key: 'customer', joinType: 'left' })).toBe(
      'customer,id,name\nc1,o1,Ada\nc2,o2,Linus\nc1,o3,Ada\nc9,o4,\n',
    );
    expect(await merged([orders, customers], { mode: 'join', key: 'customer', joinType: 'full' })).toBe(
      'customer,id,name\nc1,o1,Ada\nc2,o2,Linus\nc1,o3,Ada\nc9,o4,\nc3,,Grace\n',
    );
  });

  it('repeated keys pair every match; clashing names get _2; three files left to right', async () => {
    expect(await merged(['k,v\n1,a\n1,b', 'k,v\n1,x\n1,y'], { mode: 'join', key: 'k' })).toBe('k,v,v_2\n1,a,x\n1,a,y\n1,b,x\n1,b,y\n');
    expect(await merged(['k,a\n1,x', 'k,b\n1,y', 'k,c\n1,z'], { mode: 'join', key: 'k' })).toBe('k,a,b,c\n1,x,y,z\n');
  });

  it('refuses a missing key, a key not in every file, and joins that explode', async () => {
    await expectToolError(tool, { csvs: ['a\n1', 'a\n1'], mode: 'join' }, 400, /`key` is required/);
    await expectToolError(
      tool,
      { csvs: ['a\n1', 'b\n1'], mode: 'join', key: 'a' },
      400,
      /file 2 \(csvs\[1\]\) has no column "a"; its columns are "b"/,
    );
    const many = 'k\n' + '1\n'.repeat(400);
    await expectToolError(tool, { csvs: [many, many], mode: 'join', key: 'k' }, 413, /more than 100,000 rows/);
  });

  it('refuses fewer than 2 files and oversize input', async () => {
    await expectToolError(tool, { csvs: ['a\n1'] }, 400, /`csvs`/);
    await expectToolError(tool, { csvs: ['x'.repeat(200_000), 'y'.repeat(60_000)] }, 413, /260,000 characters together/);
  });
});
