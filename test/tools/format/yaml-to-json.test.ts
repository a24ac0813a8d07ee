import { describe, expect, it } from 'vitest';
import yamlToJson from '../../../tools/format/yaml-to-json.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('yaml-to-json refusals name the line', () => {
  const cases: Array<[string, string, RegExp]> = [
    ['anchor', 'a: 1\nb: &x 2\n', /anchors \(&x\) are not supported \(line 2, column 4\)/],
    ['alias', 'a: 1\nb: *a\n', /aliases \(\*a\) are not supported.*\(line 2, column 4\)/],
    ['merge key', 'a:\n  <<: {b: 1}\n', /merge keys \(<<\) are not supported.*\(line 2, column 3\)/],
    ['tag', 'a: !!str 1\n', /tags \(!!str\) are not supported \(line 1/],
    ['custom tag', 'a:\n  - !thing x\n', /tags \(!thing\) are not supported \(line 2/],
    ['second document', 'a: 1\n---\nb: 2\n', /multi-document files are not supported.*\(line 2, column 1\)/],
    ['complex key', '? [a, b]\n: c\n', /no JSON representation \(line 1, column 3\)/],
    ['.inf', 'a: .inf\n', /\.inf has no JSON representation \(line 1, column 4\)/],
    ['duplicate key', 'a: 1\na: 2\n', /not valid YAML: Map keys must be unique \(line 2, column 1\)/],
    ['syntax', 'a: [1, 2\nb: 3\n', /not valid YAML: .*\(line \d+, column \d+\)/],
  ];
  for (const [name, yaml, message] of cases) it(name, () => expectToolError(yamlToJson, { yaml }, 400, message));

  it('blocks an alias bomb before expanding anything', async () => {
    const bomb = [
      'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
      ...Array.from({ length: 8 }, (_, i) => {
        const p = String.fromCharCode(97 + i);
        const n = String.fromCharCode(98 + i);
        return `${n}: &${n} [*${p},*${p},*${p},*${p},*${p},*${p},*${p},*${p},*${p}]`;
      }),
    ].join('\n');
    await expectToolError(yamlToJson, { yaml: bomb }, 400, /anchors \(&a\) are not supported \(line 1/);
  });

  it('caps nesting at 100 levels', async () => {
    expect((await runTool(yamlToJson, { yaml: '['.repeat(100) + ']'.repeat(100), indent: 0 })).json).toBe(
      '['.repeat(100) + ']'.repeat(100),
    );
    await expectToolError(yamlToJson, { yaml: '['.repeat(101) + ']'.repeat(101) }, 400, /deeper than 100 levels/);
    await expectToolError(yamlToJson, { yaml: '['.repeat(50_000) }, 400, /yaml/);
  });
});

describe('yaml-to-json values', () => {
  it('reads the core schema, converts scalar keys, and empty input is null', async () => {
    expect((await runTool(yamlToJson, { yaml: '1: one\ntrue: t\n~: n\nx: 0x1F\ny: 0o17\nz: 2024-01-31\n' })).value).toEqual({
      '1': 'one',
      true: 't',
      '': 'n',
      x: 31,
      y: 15,
      z: '2024-01-31',
    });
    expect(await runTool(yamlToJson, { yaml: '# nothing\n' })).toEqual({ value: null, json: 'null' });
    expect((await runTool(yamlToJson, { yaml: '%YAML 1.2\n---\na: 1\n' })).value).toEqual({ a: 1 });
    await expectToolError(yamlToJson, { yaml: 'a', indent: 9 }, 400, /indent/);
  });
});
