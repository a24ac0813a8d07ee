/**
 * The BRP generator's shipped data and tables against the shared sources:
 * every code in the asset exists in the RvIG landelijke tabellen, the field
 * table's element numbers and lengths match the LO BRP 2025.Q3 catalogue, and
 * the A-nummer rules accept every A-nummer of the RvIG GBA-V test set.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { brpData } from '../../../tools/generators/brp/data.js';
import { CATEGORIES } from '../../../tools/generators/brp/fields.js';
import { isValidANumber } from '../../../tools/generators/brp/numbers.js';
import { repoRoot } from '../../helpers/paths.js';

const brp = (f: string) => readFileSync(resolve(repoRoot, 'test/vectors/brp', f), 'utf8').replace(/^\uFEFF/, '');

/** Code → [description, end date] from a quoted RvIG table. */
function table(file: string): Map<string, string[]> {
  const rows = brp(file)
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split('","').map((c) => c.replace(/^"|"$/g, '')));
  return new Map(rows.map((r) => [r[0], r.slice(1)]));
}

describe('brp generator data', () => {
  const d = brpData();

  it('municipalities are current Tabel 33 entries with the right name and start year', () => {
    const t33 = table('Tabel33_Gemeententabel.csv');
    for (const [code, name, from, to, since] of d.municipalities) {
      const row = t33.get(code);
      expect(row, code).toBeDefined();
      expect(row![0]).toBe(name);
      expect(row![3], `${code} ${name} has no end date`).toBe('');
      expect(since ? `${since}0101` : '').toBe(row![2]);
      expect(from).toBeGreaterThanOrEqual(1000);
      expect(to).toBeLessThanOrEqual(9999);
      expect(from).toBeLessThanOrEqual(to);
    }
  });

  it('country and nationality codes exist in Tabel 34 and Tabel 32 without an end date', () => {
    const t34 = table('Tabel34_Landentabel.csv');
    const t32 = table('Tabel32_Nationaliteitentabel.csv');
    for (const code of [...d.abroad.map((a) => a.country), ...d.foreignBirthCountries.map((c) => c[0]), '6030']) {
      expect(t34.get(code), code).toBeDefined();
      expect(t34.get(code)![2], code).toBe('');
    }
    for (const code of [d.nationalities.dutch, ...d.nationalities.other]) {
      expect(t32.get(code), code).toBeDefined();
      expect(t32.get(code)![2], code).toBe('');
    }
  });

  it('word lists fit the LO lengths and abroad lines fit 35 characters', () => {
    for (const [prefix, name] of [...d.affixSurnames, ...d.exoticAffixSurnames]) {
      expect(prefix.length).toBeLessThanOrEqual(10);
      expect(name.length).toBeGreaterThan(0);
    }
    for (const a of d.houseAdditions) expect(a.length).toBeLessThanOrEqual(4);
    for (const s of [...d.streets, ...d.exoticStreets]) expect(s.length).toBeLessThanOrEqual(80);
    for (const a of d.abroad) {
      for (const s of a.streets) expect(`${s} 250`.length).toBeLessThanOrEqual(35);
      for (const c of a.cities) expect(c.length).toBeLessThanOrEqual(35);
      expect(a.region.length).toBeLessThanOrEqual(35);
    }
    // The exotic lists hold the cases that break systems.
    const exotic = [...d.exoticMaleFirstNames, ...d.exoticFemaleFirstNames, ...d.exoticSurnames, ...d.exoticStreets].join('|');
    for (const ch of ["'", '-', 'ë', 'ç', 'ø', 'Ĳ']) expect(exotic).toContain(ch);
    expect(d.exoticSurnames.some((s) => s.length > 30)).toBe(true);
    expect(d.exoticStreets.some((s) => s.length > 24)).toBe(true);
  });

  it('field table: element numbers and maximum lengths match the LO BRP 2025.Q3 catalogue', () => {
    // "### Categorie 05 — …" sections with rows "| 06.10 | name | group | type | max |".
    const max = new Map<string, number>();
    let cat = '';
    for (const line of brp('lo-brp-2025q3-pl-elements.md').split('\n')) {
      const h = /^### Categorie (\d\d)/.exec(line);
      if (h) cat = h[1];
      const r = /^\| (\d\d)\.(\d\d) \|.*\| (\d+)[^|]*\|$/.exec(line);
      if (r && cat) max.set(`${cat}.${r[1]}${r[2]}`, Number(r[3]));
    }
    expect(max.size).toBeGreaterThan(200);
    let checked = 0;
    for (const c of CATEGORIES) {
      const cats = c.list?.catPerItem ? [c.cat, c.cat + 1] : [c.cat > 50 ? c.cat - 50 : c.cat];
      for (const e of c.elements) {
        if (!e.element) continue;
        for (const n of cats) {
          const key = `${String(n).padStart(2, '0')}.${e.element}`;
          expect(max.get(key), `${key} (${e.key})`).toBe(e.max);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(60);
  });

  it('the A-nummer rules accept every A-nummer of the RvIG GBA-V test set and refuse variants', () => {
    const lines = brp('20220502_Testset_persoonslijsten_proefomgeving_GBA-V.csv').split('\n');
    const col = lines[0].split(';').indexOf('01.01.10');
    const anrs = lines
      .slice(1)
      .map((l) => l.split(';')[col])
      .filter((a) => a && /^\d{10}$/.test(a));
    expect(anrs.length).toBeGreaterThan(600);
    for (const a of anrs) expect(isValidANumber(a), a).toBe(true);
    expect(isValidANumber('1234567890')).toBe(false);
    expect(isValidANumber('0' + anrs[0].slice(1))).toBe(false);
    expect(isValidANumber(anrs[0].slice(0, 9) + String((Number(anrs[0][9]) + 1) % 10))).toBe(false);
  });
});
