/** The RvIG GBA-V test persons' BSNs: all but one pass the 11-proof (vectors/nl-bsn). */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isValidBsn } from '../../tools/_lib/bsn.js';
import { vectorsDir } from '../helpers/paths.js';

describe('conformance: GBA-V test BSNs', () => {
  const data = JSON.parse(readFileSync(resolve(vectorsDir, 'nl-bsn', 'gbav_test_bsns.json'), 'utf8')) as {
    person_bsns: string[];
    all_bsns_any_category: string[];
    failing_elfproef: string[];
  };
  it('every BSN passes the 11-proof except the one the data set lists as failing', () => {
    for (const [name, list] of [
      ['person', data.person_bsns],
      ['any category', data.all_bsns_any_category],
    ] as const) {
      const failures = list.filter((b) => !isValidBsn(b));
      console.log(`gbav-bsn ${name}: ${list.length - failures.length}/${list.length} pass the 11-proof; failing: ${failures.join(', ')}`);
      expect(failures).toEqual(['010008579']);
    }
    expect(data.failing_elfproef).toEqual(['010008579']);
    expect(data.person_bsns.length).toBe(682);
    expect(data.all_bsns_any_category.length).toBe(784);
  });
});
