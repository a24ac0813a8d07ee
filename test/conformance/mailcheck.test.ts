/**
 * mailcheck's spec cases (vectors/email/mailcheck_suggest_cases.json) through the
 * same suggestion function the tool uses, with the spec's own domain lists, plus
 * the disposable-email-domains blocklist through the tool.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import emailValidator, { suggestionFor } from '../../tools/validation/email-validator.js';
import { runTool } from '../helpers/run.js';
import { vectorsDir } from '../helpers/paths.js';

describe('conformance: mailcheck suggestions', () => {
  const spec = JSON.parse(readFileSync(resolve(vectorsDir, 'email', 'mailcheck_suggest_cases.json'), 'utf8')) as {
    domains: string[];
    secondLevelDomains: string[];
    topLevelDomains: string[];
    cases: { email: string; uses_sld_tld_lists: boolean; expected_domain: string | null }[];
  };
  it('gives the expected suggestion for all 21 cases', async () => {
    const failures: string[] = [];
    for (const c of spec.cases) {
      // The spec runs without the SLD/TLD lists where uses_sld_tld_lists is false.
      const lists = {
        domains: spec.domains,
        secondLevelDomains: c.uses_sld_tld_lists ? spec.secondLevelDomains : [],
        topLevelDomains: c.uses_sld_tld_lists ? spec.topLevelDomains : [],
      };
      const got = await suggestionFor(c.email, lists);
      const domain = got === null ? null : got.slice(got.lastIndexOf('@') + 1);
      if (domain !== c.expected_domain) failures.push(`${c.email}: got ${domain}, expected ${c.expected_domain}`);
    }
    console.log(`mailcheck suggestions: ${spec.cases.length - failures.length}/${spec.cases.length}`);
    expect(spec.cases).toHaveLength(21);
    expect(failures).toEqual([]);
  });
});

describe('conformance: disposable-email-domains blocklist', () => {
  it('flags every listed domain and none of the big providers', async () => {
    const domains = readFileSync(resolve(vectorsDir, 'email', 'disposable_email_blocklist.conf'), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const missed: string[] = [];
    for (const d of domains) if (!(await runTool(emailValidator, { email: `someone@${d}` })).disposable) missed.push(d);
    console.log(`disposable blocklist: ${domains.length - missed.length}/${domains.length} flagged`);
    expect(domains).toHaveLength(8335);
    expect(missed).toEqual([]);
    for (const d of ['gmail.com', 'outlook.com', 'hotmail.nl', 'ziggo.nl', 'kpnmail.nl', 'icloud.com', 'yahoo.com'])
      expect((await runTool(emailValidator, { email: `someone@${d}` })).disposable, d).toBe(false);
  });
});
