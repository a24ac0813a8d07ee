/**
 * isemail v3.05 test cases (vectors/email/isemail_tests.json) by category.
 * The practical validator accepts ISEMAIL_VALID_CATEGORY and ISEMAIL_DNSWARN
 * (no DNS lookups are made) and rejects RFC5321 (quoted strings, address
 * literals, numeric or dotless TLDs), RFC5322, CFWS, DEPREC and ERR.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import emailValidator from '../../tools/validation/email-validator.js';
import { runTool } from '../helpers/run.js';
import { vectorsDir } from '../helpers/paths.js';

interface Case {
  id: string;
  address: string;
  category: string;
  diagnosis: string;
}
const cases = (JSON.parse(readFileSync(resolve(vectorsDir, 'email', 'isemail_tests.json'), 'utf8')) as { cases: Case[] }).cases;
const ACCEPTED = new Set(['ISEMAIL_VALID_CATEGORY', 'ISEMAIL_DNSWARN']);

/** Cases decided differently from the category rule, with the reason. */
const EXPECTED_DIFFERENCES: Record<string, string> = {
  'test@io': 'dotless domain (a bare TLD): valid per RFC, refused as impractical for sign-up forms',
};

describe('conformance: isemail categories', () => {
  it('runs all 164 cases', async () => {
    expect(cases).toHaveLength(164);
    const byCategory = new Map<string, { pass: number; total: number }>();
    const failures: string[] = [];
    for (const c of cases) {
      const { syntax_ok } = await runTool(emailValidator, { email: c.address });
      const expected = ACCEPTED.has(c.category);
      const stat = byCategory.get(c.category) ?? { pass: 0, total: 0 };
      stat.total++;
      if (syntax_ok === expected) stat.pass++;
      else failures.push(c.address);
      byCategory.set(c.category, stat);
    }
    for (const [cat, { pass, total }] of byCategory)
      console.log(`isemail ${cat} (${ACCEPTED.has(cat) ? 'accept' : 'reject'}): ${pass}/${total} as expected`);
    console.log(`isemail total: ${cases.length - failures.length}/${cases.length}`);
    expect(failures).toEqual(Object.keys(EXPECTED_DIFFERENCES));
  });
});
