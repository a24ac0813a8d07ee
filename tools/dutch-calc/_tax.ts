/**
 * Shared arithmetic for the dutch-calc tools: year look-up (unknown year → 400 listing the available years),
 * money in decimal.js (rounded half-up to cents only at the end), box 1 tax with credits, the 30% ruling.
 */
import { Decimal } from 'decimal.js';
import { ToolError } from '../../src/core/tool.js';
import {
  BOX1,
  THIRTY_PERCENT,
  THIRTY_PERCENT_REFUSED,
  THIRTY_PERCENT_RULES,
  type Bracket,
  type CreditPiece,
  type CreditTaper,
} from './_figures.js';

/** Decimal with enough precision for euros and percentages; rounding half-up (away from zero for money). */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = InstanceType<typeof Dec>;

export const d = (x: number | string | Dec) => new Dec(x);

/** Round to cents, half-up, and return a plain number (−0 becomes 0). */
export function eur(x: Dec): number {
  return x.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber() + 0;
}

export function availableYears(table: Record<number, unknown>): number[] {
  return Object.keys(table)
    .map(Number)
    .sort((a, b) => a - b);
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

/** The step a `rule` starts with when a year's figures are provisional (a bill, not law yet); null when final. */
export const provisionalStep = (why: string | undefined) => (why === undefined ? null : `PROVISIONAL (${why})`);

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
  singleElderlyCredit: Dec;
  creditsUsed: Dec;
  creditsCapped: boolean;
  tax: Dec;
  source: string;
  /** Why the year's figures are provisional (a bill, not law yet); undefined when final. */
  provisional?: string;
}

/** Years whose AOW-age figures are complete. */
export const aowYears = () => availableYears(BOX1).filter((y) => BOX1[y].aow);

/**
 * Box 1 on a year's taxable wage (all of it labour income), with or without the credits. `singleElderly`: the
 * alleenstaande-ouderenkorting (AOW age only: a single person's AOW).
 */
export function box1(year: number, taxable: Dec, ageGroup: AgeGroup, withCredits: boolean, singleElderly = false): Box1Result {
  const fig = forYear(BOX1, year, 'box 1');
  let brackets = fig.brackets;
  let ahk = fig.ahk;
  let ak = fig.ak;
  let ouk: CreditTaper | null = null;
  let single = 0;
  if (ageGroup === 'belowAow' && singleElderly)
    throw new ToolError('`singleElderly`: the alleenstaande-ouderenkorting is for people at AOW age; set `ageGroup` too', 400, {
      field: 'singleElderly',
    });
  if (ageGroup !== 'belowAow') {
    if (!fig.aow)
      throw new ToolError(
        `\`ageGroup\` ${ageGroup} is not available for ${year}: ${fig.aowMissing}; AOW age is supported for ${aowYears().join(', ')}`,
        400,
        {
          field: 'ageGroup',
        },
      );
    const a = fig.aow;
    // Below AOW age the first bracket(s) share one rate; at AOW age the first bracket ends at the premium limit
    // (the first limit of the scale), or later for people born before 1946.
    const first = ageGroup === 'aowBornBefore1946' ? a.bornBefore1946UpTo : brackets.length > 2 ? brackets[0].upTo : null;
    if (first === null) throw new ToolError(`\`ageGroup\` ${ageGroup}: the ${year} AOW-age scale is not held`, 400, { field: 'ageGroup' });
    brackets = [{ upTo: first, ratePercent: a.bracket1RatePercent }, ...brackets.filter((b) => b.upTo === null || b.upTo > first)];
    ahk = a.ahk;
    ak = a.ak;
    ouk = a.ouk;
    single = singleElderly ? a.singleElderly : 0;
  }
  const { rows, total } = bracketTax(taxable, brackets);
  const generalCredit = withCredits ? taperCredit(taxable, ahk) : d(0);
  const labourCredit = withCredits ? pieceCredit(taxable, ak) : d(0);
  const elderlyCredit = withCredits && ouk ? taperCredit(taxable, ouk) : d(0);
  const singleElderlyCredit = withCredits ? d(single) : d(0);
  const credits = generalCredit.plus(labourCredit).plus(elderlyCredit).plus(singleElderlyCredit);
  const creditsUsed = Decimal.min(credits, total);
  return {
    rows,
    taxBeforeCredits: total,
    generalCredit,
    labourCredit,
    elderlyCredit,
    singleElderlyCredit,
    creditsUsed,
    creditsCapped: creditsUsed.lt(credits),
    tax: total.minus(creditsUsed),
    source: fig.source,
    provisional: fig.provisional,
  };
}

export type RulingGroup = 'standard' | 'youngMaster' | 'researcher';

export interface RulingResult {
  pct: number;
  norm: number | null;
  wntCap: number;
  /** The WNT cap applies in this year to this ruling (not for a ruling of 2022 or earlier before 2026). */
  capApplies: boolean;
  /** pct% × WNT norm; null when the cap does not apply. */
  maxAllowance: Dec | null;
  fullAllowance: Dec;
  allowance: Dec;
  taxableWage: Dec;
  /** The taxable wage with the full allowance is above the norm. */
  normMetWithFullAllowance: boolean;
  /** The norm can be met at all (possibly with a lowered allowance). */
  eligible: boolean;
  reducedToMeetNorm: boolean;
  /** The transitional rules that apply (empty when none). */
  transitional: string[];
  source: string;
}

const R = THIRTY_PERCENT_RULES;

/** The ruling's percentage in `year` for a ruling whose first day is `start` (yyyy-mm-dd; undefined: a ruling from 2024 on). */
export function rulingRate(year: number, start?: string): number {
  if (year < R.reducedRateFromYear) return R.ratePercent;
  return start !== undefined && start < R.keepsFullRateIfStartBefore ? R.ratePercent : R.reducedRatePercent;
}

/** Whether the WNT cap applies in `year` (2024 or later) to a ruling whose first day is `start` (undefined: started in 2023 or later). */
export function rulingCapApplies(year: number, start?: string): boolean {
  return !(start !== undefined && start <= R.capTransitionalStartOnOrBefore && year < R.capTransitionalUntilYear);
}

/**
 * The 30% ruling on an annual wage W (the total the employer pays, allowance included): tax-free allowance
 * = min(pct% × W, pct% × WNT norm), without the cap for a ruling of 2022 or earlier before 2026. The taxable
 * wage W − allowance must be MORE than the salary norm (none for researchers); if the full allowance would take
 * it below, the allowance may be lowered (a lower percentage is allowed) so that the taxable wage is the norm + €0.01.
 */
export function thirtyPercent(year: number, wage: Dec, group: RulingGroup, start?: string, field = 'year'): RulingResult {
  const fig = forYear(THIRTY_PERCENT, year, '30% ruling', field, THIRTY_PERCENT_REFUSED);
  const pct = rulingRate(year, start);
  const capApplies = rulingCapApplies(year, start);
  const transitional: string[] = [];
  if (!capApplies)
    transitional.push(
      `no WNT cap until 2026: the ruling started on or before ${R.capTransitionalStartOnOrBefore}, so it was applied in the last pay period of 2022`,
    );
  if (year >= R.reducedRateFromYear && pct === R.ratePercent)
    transitional.push(`${R.ratePercent}% instead of ${R.reducedRatePercent}%: the ruling was applied before 2024`);
  const norm = group === 'researcher' ? null : group === 'youngMaster' ? fig.normYoungMaster : fig.normStandard;
  const maxAllowance = capApplies ? d(fig.wntCap).times(pct).div(100) : null;
  const share = wage.times(pct).div(100);
  const fullAllowance = (maxAllowance ? Decimal.min(share, maxAllowance) : share).toDecimalPlaces(2, Decimal.ROUND_DOWN);
  let allowance = fullAllowance;
  let reduced = false;
  let eligible = true;
  const normMetWithFullAllowance = norm === null || wage.minus(allowance).gt(norm);
  if (!normMetWithFullAllowance) {
    const room = wage.minus(norm).minus('0.01');
    if (room.gt(0)) {
      allowance = room;
      reduced = true;
    } else {
      allowance = d(0);
      eligible = false;
    }
  }
  return {
    pct,
    norm,
    wntCap: fig.wntCap,
    capApplies,
    maxAllowance,
    fullAllowance,
    allowance,
    taxableWage: wage.minus(allowance),
    normMetWithFullAllowance,
    eligible,
    reducedToMeetNorm: reduced,
    transitional,
    source: fig.source,
  };
}

export type TariffGroup = 'I' | 'IA' | 'II';

/**
 * Schenk- and erfbelasting (Successiewet 1956 art. 24): the amount minus the exemption is taxed at the
 * group's two rates, the first up to the year's band limit.
 */
export function successionTax(
  year: number,
  amount: Dec,
  exemption: number,
  group: TariffGroup,
  band1UpTo: number,
  rates: [number, number],
) {
  const exemptionUsed = Decimal.min(amount, exemption);
  const taxable = amount.minus(exemptionUsed);
  const { rows, total } = bracketTax(taxable, [
    { upTo: band1UpTo, ratePercent: rates[0] },
    { upTo: null, ratePercent: rates[1] },
  ]);
  const tax = d(eur(total));
  return { exemptionUsed, taxable, rows, tax, net: amount.minus(tax), group, year };
}
