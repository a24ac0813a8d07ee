/**
 * Shared arithmetic for the dutch-calc tools: year look-up (unknown year → 400 listing the available years),
 * money in decimal.js (rounded half-up to cents only at the end), box 1 tax with credits, the 30% ruling.
 */
import { Decimal } from 'decimal.js';
import { ToolError } from '../../src/core/tool.js';
import { BOX1, THIRTY_PERCENT, type Bracket, type CreditPiece, type CreditTaper } from './_figures.js';

/** Decimal with enough precision for euros and percentages; rounding half-up (away from zero for money). */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = InstanceType<typeof Dec>;

export const d = (x: number | string | Dec) => new Dec(x);

/** Round to cents, half-up, and return a plain number (−0 becomes 0). */
export function eur(x: Dec): number {
  return x.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber() + 0;
}

export function availableYears(table: Record<number, unknown>): number[] {
  return Object.keys(table).map(Number).sort((a, b) => a - b);
}

/** The figures of `year`, or a 400 naming `year` and listing the years that are available. */
export function forYear<T>(table: Record<number, T>, year: number, what: string, field = 'year', why?: Record<number, string>): T {
  const row = table[year];
  if (row !== undefined) return row;
  const reason = why?.[year] ? ` (${why[year]})` : '';
  throw new ToolError(
    `\`${field}\`: no official ${what} figures for ${year}${reason}; available years: ${availableYears(table).join(', ')}. Figures are never extrapolated.`,
    400,
    { field },
  );
}

export interface BracketRow {
  from: number;
  to: number | null;
  ratePercent: number;
  taxedAmount: number;
  tax: number;
}

/** Tax per bracket on `income` (unrounded amounts kept in `raw`). */
export function bracketTax(income: Dec, brackets: Bracket[]): { rows: BracketRow[]; total: Dec } {
  const rows: BracketRow[] = [];
  let total = d(0);
  let lower = d(0);
  for (const b of brackets) {
    if (income.lte(lower)) break;
    const upper = b.upTo === null ? income : Decimal.min(income, b.upTo);
    const part = upper.minus(lower);
    const tax = part.times(b.ratePercent).div(100);
    total = total.plus(tax);
    rows.push({ from: lower.toNumber(), to: b.upTo, ratePercent: b.ratePercent, taxedAmount: eur(part), tax: eur(tax) });
    if (b.upTo === null) break;
    lower = d(b.upTo);
  }
  return { rows, total };
}

/** A credit that starts at `max` and falls by pct% of the income above `from`, never below 0. */
export function taperCredit(income: Dec, t: CreditTaper): Dec {
  const over = Decimal.max(0, income.minus(t.from));
  return Decimal.max(0, d(t.max).minus(over.times(t.pct).div(100)));
}

/** A piecewise-linear credit (arbeidskorting). */
export function pieceCredit(income: Dec, pieces: CreditPiece[]): Dec {
  if (income.lte(0)) return d(0);
  for (const p of pieces) {
    if (p.upTo === null || income.lte(p.upTo)) return Decimal.max(0, d(p.base).plus(income.minus(p.from).times(p.pct).div(100)));
  }
  return d(0);
}

export type AgeGroup = 'belowAow' | 'aow' | 'aowBornBefore1946';

export interface Box1Result {
  rows: BracketRow[];
  taxBeforeCredits: Dec;
  generalCredit: Dec;
  labourCredit: Dec;
  elderlyCredit: Dec;
  creditsUsed: Dec;
  creditsCapped: boolean;
  tax: Dec;
  source: string;
}

/** Box 1 on a year's taxable wage (all of it labour income), with or without the credits. */
export function box1(year: number, taxable: Dec, ageGroup: AgeGroup, withCredits: boolean): Box1Result {
  const fig = forYear(BOX1, year, 'box 1');
  let brackets = fig.brackets;
  let ahk = fig.ahk;
  let ak = fig.ak;
  let ouk: CreditTaper | null = null;
  if (ageGroup !== 'belowAow') {
    if (!fig.aow)
      throw new ToolError(`\`ageGroup\` ${ageGroup} is not available for ${year}: ${fig.aowMissing}; AOW age is supported for 2026`, 400, { field: 'ageGroup' });
    const a = fig.aow;
    const first = ageGroup === 'aowBornBefore1946' ? a.bornBefore1946UpTo : brackets[0].upTo;
    brackets = [{ upTo: first, ratePercent: a.bracket1RatePercent }, ...brackets.slice(1)];
    ahk = a.ahk;
    ak = a.ak;
    ouk = a.ouk;
  }
  const { rows, total } = bracketTax(taxable, brackets);
  const generalCredit = withCredits ? taperCredit(taxable, ahk) : d(0);
  const labourCredit = withCredits ? pieceCredit(taxable, ak) : d(0);
  const elderlyCredit = withCredits && ouk ? taperCredit(taxable, ouk) : d(0);
  const credits = generalCredit.plus(labourCredit).plus(elderlyCredit);
  const creditsUsed = Decimal.min(credits, total);
  return {
    rows,
    taxBeforeCredits: total,
    generalCredit,
    labourCredit,
    elderlyCredit,
    creditsUsed,
    creditsCapped: creditsUsed.lt(credits),
    tax: total.minus(creditsUsed),
    source: fig.source,
  };
}

export type RulingGroup = 'standard' | 'youngMaster' | 'researcher';

export interface RulingResult {
  pct: number;
  norm: number | null;
  wntCap: number;
  maxAllowance: Dec;
  fullAllowance: Dec;
  allowance: Dec;
  taxableWage: Dec;
  /** The taxable wage with the full allowance is above the norm. */
  normMetWithFullAllowance: boolean;
  /** The norm can be met at all (possibly with a lowered allowance). */
  eligible: boolean;
  reducedToMeetNorm: boolean;
  source: string;
}

/**
 * The 30% ruling on an annual wage W (the total the employer pays, allowance included): tax-free allowance
 * = min(pct% × W, pct% × WNT norm). The taxable wage W − allowance must be MORE than the salary norm (none
 * for researchers); if the full allowance would take it below, the allowance may be lowered (a lower
 * percentage is allowed) so that the taxable wage is the norm + €0.01.
 */
export function thirtyPercent(year: number, wage: Dec, group: RulingGroup): RulingResult {
  const fig = forYear(THIRTY_PERCENT, year, '30% ruling');
  const norm = group === 'researcher' ? null : group === 'youngMaster' ? fig.normYoungMaster : fig.normStandard;
  const maxAllowance = d(fig.wntCap).times(fig.pct).div(100);
  const fullAllowance = Decimal.min(wage.times(fig.pct).div(100), maxAllowance).toDecimalPlaces(2, Decimal.ROUND_DOWN);
  let allowance = fullAllowance;
  let reduced = false;
  let eligible = true;
  const normMetWithFullAllowance = norm === null || wage.minus(allowance).gt(norm);
  if (!normMetWithFullAllowance) {
    const room = wage.minus(norm as number).minus('0.01');
    if (room.gt(0)) {
      allowance = room;
      reduced = true;
    } else {
      allowance = d(0);
      eligible = false;
    }
  }
  return {
    pct: fig.pct,
    norm,
    wntCap: fig.wntCap,
    maxAllowance,
    fullAllowance,
    allowance,
    taxableWage: wage.minus(allowance),
    normMetWithFullAllowance,
    eligible,
    reducedToMeetNorm: reduced,
    source: fig.source,
  };
}

export type TariffGroup = 'I' | 'IA' | 'II';

/**
 * Schenk- and erfbelasting (Successiewet 1956 art. 24): the amount minus the exemption is taxed at the
 * group's two rates, the first up to the year's band limit.
 */
export function successionTax(year: number, amount: Dec, exemption: number, group: TariffGroup, band1UpTo: number, rates: [number, number]) {
  const exemptionUsed = Decimal.min(amount, exemption);
  const taxable = amount.minus(exemptionUsed);
  const { rows, total } = bracketTax(taxable, [
    { upTo: band1UpTo, ratePercent: rates[0] },
    { upTo: null, ratePercent: rates[1] },
  ]);
  const tax = d(eur(total));
  return { exemptionUsed, taxable, rows, tax, net: amount.minus(tax), group, year };
}
