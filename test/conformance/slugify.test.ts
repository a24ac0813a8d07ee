/**
 * @sindresorhus/slugify vectors (test.js) against slug-generator.
 *
 * The tool exposes `separator` only and always lower-cases, so:
 * - cases whose only options are `separator` and/or `lowercase: false` are run, and with `lowercase: false` the
 *   expected slug is lower-cased before comparing;
 * - cases with any other option (customReplacements, decamelize, preserveLeadingUnderscore, preserveTrailingDash,
 *   preserveCharacters) and the whole "counter" group (slugifyWithCounter is stateful) are not applicable.
 * Expected differences are listed by input, each with its reason.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import tool from '../../tools/text/slug-generator.js';
import { vectorsDir } from '../helpers/paths.js';
import { runTool } from '../helpers/run.js';

interface Case {
  group: string;
  input: string;
  options: Record<string, unknown>;
  expected: string;
}

/** input → [our slug, reason]. */
const EXPECTED_DIFFERENCES: Record<string, [string, string]> = {
  'ä ö ü Ä Ö Ü ß': [
    'a o u a o u ss',
    'the spec says diacritics are stripped (ü → u, as in "zurich"); slugify transliterates German umlauts as ae/oe/ue',
  ],
};

describe('@sindresorhus/slugify conformance (slug-generator)', () => {
  const file = join(vectorsDir, 'slugify/sindresorhus-slugify_cases.json');
  const { cases } = JSON.parse(readFileSync(file, 'utf8')) as { cases: Case[] };

  it('matches every applicable case', async () => {
    let passed = 0;
    const notApplicable: string[] = [];
    const differences: string[] = [];
    const failures: string[] = [];
    for (const c of cases) {
      const { separator, lowercase, ...other } = c.options;
      if (c.group === 'counter' || Object.keys(other).length > 0) {
        notApplicable.push(c.input);
        continue;
      }
      const expected = lowercase === false ? c.expected.toLowerCase() : c.expected;
      const { slug } = await runTool(tool, separator === undefined ? { text: c.input } : { text: c.input, separator });
      const difference = EXPECTED_DIFFERENCES[c.input];
      if (difference) {
        expect(slug, `expected difference for ${c.input}`).toBe(difference[0]);
        expect(slug).not.toBe(expected);
        differences.push(`${c.input}: ${difference[1]}`);
      } else if (slug === expected) passed++;
      else
        failures.push(
          `${JSON.stringify(c.input)} ${JSON.stringify(c.options)} → ${JSON.stringify(slug)}, expected ${JSON.stringify(expected)}`,
        );
    }
    console.log(
      `slugify: ${passed} passed, ${failures.length} failed, ${differences.length} expected difference(s), ${notApplicable.length} not applicable, of ${cases.length}`,
    );
    for (const d of differences) console.log(`  expected difference: ${d}`);
    expect(failures).toEqual([]);
    expect(differences).toHaveLength(Object.keys(EXPECTED_DIFFERENCES).length);
    expect(cases).toHaveLength(97);
    expect(notApplicable).toHaveLength(44);
    expect(passed).toBe(52);
  });
});
