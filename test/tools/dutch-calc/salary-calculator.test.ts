import { describe, expect, it } from 'vitest';
import tool from '../../../tools/dutch-calc/salary-calculator.js';
import { expectToolError, runTool } from '../../helpers/run.js';

describe('salary-calculator', () => {
  it('runs its declared examples', async () => {
    for (const ex of tool.examples) expect(await runTool(tool, ex.input)).toEqual(ex.output);
  });

  it('2025 by hand from the Belastingdienst 2025 tables (40,000 a year, no holiday allowance)', async () => {
    const r = await runTool(tool, { year: 2025, grossAmount: 40000, period: 'year', holidayAllowance: 'none' });
    // 38,441 × 35.82% = 13,769.5662; 1,559 × 37.48% = 584.3132
    expect(r.brackets).toEqual([
      { from: 0, to: 38441, ratePercent: 35.82, taxedAmount: 38441, tax: 13769.57 },
      { from: 38441, to: 76817, ratePercent: 37.48, taxedAmount: 1559, tax: 584.31 },
    ]);
    expect(r.taxBeforeCredits).toBe(14353.88);
    expect(r.generalTaxCredit).toBe(2333.29); // 3,068 − 6.337% × 11,594
    expect(r.labourCredit).toBe(5529.62); // 5,220 + 2.258% × 13,712
    expect(r.incomeTax).toBe(6490.97); // 14,353.8794 − 7,862.90518
    expect(r.netAnnual).toBe(33509.03);
  });

  it('bracket edge: exactly at the 2026 first-bracket limit, and one cent above', async () => {
    const at = await runTool(tool, { year: 2026, grossAmount: 38883, period: 'year', holidayAllowance: 'none', applyTaxCredits: false });
    expect(at.brackets).toHaveLength(1);
    expect(at.taxBeforeCredits).toBe(13900.67);
    const above = await runTool(tool, {
      year: 2026,
      grossAmount: 38883.01,
      period: 'year',
      holidayAllowance: 'none',
      applyTaxCredits: false,
    });
    expect(above.brackets).toHaveLength(2);
    expect(above.brackets[1]).toMatchObject({ from: 38883, taxedAmount: 0.01, ratePercent: 37.56 });
    const top = await runTool(tool, {
      year: 2026,
      grossAmount: 78426.01,
      period: 'year',
      holidayAllowance: 'none',
      applyTaxCredits: false,
    });
    expect(top.brackets[2]).toMatchObject({ from: 78426, to: null, ratePercent: 49.5, taxedAmount: 0.01 });
    expect(top.taxBeforeCredits).toBe(28753.03); // 13,900.6725 + 39,543 × 37.56% + 0.01 × 49.5%
  });

  it('caps the credits at the tax (low wage) and handles zero', async () => {
    const low = await runTool(tool, { year: 2026, grossAmount: 10000, period: 'year', holidayAllowance: 'none' });
    expect(low.taxBeforeCredits).toBe(3575);
    expect(low.generalTaxCredit + low.labourCredit).toBeCloseTo(3115 + 832.4, 2);
    expect(low).toMatchObject({ creditsApplied: 3575, creditsCapped: true, incomeTax: 0, netAnnual: 10000 });
    const zero = await runTool(tool, { year: 2026, grossAmount: 0 });
    expect(zero).toMatchObject({ annualGross: 0, incomeTax: 0, netAnnual: 0, effectiveTaxPercent: 0, brackets: [] });
  });

  it('AOW age 2026: lower first bracket, AOW credits and elderly credit; born before 1946', async () => {
    const aow = await runTool(tool, { year: 2026, grossAmount: 60000, period: 'year', holidayAllowance: 'none', ageGroup: 'aow' });
    expect(aow.brackets[0]).toMatchObject({ to: 38883, ratePercent: 17.85, tax: 6940.62 });
    expect(aow.generalTaxCredit).toBe(589.07); // 1,556 − 3.195% × 30,264
    expect(aow.labourCredit).toBe(2371.74); // 2,840 − 3.25% × 14,408
    expect(aow.elderlyCredit).toBe(0); // 2,067 − 15% × 13,998 < 0
    expect(aow.incomeTax).toBe(11911.36);
    const old = await runTool(tool, {
      year: 2026,
      grossAmount: 60000,
      period: 'year',
      holidayAllowance: 'none',
      ageGroup: 'aowBornBefore1946',
    });
    expect(old.brackets[0]).toMatchObject({ to: 41123, ratePercent: 17.85 });
    expect(old.incomeTax).toBe(11469.85); // 41,123 × 17.85% + 18,877 × 37.56% − 2,960.8052
    const mid = await runTool(tool, { year: 2026, grossAmount: 30000, period: 'year', holidayAllowance: 'none', ageGroup: 'aow' });
    expect(mid.elderlyCredit).toBe(2067);
    expect(mid.labourCredit).toBe(2687.47); // 2,647 + 0.974% × 4,155
  });

  it('holiday allowance separate, included, none', async () => {
    expect(await runTool(tool, { year: 2026, grossAmount: 50000, period: 'year' })).toMatchObject({
      annualGross: 54000,
      holidayAllowance: 4000,
    });
    expect(await runTool(tool, { year: 2026, grossAmount: 54000, period: 'year', holidayAllowance: 'included' })).toMatchObject({
      annualGross: 54000,
      holidayAllowance: 4000,
    });
    expect(await runTool(tool, { year: 2026, grossAmount: 4500, holidayAllowance: 'none' })).toMatchObject({
      annualGross: 54000,
      holidayAllowance: 0,
    });
  });

  it('30% ruling: norm edges, lowered allowance, cap, researcher', async () => {
    const base = { year: 2026, period: 'year', holidayAllowance: 'none' } as const;
    // 0.7 × 68,590 = 48,013 = the norm: not MORE than the norm → allowance lowered by one cent
    const at = await runTool(tool, { ...base, grossAmount: 68590, thirtyPercentRuling: 'standard' });
    expect(at.thirtyPercent).toMatchObject({ normMetWithFullAllowance: false, eligible: true, reducedToMeetNorm: true });
    expect(at.thirtyPercentAllowance).toBe(20576.99);
    expect(at.taxableWage).toBe(48013.01);
    const above = await runTool(tool, { ...base, grossAmount: 68590.01, thirtyPercentRuling: 'standard' });
    expect(above.thirtyPercent).toMatchObject({ normMetWithFullAllowance: true, reducedToMeetNorm: false });
    expect(above.thirtyPercentAllowance).toBe(20577);
    const below = await runTool(tool, { ...base, grossAmount: 48013, thirtyPercentRuling: 'standard' });
    expect(below.thirtyPercent).toMatchObject({ eligible: false });
    expect(below.thirtyPercentAllowance).toBe(0);
    const young = await runTool(tool, { ...base, grossAmount: 60000, thirtyPercentRuling: 'youngMaster' });
    expect(young.thirtyPercent?.salaryNorm).toBe(36497);
    expect(young.thirtyPercentAllowance).toBe(18000);
    const capped = await runTool(tool, { ...base, grossAmount: 300000, thirtyPercentRuling: 'standard' });
    expect(capped.thirtyPercentAllowance).toBe(78600);
    const research = await runTool(tool, { ...base, grossAmount: 20000, thirtyPercentRuling: 'researcher' });
    expect(research.thirtyPercent).toMatchObject({ salaryNorm: null, eligible: true });
    expect(research.thirtyPercentAllowance).toBe(6000);
    const y2025 = await runTool(tool, { ...base, year: 2025, grossAmount: 300000, thirtyPercentRuling: 'standard' });
    expect(y2025.thirtyPercentAllowance).toBe(73800); // 30% × WNT 2025 €246,000
  });

  it('net = gross − tax to the cent for many wages and both years', async () => {
    for (const year of [2024, 2025, 2026, 2027])
      for (let g = 0; g <= 200000; g += 7919.37) {
        const r = await runTool(tool, { year, grossAmount: g, period: 'year', holidayAllowance: 'none' });
        expect(Math.round(r.annualGross * 100) - Math.round(r.incomeTax * 100)).toBe(Math.round(r.netAnnual * 100));
        expect(r.incomeTax).toBeGreaterThanOrEqual(0);
      }
  });

  it('2024 by hand from the Belastingdienst 2024 tables (40,000 a year, no holiday allowance)', async () => {
    const r = await runTool(tool, { year: 2024, grossAmount: 40000, period: 'year', holidayAllowance: 'none' });
    // One rate below AOW age: 40,000 × 36.97% = 14,788
    expect(r.brackets).toEqual([{ from: 0, to: 75518, ratePercent: 36.97, taxedAmount: 40000, tax: 14788 }]);
    expect(r.generalTaxCredit).toBe(2355.04); // 3,362 − 6.63% × 15,188
    expect(r.labourCredit).toBe(5529.2); // 5,532 − 6.51% × 43
    expect(r.incomeTax).toBe(6903.76);
    expect(r.netAnnual).toBe(33096.24);
    // Kinks of the 2024 labour credit (the table's bases 968 / 5,158 / 5,532 are rounded, so each piece ends within
    // cents of the next one's base): 968 at 11,490, 5,158 at 24,820, 5,532 at 39,957, 0 at 124,934.
    const ak = async (g: number) =>
      (await runTool(tool, { year: 2024, grossAmount: g, period: 'year', holidayAllowance: 'none' })).labourCredit;
    expect([await ak(11490), await ak(24820), await ak(39957), await ak(39957.01), await ak(124934)]).toEqual([
      968.03, 5158.02, 5532.04, 5532, 0,
    ]);
    const top = await runTool(tool, {
      year: 2024,
      grossAmount: 75518.01,
      period: 'year',
      holidayAllowance: 'none',
      applyTaxCredits: false,
    });
    expect(top.brackets[1]).toMatchObject({ from: 75518, to: null, ratePercent: 49.5, taxedAmount: 0.01 });
  });

  it('AOW age 2025 (Nieuwsbrief Loonheffingen 2025 tables): 17.92%, AOW credits, ouderenkorting, alleenstaande-ouderenkorting', async () => {
    const base = { year: 2025, grossAmount: 50000, period: 'year', holidayAllowance: 'none', ageGroup: 'aow' } as const;
    const r = await runTool(tool, base);
    expect(r.brackets).toEqual([
      { from: 0, to: 38441, ratePercent: 17.92, taxedAmount: 38441, tax: 6888.63 },
      { from: 38441, to: 76817, ratePercent: 37.48, taxedAmount: 11559, tax: 4332.31 },
    ]);
    expect(r.generalTaxCredit).toBe(851.47); // 1,536 − 3.17% × 21,594
    expect(r.labourCredit).toBe(2576.32); // 2,802 − 3.257% × 6,929
    expect(r.elderlyCredit).toBe(1331.2); // 2,035 − 15% × 4,692
    expect(r.singleElderlyCredit).toBe(0);
    expect(r.incomeTax).toBe(6461.95);
    const single = await runTool(tool, { ...base, singleElderly: true });
    expect(single).toMatchObject({ singleElderlyCredit: 531, incomeTax: 5930.95 });
    const old = await runTool(tool, { ...base, ageGroup: 'aowBornBefore1946' });
    expect(old.brackets[0]).toMatchObject({ to: 40502, ratePercent: 17.92 });
    // AOW labour-credit kinks (rounded bases, so within a euro): 491 at 12,169 (4.029% × 12,169 = 490.29),
    // 2,612 at 26,288, 2,802 at 43,071, 0 above 129,078.
    const ak = async (g: number) => (await runTool(tool, { ...base, grossAmount: g })).labourCredit;
    expect([await ak(12169), await ak(26288), await ak(43071), await ak(43071.01), await ak(129078.01)]).toEqual([
      490.29, 2612.1, 2801.65, 2802, 0,
    ]);
    // 2026 alleenstaande-ouderenkorting €540.
    expect((await runTool(tool, { ...base, year: 2026, singleElderly: true })).singleElderlyCredit).toBe(540);
  });

  it('30% ruling with rulingStartDate: the WNT cap waits until 2026 for a ruling applied in December 2022 (boundary 2022-12-31)', async () => {
    const base = { period: 'year', holidayAllowance: 'none', grossAmount: 500000, thirtyPercentRuling: 'standard' } as const;
    const old25 = await runTool(tool, { ...base, year: 2025, rulingStartDate: '2022-12-31' });
    expect(old25.thirtyPercentAllowance).toBe(150000);
    expect(old25.thirtyPercent).toMatchObject({ ratePercent: 30, cap: null });
    expect(old25.thirtyPercent.transitional[0]).toMatch(/no WNT cap until 2026/);
    expect(old25.rule).toMatch(/no WNT cap until 2026/);
    const new25 = await runTool(tool, { ...base, year: 2025, rulingStartDate: '2023-01-01' });
    expect(new25.thirtyPercentAllowance).toBe(73800);
    expect(new25.thirtyPercent).toMatchObject({ cap: 73800, transitional: [] });
    expect((await runTool(tool, { ...base, year: 2025 })).thirtyPercentAllowance).toBe(73800); // no start date: capped
    expect((await runTool(tool, { ...base, year: 2026, rulingStartDate: '2022-12-31' })).thirtyPercentAllowance).toBe(78600);
    expect((await runTool(tool, { ...base, year: 2024, rulingStartDate: '2022-12-31' })).thirtyPercentAllowance).toBe(150000);
    expect((await runTool(tool, { ...base, year: 2024, rulingStartDate: '2023-01-01' })).thirtyPercentAllowance).toBe(69900); // 30% × 233,000
    await expectToolError(
      tool,
      { year: 2026, grossAmount: 4000, rulingStartDate: '2024-01-01' },
      400,
      /rulingStartDate.*thirtyPercentRuling/,
    );
    await expectToolError(tool, { ...base, year: 2025, rulingStartDate: '2026-01-01' }, 400, /rulingStartDate.*after 2025/);
    await expectToolError(
      tool,
      { ...base, year: 2027, rulingStartDate: '2023-01-01' },
      400,
      /2027.*27%, or 30% for a ruling applied before 2024/,
    );
  });

  it('2027 (Belastingplan 2027 bill, provisional) by hand: € 4,000 a month with 8% holiday allowance', async () => {
    const r = await runTool(tool, { year: 2027, grossAmount: 4000 });
    // 39,247 × 36.23% = 14,219.1881; 12,593 × 38.16% = 4,805.4888
    expect(r.brackets).toEqual([
      { from: 0, to: 39247, ratePercent: 36.23, taxedAmount: 39247, tax: 14219.19 },
      { from: 39247, to: 78426, ratePercent: 38.16, taxedAmount: 12593, tax: 4805.49 },
    ]);
    expect(r.generalTaxCredit).toBe(1764.67); // 3,154 − 6.638% × 20,930
    expect(r.labourCredit).toBe(5668.21); // 5,929 − 6.51% × 4,006
    expect(r.incomeTax).toBe(11591.8); // 19,024.6769 − 7,432.876
    expect(r.netAnnual).toBe(40248.2);
    expect(r.provisional).toBe(true);
    expect(r.rule).toMatch(/^PROVISIONAL \(Belastingplan 2027 as proposed on Prinsjesdag \(15 September 2026\).*\); annual gross 51840/);
    expect(r.source).toMatch(/Belastingplan 2027.*provisional/);
    expect((await runTool(tool, { year: 2026, grossAmount: 4000 })).provisional).toBe(false);
    expect(tool.description).toMatch(/Years: 2024, 2025, 2026, 2027 \(AOW age: 2025, 2026; 2027 provisional/);
  });

  it('2027 boundaries: bracket limit € 39,247, labour-credit kinks, credits reaching 0', async () => {
    const base = { year: 2027, period: 'year', holidayAllowance: 'none' } as const;
    const at = await runTool(tool, { ...base, grossAmount: 39247, applyTaxCredits: false });
    expect(at.brackets).toHaveLength(1);
    const above = await runTool(tool, { ...base, grossAmount: 39247.01, applyTaxCredits: false });
    expect(above.brackets[1]).toMatchObject({ from: 39247, taxedAmount: 0.01, ratePercent: 38.16 });
    const top = await runTool(tool, { ...base, grossAmount: 78426.01, applyTaxCredits: false });
    expect(top.brackets[2]).toMatchObject({ from: 78426, to: null, ratePercent: 49.5, taxedAmount: 0.01 });
    // Kinks: 9.503% × 12,438 = 1,181.98; 1,182 + 30.205% × 14,428 = 5,539.98; 5,540 + 1.855% × 20,968 = 5,928.96;
    // then 5,929 − 6.51% above 47,834, 0 from 47,834 + 5,929 / 6.51% ≈ 138,909.
    const ak = async (g: number) => (await runTool(tool, { ...base, grossAmount: g })).labourCredit;
    expect([await ak(12438), await ak(26866), await ak(47834), await ak(47834.01), await ak(138909), await ak(138910)]).toEqual([
      1181.98, 5539.98, 5928.96, 5929, 0.02, 0,
    ]);
    // The general credit: full to 30,910, 0 at the second bracket limit (30,910 + 3,154 / 6.638% = 78,424.6).
    const ahk = async (g: number) => (await runTool(tool, { ...base, grossAmount: g })).generalTaxCredit;
    expect([await ahk(30910), await ahk(30910.01), await ahk(78424), await ahk(78426)]).toEqual([3154, 3154, 0.02, 0]);
  });

  it('refuses unknown years, unsourced AOW 2024 and 2027 and invalid input', async () => {
    await expectToolError(tool, { year: 2023, grossAmount: 4000 }, 400, /`year`.*2023.*available years: 2024, 2025, 2026, 2027/);
    await expectToolError(tool, { year: 2028, grossAmount: 4000 }, 400, /`year`.*no official box 1 figures for 2028/);
    await expectToolError(
      tool,
      { year: 2027, grossAmount: 4000, ageGroup: 'aow' },
      400,
      /ageGroup.*2027.*Belastingplan 2027 AOW-age figures.*not found.*2025, 2026/,
    );
    await expectToolError(tool, { year: 2024, grossAmount: 4000, ageGroup: 'aow' }, 400, /ageGroup.*2024.*labour-credit.*2025, 2026/);
    await expectToolError(tool, { year: 2025, grossAmount: 4000, singleElderly: true }, 400, /singleElderly.*AOW age/);
    await expectToolError(tool, { year: 2026, grossAmount: -1 }, 400, /grossAmount/);
    await expectToolError(tool, { year: 2026, grossAmount: 1, period: 'week' }, 400, /period/);
    await expectToolError(tool, { year: 2026.5, grossAmount: 1 }, 400, /year/);
    await expectToolError(tool, { grossAmount: 1 }, 400, /year/);
  });
});
