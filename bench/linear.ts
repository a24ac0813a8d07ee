/**
 * Whether a tool's work grows linearly with its input: each tool on inputs of 10,000 and 100,000 characters in
 * a few hostile shapes (one long word, one word with a non-ASCII letter at every other character, dotted letters,
 * many tiny lines, deep brackets). A linear tool takes about 10× as long on the larger input; a quadratic one about
 * 100×. Times are the median of three runs on the main thread, without the server.
 */
import { performance } from 'node:perf_hooks';
import type { Tool } from '../src/core/tool.js';
import { parseInput } from '../src/core/validate.js';
import readability from '../tools/text-analysis/readability.js';
import keywordDensity from '../tools/text-analysis/keyword-density.js';
import wordFrequency from '../tools/text-analysis/word-frequency-counter.js';
import readingTime from '../tools/text-analysis/reading-time-calculator.js';
import wordCounter from '../tools/text/word-counter.js';

const SHAPES: Record<string, (n: number) => string> = {
  'one word': (n) => 'x'.repeat(n),
  'xë word': (n) => 'xë'.repeat(n / 2),
  'a.a.a.': (n) => 'a.'.repeat(n / 2 - 1) + ' b',
  'tiny lines': (n) => 'a\n'.repeat(n / 2),
  'deep (': (n) => '('.repeat(n / 2) + 'x' + ')'.repeat(n / 2 - 1),
};

const TOOLS: Array<[Tool, { language?: 'en' | 'nl' }]> = [
  [readability as unknown as Tool, {}],
  [readability as unknown as Tool, { language: 'nl' }],
  [keywordDensity as unknown as Tool, {}],
  [wordFrequency as unknown as Tool, {}],
  [readingTime as unknown as Tool, {}],
  [wordCounter as unknown as Tool, {}],
];

async function timed(tool: Tool, input: Record<string, unknown>): Promise<number> {
  const parsed = parseInput(tool.input, input, { numericStrings: true });
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    try {
      await tool.run(parsed, { surface: 'direct' } as never);
    } catch {
      // a refusal still counts its time
    }
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[1];
}

/** Rows: tool and shape → time at 10k, at 100k, and their ratio (about 10 when linear). */
export async function benchLinear(): Promise<Array<[string, string]>> {
  const rows: Array<[string, string]> = [];
  for (const [tool, extra] of TOOLS) {
    for (const [shape, make] of Object.entries(SHAPES)) {
      const small = await timed(tool, { text: make(10_000), ...extra });
      const large = await timed(tool, { text: make(100_000), ...extra });
      const label = `${tool.slug}${extra.language ? ` (${extra.language})` : ''}, ${shape}`;
      rows.push([label, `${small.toFixed(1)} ms → ${large.toFixed(1)} ms (×${(large / Math.max(small, 0.1)).toFixed(0)})`]);
    }
  }
  return rows;
}
