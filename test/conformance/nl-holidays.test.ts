/**
 * Dutch holidays 2015–2029 against two independent public sources:
 * python-holidays (NL_COMMON snapshot, English names) and date-holidays
 * (fixtures NL-2015..2029: the `public` entries plus Goede Vrijdag and
 * Bevrijdingsdag, which it types `school`).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dutchHolidays } from '../../tools/_lib/holidays.js';
import { vectorsDir } from '../helpers/paths.js';

const dir = resolve(vectorsDir, 'nl-holidays');
const YEARS = Array.from({ length: 15 }, (_, i) => 2015 + i);

/** Our English names → python-holidays' names. */
const PY_NAMES: Record<string, string> = {
  "New Year's Day": "New Year's Day",
  'Good Friday': 'Good Friday',
  'Easter Sunday': 'Easter Sunday',
  'Easter Monday': 'Easter Monday',
  "King's Day": "King's Day",
  "Queen's Day": "Queen's Day",
  'Liberation Day': 'Liberation Day',
  'Ascension Day': 'Ascension Day',
  'Whit Sunday': 'Pentecost',
  'Whit Monday': 'Pentecost Monday',
  'Christmas Day': 'Christmas Day',
  'Boxing Day (Second Day of Christmas)': 'Second Day of Christmas',
};
/** Our Dutch names → date-holidays' names. */
const DH_NAMES: Record<string, string> = {
  Nieuwjaarsdag: 'Nieuwjaar',
  'Goede Vrijdag': 'Goede Vrijdag',
  'Eerste Paasdag': 'Pasen',
  'Tweede Paasdag': 'Tweede paasdag',
  Koningsdag: 'Koningsdag',
  Bevrijdingsdag: 'Bevrijdingsdag',
  Hemelvaartsdag: 'Hemelvaartsdag',
  'Eerste Pinksterdag': 'Pinksteren',
  'Tweede Pinksterdag': 'Tweede pinksterdag',
  'Eerste Kerstdag': 'Kerstmis',
  'Tweede Kerstdag': 'Tweede kerstdag',
};

describe('conformance: NL holidays 2015–2029', () => {
  it('matches python-holidays NL_COMMON', () => {
    const py = JSON.parse(readFileSync(resolve(dir, 'python-holidays_NL_COMMON.json'), 'utf8')) as Record<string, string>;
    const expected: string[] = [];
    for (const [date, names] of Object.entries(py))
      if (YEARS.includes(Number(date.slice(0, 4)))) for (const n of names.split('; ')) expected.push(`${date} ${n}`);
    const ours = YEARS.flatMap((y) => dutchHolidays(y).map((h) => `${h.date} ${PY_NAMES[h.nameEn]}`));
    const failures = [...expected.filter((e) => !ours.includes(e)), ...ours.filter((o) => !expected.includes(o))];
    console.log(
      `nl-holidays python-holidays 2015–2029: ${expected.length - failures.length}/${expected.length} match, ${failures.length} differences`,
    );
    expect(expected.length).toBe(165);
    expect(failures).toEqual([]);
  });

  it('matches date-holidays fixtures (public + Goede Vrijdag + Bevrijdingsdag)', () => {
    const expected: string[] = [];
    for (const y of YEARS) {
      const file = resolve(dir, 'date-holidays-fixtures', `NL-${y}.json`);
      const entries = JSON.parse(readFileSync(file, 'utf8')) as { date: string; name: string; type: string }[];
      for (const e of entries)
        if (e.type === 'public' || e.name === 'Goede Vrijdag' || e.name === 'Bevrijdingsdag')
          expected.push(`${e.date.slice(0, 10)} ${e.name}`);
    }
    const ours = YEARS.flatMap((y) => dutchHolidays(y).map((h) => `${h.date} ${DH_NAMES[h.name]}`));
    const failures = [...expected.filter((e) => !ours.includes(e)), ...ours.filter((o) => !expected.includes(o))];
    console.log(
      `nl-holidays date-holidays 2015–2029: ${expected.length - failures.length}/${expected.length} match, ${failures.length} differences`,
    );
    expect(expected.length).toBe(165);
    expect(failures).toEqual([]);
  });

  it('matches python-holidays for every year of its snapshot in our range (1966–2050), with the documented exceptions', () => {
    const py = JSON.parse(readFileSync(resolve(dir, 'python-holidays_NL_COMMON.json'), 'utf8')) as Record<string, string>;
    const expected = new Set<string>();
    for (const [date, names] of Object.entries(py)) for (const n of names.split('; ')) expected.add(`${date} ${n}`);
    const ours = new Set<string>();
    for (let y = 1966; y <= 2050; y++) for (const h of dutchHolidays(y)) ours.add(`${h.date} ${PY_NAMES[h.nameEn]}`);
    const missing = [...expected].filter((e) => !ours.has(e));
    const extra = [...ours].filter((o) => !expected.has(o));
    console.log(
      `nl-holidays python-holidays 1966–2050: ${expected.size - missing.length}/${expected.size} of theirs found; missing ${missing.length}, extra ${extra.length}`,
    );
    // python-holidays also lists Bevrijdingsdag 1982–1989 (we follow the research note: yearly from 1990, lustrum years before).
    expect(missing).toEqual(['1982', '1983', '1984', '1986', '1987', '1988', '1989'].map((y) => `${y}-05-05 Liberation Day`));
    expect(extra).toEqual([]);
  });
});
