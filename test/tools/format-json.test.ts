import { describe, expect, it } from 'vitest';
import jsonFormatter from '../../tools/format/json-formatter.js';
import jsonToCsv from '../../tools/format/json-to-csv.js';
import jsonToTypescript from '../../tools/format/json-to-typescript.js';
import { expectToolError, runTool } from '../helpers/run.js';

const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);

describe('json-formatter', () => {
  it('formats with each indent edge and refuses out-of-range indents', async () => {
    expect((await runTool(jsonFormatter, { json: '{"a":[1]}', indent: 0 })).formatted).toBe('{"a":[1]}');
    expect((await runTool(jsonFormatter, { json: '{"a":[1]}', indent: 8 })).formatted).toBe('{\n        "a": [\n                1\n        ]\n}');
    await expectToolError(jsonFormatter, { json: '{}', indent: -1 }, 400, /indent/);
    await expectToolError(jsonFormatter, { json: '{}', indent: 9 }, 400, /indent/);
    await expectToolError(jsonFormatter, { json: '{}', indent: 1.5 }, 400, /indent/);
  });

  it('reports invalid JSON as valid:false with line and column', async () => {
    const out = await runTool(jsonFormatter, { json: '{\n  "a": tru\n}' });
    expect(out).toMatchObject({ valid: false, formatted: '', line: 2, column: 8 });
    expect((await runTool(jsonFormatter, { json: '' })).error).toMatch(/empty input/);
    expect((await runTool(jsonFormatter, { json: "{'a':1}" })).valid).toBe(false);
    expect((await runTool(jsonFormatter, { json: '[1e999]' })).error).toBe('number 1e999 is too large (beyond ±1.8e308) at line 1, column 2');
  });

  it('ignores a leading BOM and keeps lone surrogates escaped', async () => {
    expect((await runTool(jsonFormatter, { json: '\uFEFF{}' })).formatted).toBe('{}');
    expect((await runTool(jsonFormatter, { json: '["\\ud800"]', indent: 0 })).formatted).toBe('["\\ud800"]');
  });

  it('caps nesting at 100 levels, also for absurdly deep invalid input', async () => {
    expect((await runTool(jsonFormatter, { json: deep(100), indent: 0 })).valid).toBe(true);
    await expectToolError(jsonFormatter, { json: deep(101) }, 400, /nested deeper than 100/);
    expect((await runTool(jsonFormatter, { json: '['.repeat(200_000) })).valid).toBe(false);
  });
});

describe('json-to-csv', () => {
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

describe('json-to-typescript', () => {
  it('shares identical interfaces and numbers clashing names', async () => {
    const out = await runTool(jsonToTypescript, { json: '{"home":{"city":"A"},"work":{"city":"B"},"meta":{"home":{"zip":1}}}' });
    expect(out.typescript).toBe(
      'export interface Root {\n  home: Home;\n  work: Home;\n  meta: Meta;\n}\n\nexport interface Home {\n  city: string;\n}\n\n' +
        'export interface Meta {\n  home: Home2;\n}\n\nexport interface Home2 {\n  zip: number;\n}\n',
    );
    expect(out.declarations).toBe(4);
  });

  it('optionalProps, primitives at the root, empty arrays and objects', async () => {
    expect((await runTool(jsonToTypescript, { json: '{"a":[],"b":{}}', optionalProps: true })).typescript).toBe(
      'export interface Root {\n  a?: unknown[];\n  b?: B;\n}\n\nexport interface B {}\n',
    );
    expect(await runTool(jsonToTypescript, { json: '"x"', rootName: 'Name' })).toEqual({ typescript: 'export type Name = string;\n', declarations: 1 });
    expect((await runTool(jsonToTypescript, { json: '[[1],["a"]]' })).typescript).toBe('export type Root = (string | number)[][];\n');
  });

  it('refuses a root name that is not an identifier', async () => {
    await expectToolError(jsonToTypescript, { json: '{}', rootName: '1abc' }, 400, /rootName/);
  });

  it('is deterministic', async () => {
    const input = { json: '{"users":[{"id":1,"tags":["x"]},{"id":"2","extra":null}]}' };
    expect(await runTool(jsonToTypescript, input)).toEqual(await runTool(jsonToTypescript, input));
    expect((await runTool(jsonToTypescript, input)).typescript).toBe(
      'export interface Root {\n  users: User[];\n}\n\nexport interface User {\n  id: string | number;\n  tags?: string[];\n  extra?: null;\n}\n',
    );
  });
});
