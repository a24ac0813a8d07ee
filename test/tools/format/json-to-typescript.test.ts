import { describe, expect, it } from 'vitest';
import jsonToTypescript from '../../../tools/format/json-to-typescript.js';
import { expectToolError, runTool } from '../../helpers/run.js';

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
    expect(await runTool(jsonToTypescript, { json: '"x"', rootName: 'Name' })).toEqual({
      typescript: 'export type Name = string;\n',
      declarations: 1,
    });
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

  it('names the root exactly rootName, object or not', async () => {
    const obj = await runTool(jsonToTypescript, { json: '{"a":1,"my_root":{"b":2}}', rootName: 'my_root' });
    expect(obj.typescript).toMatch(/^export interface my_root \{/);
    expect(obj.typescript).toMatch(/export interface MyRoot \{/); // the nested key keeps its PascalCase name
    expect((await runTool(jsonToTypescript, { json: '{"a":1}', rootName: '$x' })).typescript).toMatch(/^export interface \$x \{/);
    expect((await runTool(jsonToTypescript, { json: '[1]', rootName: 'my_root' })).typescript).toMatch(
      /^export type my_root = number\[\];/,
    );
  });
});
