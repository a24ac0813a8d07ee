/**
 * The IANA HTTP status code registry (as captured by jshttp/statuses, 61 codes)
 * against http-status-codes: every registered code is found by its code with
 * its name. That capture predates RFC 9110, which renamed two codes; those are
 * the named expected differences. Codes.json adds unregistered codes (418 as
 * "I'm a teapot", 509, ...): they must not be reported under those names.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import tool from '../../tools/dev/http-status-codes.js';
import { vectorsDir } from '../helpers/paths.js';
import { runTool } from '../helpers/run.js';

/** code → [our (RFC 9110) name, reason]. */
const EXPECTED_DIFFERENCES: Record<string, [string, string]> = {
  '413': ['Content Too Large', 'RFC 9110 §15.5.14 renamed "Payload Too Large"; IANA follows RFC 9110'],
  '422': ['Unprocessable Content', 'RFC 9110 §15.5.21 renamed "Unprocessable Entity"; IANA follows RFC 9110'],
};

describe('IANA HTTP status codes (http-status-codes)', () => {
  const iana = JSON.parse(readFileSync(join(vectorsDir, 'http-status/jshttp-statuses_src_iana.json'), 'utf8')) as Record<string, string>;
  const all = JSON.parse(readFileSync(join(vectorsDir, 'http-status/jshttp-statuses_codes.json'), 'utf8')) as Record<string, string>;

  it('finds every IANA code with its name', async () => {
    let passed = 0;
    const differences: string[] = [];
    const failures: string[] = [];
    for (const [code, name] of Object.entries(iana)) {
      const out = await runTool(tool, { query: code });
      const m = out.matches[0];
      const expected = EXPECTED_DIFFERENCES[code]?.[0] ?? name;
      if (out.found && out.count === 1 && m.code === Number(code) && m.name === expected && m.rfc && m.description && m.useCase) {
        if (EXPECTED_DIFFERENCES[code]) differences.push(`${code}: ${EXPECTED_DIFFERENCES[code][1]}`);
        else passed++;
      } else failures.push(`${code} ${name}: got ${JSON.stringify(out.matches[0]?.name)}`);
    }
    console.log(
      `IANA HTTP status: ${passed} passed, ${differences.length} expected differences (RFC 9110 names), ${failures.length} failed, of ${Object.keys(iana).length}`,
    );
    expect(failures).toEqual([]);
    expect(passed).toBe(59);
    expect(differences).toHaveLength(2);
  });

  it('finds each IANA name by word search, and lists the unregistered extras of codes.json as not found or (Unused)', async () => {
    for (const [code, name] of Object.entries(iana)) {
      const expected = EXPECTED_DIFFERENCES[code]?.[0] ?? name;
      const out = await runTool(tool, { query: expected });
      expect(
        out.matches.map((m: { code: number }) => m.code),
        expected,
      ).toContain(Number(code));
    }
    const extras = Object.keys(all).filter((c) => !(c in iana));
    const report: string[] = [];
    for (const code of extras) {
      const out = await runTool(tool, { query: code });
      if (out.found) {
        expect(out.matches[0].name, code).toBe('(Unused)');
        report.push(`${code} (Unused)`);
      } else report.push(`${code} not registered`);
    }
    console.log(`codes.json extras (${extras.length}): ${report.join(', ')}`);
  });

  it('classes hold every code of their first digit', async () => {
    const counts: Record<string, number> = {};
    for (const cls of ['1xx', '2xx', '3xx', '4xx', '5xx']) {
      const out = await runTool(tool, { query: cls });
      expect(out.matches.every((m: { class: string }) => m.class === cls)).toBe(true);
      counts[cls] = out.count;
    }
    // The 61 IANA codes plus 306 and 418, both "(Unused)".
    expect(counts).toEqual({ '1xx': 4, '2xx': 10, '3xx': 9, '4xx': 29, '5xx': 11 });
    console.log(`classes: ${JSON.stringify(counts)}`);
  });
});
