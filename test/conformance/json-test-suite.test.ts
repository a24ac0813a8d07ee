/**
 * JSONTestSuite (nst/JSONTestSuite, test_parsing) against json-formatter.
 *
 * The REST and MCP bodies are JSON, so the tool never sees bytes: it gets a
 * string. Each file is therefore decoded the way the surfaces decode a body,
 * as UTF-8 with invalid sequences replaced by U+FFFD and a leading BOM
 * dropped (TextDecoder defaults). y_ files must be valid (and format to the
 * same value), n_ files invalid; i_ files are implementation-defined and
 * their outcomes are pinned below.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import jsonFormatter from '../../tools/format/json-formatter.js';
import { ToolError } from '../../src/core/tool.js';
import { runTool } from '../helpers/run.js';
import { vectorsDir } from '../helpers/paths.js';

const dir = join(vectorsDir, 'JSONTestSuite', 'test_parsing');
const decoder = new TextDecoder('utf-8');

async function check(file: string): Promise<'valid' | 'invalid' | 'too deep'> {
  const json = decoder.decode(readFileSync(join(dir, file)));
  try {
    const out = await runTool(jsonFormatter, { json });
    if (out.valid) {
      // Same value after formatting (as JSON writes it: -0 is written 0).
      expect(JSON.parse(out.formatted), file).toEqual(JSON.parse(JSON.stringify(JSON.parse(json.replace(/^\uFEFF/, '')))));
      return 'valid';
    }
    expect(out.error, file).toMatch(/line \d+, column \d+/);
    return 'invalid';
  } catch (e) {
    if (e instanceof ToolError && /nested deeper/.test(e.message)) return 'too deep';
    throw e;
  }
}

/** How each implementation-defined file comes out, and why. */
const I_EXPECTED: Record<string, 'valid' | 'invalid' | 'too deep'> = {
  // Numbers beyond the double range are refused (they would silently become null); underflow rounds to 0,
  // and integers beyond 2^53 are rounded, as JSON.parse does.
  'i_number_huge_exp.json': 'invalid',
  'i_number_neg_int_huge_exp.json': 'invalid',
  'i_number_pos_double_huge_exp.json': 'invalid',
  'i_number_real_neg_overflow.json': 'invalid',
  'i_number_real_pos_overflow.json': 'invalid',
  'i_number_double_huge_neg_exp.json': 'valid',
  'i_number_real_underflow.json': 'valid',
  'i_number_too_big_neg_int.json': 'valid',
  'i_number_too_big_pos_int.json': 'valid',
  'i_number_very_big_negative_int.json': 'valid',
  // Escaped lone or reversed surrogates are accepted and stay escaped in the output.
  'i_object_key_lone_2nd_surrogate.json': 'valid',
  'i_string_1st_surrogate_but_2nd_missing.json': 'valid',
  'i_string_1st_valid_surrogate_2nd_invalid.json': 'valid',
  'i_string_incomplete_surrogate_and_escape_valid.json': 'valid',
  'i_string_incomplete_surrogate_pair.json': 'valid',
  'i_string_incomplete_surrogates_escape_valid.json': 'valid',
  'i_string_invalid_lonely_surrogate.json': 'valid',
  'i_string_invalid_surrogate.json': 'valid',
  'i_string_inverted_surrogates_U+1D11E.json': 'valid',
  'i_string_lone_second_surrogate.json': 'valid',
  // Invalid UTF-8 bytes inside strings arrive as U+FFFD (the body decoder replaces them), which is valid JSON.
  'i_string_UTF-8_invalid_sequence.json': 'valid',
  'i_string_UTF8_surrogate_U+D800.json': 'valid',
  'i_string_invalid_utf-8.json': 'valid',
  'i_string_iso_latin_1.json': 'valid',
  'i_string_lone_utf8_continuation_byte.json': 'valid',
  'i_string_not_in_unicode_range.json': 'valid',
  'i_string_overlong_sequence_2_bytes.json': 'valid',
  'i_string_overlong_sequence_6_bytes.json': 'valid',
  'i_string_overlong_sequence_6_bytes_null.json': 'valid',
  'i_string_truncated-utf-8.json': 'valid',
  // UTF-16 files decoded as UTF-8 hold NUL characters around every character: not JSON.
  'i_string_UTF-16LE_with_BOM.json': 'invalid',
  'i_string_utf16BE_no_BOM.json': 'invalid',
  'i_string_utf16LE_no_BOM.json': 'invalid',
  // A leading BOM is ignored.
  'i_structure_UTF-8_BOM_empty_object.json': 'valid',
  // 500 nested arrays is valid JSON, but beyond the 100-level cap.
  'i_structure_500_nested_arrays.json': 'too deep',
};

describe('JSONTestSuite → json-formatter', () => {
  it('accepts every y_, rejects every n_, and pins every i_', async () => {
    expect(existsSync(dir), `missing ${dir}`).toBe(true);
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort();
    const counts = { y: 0, yValid: 0, n: 0, nInvalid: 0, i: 0, iAsPinned: 0 };
    const failures: string[] = [];
    for (const file of files) {
      const outcome = await check(file);
      if (file.startsWith('y_')) {
        counts.y++;
        if (outcome === 'valid') counts.yValid++;
        else failures.push(`${file}: ${outcome}`);
      } else if (file.startsWith('n_')) {
        counts.n++;
        if (outcome === 'invalid') counts.nInvalid++;
        else failures.push(`${file}: ${outcome}`);
      } else {
        counts.i++;
        if (outcome === I_EXPECTED[file]) counts.iAsPinned++;
        else failures.push(`${file}: ${outcome}, pinned ${I_EXPECTED[file]}`);
      }
    }
    console.log('JSONTestSuite:', JSON.stringify(counts));
    expect(failures).toEqual([]);
    expect(counts).toEqual({ y: 95, yValid: 95, n: 188, nInvalid: 188, i: 35, iAsPinned: 35 });
  });
});
