/**
 * Year-by-year figures for the mortgage calculator's interest-deduction estimate
 * (hypotheekrenteaftrek). Only years with a sourced figure are listed; any other
 * year is refused (never reuse another year's rate).
 *
 * Rule: interest on an eigenwoningschuld is deductible in box 1 (Wet IB 2001), but
 * under the "aftrekbeperking" (phased in since 2014) at most at the rate of the
 * second box-1 bracket. The cap equals that bracket's rate (article number not
 * verified, so not cited). Since 2023 it equals the basic rate (hvks.nl: "Sinds 2023 is het percentage van deze
 * aftrek voor iedereen gelijk"):
 * - 2024: 36.97 % — Consumentenbond, "Hypotheekrenteaftrek: hoe kun je daarvan profiteren?" (bijgewerkt 9 jan 2024):
 *   "In je aangifte inkomstenbelasting over 2023 … maximaal 36,93%. Voor 2024 is dit 36,97%"; homefinance.nl
 *   ("Maximaal aftrektarief voor hypotheekrente wordt verlaagd naar 36,97% in 2024"); 2024 has one rate of 36.97 %
 *   up to €75,518 below AOW age (youserve.nl, box-1 2024).
 * - 2025: 37.48 % — Consumentenbond, "Hypotheekrenteaftrek" (bijgewerkt 4 dec 2025): "In je aangifte
 *   inkomstenbelasting over 2025 mag je de betaalde hypotheekrente van je inkomen aftrekken tegen maximaal 37,48%";
 *   NIBC blog "Hypotheekrenteaftrek in 2025" (1 jan 2025); box-1 bracket 2 2025 = 37.48 % (dutch-domain §3.2).
 * - 2026: 37.56 % — JAN© (jan.nl, "De woning – Belastingplan"): "In 2026 … maximaal 37,56% (in 2025 37,48%)";
 *   box-1 bracket 2 2026 = 37.56 % after the Nota van wijziging (dutch-domain §3.2, aplusbadviesgroep.nl 23 Dec 2025).
 * Lower incomes deduct at their own (first-bracket) rate: 35.82 % (2025), 35.75 % (2026) — same sources.
 *
 * The 30-year rule ("Sinds 2001 geldt dat hypotheekrente maximaal dertig jaar aftrekbaar is", financieelfit.nl
 * citing Rijksoverheid, Jan 2026; vanbruggen.nl "maximaal 30 jaar fiscaal aftrekbaar") limits the deduction to the
 * first 360 monthly payments of the loan.
 */
export interface DeductionYear {
  /** Highest rate at which mortgage interest is deducted (aftrekbeperking), percent. */
  maxRatePercent: number;
  /** Box-1 first-bracket rate (below AOW age): the rate for incomes in the first bracket, percent. */
  firstBracketRatePercent: number;
  source: string;
}

export const DEDUCTION_YEARS: Record<number, DeductionYear> = {
  2024: {
    maxRatePercent: 36.97,
    firstBracketRatePercent: 36.97,
    source: 'Aftrekbeperking (Wet IB 2001): max. 36.97 % in 2024; Consumentenbond "Hypotheekrenteaftrek" (2024)',
  },
  2025: {
    maxRatePercent: 37.48,
    firstBracketRatePercent: 35.82,
    source: 'Aftrekbeperking (Wet IB 2001): max. 37.48 % in 2025; Consumentenbond "Hypotheekrenteaftrek" (2025), NIBC (2025)',
  },
  2026: {
    maxRatePercent: 37.56,
    firstBracketRatePercent: 35.75,
    source: 'Aftrekbeperking (Wet IB 2001): max. 37.56 % in 2026 = box-1 bracket 2; jan.nl "De woning – Belastingplan" (2026)',
  },
};

export const AVAILABLE_YEARS = Object.keys(DEDUCTION_YEARS)
  .map(Number)
  .sort((a, b) => a - b);
/** The last year whose maximum is published; later years of a schedule use its rate, and the answer says so. */
export const LAST_KNOWN_YEAR = AVAILABLE_YEARS[AVAILABLE_YEARS.length - 1];

/** The maximum deduction rate of tax year `y` (the last published one beyond it); undefined before the first held year. */
export function maxRateFor(y: number): { maxRatePercent: number; published: boolean } | undefined {
  const f = DEDUCTION_YEARS[y];
  if (f) return { maxRatePercent: f.maxRatePercent, published: true };
  if (y > LAST_KNOWN_YEAR) return { maxRatePercent: DEDUCTION_YEARS[LAST_KNOWN_YEAR].maxRatePercent, published: false };
  return undefined;
}

/** Months of the loan during which interest stays deductible (30-year rule). */
export const DEDUCTIBLE_MONTHS = 360;
