import { describe, expect, it } from 'vitest';
import yamlToJson from '../../../tools/format/yaml-to-json.js';
import jsonToYaml from '../../../tools/format/json-to-yaml.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('json-to-yaml', () => {
  it('quotes exactly the strings a 1.1 or 1.2 reader would take for another type', async () => {
    const json = JSON.stringify({
      a: 'yes',
      b: 'No',
      c: 'on',
      d: '0755',
      e: '1:20',
      f: '2024-01-31',
      g: '<<',
      h: '~',
      i: '',
      j: '0o17',
      k: 'plain text',
      l: '12abc',
      y: 'Y',
    });
    expect((await runTool(jsonToYaml, { json })).yaml).toBe(
      'a: "yes"\nb: "No"\nc: "on"\nd: "0755"\ne: "1:20"\nf: "2024-01-31"\ng: "<<"\nh: "~"\ni: ""\nj: "0o17"\nk: plain text\nl: 12abc\n"y": "Y"\n',
    );
  });

  it('nullStyle empty and its aliases, indent 1, top-level array', async () => {
    expect((await runTool(jsonToYaml, { json: '{"a":null,"b":{"c":[1]}}', nullStyle: 'empty', indent: 1 })).yaml).toBe(
      'a:\nb:\n c:\n  - 1\n',
    );
    expect((await runTool(jsonToYaml, { json: '[null]', nullStyle: 'tilde' })).yaml).toBe('- ~\n');
    await expectToolError(jsonToYaml, { json: '{}', nullStyle: 'nil' }, 400, /nullStyle/);
    await expectToolError(jsonToYaml, { json: '{}', indent: 0 }, 400, /indent/);
  });

  it('round-trips through yaml-to-json', async () => {
    const value = { s: 'a: b', t: 'true', m: 'x\n  y\n', n: -1.5e-7, deep: [{ k: ['', null, false] }], '#': '#x' };
    const { yaml } = await runTool(jsonToYaml, { json: JSON.stringify(value) });
    expect((await runTool(yamlToJson, { yaml })).value).toEqual(value);
  });

  it('double-quotes what YAML 1.1 readers take differently (=, tabs, NEL/LS/PS), escaping the line separators', async () => {
    const value = { b: '=', c: 'a\tb', d: 'x\u2028y', e: 'p\u0085q', p: 'u\u2029v', g: 'x = y' };
    const { yaml } = await runTool(jsonToYaml, { json: JSON.stringify(value) });
    expect(yaml).toBe('b: "="\nc: "a\\tb"\nd: "x\\Ly"\ne: "p\\Nq"\np: "u\\Pv"\ng: x = y\n');
    expect(JSON.parse((await runTool(yamlToJson, { yaml })).json)).toEqual(value); // PyYAML 6 reads it the same (checked by hand)
  });
});
