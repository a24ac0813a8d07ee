import { describe, expect, it } from 'vitest';
import tool from '../../../tools/dutch-calc/aow-age-calculator.js';
import { AOW_TABLE } from '../../../tools/dutch-calc/_aow.js';
import { addMonths, dayFromIso, isoDate } from '../../../tools/_lib/calendar.js';
import { createRng } from '../../../tools/_lib/rng.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const aow = (birthDate: string, onDate?: string) => runTool(tool, onDate ? { birthDate, onDate } : { birthDate });

describe('aow-age-calculator: Rijksoverheid birth ranges', () => {
  // Rijksoverheid "Wanneer gaat mijn AOW in?" table rows 2024–2029 (born after X and before Y).
  const rows: [string, string, number, number, number][] = [
    ['1957-03-01', '1957-12-31', 2024, 67, 0],
    ['1958-01-01', '1958-12-31', 2025, 67, 0],
    ['1959-01-01', '1959-12-31', 2026, 67, 0],
    ['1960-01-01', '1960-12-31', 2027, 67, 0],
    ['1961-01-01', '1961-09-30', 2028, 67, 3],
    ['1961-10-01', '1962-09-30', 2029, 67, 3],
    ['1962-10-01', '1963-09-30', 2030, 67, 3],
    ['1963-10-01', '1964-09-30', 2031, 67, 3],
  ];
  for (const [first, last, year, years, months] of rows)
    it(`born ${first} … ${last} → ${year}, ${years}y${months}m`, async () => {
      for (const b of [first, last]) {
        const r = await aow(b);
        expect(r.fixedByLaw).toBe(true);
        expect(r.yearReached).toBe(year);
        expect(r.aowAge).toMatchObject({ years, months });
        expect(r.aowDate).toBe(isoDate(addMonths(dayFromIso(b), years * 12 + months)));
      }
    });
  it('edges of the 2028 range', async () => {
    expect((await aow('1960-12-31')).aowDate).toBe('2027-12-31');
    expect((await aow('1961-01-01')).aowDate).toBe('2028-04-01');
    expect((await aow('1961-09-30')).aowDate).toBe('2028-12-30');
    expect((await aow('1961-10-01')).aowDate).toBe('2029-01-01');
  });
});

describe('aow-age-calculator: art. 7a lid 1 table', () => {
  it('65 before 2013, then the stepped ages', async () => {
    expect(await aow('1947-12-31')).toMatchObject({ aowDate: '2012-12-31', aowAge: { years: 65, months: 0 } });
    expect(await aow('1948-01-01')).toMatchObject({ aowDate: '2013-02-01', aowAge: { years: 65, months: 1 } });
    expect(await aow('1948-11-30')).toMatchObject({ aowDate: '2013-12-30', yearReached: 2013 });
    expect(await aow('1948-12-01')).toMatchObject({ aowDate: '2014-02-01', aowAge: { years: 65, months: 2 } });
    expect(await aow('1953-09-01')).toMatchObject({
      aowDate: '2020-01-01',
      aowAge: { years: 66, months: 4, text: '66 jaar en 4 maanden' },
    });
    expect(await aow('1955-01-01')).toMatchObject({ aowDate: '2021-05-01', aowAge: { years: 66, months: 4 } });
    expect(await aow('1955-09-01')).toMatchObject({ aowDate: '2022-04-01', aowAge: { years: 66, months: 7 } });
    expect(await aow('1957-02-28')).toMatchObject({ aowDate: '2023-12-28', aowAge: { years: 66, months: 10 } });
    expect(await aow('1900-01-01')).toMatchObject({ aowDate: '1965-01-01', yearReached: 1965 });
  });
  it('every fixed year of the table is reachable and cites a source', () => {
    expect(AOW_TABLE.map((r) => r.year)).toEqual(Array.from({ length: 19 }, (_, i) => 2013 + i));
    for (const r of AOW_TABLE) expect(r.source.length).toBeGreaterThan(10);
  });
  it('the AOW date falls in the year whose age it uses, and never earlier for a later birth (property)', async () => {
    const rng = createRng('aow');
    let prev = '';
    let prevBirth = dayFromIso('1945-01-01');
    for (let i = 0; i < 300; i++) {
      prevBirth += rng.int(1, 90);
      const b = isoDate(prevBirth);
      const r = await aow(b);
      if (!r.fixedByLaw) break;
      expect(Number(r.aowDate.slice(0, 4))).toBe(r.yearReached);
      expect(r.aowDate >= prev).toBe(true);
      prev = r.aowDate;
    }
  });
});

describe('aow-age-calculator: not fixed, clamping, onDate', () => {
  it('born from 1 October 1964: not fixed, minimum 67y3m', async () => {
    const r = await aow('1964-10-01');
    expect(r).toMatchObject({
      fixedByLaw: false,
      aowAge: null,
      aowDate: null,
      earliestPossibleDate: '2032-01-01',
      minimumAowAge: { years: 67, months: 3 },
    });
    expect(r.rule).toMatch(/2\/3·\(L − 20\.64\)/);
    expect((await aow('2025-06-01')).fixedByLaw).toBe(false);
  });
  it('a birth day missing in the AOW month uses the month end', async () => {
    expect(await aow('1961-03-31')).toMatchObject({ aowDate: '2028-06-30', dayClamped: true });
    expect(await aow('1961-11-30')).toMatchObject({ aowDate: '2029-02-28', dayClamped: true });
    expect(await aow('1960-02-29')).toMatchObject({ aowDate: '2027-02-28', dayClamped: true });
    expect(await aow('1964-02-29')).toMatchObject({ aowDate: '2031-05-29', dayClamped: false });
  });
  it('onDate: reached on the day itself, not the day before', async () => {
    expect((await aow('1961-06-15', '2028-09-15')).reachedOnDate).toBe(true);
    expect((await aow('1961-06-15', '2028-09-14')).reachedOnDate).toBe(false);
    expect((await aow('1970-03-10', '2030-01-01')).reachedOnDate).toBe(false);
    expect((await aow('1970-03-10', '2040-01-01')).reachedOnDate).toBe(null);
  });
  it('refuses impossible dates naming the field', async () => {
    await expectToolError(tool, { birthDate: '1961-02-29' }, 400, /birthDate/);
    await expectToolError(tool, { birthDate: '1899-12-31' }, 400, /birthDate/);
    await expectToolError(tool, { birthDate: '1961-01-01', onDate: '2028-13-01' }, 400, /onDate/);
    await expectToolError(tool, {}, 400, /birthDate/);
  });
});

describe('declared examples', () => {
  for (const ex of tool.examples)
    it(ex.name, async () => {
      const out = await runTool(tool, ex.input);
      if (ex.partial) expect(out).toMatchObject(ex.output);
      else expect(out).toEqual(ex.output);
    });
});
