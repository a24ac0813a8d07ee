/**
 * regex-tester, find-and-replace and the regex sandbox behind them: JavaScript semantics, caps, refusals,
 * and the guarantee that a catastrophic pattern is stopped while the server keeps answering.
 */
import { describe, expect, it } from 'vitest';
import { runTool, expectToolError } from '../../helpers/run.js';
import findAndReplace from '../../../tools/text/find-and-replace.js';
import { REGEX_LIMITS } from '../../../src/compute/regex-sandbox.js';

describe('find-and-replace', () => {
  it('plain mode: find is literal, $ in replace is literal, case-sensitive by default', async () => {
    expect(await runTool(findAndReplace, { text: 'a.b.c', find: '.', replace: '$&$1' })).toEqual({ result: 'a$&$1b$&$1c', count: 2 });
    expect(await runTool(findAndReplace, { text: 'Cat cat', find: 'cat', replace: 'dog' })).toEqual({ result: 'Cat dog', count: 1 });
    expect(await runTool(findAndReplace, { text: 'Cat cat', find: 'CAT', replace: 'dog', caseSensitive: false })).toEqual({
      result: 'dog dog',
      count: 2,
    });
    expect(await runTool(findAndReplace, { text: '(a+)+', find: '(a+)+', replace: 'x' })).toEqual({ result: 'x', count: 1 });
  });

  it('deletes matches when replace is omitted, and reports 0 when nothing matches', async () => {
    expect(await runTool(findAndReplace, { text: 'a-b-c', find: '-' })).toEqual({ result: 'abc', count: 2 });
    expect(await runTool(findAndReplace, { text: 'abc', find: 'x', replace: 'y' })).toEqual({ result: 'abc', count: 0 });
  });

  it('wholeWord is Unicode-aware in both modes', async () => {
    const text = 'café cafés café_x ecafé café.';
    expect(await runTool(findAndReplace, { text, find: 'café', replace: 'tea', wholeWord: true })).toEqual({
      result: 'tea cafés café_x ecafé tea.',
      count: 2,
    });
    expect(await runTool(findAndReplace, { text, find: 'caf.', replace: 'tea', wholeWord: true, useRegex: true })).toEqual({
      result: 'tea cafés café_x ecafé tea.',
      count: 2,
    });
  });

  it('regex mode: numbered and named groups, $&, $$, multiline ^', async () => {
    expect(
      await runTool(findAndReplace, {
        text: 'John Smith',
        find: '(?<first>\\w+) (?<last>\\w+)',
        replace: '$<last>, $<first>',
        useRegex: true,
      }),
    ).toEqual({ result: 'Smith, John', count: 1 });
    expect(await runTool(findAndReplace, { text: 'x1 y2', find: '\\d', replace: '[$&]$$', useRegex: true })).toEqual({
      result: 'x[1]$ y[2]$',
      count: 2,
    });
    expect(await runTool(findAndReplace, { text: 'a\nb', find: '^', replace: '> ', useRegex: true })).toEqual({
      result: '> a\n> b',
      count: 2,
    });
    expect(await runTool(findAndReplace, { text: 'AbA', find: 'a', replace: '_', useRegex: true, caseSensitive: false })).toEqual({
      result: '_b_',
      count: 2,
    });
  });

  it('refuses invalid regexes naming `find`, also when wholeWord would wrap them', async () => {
    await expectToolError(findAndReplace, { text: 'x', find: '(', useRegex: true }, 400, /^`find` is not a valid regular expression/);
    await expectToolError(
      findAndReplace,
      { text: 'a b', find: 'a)|(b', useRegex: true, wholeWord: true },
      400,
      /^`find` is not a valid regular expression/,
    );
    await expectToolError(
      findAndReplace,
      { text: 'x', find: '\\-', useRegex: true },
      400,
      /^`find` is not a valid regular expression: Invalid escape/,
    );
    await expectToolError(findAndReplace, { text: 'x', find: '' }, 400, /`find` must be at least 1 characters long/);
  });

  it(`refuses results longer than ${REGEX_LIMITS.resultChars} characters with 413`, async () => {
    const text = 'a'.repeat(1000);
    await expectToolError(findAndReplace, { text, find: 'a', replace: 'b'.repeat(3000) }, 413, /longer than 2,000,000 characters/);
    await expectToolError(findAndReplace, { text, find: 'a', replace: 'b'.repeat(3000), useRegex: true }, 413, /longer than 2,000,000/);
    await expectToolError(findAndReplace, { text: 'x'.repeat(5000), find: 'x', replace: "$`$'", useRegex: true }, 413, /longer than/);
    // Just under the cap is fine: 1000 × 2000 = 2,000,000.
    const ok = await runTool(findAndReplace, { text, find: 'a', replace: 'b'.repeat(2000), useRegex: true });
    expect(ok.result).toHaveLength(2_000_000);
  });

  it('validates booleans and unknown fields', async () => {
    await expectToolError(findAndReplace, { text: 'x', find: 'x', useRegex: 'yes' }, 400, /`useRegex` must be a boolean/);
    await expectToolError(findAndReplace, { text: 'x', find: 'x', matchCase: true }, 400, /unknown field `matchCase`/);
  });
});

describe('find-and-replace: plain mode literals', () => {
  it('matches every regex syntax character literally', async () => {
    const special = '.*+?^${}()|[]\\/-';
    expect(await runTool(findAndReplace, { text: `x${special}y${special}`, find: special, replace: '$$' })).toEqual({
      result: 'x$$y$$',
      count: 2,
    });
  });
});
