/**
 * The population: one `Employment` per requested employment, drawn once from
 * the seed (a few hundred bytes each, so 10,000 fit easily in memory). Each
 * carries its scenario and the period/day on which the scenario's event
 * happens; `records.ts` turns it into declaration lines per period.
 */
import type { Rng } from '../../_lib/rng.js';
import { completeBsn, isValidBsn } from '../../_lib/bsn.js';
import { ToolError } from '../../../src/core/tool.js';
import { addMonths, type Day, type Period } from './periods.js';
import { dayOf } from '../../_lib/calendar.js';
import * as W from './names.js';
import { DEFAULT_SCENARIO_MIX, SCENARIOS, type Pinned, type Scenario, type UpaOptions } from './options.js';

export type Household = 'single' | 'married' | 'registeredPartnership' | 'cohabiting' | 'divorced' | 'widowed';

/** CdBurgSt codes used (the scenario table fixes 2, 3, 4 and 5; 1 is "not married"). */
export const CIVIL_CODE: Record<Household, number> = {
  single: 1,
  cohabiting: 1,
  married: 2,
  divorced: 3,
  widowed: 4,
  registeredPartnership: 5,
};

export type Address =
  | { kind: 'nl'; street: string; number: number; addition?: string; postcode: string; place: string }
  | { kind: 'abroad'; street: string; number: string; postcode: string; place: string; country: string };

export interface Employment {
  ordinal: number;
  /** Index of the employer (payroll tax number) this employment belongs to. */
  employer: number;
  scenario: Scenario;
  bsn: string;
  persNr: string;
  /** NumIV of the (first) income relation; rehires get `numIvRehire` after returning. */
  numIv: number;
  numIvRehire?: number;
  initials: string;
  prefix?: string;
  lastName: string;
  birthDate: Day;
  /** Gesl: 1 man, 2 woman, 9 unspecified. */
  gender: 1 | 2 | 9;
  nationality: number;
  /** Household at the end of the run (after a civil-status scenario). */
  household: Household;
  /** Civil status at the start of the run, and since when. */
  civilCode: number;
  civilSince?: Day;
  /** Civil status change inside the run (marriage, registeredPartnership, divorce, widowed scenarios). */
  civilChange?: { code: number; date: Day };
  address: Address;
  email: string;
  /** Full-time annual salary, euros. */
  salary: number;
  ptPerc: number;
  /** partTimeChange: the new percentage from `eventPeriod` on. */
  ptPercAfter?: number;
  start: Day;
  end?: Day;
  endReason?: string;
  /** Date of death (deathInService). */
  death?: Day;
  /** rehire: the second income relation's start. */
  rehireStart?: Day;
  /** Period index and day of the scenario's event. */
  eventPeriod: number;
  eventDay: Day;
  /** Leave or incident hours in the event period (unpaidLeave, parentalLeave). */
  leaveHours: number;
  /** RegVrnt per scheme index (undefined: the scheme has no variants). */
  variants: (string | undefined)[];
  /** Receives an Avwb amount (when fieldStates.Avwb is fill). */
  avwb: boolean;
  partner?: { name: string; birthDate: Day; fund: 'same' | 'other' | 'none'; deathDate?: Day };
  exPartnerDeathDate?: Day;
  children: number;
  deceasedChildren: number;
}

/** End-of-employment reason codes drawn for leavers (codes valid in every UPA year: 31–34 changed in 2026). */
const END_REASONS = ['01', '03', '04', '05', '06', '20', '21', '30', '40', '41', '50', '51', '90', '91', '92'] as const;
/** deathInService uses this reason code. */
export const DEATH_REASON = '99';

export function resolveScenarioMix(mix: UpaOptions['scenarioMix']): number[] {
  if (!mix || Object.keys(mix).length === 0) return SCENARIOS.map((s) => DEFAULT_SCENARIO_MIX[s]);
  const weights = SCENARIOS.map((s) => mix[s] ?? 0);
  if (!weights.some((w) => w > 0)) throw new ToolError('options.scenarioMix: at least one weight must be greater than 0', 400);
  return weights;
}

function between(rng: Rng, from: Day, to: Day): Day {
  return to <= from ? from : rng.int(from, to);
}

interface Ctx {
  opts: UpaOptions;
  periods: Period[];
  weights: number[];
  usedBsns: Set<string>;
  variantLists: string[][];
}

function drawBsn(rng: Rng, used: Set<string>, range: UpaOptions['population']['bsnRange']): string {
  for (;;) {
    // standard: first digit 1..7: never 000 (the schema forbids it) and clear of the 8/9 ranges some validators reserve.
    // test-999: 999xxxxxx, the range of RvIG's GBA-V test persons (about 90,000 valid numbers).
    let p = range === 'test-999' ? '999' : String(rng.int(1, 7));
    while (p.length < 8) p += String(rng.int(0, 9));
    const bsn = completeBsn(p);
    if (bsn && !used.has(bsn)) {
      used.add(bsn);
      return bsn;
    }
  }
}

function drawName(rng: Rng, o: UpaOptions['population']): { prefix?: string; lastName: string } {
  if (o.longNames && rng.chance(0.03)) return { lastName: rng.pick(W.LONG_SURNAMES) };
  if (rng.chance(o.pctExoticNames / 100)) {
    if (o.hyphenAndApostrophe && rng.chance(0.2)) return { lastName: rng.pick(W.APOSTROPHE_SURNAMES) };
    const pool = o.diacritics ? [...W.EXOTIC_SURNAMES_ASCII, ...W.EXOTIC_SURNAMES_DIACRITICS] : W.EXOTIC_SURNAMES_ASCII;
    return { lastName: rng.pick(pool) };
  }
  let name: { prefix?: string; lastName: string };
  if (o.tussenvoegsels && rng.chance(0.3)) {
    const pool = o.hyphenAndApostrophe ? [...W.PREFIXED_SURNAMES, ...W.APOSTROPHE_PREFIXED] : W.PREFIXED_SURNAMES;
    const [prefix, lastName] = rng.pick(pool);
    name = { prefix, lastName };
  } else name = { lastName: rng.pick(W.SURNAMES) };
  if (o.hyphenAndApostrophe && rng.chance(0.08)) {
    const [p2, l2] = o.tussenvoegsels && rng.chance(0.5) ? rng.pick(W.PREFIXED_SURNAMES) : ['', rng.pick(W.SURNAMES)];
    name.lastName = `${name.lastName}-${p2 ? p2 + ' ' : ''}${l2}`;
  }
  return name;
}

function drawInitials(rng: Rng, diacritics: boolean): string {
  const n = rng.weighted([1, 2, 3], [6, 3, 1]);
  let s = '';
  for (let i = 0; i < n; i++) s += diacritics && rng.chance(0.05) ? rng.pick(W.INITIAL_DIACRITICS) : rng.pick([...W.INITIAL_LETTERS]);
  return s;
}

function shape(rng: Rng, pattern: string): string {
  return pattern.replace(/[9A]/g, (c) => (c === '9' ? String(rng.int(0, 9)) : String.fromCharCode(65 + rng.int(0, 25))));
}

function drawAddress(rng: Rng, o: UpaOptions['population']): Address {
  if (rng.chance(o.pctForeignAddress / 100)) {
    const f = rng.pick(W.FOREIGN);
    let postcode = shape(rng, f.pc);
    if (/^\d{4}$/.test(postcode)) postcode = String(rng.int(1000, 9999)); // no leading zero in Belgian codes
    return { kind: 'abroad', street: f.street, number: String(rng.int(1, 250)), postcode, place: f.place, country: f.country };
  }
  const [place, from, to] = rng.pick(o.hyphenAndApostrophe ? W.PLACES : W.PLACES.filter(([name]) => !/['-]/.test(name)));
  let street: string = rng.pick(W.STREETS);
  if (rng.chance(o.pctExoticStreets / 100)) {
    const pool = o.diacritics ? [...W.EXOTIC_STREETS_ASCII, ...W.EXOTIC_STREETS_DIACRITICS] : W.EXOTIC_STREETS_ASCII;
    street = rng.pick(o.hyphenAndApostrophe ? pool : pool.filter((s) => !s.includes("'")));
  }
  // Postcode letters: never SA, SD or SS (not issued in the Netherlands).
  let letters = '';
  do letters = String.fromCharCode(65 + rng.int(0, 25), 65 + rng.int(0, 25));
  while (letters === 'SA' || letters === 'SD' || letters === 'SS');
  const addr: Address = { kind: 'nl', street, number: rng.int(1, 399), postcode: `${rng.int(from, to)}${letters}`, place };
  if (o.houseNumberAdditions && rng.chance(0.2)) addr.addition = rng.pick(W.HOUSE_NUMBER_ADDITIONS);
  return addr;
}

function email(initials: string, lastName: string, ordinal: number): string {
  const local = `${initials}.${lastName}`
    .normalize('NFKD')
    .replace(/[^A-Za-z.]/g, '')
    .toLowerCase()
    .slice(0, 40);
  return `${local}${ordinal + 1}@example.nl`;
}

/** Scenarios about a partner, a family or a company of one's own: their employees are adults whatever minAge says. */
const ADULT_SCENARIOS: ReadonlySet<Scenario> = new Set(['marriage', 'registeredPartnership', 'divorce', 'widowed', 'dga', 'parentalLeave']);

function ageRange(scenario: Scenario, o: UpaOptions['population']): [number, number] {
  if (scenario === 'minor') return [15, 17];
  if (scenario === 'nearRetirement') return [65, 67];
  if (scenario === 'intern') return [Math.max(16, Math.min(o.minAge, 25)), Math.max(16, Math.min(o.maxAge, 25))];
  if (!ADULT_SCENARIOS.has(scenario)) return [o.minAge, o.maxAge];
  const min = Math.max(o.minAge, 18);
  return [min, Math.max(min, o.maxAge)];
}

function drawHousehold(rng: Rng, scenario: Scenario, age: number, h: UpaOptions['household']): Household {
  if (scenario === 'marriage' || scenario === 'registeredPartnership') return 'single';
  if (scenario === 'divorce' || scenario === 'widowed') return 'married';
  if (age < 18) return 'single';
  const single = Math.max(0, 100 - h.pctMarried - h.pctCohabiting - h.pctDivorced - h.pctWidowed);
  const kind = rng.weighted(
    ['married', 'cohabiting', 'divorced', 'widowed', 'single'] as const,
    [h.pctMarried, h.pctCohabiting, h.pctDivorced, h.pctWidowed, single].map((w, i, all) => (all.every((x) => x === 0) && i === 4 ? 1 : w)),
  );
  return kind === 'married' && rng.chance(0.1) ? 'registeredPartnership' : kind;
}

function makeEmployment(i: number, rng: Rng, c: Ctx, pin: Pinned | undefined): Employment {
  const { opts, periods } = c;
  const o = opts.population;
  const first = periods[0];
  const last = periods[periods.length - 1];
  const n = periods.length;
  const scenario: Scenario = pin?.scenario ?? rng.weighted(SCENARIOS, c.weights);

  const [minAge, maxAge] = ageRange(scenario, o);
  const age = rng.int(minAge, maxAge);
  const birthDate = pin?.birthDate
    ? dayOf(+pin.birthDate.slice(0, 4), +pin.birthDate.slice(5, 7), +pin.birthDate.slice(8, 10))
    : addMonths(first.start, -12 * age - rng.int(1, 11)) - rng.int(0, 27);
  const gender = pin?.gender ? ({ M: 1, V: 2, X: 9 } as const)[pin.gender] : rng.weighted([1, 2, 9] as const, [49, 49, 2]);
  const name = drawName(rng, o);
  const initials = pin?.initials ?? drawInitials(rng, o.diacritics);
  const prefix = pin ? pin.prefix : name.prefix;
  const lastName = pin?.lastName ?? name.lastName;
  const address = drawAddress(rng, o);
  const foreign = address.kind === 'abroad' ? W.FOREIGN.find((f) => f.country === address.country) : undefined;
  const nationality = foreign && rng.chance(0.7) ? foreign.nat : rng.pick(W.RESIDENT_NATIONALITIES);

  // Salary and part-time percentage.
  let salary = rng.int(Math.min(o.minSalary, o.maxSalary), o.maxSalary);
  let ptPerc = o.partTimeVariation && rng.chance(0.5) ? rng.pick([50, 60, 72, 80, 88.89, 90, 95]) : 100;
  if (scenario === 'minor') {
    salary = rng.int(6000, 15000);
    ptPerc = rng.pick([20, 30, 40, 50]);
  } else if (scenario === 'intern') salary = rng.int(6000, 12000);
  else if (scenario === 'dga') salary = Math.max(salary, rng.int(56000, 120000));
  else if (scenario === 'onCall') ptPerc = rng.pick([20, 30, 40, 60]);
  if (pin?.annualSalary !== undefined) salary = pin.annualSalary;
  if (pin?.partTimePct !== undefined) ptPerc = Math.round(pin.partTimePct * 100) / 100;

  // Event period and day.
  const lateScenario = scenario === 'backPayment' || scenario === 'partTimeChange' || scenario === 'payrollSwitch';
  const eventPeriod = scenario === 'partTimeChange' ? Math.floor(n / 2) : rng.int(lateScenario && n > 1 ? 1 : 0, n - 1);
  const ep = periods[eventPeriod];
  // Keep two days of the period after the event for rehire's return.
  const eventDay = between(rng, ep.start + 1, ep.end - 2);

  // Employment start: newHire inside the run, everybody else before it (at 16 or later).
  const earliest = Math.max(addMonths(birthDate, 12 * 16), first.start - 365 * 20);
  let start = scenario === 'newHire' ? eventDay : between(rng, Math.min(earliest, first.start - 1), first.start - 1);
  if (scenario === 'minor' || scenario === 'intern')
    start = between(rng, Math.max(first.start - 365, addMonths(birthDate, 12 * 15)), first.start - 1);
  if (start >= first.start && scenario !== 'newHire') start = first.start - 1;

  const e: Employment = {
    ordinal: i,
    employer: 0,
    scenario,
    bsn: '',
    persNr: `E${String(i + 1).padStart(5, '0')}`,
    numIv: 0,
    initials,
    prefix,
    lastName,
    birthDate,
    gender,
    nationality,
    household: 'single',
    civilCode: 1,
    address,
    email: '',
    salary,
    ptPerc,
    start,
    eventPeriod,
    eventDay,
    leaveHours: 0,
    variants: [],
    avwb: rng.chance(0.2),
    children: 0,
    deceasedChildren: 0,
  };
  e.email = email(initials, lastName, i);

  switch (scenario) {
    case 'leaver':
      e.end = eventDay;
      e.endReason = rng.pick(END_REASONS);
      break;
    case 'deathInService':
      e.end = e.death = eventDay;
      e.endReason = DEATH_REASON;
      break;
    case 'rehire':
      e.end = eventDay;
      e.endReason = rng.pick(END_REASONS);
      e.rehireStart = between(rng, eventDay + 1, ep.end);
      break;
    case 'backPayment':
      // Left on the last day of the previous period (before the run when the event is in the first period).
      e.end = eventPeriod > 0 ? periods[eventPeriod - 1].end : first.start - 1;
      if (e.end <= e.start) e.start = e.end - 365;
      e.endReason = rng.pick(END_REASONS);
      break;
    case 'partTimeChange':
      e.ptPercAfter = rng.pick([50, 60, 80, 90, 100].filter((p) => p !== ptPerc));
      break;
    case 'unpaidLeave':
    case 'parentalLeave':
      e.leaveHours = rng.pick([8, 16, 24, 32, 40]);
      break;
  }

  // Household and civil status.
  const household = drawHousehold(rng, scenario, age, c.opts.household);
  e.civilCode = CIVIL_CODE[household];
  if (household !== 'single' && household !== 'cohabiting') e.civilSince = between(rng, addMonths(birthDate, 12 * 18), first.start - 30);
  const civilTarget = { marriage: 2, registeredPartnership: 5, divorce: 3, widowed: 4 } as Partial<Record<Scenario, number>>;
  if (civilTarget[scenario] !== undefined) e.civilChange = { code: civilTarget[scenario], date: eventDay };
  const finalHousehold: Household =
    scenario === 'marriage'
      ? 'married'
      : scenario === 'registeredPartnership'
        ? 'registeredPartnership'
        : scenario === 'divorce'
          ? 'divorced'
          : scenario === 'widowed'
            ? 'widowed'
            : household;
  e.household = finalHousehold;
  const h = c.opts.household;
  if (finalHousehold !== 'single') {
    const funds: Array<'same' | 'other'> = [];
    if (h.partnerSameFund) funds.push('same');
    if (h.partnerOtherFund) funds.push('other');
    const partnerBirth = birthDate + rng.int(-5 * 365, 5 * 365);
    const partnerName = `${rng.pick(W.PARTNER_FIRST_NAMES)} ${rng.pick(W.SURNAMES)}`;
    if (finalHousehold === 'divorced') {
      if (h.deceasedExPartners && rng.chance(0.2)) e.exPartnerDeathDate = between(rng, e.civilSince ?? first.start - 400, last.end);
    } else {
      e.partner = { name: partnerName, birthDate: partnerBirth, fund: funds.length ? rng.pick(funds) : 'none' };
      if (finalHousehold === 'widowed') {
        if (h.deceasedPartners) e.partner.deathDate = scenario === 'widowed' ? eventDay : (e.civilSince ?? first.start - 30);
      }
    }
  }
  if (age >= 20 && rng.chance(h.pctWithChildren / 100)) {
    e.children = rng.int(1, 3);
    if (h.deceasedChildren && rng.chance(0.1)) e.deceasedChildren = 1;
  }
  e.variants = c.variantLists.map((v) => (v.length ? rng.pick(v) : undefined));
  return e;
}

/** Draws the whole population. Pinned employments come first, in order. */
export function buildPopulation(opts: UpaOptions, periods: Period[], rng: Rng): Employment[] {
  const weights = resolveScenarioMix(opts.scenarioMix);
  const used = new Set<string>();
  for (const [k, p] of opts.pinned.entries()) {
    if (!p.bsn) continue;
    if (!isValidBsn(p.bsn) || p.bsn.startsWith('000'))
      throw new ToolError(`options.pinned[${k}].bsn: ${p.bsn} must pass the 11-check and must not start with 000`, 400);
    if (used.has(p.bsn)) throw new ToolError(`options.pinned[${k}].bsn: ${p.bsn} is pinned twice`, 400);
    used.add(p.bsn);
  }
  const variantLists = opts.schemes.map((s) =>
    s.variants
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  );
  const c: Ctx = { opts, periods, weights, usedBsns: used, variantLists };
  const out: Employment[] = [];
  for (let i = 0; i < opts.population.count; i++) {
    const pin = opts.pinned[i];
    const e = makeEmployment(i, rng.fork(`employment ${i}`), c, pin);
    e.bsn = pin?.bsn ?? drawBsn(rng, used, opts.population.bsnRange);
    out.push(e);
  }
  return out;
}

/** The largest NumIV (the schema allows 4 digits). */
export const MAX_NUM_IV = 9999;

/** Employer of employment i when n employments are split into k consecutive, nearly equal blocks. */
const blockOf = (i: number, n: number, k: number) => Math.floor((i * k) / n);

/**
 * Splits the population over `k` employers (consecutive blocks) and numbers the
 * income relations with one counter for the whole run: employer by employer,
 * first relations in order, then that employer's rehires' second relations.
 * NumIV has 4 digits, so the counter wraps from 9999 to 1; every employer needs
 * at most 9999 numbers, so its numbers (a run of consecutive counter values) are
 * distinct: NumIV is unique per employer (LhNr), so within every file and across
 * the split files of a period. A run with at most 9999 income relations repeats
 * no NumIV at all, whatever its employers; a larger one repeats each NumIV at most
 * ceil(relations / 9999) times, always under different LhNrs (4 digits allow no
 * better). Returns false (and numbers nothing) when an employer would need more
 * than 9999 numbers.
 */
export function assignEmployers(pop: Employment[], k: number): boolean {
  const need = new Array<number>(k).fill(0);
  for (const e of pop) need[blockOf(e.ordinal, pop.length, k)] += e.scenario === 'rehire' ? 2 : 1;
  if (need.some((n) => n > MAX_NUM_IV)) return false;
  let counter = 0;
  const next = () => (counter++ % MAX_NUM_IV) + 1;
  const byEmployer: Employment[][] = Array.from({ length: k }, () => []);
  for (const e of pop) {
    e.employer = blockOf(e.ordinal, pop.length, k);
    byEmployer[e.employer].push(e);
  }
  for (const block of byEmployer) {
    for (const e of block) e.numIv = next();
    for (const e of block) if (e.scenario === 'rehire') e.numIvRehire = next();
  }
  return true;
}
