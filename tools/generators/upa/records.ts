/**
 * Declaration lines: what each employment reports in one period
 * (InkomstenverhoudingInitieel with its Inkomstenperiode, Werknemersgegevens
 * and one RegelingGegevens line per enabled scheme), in integer cents and
 * hundredths of hours so sums are exact.
 *
 * Amounts, per period, for a full-time annual salary S and part-time
 * percentage pt:
 *   regular      = S × pt/100 × share × days-worked-fraction × incident factor   (share 1/12 MND, 1/13 VWK)
 *   holiday      = S × pt/100 × 8%, in the holiday-allowance period
 *   RegLn        = regular + holiday
 *   PremieGrslg  = (min(S, maxPensionableSalary) − franchise if useFranchise, at least 0) × pt/100 × share × same fractions
 *   PremieTot    = PremieGrslg × premiumPct/100;   PremieWkn = 40% of PremieTot (employee share)
 *   AantVerlUPens= normHoursPerWeek × pt/100 × weeks in the period × days-worked-fraction − leave hours
 * each rounded half away from zero to cents.
 */
import type { Employment } from './people.js';
import { iso, isHolidayPeriod, type Day, type Period } from './periods.js';
import type { FieldStates, UpaOptions } from './options.js';
import { hash32 } from '../../_lib/rng.js';

export interface SchemeLine {
  scheme: number;
  code: string;
  variant?: string;
  from: Day;
  to: Day;
  /** IndEindDln: J when participation ends in this period. */
  ends: boolean;
  regLn: number;
  grslg: number;
  premie: number;
  wkn: number;
  hours: number;
  leaveHours?: number;
}

export interface IkvRecord {
  emp: Employment;
  numIv: number;
  start: Day;
  end?: Day;
  endReason?: string;
  persNr: string;
  /** undefined: SofiNr left out (missingMandatory defect). */
  bsn?: string;
  civilCode: number;
  civilDate?: Day;
  death?: Day;
  ipStart: Day;
  srtIv: string;
  cdAard?: number;
  onCall: boolean;
  incident?: 'K' | 'O' | 'S' | 'Z';
  /** AantUNormWk in hundredths (0 only through the zeroNormHours defect). */
  normHours: number;
  contractHours: number;
  ptPerc: number;
  wage: { regular: number; holiday: number; hours: number; avwb: number; workdays: number };
  leave?: { code: 'OBD' | 'OSP'; hours: number };
  lines: SchemeLine[];
}

export interface RecordContext {
  opts: UpaOptions;
  fields: FieldStates;
  periods: Period[];
  /** Year of the schema each period is written for (VerlofUReg exists from 2025 on). */
  seed: number;
}

export const round = (x: number): number => Math.sign(x) * Math.round(Math.abs(x));

function weekdays(from: Day, to: Day): number {
  let n = 0;
  for (let d = from; d <= to; d++) {
    const wd = (d + 4) % 7; // 1970-01-01 was a Thursday (4)
    if (wd !== 0 && wd !== 6) n++;
  }
  return n;
}

/** Is this employment in an aanvullend declaration for period `p`? Its event period, and one in ten others (a back-dated 2% raise). */
export function correctionKind(e: Employment, p: number, seed: number): 'event' | 'raise' | undefined {
  if (e.scenario !== 'standard' && e.eventPeriod === p) return 'event';
  return hash32(`${seed}:${e.ordinal}:${p}`) % 10 === 0 ? 'raise' : undefined;
}

/** Does employment `e` report anything in period index `p`? */
export function isPresent(e: Employment, p: Period, c: RecordContext): boolean {
  if (c.opts.period.declarationKind === 'aanvullend' && !correctionKind(e, p.index, c.seed)) return false;
  switch (e.scenario) {
    case 'newHire':
      return p.index >= e.eventPeriod;
    case 'leaver':
    case 'deathInService':
      return p.index <= e.eventPeriod;
    case 'backPayment':
      return p.index <= e.eventPeriod;
    default:
      return true;
  }
}

interface Segment {
  numIv: number;
  start: Day;
  end?: Day;
  endReason?: string;
  from: Day;
  to: Day;
  backPay: boolean;
}

function segmentsOf(e: Employment, p: Period): Segment[] {
  const show = (end?: Day) => (end !== undefined && end <= p.end ? end : undefined);
  const seg = (numIv: number, start: Day, end: Day | undefined, reason: string | undefined): Segment => ({
    numIv,
    start,
    end: show(end),
    endReason: show(end) !== undefined ? reason : undefined,
    from: Math.max(start, p.start),
    to: Math.min(end ?? p.end, p.end),
    backPay: false,
  });
  if (e.scenario === 'rehire') {
    const out: Segment[] = [];
    if (p.index <= e.eventPeriod) out.push(seg(e.numIv, e.start, e.end, e.endReason));
    if (p.index >= e.eventPeriod) out.push(seg(e.numIvRehire!, e.rehireStart!, undefined, undefined));
    return out;
  }
  if (e.scenario === 'backPayment' && p.index === e.eventPeriod)
    return [{ numIv: e.numIv, start: e.start, end: e.end, endReason: e.endReason, from: p.start, to: p.end, backPay: true }];
  return [seg(e.numIv, e.start, e.end, e.endReason)];
}

/**
 * The declaration lines of `e` in period `p`. `backDatedRaise`: the lines of an earlier period corrected for the
 * back-dated 2% raise of an aanvullend declaration (its TijdvakCorrectie).
 */
export function buildRecords(e: Employment, p: Period, c: RecordContext, backDatedRaise = false): IkvRecord[] {
  const { opts } = c;
  const d = opts.declaration;
  const normPerWeek = Number(d.normHoursPerWeek);
  const kind = backDatedRaise ? 'raise' : opts.period.declarationKind === 'aanvullend' ? correctionKind(e, p.index, c.seed) : undefined;
  const periodDays = p.end - p.start + 1;
  const pt = e.ptPercAfter !== undefined && p.index >= e.eventPeriod ? e.ptPercAfter : e.ptPerc;
  const ev = p.index - e.eventPeriod; // 0 in the event period
  const civil =
    e.civilChange && p.index >= e.eventPeriod
      ? { code: e.civilChange.code, date: e.civilChange.date }
      : { code: e.civilCode, date: e.civilSince };
  const holidayPeriod = isHolidayPeriod(p, opts.period.periodType, opts.population.holidayAllowanceMonth);

  return segmentsOf(e, p).map((s): IkvRecord => {
    const dayFrac = (s.to - s.from + 1) / periodDays;
    const fullHours = normPerWeek * (pt / 100) * p.weeks * dayFrac;
    let incident: IkvRecord['incident'];
    let leave: IkvRecord['leave'];
    let amountFactor = dayFrac;
    let hoursFactor = dayFrac;
    let leaveHours = 0;
    if (e.scenario === 'unpaidLeave' && ev === 0) {
      incident = 'O';
      leaveHours = Math.min(e.leaveHours, Math.floor(fullHours));
      leave = { code: 'OBD', hours: leaveHours * 100 };
    } else if (e.scenario === 'parentalLeave' && ev >= 0 && ev <= 2) {
      incident = 'K';
      leaveHours = Math.min(e.leaveHours, Math.floor(fullHours));
      leave = { code: 'OSP', hours: leaveHours * 100 };
    } else if (e.scenario === 'sickness' && ev >= 0) {
      incident = 'Z';
      amountFactor *= 0.7;
    } else if (e.scenario === 'earlyIva' && ev >= 0) {
      incident = 'Z';
      amountFactor = hoursFactor = 0;
    } else if (e.scenario === 'onCall' && ev === 0) {
      amountFactor = hoursFactor = 0;
    }
    if (leaveHours > 0 && fullHours > 0) amountFactor *= (fullHours - leaveHours) / fullHours;
    if (kind === 'raise') amountFactor *= 1.02;

    const yearly = e.salary * (pt / 100);
    let regular: number;
    let holiday = 0;
    let hours: number;
    if (s.backPay) {
      // Arrears paid after DatEind: half a period's salary, pensionable, no hours.
      regular = round(yearly * p.share * 0.5 * 100);
      hours = 0;
    } else {
      regular = round(yearly * p.share * amountFactor * 100);
      if (holidayPeriod && amountFactor > 0) holiday = round(yearly * 0.08 * 100);
      hours = round((fullHours / dayFrac) * hoursFactor * 100) - leaveHours * 100;
    }
    const regLn = regular + holiday;
    const workdays = weekdays(s.from, s.to);

    const lines: SchemeLine[] = [];
    if (e.scenario !== 'intern') {
      opts.schemes.forEach((sc, i) => {
        if (!sc.enabled) return;
        const pensionable = Math.max(0, Math.min(e.salary, d.maxPensionableSalary) - (sc.useFranchise ? d.franchise : 0));
        const grslg = s.backPay
          ? e.salary > 0
            ? round((regular * pensionable) / e.salary)
            : 0
          : round(pensionable * (pt / 100) * p.share * amountFactor * 100);
        const premie = round((grslg * sc.premiumPct) / 100);
        lines.push({
          scheme: i,
          code: sc.schemeCode,
          variant: e.variants[i],
          from: s.from,
          to: s.to,
          ends: s.end !== undefined && s.end <= p.end,
          regLn,
          grslg,
          premie,
          wkn: round(premie * 0.4),
          hours,
          leaveHours: leaveHours > 0 ? leaveHours * 100 : undefined,
        });
      });
    }

    return {
      emp: e,
      numIv: s.numIv,
      start: s.start,
      end: s.end,
      endReason: s.endReason,
      persNr: e.scenario === 'payrollSwitch' && ev >= 0 ? `P${e.persNr.slice(1)}` : e.persNr,
      bsn: e.bsn,
      civilCode: civil.code,
      civilDate: civil.date,
      death: e.death !== undefined && e.death <= p.end ? e.death : undefined,
      ipStart: Math.max(s.start, p.start),
      srtIv: e.scenario === 'dga' ? '17' : '15',
      cdAard: e.scenario === 'dga' ? undefined : e.scenario === 'intern' ? 7 : 1,
      onCall: e.scenario === 'onCall',
      incident,
      normHours: Math.round(normPerWeek * 100),
      contractHours: e.scenario === 'onCall' ? 0 : Math.round(normPerWeek * pt),
      ptPerc: Math.round(pt * 100),
      wage: {
        regular,
        holiday,
        hours: Math.max(0, hours),
        avwb: e.avwb ? round(regular * 0.02) : 0,
        workdays,
      },
      leave,
      lines,
    };
  });
}

export interface Total {
  code: string;
  variant?: string;
  regLn: number;
  grslg: number;
  premie: number;
  hours: number;
  ikv: number;
  persons: number;
}

/** TotaalRegelingen: per scheme code and variant, in scheme order, variants in their declared order (unknown ones last). */
export function totals(records: IkvRecord[], variantOrder: readonly string[][]): Total[] {
  const map = new Map<string, Total & { scheme: number; bsns: Set<string> }>();
  for (const r of records) {
    for (const l of r.lines) {
      const key = `${l.scheme}\u0000${l.variant ?? ''}`;
      let t = map.get(key);
      if (!t) {
        t = {
          scheme: l.scheme,
          code: l.code,
          variant: l.variant,
          regLn: 0,
          grslg: 0,
          premie: 0,
          hours: 0,
          ikv: 0,
          persons: 0,
          bsns: new Set(),
        };
        map.set(key, t);
      }
      t.regLn += l.regLn;
      t.grslg += l.grslg;
      t.premie += l.premie;
      t.hours += l.hours;
      t.ikv++;
      t.bsns.add(r.bsn ?? `#${r.emp.ordinal}`);
    }
  }
  return [...map.values()]
    .sort((a, b) => a.scheme - b.scheme || rank(variantOrder[a.scheme], a.variant) - rank(variantOrder[b.scheme], b.variant))
    .map(({ scheme: _s, bsns, ...t }) => ({ ...t, persons: bsns.size }));
}

function rank(order: readonly string[], v: string | undefined): number {
  const i = v === undefined ? -1 : order.indexOf(v);
  return i < 0 ? order.length : i;
}

export { iso };
