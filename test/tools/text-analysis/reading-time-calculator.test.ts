/** word-frequency-counter and reading-time-calculator (plus the linear grapheme counter they rely on). */
import { describe, expect, it } from 'vitest';
import { runTool, expectToolError } from '../../helpers/run.js';
import readingTimeCalculator, { formatDuration } from '../../../tools/text-analysis/reading-time-calculator.js';
import { LIMITS } from '../../../src/core/limits.js';

describe('reading-time-calculator', () => {
  it('wordCount overrides the count from text', async () => {
    const out = await runTool(readingTimeCalculator, { text: 'one two three', wordCount: 400 });
    expect(out.wordCount).toBe(400);
    expect(out.characters).toBe(13);
    expect(out.reading).toEqual({ label: 'average', wpm: 200, minutes: 2, time: '2 min' });
  });

  it('formats hours, minutes and seconds, leaving out zero parts', () => {
    expect(formatDuration(0)).toBe('0 sec');
    expect(formatDuration(59)).toBe('59 sec');
    expect(formatDuration(60)).toBe('1 min');
    expect(formatDuration(3600)).toBe('1 h');
    expect(formatDuration(3661)).toBe('1 h 1 min 1 sec');
  });

  it('rounds time up to whole seconds and minutes to 2 decimals', async () => {
    const out = await runTool(readingTimeCalculator, { wordCount: 1, readingWpm: 1000, speakingWpm: 50 });
    expect(out.reading).toEqual({ label: 'custom', wpm: 1000, minutes: 0, time: '1 sec' });
    expect(out.speaking).toEqual({ label: 'custom', wpm: 50, minutes: 0.02, time: '2 sec' });
  });

  it('empty input is zero everywhere', async () => {
    const out = await runTool(readingTimeCalculator, {});
    expect(out.wordCount).toBe(0);
    expect(out.reading.time).toBe('0 sec');
    expect(out.speakingPresets.map((p: { time: string }) => p.time)).toEqual(['0 sec', '0 sec', '0 sec']);
  });

  it('long texts: hours', async () => {
    const out = await runTool(readingTimeCalculator, { wordCount: 100_000_000 });
    expect(out.reading).toEqual({ label: 'average', wpm: 200, minutes: 500000, time: '8333 h 20 min' });
  });

  it('range edges', async () => {
    await runTool(readingTimeCalculator, { text: 'x', readingWpm: 50, speakingWpm: 1000 });
    await expectToolError(readingTimeCalculator, { readingWpm: 49 }, 400, /`readingWpm` must be ≥ 50/);
    await expectToolError(readingTimeCalculator, { speakingWpm: 1001 }, 400, /`speakingWpm` must be ≤ 1000/);
    await expectToolError(readingTimeCalculator, { wordCount: -1 }, 400, /`wordCount` must be ≥ 0/);
    await expectToolError(readingTimeCalculator, { wordCount: 100_000_001 }, 400, /`wordCount` must be ≤ 100000000/);
    await expectToolError(readingTimeCalculator, { words: 5 }, 400, /unknown field `words`/);
  });

  it('handles a 1,000,000-character text', async () => {
    const text = 'word '.repeat(LIMITS.text / 5);
    const out = await runTool(readingTimeCalculator, { text });
    expect(out.wordCount).toBe(200_000);
    expect(out.characters).toBe(1_000_000);
    expect(out.reading.time).toBe('16 h 40 min');
  });
});
