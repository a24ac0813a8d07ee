import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { defineTool, ToolError } from '../../src/core/tool.js';

/** node:crypto randomInt draws from at most 2^48 − 1 values. */
const MAX_VALUES = 2 ** 48 - 1;
const MAX_COUNT = 10_000;

export default defineTool({
  slug: 'random-number-generator',
  title: 'Random number generator',
  summary: 'Random whole numbers between a minimum and a maximum.',
  keywords: {
    en: ['random number', 'dice', 'lottery', 'pick a number', 'RNG', 'random', 'pick number'],
    nl: ['willekeurig getal', 'dobbelsteen', 'loting', 'random', 'willekeurig', 'getal', 'random getal'],
  },
  description:
    'Draws random integers from `min` to `max`, both included (defaults 1 and 100), with cryptographic randomness (node:crypto, uniform, no modulo bias). ' +
    `\`count\` 1–${MAX_COUNT.toLocaleString('en')} (default 1). With \`allowDuplicates: false\` (default true) every number differs, like drawing lots; the range must then hold at least \`count\` numbers (else 400). ` +
    '`unique` is true when the numbers are guaranteed distinct (allowDuplicates false). Numbers are in draw order, not sorted. ' +
    'min and max must be safe integers and the range may hold at most 2^48 − 1 numbers (max − min ≤ 281,474,976,710,654). Not reproducible by design: for seeded test data use a generator tool with a seed.',
  resultView: { kind: 'list', field: 'numbers' },
  input: z.strictObject({
    min: z.int().default(1).describe('Smallest possible number (inclusive)'),
    max: z.int().default(100).describe('Largest possible number (inclusive)'),
    count: z.int().min(1).max(MAX_COUNT).default(1).describe(`How many numbers, 1–${MAX_COUNT}`),
    allowDuplicates: z.boolean().default(true).describe('Whether the same number may appear more than once'),
  }),
  output: z.object({
    numbers: z.array(z.int()),
    min: z.int(),
    max: z.int(),
    count: z.int(),
    unique: z.boolean().describe('All numbers are guaranteed distinct'),
  }),
  examples: [
    { name: 'A dice roll', input: { min: 1, max: 6 }, output: { min: 1, max: 6, count: 1, unique: false }, partial: true },
    {
      name: 'Lottery: 6 distinct numbers from 1 to 45',
      input: { min: 1, max: 45, count: 6, allowDuplicates: false },
      output: { min: 1, max: 45, count: 6, unique: true },
      partial: true,
    },
    {
      name: 'A range of one number always gives that number',
      input: { min: 7, max: 7, count: 1 },
      output: { numbers: [7], min: 7, max: 7, count: 1, unique: false },
    },
  ],
  run({ min, max, count, allowDuplicates }) {
    if (max < min) throw new ToolError(`\`max\` (${max}) must be ≥ \`min\` (${min})`, 400, { field: 'max' });
    const span = max - min;
    if (span + 1 > MAX_VALUES)
      throw new ToolError(`the range from \`min\` to \`max\` may hold at most 2^48 − 1 numbers (got ${span + 1})`, 400, { field: 'max' });
    if (!allowDuplicates && span + 1 < count)
      throw new ToolError(
        `\`count\` (${count}) is larger than the ${span + 1} numbers from ${min} to ${max}: allow duplicates or widen the range`,
        400,
        { field: 'count' },
      );
    const draw = () => min + randomInt(span + 1);
    const numbers: number[] = [];
    if (allowDuplicates) {
      for (let i = 0; i < count; i++) numbers.push(draw());
    } else {
      const seen = new Set<number>();
      // Rejection stays fast while count ≤ half the range; beyond that, shuffle the whole (then small) range.
      if (count * 2 <= span + 1) {
        while (numbers.length < count) {
          const n = draw();
          if (seen.has(n)) continue;
          seen.add(n);
          numbers.push(n);
        }
      } else {
        const pool = Array.from({ length: span + 1 }, (_, i) => min + i);
        for (let i = 0; i < count; i++) {
          const j = i + randomInt(pool.length - i);
          [pool[i], pool[j]] = [pool[j], pool[i]];
          numbers.push(pool[i]);
        }
      }
    }
    return { numbers, min, max, count, unique: !allowDuplicates };
  },
});
