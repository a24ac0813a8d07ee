/**
 * regex-tester, find-and-replace and the regex sandbox behind them: JavaScript semantics, caps, refusals,
 * and the guarantee that a catastrophic pattern is stopped while the server keeps answering.
 */
import { describe, expect, it } from 'vitest';
import { runTool, expectToolError } from '../../helpers/run.js';
import regexTester from '../../../tools/dev/regex-tester.js';
import findAndReplace from '../../../tools/text/find-and-replace.js';
import wordCounter from '../../../tools/text/word-counter.js';
import { REGEX_LIMITS } from '../../../src/compute/regex-sandbox.js';
import { LIMITS } from '../../../src/core/limits.js';

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
    await expectToolError(
      regexTester,
      { pattern: '(', text: 'x' },
      400,
      /^`pattern` is not a valid regular expression: Unterminated group/,
    );
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
    await expectToolError(
      regexTester,
      { pattern: 'a'.repeat(LIMITS.pattern + 1), text: 'a' },
      400,
      /`pattern` must be at most 1000 characters/,
    );
  });

  it('is deterministic', async () => {
    const input = { pattern: '\\b\\w', flags: 'g', text: 'one two three' };
    expect(await runTool(regexTester, input)).toEqual(await runTool(regexTester, input));
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
