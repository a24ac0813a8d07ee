import { describe, expect, it } from 'vitest';
import jsonFormatter from '../../../tools/format/json-formatter.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);

describe('json-formatter', () => {
  it('formats with each indent edge and refuses out-of-range indents', async () => {
    expect((await runTool(jsonFormatter, { json: '{"a":[1]}', indent: 0 })).formatted).toBe('{"a":[1]}');
    expect((await runTool(jsonFormatter, { json: '{"a":[1]}', indent: 8 })).formatted).toBe(
      '{\n        "a": [\n                1\n        ]\n}',
    );
    await expectToolError(jsonFormatter, { json: '{}', indent: -1 }, 400, /indent/);
    await expectToolError(jsonFormatter, { json: '{}', indent: 9 }, 400, /indent/);
    await expectToolError(jsonFormatter, { json: '{}', indent: 1.5 }, 400, /indent/);
  });

  it('reports invalid JSON as valid:false with line and column', async () => {
    const out = await runTool(jsonFormatter, { json: '{\n  "a": tru\n}' });
    expect(out).toMatchObject({ valid: false, formatted: '', line: 2, column: 8 });
    expect((await runTool(jsonFormatter, { json: '' })).error).toMatch(/empty input/);
    expect((await runTool(jsonFormatter, { json: "{'a':1}" })).valid).toBe(false);
    expect((await runTool(jsonFormatter, { json: '[1e999]' })).error).toBe(
      'number 1e999 is too large (beyond ±1.8e308) at line 1, column 2',
    );
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
