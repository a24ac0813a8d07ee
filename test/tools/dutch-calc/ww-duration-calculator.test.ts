import { describe, expect, it } from 'vitest';
import tool from '../../../tools/dutch-calc/ww-duration-calculator.js';
import { createRng } from '../../../tools/_lib/rng.js';
import { expectToolError, runTool } from '../../helpers/run.js';

const ww = (input: object) => runTool(tool, { weeksWorkedLast36: 36, ...input });
const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

describe('ww-duration-calculator: UWV rules', () => {
  it('UWV example Jeroen: 2 fictive + 24 actual years → 23 months', async () => {
    const r = await ww({ firstUnemploymentDate: '2022-05-02', birthDate: '1978-03-01', countingYears: range(1998, 2021) });
    expect(r).toMatchObject({
      durationMonths: 23,
      arbeidsverledenYears: 26,
      yearsBefore2016: 20,
      yearsFrom2016: 6,
      fictiveYears: { from: 1996, to: 1997, count: 2 },
    });
  });
  it('fewer than 10 years before 2016: the first 10 years at 1 month, the rest at 0.5', async () => {
    // 2012–2015 (4) + 2016–2023 (8) = 12 years → 10 + 2 × 0.5 = 11
    const r = await ww({ firstUnemploymentDate: '2024-06-01', birthDate: '1990-01-01', workedEveryYearSince: 2012 });
    expect(r.durationMonths).toBe(11);
    expect(r.steps.join('\n')).toMatch(/First 10 years × 1 month = 10 months; the other 2 years/);
  });
  it('exactly 10 years → 10 months; one more year from 2016 adds 0.5, one before 2016 (beyond 10) adds 1', async () => {
    expect((await ww({ firstUnemploymentDate: '2026-01-05', birthDate: '1995-01-01', workedEveryYearSince: 2016 })).durationMonths).toBe(
      10,
    );
    // 2015–2025: 11 years, only 1 before 2016 → 10 + 0.5
    expect((await ww({ firstUnemploymentDate: '2026-01-05', birthDate: '1995-01-01', workedEveryYearSince: 2015 })).durationMonths).toBe(
      10.5,
    );
    // 2005–2015: 11 years all before 2016 → 11
    expect(
      (
        await ww({
          firstUnemploymentDate: '2026-01-05',
          birthDate: '1985-01-01',
          countingYears: [...range(2005, 2015), 2021, 2022, 2023, 2024, 2025],
        })
      ).durationMonths,
    ).toBe(11 + 2.5);
  });
  it('caps at 24 months', async () => {
    const r = await ww({ firstUnemploymentDate: '2024-09-01', birthDate: '1960-05-05', workedEveryYearSince: 1998 });
    expect(r.fictiveYears).toEqual({ from: 1978, to: 1997, count: 20 });
    expect(r.durationMonths).toBe(24);
    expect(r.steps.at(-1)).toMatch(/capped at the maximum of 24/);
  });
  it('wekeneis boundary: 25 weeks → no WW, 26 → entitled', async () => {
    const base = { firstUnemploymentDate: '2025-03-01', birthDate: '1990-01-01', workedEveryYearSince: 2010 };
    expect(await ww({ ...base, weeksWorkedLast36: 25 })).toMatchObject({ entitled: false, durationMonths: 0 });
    expect(await ww({ ...base, weeksWorkedLast36: 26 })).toMatchObject({ entitled: true, durationMonths: 12.5 }); // 2010–2024: 15 years → 10 + 5 × 0.5
    expect(await ww({ ...base, weeksWorkedLast36: 26 })).toMatchObject({ yearsBefore2016: 6, yearsFrom2016: 9 });
    expect(await ww({ ...base, weeksWorkedLast36: 0 })).toMatchObject({ entitled: false });
  });
  it('jareneis boundary: 4 of 5 years met, 3 of 5 gives 3 months', async () => {
    const base = { firstUnemploymentDate: '2025-03-01', birthDate: '1990-01-01' };
    const four = await ww({ ...base, countingYears: [2015, 2016, 2020, 2021, 2022, 2024] });
    expect(four.meetsJareneis).toBe(true);
    expect(four.durationMonths).toBe(6);
    const three = await ww({ ...base, countingYears: [2015, 2016, 2020, 2022, 2024] });
    expect(three).toMatchObject({ meetsJareneis: false, durationMonths: 3 });
  });
  it('duplicates between countingYears and workedEveryYearSince count once', async () => {
    const r = await ww({
      firstUnemploymentDate: '2025-03-01',
      birthDate: '1990-01-01',
      countingYears: [2019, 2020, 2012],
      workedEveryYearSince: 2019,
    });
    expect(r.actualYears).toBe(7);
  });
  it('duration never decreases when a year is added, and stays within 3–24 (property)', async () => {
    const rng = createRng('ww');
    for (let i = 0; i < 200; i++) {
      const birthYear = rng.int(1955, 2000);
      const u = rng.int(2020, 2026);
      const years = range(Math.max(1998, birthYear + 16), u - 1).filter(() => rng.chance(0.7));
      const input = { firstUnemploymentDate: `${u}-02-01`, birthDate: `${birthYear}-07-01`, countingYears: years };
      const r = await ww(input);
      expect(r.durationMonths).toBeGreaterThanOrEqual(3);
      expect(r.durationMonths).toBeLessThanOrEqual(24);
      const missing = range(Math.max(1998, birthYear + 16), u - 1).find((y) => !years.includes(y));
      if (missing !== undefined)
        expect((await ww({ ...input, countingYears: [...years, missing] })).durationMonths).toBeGreaterThanOrEqual(r.durationMonths);
    }
  });
});

describe('ww-duration-calculator: refusals', () => {
  it('refuses periods and years outside the rules, naming the field', async () => {
    await expectToolError(
      tool,
      { firstUnemploymentDate: '2019-03-31', birthDate: '1980-01-01', weeksWorkedLast36: 30 },
      400,
      /firstUnemploymentDate.*2019-04-01–2026-12-31/,
    );
    await expectToolError(
      tool,
      { firstUnemploymentDate: '2027-01-01', birthDate: '1980-01-01', weeksWorkedLast36: 30 },
      400,
      /firstUnemploymentDate/,
    );
    await expectToolError(tool, { firstUnemploymentDate: '2025-01-01', birthDate: '2025-01-01', weeksWorkedLast36: 30 }, 400, /birthDate/);
    await expectToolError(
      tool,
      { firstUnemploymentDate: '2025-01-01', birthDate: '1980-01-01', weeksWorkedLast36: 30, countingYears: [2025] },
      400,
      /countingYears.*never counts/,
    );
    await expectToolError(
      tool,
      { firstUnemploymentDate: '2025-01-01', birthDate: '1980-01-01', weeksWorkedLast36: 30, countingYears: [1997] },
      400,
      /countingYears/,
    );
    await expectToolError(
      tool,
      { firstUnemploymentDate: '2025-01-01', birthDate: '2000-01-01', weeksWorkedLast36: 30, countingYears: [2010] },
      400,
      /age of 15/,
    );
    await expectToolError(
      tool,
      { firstUnemploymentDate: '2025-01-01', birthDate: '1980-01-01', weeksWorkedLast36: 30, workedEveryYearSince: 2025 },
      400,
      /workedEveryYearSince/,
    );
    await expectToolError(
      tool,
      { firstUnemploymentDate: '2025-01-01', birthDate: '1980-01-01', weeksWorkedLast36: 37 },
      400,
      /weeksWorkedLast36/,
    );
    await expectToolError(
      tool,
      { firstUnemploymentDate: '2025-01-01', birthDate: '1980-01-01', weeksWorkedLast36: 30, countingYears: Array(101).fill(2000) },
      400,
      /countingYears/,
    );
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
