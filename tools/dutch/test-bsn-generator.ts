import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { defineTool } from '../../src/core/tool.js';
import { LIMITS } from '../../src/core/limits.js';
import { randomBsn, rngDigit } from '../_lib/bsn.js';
import { createRng } from '../_lib/rng.js';

/** The RvIG GBA-V test persons use BSNs starting with 9999; we stay inside that range. */
const TEST_PREFIX = '9999';
const MAX_COUNT = 1000;

const NOTE =
  'Test BSNs only: 9 digits passing the 11-proof, all starting with 9999 (999900000–999999999), the range RvIG uses for its GBA-V test persons; not issued to real persons. ' +
  'Never use them for real registrations. Some systems reject BSNs starting with 8 or 9 by business rule.';

export default defineTool({
  slug: 'test-bsn-generator',
  title: 'Test BSN generator',
  summary: 'Valid-looking Dutch citizen service numbers (BSN) for testing software.',
  keywords: {
    en: [
      'citizen service number',
      'fake BSN',
      'test data',
      'social security number',
      'valid BSN',
      'BSN',
      'test BSN',
      'fake citizen number',
    ],
    nl: ['bsn', 'burgerservicenummer', 'test bsn', 'sofinummer', 'elfproef', 'testnummer', 'nep bsn'],
  },
  description:
    'Generates Dutch citizen service numbers (BSN, burgerservicenummer) for testing: 9-digit strings that pass the 11-proof (9·d1+8·d2+…+2·d8−d9 divisible by 11), all in the RvIG test range 9999xxxxx (about 9,000 valid numbers), so they are not linked to real persons. ' +
    `\`count\` 1–${MAX_COUNT} (default 1); the numbers in one response are distinct. Cryptographically random, unless \`seed\` is given: then the same seed always gives the same numbers.`,
  resultView: { kind: 'list', field: 'bsns' },
  input: z.strictObject({
    count: z.int().min(1).max(MAX_COUNT).default(1).describe(`How many BSNs, 1–${MAX_COUNT}`),
    seed: z
      .union([z.int(), z.string().max(LIMITS.short)])
      .optional()
      .describe('Optional seed for reproducible output (same seed, same numbers)'),
  }),
  output: z.object({
    count: z.int(),
    bsns: z.array(z.string().regex(/^\d{9}$/)),
    note: z.string(),
  }),
  examples: [
    {
      name: 'Three test BSNs',
      input: { count: 3 },
      output: { count: 3, note: NOTE },
      partial: true,
    },
    {
      name: 'One (default count)',
      input: {},
      output: { count: 1, note: NOTE },
      partial: true,
    },
  ],
  run({ count, seed }) {
    const digit = seed === undefined ? () => randomInt(0, 10) : rngDigit(createRng(seed));
    const bsns = new Set<string>();
    while (bsns.size < count) bsns.add(randomBsn(TEST_PREFIX, digit));
    return { count, bsns: [...bsns], note: NOTE };
  },
});
