/**
 * regex-tester, find-and-replace and the regex sandbox behind them: JavaScript semantics, caps, refusals,
 * and the guarantee that a catastrophic pattern is stopped while the server keeps answering.
 */
import { describe, expect, it } from 'vitest';
import { runTool, expectToolError } from '../helpers/run.js';
import regexTester from '../../tools/dev/regex-tester.js';
import findAndReplace from '../../tools/text/find-and-replace.js';
import wordCounter from '../../tools/text/word-counter.js';
import { REGEX_LIMITS } from '../../tools/_lib/regex-sandbox.js';
import { LIMITS } from '../../src/core/limits.js';

const EVIL = { pattern: '(a+)+$', text: 'a'.repeat(30) + '!' };

describe('regex sandbox: catastrophic backtracking', () => {
  it('stops (a+)+$ on 30 a\'s + "!" with a clear 400, while other calls keep being served', async () => {
    const order: string[] = [];
    const evil = runTool(regexTester, EVIL).then(
      () => order.push('evil resolved'),
      (err) => {
        order.push('evil rejected');
        return err;
      },
    );
    // While the bad pattern runs, the event loop answers: a plain tool, and a regex call on the second worker.
    const plain = await runTool(wordCounter, { text: 'still serving requests' });
    order.push('word-counter done');
    const other = await runTool(regexTester, { pattern: 'b+', text: 'abba' });
    order.push('regex done');
    const err = await evil;
    expect(plain.words).toBe(3);
    expect(other.matches).toEqual([{ match: 'bb', index: 1, groups: [] }]);
    expect(order).toEqual(['word-counter done', 'regex done', 'evil rejected']);
    expect(err.status).toBe(400);
    expect(err.message).toMatch(/^`pattern` took longer than 2 s .*catastrophic backtracking/);
  });

  it('replaces the stopped worker: the next calls work', async () => {
    await expectToolError(findAndReplace, { text: EVIL.text, find: EVIL.pattern, useRegex: true }, 400, /^`find` took longer than 2 s/);
    const out = await runTool(regexTester, { pattern: 'a', text: 'banana' });
    expect(out.count).toBe(3);
    const replaced = await runTool(findAndReplace, { text: 'banana', find: 'a', replace: 'o', useRegex: true });
    expect(replaced).toEqual({ result: 'bonono', count: 3 });
  });
});

describe('regex-tester', () => {
  it('lists matches with index and groups; g is implied', async () => {
    const out = await runTool(regexTester, { pattern: '(\\w)(\\d)?', flags: '', text: 'a1 b' });
    expect(out).toEqual({
      matches: [
        { match: 'a1', index: 0, groups: ['a', '1'] },
        { match: 'b', index: 3, groups: ['b', ''] },
      ],
      count: 2,
      truncated: false,
    });
  });

  it('applies each flag with JavaScript semantics', async () => {
    const m = async (pattern: string, flags: string, text: string) =>
      (await runTool(regexTester, { pattern, flags, text })).matches.map((x: { match: string }) => x.match);
    expect(await m('^b', 'g', 'a\nb')).toEqual([]);
    expect(await m('^b', 'm', 'a\nb')).toEqual(['b']);
    expect(await m('A', 'i', 'aA')).toEqual(['a', 'A']);
    expect(await m('a.b', '', 'a\nb')).toEqual([]);
    expect(await m('a.b', 's', 'a\nb')).toEqual(['a\nb']);
    expect(await m('.', 'u', '😀')).toEqual(['😀']);
    expect(await m('.', '', '😀')).toHaveLength(2);
    expect(await m('\\p{Lu}', 'u', 'aBcD')).toEqual(['B', 'D']);
    expect(await m('[\\p{L}--[a-z]]', 'v', 'aBc')).toEqual(['B']);
    expect(await m('a', 'y', 'aab')).toEqual(['a', 'a']);
    expect(await m('a', 'dgi', 'A')).toEqual(['A']);
  });

  it('reports indexes in UTF-16 code units and empty matches the way matchAll does', async () => {
    const out = await runTool(regexTester, { pattern: 'x*', text: '😀x' });
    expect(out.matches.map((m: { index: number; match: string }) => [m.index, m.match])).toEqual([
      [0, ''],
      [1, ''],
      [2, 'x'],
      [3, ''],
    ]);
  });

  it('lists named groups', async () => {
    const out = await runTool(regexTester, { pattern: '(?<y>\\d{4})(?:-(?<m>\\d\\d))?', text: '2024 2025-01' });
    expect(out.matches).toEqual([
      { match: '2024', index: 0, groups: ['2024', ''], namedGroups: { y: '2024', m: '' } },
      { match: '2025-01', index: 5, groups: ['2025', '01'], namedGroups: { y: '2025', m: '01' } },
    ]);
  });

  it(`lists at most ${REGEX_LIMITS.matches} matches but counts them all`, async () => {
    const out = await runTool(regexTester, { pattern: 'a', text: 'a'.repeat(5000) });
    expect(out.matches).toHaveLength(REGEX_LIMITS.matches);
    expect(out.count).toBe(5000);
    expect(out.truncated).toBe(true);
  });

  it('caps the characters of listed match and group text', async () => {
    const text = 'x'.repeat(400_000);
    const out = await runTool(regexTester, { pattern: '((((.+))))', text });
    // match + 4 groups = 2,000,000 characters > 1,000,000: not listed, but counted.
    expect(out).toEqual({ matches: [], count: 1, truncated: true });
  });

  it('refuses invalid patterns and flags with a 400 naming the field', async () => {
    await expectToolError(regexTester, { pattern: '(', text: 'x' }, 400, /^`pattern` is not a valid regular expression: Unterminated group/);
    await expectToolError(regexTester, { pattern: 'a{2,1}', text: 'x' }, 400, /`pattern` is not a valid regular expression/);
    await expectToolError(regexTester, { pattern: '\\p{Foo}', flags: 'u', text: 'x' }, 400, /`pattern`/);
    await expectToolError(regexTester, { pattern: 'a', flags: 'x', text: 'x' }, 400, /`flags`: unknown flag "x"/);
    await expectToolError(regexTester, { pattern: 'a', flags: 'gg', text: 'x' }, 400, /`flags`: flag "g" is given twice/);
    await expectToolError(regexTester, { pattern: 'a', flags: 'uv', text: 'x' }, 400, /`flags`: flags "u" and "v" cannot be combined/);
    await expectToolError(regexTester, { pattern: 'a', text: 'x', flag: 'g' }, 400, /unknown field `flag` \(did you mean `flags`\?\)/);
    await expectToolError(regexTester, { text: 'x' }, 400, /`pattern` is required/);
  });

  it(`accepts a pattern of ${LIMITS.pattern} characters and refuses one more`, async () => {
    const ok = await runTool(regexTester, { pattern: 'a'.repeat(LIMITS.pattern), text: 'a' });
    expect(ok.count).toBe(0);
    await expectToolError(regexTester, { pattern: 'a'.repeat(LIMITS.pattern + 1), text: 'a' }, 400, /`pattern` must be at most 1000 characters/);
  });

  it('is deterministic', async () => {
    const input = { pattern: '\\b\\w', flags: 'g', text: 'one two three' };
    expect(await runTool(regexTester, input)).toEqual(await runTool(regexTester, input));
  });
});

describe('find-and-replace', () => {
  it('plain mode: find is literal, $ in replace is literal, case-sensitive by default', async () => {
    expect(await runTool(findAndReplace, { text: 'a.b.c', find: '.', replace: '$&$1' })).toEqual({ result: 'a$&$1b$&$1c', count: 2 });
    expect(await runTool(findAndReplace, { text: 'Cat cat', find: 'cat', replace: 'dog' })).toEqual({ result: 'Cat dog', count: 1 });
    expect(await runTool(findAndReplace, { text: 'Cat cat', find: 'CAT', replace: 'dog', caseSensitive: false })).toEqual({ result: 'dog dog', count: 2 });
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
      await runTool(findAndReplace, { text: 'John Smith', find: '(?<first>\\w+) (?<last>\\w+)', replace: '$<last>, $<first>', useRegex: true }),
    ).toEqual({ result: 'Smith, John', count: 1 });
    expect(await runTool(findAndReplace, { text: 'x1 y2', find: '\\d', replace: '[$&]$$', useRegex: true })).toEqual({ result: 'x[1]$ y[2]$', count: 2 });
    expect(await runTool(findAndReplace, { text: 'a\nb', find: '^', replace: '> ', useRegex: true })).toEqual({ result: '> a\n> b', count: 2 });
    expect(await runTool(findAndReplace, { text: 'AbA', find: 'a', replace: '_', useRegex: true, caseSensitive: false })).toEqual({ result: '_b_', count: 2 });
  });

  it('refuses invalid regexes naming `find`, also when wholeWord would wrap them', async () => {
    await expectToolError(findAndReplace, { text: 'x', find: '(', useRegex: true }, 400, /^`find` is not a valid regular expression/);
    await expectToolError(findAndReplace, { text: 'a b', find: 'a)|(b', useRegex: true, wholeWord: true }, 400, /^`find` is not a valid regular expression/);
    await expectToolError(findAndReplace, { text: 'x', find: '\\-', useRegex: true }, 400, /^`find` is not a valid regular expression: Invalid escape/);
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

describe('regex sandbox: cancellation', () => {
  it('stops a running pattern when the caller goes away', async () => {
    const controller = new AbortController();
    const pending = runTool(regexTester, EVIL, { signal: controller.signal }).catch((e) => e);
    await runTool(wordCounter, { text: 'tick' }); // let the job start
    controller.abort();
    const err = await pending;
    expect(err.status).toBe(408);
    expect(err.message).toMatch(/cancelled/);
    expect((await runTool(regexTester, { pattern: 'z', text: 'zz' })).count).toBe(2);
  });
});
