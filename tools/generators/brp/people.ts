/**
 * Builds test persons: one life event per person, every date derived from the
 * reference date (1 January of `referenceYear`), so the output depends on the
 * options and the seed only. Each person draws from its own forked stream, so
 * the first n persons of a larger `count` are the same n persons.
 *
 * Date order guaranteed for every person: birth < partnership start <
 * dissolution < next start; children after the start of the first
 * partnership; every date before death (if any) and before the reference date.
 */
import { createRng, type Rng } from '../../_lib/rng.js';
import { addYears, dayOf, type Day } from '../../_lib/calendar.js';
import { fromLo, loDate } from './lo-dates.js';
import { brpData, countryOn, validOn, type BrpData } from './data.js';
import type { Block } from './fields.js';
import { NumberPool } from './numbers.js';
import { EVENT_AGES, type EffectiveOptions, type LifeEvent } from './options.js';
import type { BrpProgress } from './progress.js';

export interface Person {
  lifeEvent: LifeEvent;
  /** Category 01. */
  person: Block;
  /** Categories 02 and 03 (when includeParents). */
  parents: Block[];
  nationalities: Block[];
  /** Category 05 occurrences, the current partnership first. */
  partnerships: Block[];
  death?: Block;
  registration: Block;
  address: Block;
  /** Category 58 (movedRecently). */
  previousAddresses: Block[];
  children: Block[];
  custody?: Block;
}

const NL = '6030';
const RNI_MUNICIPALITY = '1999';
/** Tabel 33: municipality 1999 (RNI) exists from 6 January 2014; earlier emigrants stay registered in their last municipality. */
const RNI_START = dayOf(2014, 1, 6);
/** The parent-age window of every child: the person, and the mother when she is the partner, are 18 to 45 at the birth. */
const PARENT_MIN_AGE = 18;
const PARENT_MAX_AGE = 45;
/** The GBA started on 1 October 1994: the earliest first-registration date. */
const GBA_START = dayOf(1994, 10, 1);
/** Registered partnership exists in Dutch law from 1 January 1998; marriage between two people of the same sex from 1 April 2001. */
export const REGISTERED_PARTNERSHIP_FROM = dayOf(1998, 1, 1);
export const SAME_SEX_MARRIAGE_FROM = dayOf(2001, 4, 1);
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DAYS_PER_YEAR = 365;
/** Fewest days between the births of two siblings. */
const SIBLING_GAP = 300;

type Gender = 'M' | 'V' | 'O';

/** The name, birth and BSN fields of a block (`prefix` '' for the person's own, 'partner.' for a partnership), without the prefix. */
function pick(b: Block, prefix: string): Block {
  const out: Block = {};
  for (const k of ['bsn', 'firstNames', 'prefix', 'lastName', 'dateOfBirth', 'birthPlace', 'birthCountry']) {
    const v = b[prefix + k];
    if (v !== undefined) out[k] = v;
  }
  return out;
}

/** A uniformly drawn day in [lo, hi] (lo when the window is empty; the windows below are built non-empty). */
function span(rng: Rng, lo: Day, hi: Day): Day {
  return hi <= lo ? lo : rng.int(lo, hi);
}

export class PersonFactory {
  private readonly data: BrpData = brpData();
  private readonly pool: NumberPool;
  private readonly refYear: number;
  /** The reference date: 1 January of referenceYear. */
  private readonly ref: Day;
  private readonly exoticNames: number;
  private readonly exoticStreets: number;
  private readonly affix: number;
  private readonly houseAddition: number;
  private readonly root: Rng;

  constructor(
    private readonly o: EffectiveOptions,
    private readonly events: LifeEvent[],
    private readonly weights: number[],
  ) {
    this.refYear = o.referenceYear;
    this.ref = dayOf(o.referenceYear, 1, 1);
    this.exoticNames = o.pctExoticNames / 100;
    this.exoticStreets = o.pctExoticStreets / 100;
    this.affix = o.pctAffix / 100;
    this.houseAddition = o.pctHouseAddition / 100;
    this.root = createRng(o.seed);
    this.pool = new NumberPool(o.bsnRange);
  }

  next(): Person {
    const rng = this.root.fork('person');
    const R = this.ref;
    const event = rng.weighted(this.events, this.weights);
    const [lo, hi] = EVENT_AGES[event];
    const a0 = Math.max(lo, this.o.minAge),
      a1 = Math.min(hi, this.o.maxAge);
    // Age a1 ⇔ born from 2 January of refYear−a1−1; age a0 ⇔ born by 31 December of refYear−a0−1.
    const birth = span(rng, dayOf(this.refYear - a1 - 1, 1, 2), dayOf(this.refYear - a0, 1, 1) - 1);
    const gender = this.gender(rng);
    const bornAbroad = rng.chance(0.08);
    const [prefix, lastName] = this.surname(rng);
    const p: Person = {
      lifeEvent: event,
      person: {
        aNumber: this.pool.aNumber(rng),
        bsn: this.pool.bsn(rng),
        firstNames: this.firstNames(rng, gender),
        ...(prefix ? { prefix } : {}),
        lastName,
        dateOfBirth: loDate(birth),
        ...this.birthPlace(rng, birth, bornAbroad),
        gender,
        nameUse: 'E',
      },
      parents: [],
      nationalities: [{ nationality: this.nationality(rng, bornAbroad, birth) }],
      partnerships: [],
      registration: {},
      address: {},
      previousAddresses: [],
      children: [],
    };

    let lastDay = R - 1; // the last day the person lived at or before the reference date
    let hasChildren = false;
    const fixedChildren: Day[] = [];
    let suspension: [Day, string] | undefined;
    let addressStart: Day | undefined;
    const adult = addYears(birth, 18);

    switch (event) {
      case 'married':
      case 'registeredPartnership': {
        // A registered partnership starts on or after 1998-01-01 (checkOptions refuses reference dates before it).
        // (someone over 50 by then registers within ten years of it).
        const from = event === 'registeredPartnership' ? Math.max(adult, REGISTERED_PARTNERSHIP_FROM) : adult;
        const until = Math.min(addYears(birth, 50), R - 1);
        const start = span(rng, from, until >= from ? until : Math.min(addYears(from, 10), R - 1));
        p.partnerships.push(this.partnership(rng, event === 'married' ? 'H' : 'P', gender, birth, start));
        hasChildren = true;
        break;
      }
      case 'divorced':
      case 'widowed': {
        const start = span(rng, adult, Math.min(addYears(birth, 55), R - 2));
        const end = span(rng, start + 1, Math.min(addYears(start, 25), R - 1));
        p.partnerships.push(
          this.partnership(rng, rng.chance(0.85) ? 'H' : 'P', gender, birth, start, end, event === 'divorced' ? 'S' : 'O'),
        );
        hasChildren = true;
        break;
      }
      case 'remarried': {
        const s1 = span(rng, adult, Math.min(addYears(birth, 45), R - 3));
        const e1 = span(rng, s1 + 1, Math.min(addYears(s1, 20), R - 2));
        const s2 = span(rng, e1 + 1, Math.min(addYears(e1, 15), R - 1));
        const earlier = this.partnership(rng, 'H', gender, birth, s1, e1, rng.chance(0.7) ? 'S' : 'O');
        p.partnerships.push(this.partnership(rng, rng.chance(0.85) ? 'H' : 'P', gender, birth, s2), earlier);
        hasChildren = true;
        break;
      }
      case 'deceased': {
        lastDay = span(rng, Math.max(birth + 1, addYears(R, -20)), R - 1);
        break;
      }
      case 'deceasedWithFamily': {
        const start = span(rng, adult, Math.min(addYears(birth, PARENT_MAX_AGE) - 2, R - 3));
        lastDay = span(rng, Math.max(start + 2, addYears(R, -5)), R - 1);
        // The minor child first: born after the start, before the death, under 18 on the reference date, and inside
        // the parent-age window of both parents (the partner is born late enough for that; see the note in addChildren).
        const lo = Math.max(start + 1, addYears(R, -18) + 1, addYears(birth, PARENT_MIN_AGE));
        const partnership = this.partnership(
          rng,
          rng.chance(0.8) ? 'H' : 'P',
          gender,
          birth,
          start,
          undefined,
          undefined,
          addYears(lo, -PARENT_MAX_AGE),
        );
        p.partnerships.push(partnership);
        const mother = this.motherBirth(p, partnership);
        const hi = Math.min(
          lastDay - 1,
          addYears(birth, PARENT_MAX_AGE),
          mother === undefined ? Infinity : addYears(mother, PARENT_MAX_AGE),
        );
        const minorChild = span(rng, lo, hi);
        p.children.push(this.child(rng, minorChild, p));
        fixedChildren.push(minorChild);
        hasChildren = true;
        break;
      }
      case 'minor':
        p.custody = { indicator: rng.weighted(['12', '1', '2'], [8, 1, 1]) };
        break;
      case 'livesAbroad': {
        const emigration = span(rng, Math.max(birth + 1, addYears(R, -15)), R - 1);
        p.address = this.abroadAddress(rng, emigration, birth);
        suspension = [emigration, 'E'];
        break;
      }
      case 'movedRecently': {
        addressStart = span(rng, Math.max(birth + 1, R - DAYS_PER_YEAR), R - 1);
        const before = span(rng, Math.max(birth, addYears(addressStart, -20)), addressStart - 1);
        p.previousAddresses.push(this.dutchAddress(rng, before));
        break;
      }
      default:
        break; // plain, nearRetirement, confidential, underInvestigation, noFixedAddress: see below
    }

    if (event === 'deceased' || event === 'deceasedWithFamily') {
      p.death = { date: loDate(lastDay), place: this.municipality(rng, lastDay)[0], country: NL };
      suspension = [lastDay, 'O'];
    }

    if (event !== 'livesAbroad') {
      if (addressStart === undefined) {
        const hi = Math.min(Math.max(birth, R - DAYS_PER_YEAR - 1), lastDay);
        addressStart = span(rng, Math.min(Math.max(birth, addYears(R, -30)), hi), hi);
      }
      p.address = this.dutchAddress(rng, addressStart);
      if (event === 'noFixedAddress') p.address.function = 'B';
      if (event === 'underInvestigation') {
        p.address.investigationData = rng.pick(['080000', '081100', '089999']);
        p.address.investigationStartDate = loDate(span(rng, Math.max(addressStart + 1, addYears(R, -2)), R - 1));
      }
    }

    if (hasChildren && this.o.maxChildren > 0) this.addChildren(rng, p, birth, lastDay, fixedChildren);
    if (p.partnerships.length && !p.partnerships[0].dissolutionDate && rng.chance(0.3)) p.person.nameUse = rng.pick(['V', 'P', 'N']);
    if (this.o.includeParents) this.addParents(rng, p, birth);

    const firstRegistration = birth >= GBA_START || GBA_START > lastDay ? birth : GBA_START;
    p.registration = {
      ...(suspension ? { suspensionDate: loDate(suspension[0]), suspensionReason: suspension[1] } : {}),
      firstRegistrationDate: loDate(firstRegistration),
      confidentiality: event === 'confidential' ? String(rng.int(1, 7)) : '0',
    };
    return p;
  }

  private gender(rng: Rng): Gender {
    return rng.chance(0.005) ? 'O' : rng.chance(0.5) ? 'M' : 'V';
  }

  private firstNames(rng: Rng, gender: Gender): string {
    const male = gender === 'M' || (gender === 'O' && rng.chance(0.5));
    const d = this.data;
    if (rng.chance(this.exoticNames)) {
      const exotic = rng.pick(male ? d.exoticMaleFirstNames : d.exoticFemaleFirstNames);
      return rng.chance(0.3) ? `${exotic} ${rng.pick(male ? d.maleFirstNames : d.femaleFirstNames)}` : exotic;
    }
    const list = male ? d.maleFirstNames : d.femaleFirstNames;
    const n = rng.weighted([1, 2, 3], [5, 3, 2]);
    const names = [rng.pick(list)];
    while (names.length < n) {
      const next = rng.pick(list);
      if (!names.includes(next)) names.push(next);
    }
    return names.join(' ');
  }

  /** [prefix ('' when none), surname]. */
  private surname(rng: Rng): [string, string] {
    const exotic = rng.chance(this.exoticNames);
    const d = this.data;
    if (rng.chance(this.affix)) return rng.pick(exotic ? d.exoticAffixSurnames : d.affixSurnames);
    return ['', rng.pick(exotic ? d.exoticSurnames : d.surnames)];
  }

  private name(rng: Rng, gender: Gender, surname?: [string, string]): Block {
    const [prefix, lastName] = surname ?? this.surname(rng);
    return { bsn: this.pool.bsn(rng), firstNames: this.firstNames(rng, gender), ...(prefix ? { prefix } : {}), lastName };
  }

  /** A municipality that existed on `day`. */
  private municipality(rng: Rng, day: Day) {
    const m = rng.pick(this.data.municipalities);
    return m[4] === 0 || dayOf(m[4], 1, 1) <= day ? m : this.data.municipalities[0];
  }

  /** A foreign place with the Tabel 34 code valid on the birth date (Willemstad: 7011 before 10-10-2010, then 5107); born in the Netherlands when none is. */
  private birthPlace(rng: Rng, birth: Day, abroad: boolean): Block {
    if (abroad) {
      const [country, place] = rng.pick(this.data.foreignBirthCountries);
      const code = countryOn(country, loDate(birth));
      if (code) return { birthPlace: place, birthCountry: code };
    }
    return { birthPlace: this.municipality(rng, birth)[0], birthCountry: NL };
  }

  /** Nationality at birth: Dutch, or for half of those born abroad another Tabel 32 nationality valid on the birth date. */
  private nationality(rng: Rng, bornAbroad: boolean, birth: Day): string {
    const other = bornAbroad && rng.chance(0.5) ? rng.pick(this.data.nationalities.other) : undefined;
    return other !== undefined && validOn('32', other, loDate(birth)) ? other : this.data.nationalities.dutch;
  }

  private partnership(
    rng: Rng,
    wanted: 'H' | 'P',
    gender: Gender,
    birth: Day,
    start: Day,
    end?: Day,
    reason?: 'S' | 'O',
    bornAfter?: Day,
  ): Block {
    // What the law allowed on the start date: before 1998 a partnership is a marriage, before April 2001 a
    // marriage is between a man and a woman.
    const type = wanted === 'P' && start < REGISTERED_PARTNERSHIP_FROM ? 'H' : wanted;
    const sameSex = gender !== 'O' && rng.chance(0.06) && (type === 'P' || start >= SAME_SEX_MARRIAGE_FROM);
    const partnerGender: Gender = gender === 'O' ? this.gender(rng) : sameSex ? gender : gender === 'M' ? 'V' : 'M';
    // About the same age (not before bornAfter), and at least 18 on the start date.
    const drawn = birth + rng.int(-6 * DAYS_PER_YEAR, 6 * DAYS_PER_YEAR);
    const partnerBirth = Math.min(bornAfter === undefined ? drawn : Math.max(drawn, bornAfter), addYears(start, -18));
    const b: Block = {};
    for (const [k, v] of Object.entries(this.name(rng, partnerGender))) b[`partner.${k}`] = v;
    b['partner.dateOfBirth'] = loDate(partnerBirth);
    b['partner.gender'] = partnerGender;
    b.startDate = loDate(start);
    b.startPlace = this.municipality(rng, start)[0];
    b.startCountry = NL;
    if (end !== undefined && reason) {
      if (reason === 'O') b['partner.dateOfDeath'] = loDate(end);
      b.dissolutionDate = loDate(end);
      b.dissolutionPlace = this.municipality(rng, end)[0];
      b.dissolutionCountry = NL;
      b.dissolutionReason = reason;
    }
    b.type = type;
    return b;
  }

  /** The partnership in force on `day` (start < day ≤ dissolution), the other parent of a child born then. */
  private partnershipOn(p: Person, day: Day): Block | undefined {
    return p.partnerships.find((x) => fromLo(x.startDate) < day && (!x.dissolutionDate || day <= fromLo(x.dissolutionDate)));
  }

  /** Birth day of the mother of a child of `p` and `partnership`: the person unless he is a man, else a female partner. */
  private motherBirth(p: Person, partnership: Block): Day | undefined {
    if (p.person.gender !== 'M') return fromLo(p.person.dateOfBirth);
    return partnership['partner.gender'] === 'V' ? fromLo(partnership['partner.dateOfBirth']) : undefined;
  }

  /**
   * A child's surname: the father's when the mother's husband or partner at the birth is a man (BW 1:199 makes
   * the husband the legal father), else the person's own.
   */
  private childSurname(p: Person, day: Day): [string, string] {
    const partner = this.partnershipOn(p, day);
    const fromPartner = p.person.gender !== 'M' && partner?.['partner.gender'] === 'M';
    return fromPartner ? [partner['partner.prefix'] ?? '', partner['partner.lastName']] : [p.person.prefix ?? '', p.person.lastName];
  }

  /** A child block. `gender` has no element in category 09 (no format shows it): it is kept for the child's own record (linkedPersons). */
  private child(rng: Rng, birth: Day, p: Person): Block {
    const gender = this.gender(rng);
    return {
      ...this.name(rng, gender, this.childSurname(p, birth)),
      dateOfBirth: loDate(birth),
      birthPlace: this.municipality(rng, birth)[0],
      birthCountry: NL,
      gender,
    };
  }

  /**
   * Up to maxChildren (deceasedWithFamily keeps its minor child and counts it), each born during a partnership
   * (after its start, at the latest on its dissolution; before a death and the reference date), while the person
   * and the mother are 18 to 45, and at least SIBLING_GAP days from a sibling; a draw that lands too close is
   * dropped, so `maxChildren` stays an upper bound.
   */
  private addChildren(rng: Rng, p: Person, birth: Day, lastDay: Day, fixed: Day[]) {
    const n = rng.int(fixed.length, this.o.maxChildren) - fixed.length;
    const windows: Array<[Day, Day]> = [];
    for (const x of p.partnerships) {
      const end = x.dissolutionDate ? fromLo(x.dissolutionDate) : p.death ? lastDay - 1 : this.ref - 1;
      let lo = Math.max(fromLo(x.startDate) + 1, addYears(birth, PARENT_MIN_AGE));
      let hi = Math.min(end, lastDay, addYears(birth, PARENT_MAX_AGE), this.ref - 1);
      const mother = this.motherBirth(p, x);
      if (mother !== undefined) {
        lo = Math.max(lo, addYears(mother, PARENT_MIN_AGE));
        hi = Math.min(hi, addYears(mother, PARENT_MAX_AGE));
      }
      if (lo <= hi) windows.push([lo, hi]);
    }
    const total = windows.reduce((t, [lo, hi]) => t + hi - lo + 1, 0);
    if (total === 0 || n <= 0) return;
    const days = [...fixed];
    for (let i = 0; i < n; i++) {
      let k = rng.int(0, total - 1);
      let day = 0;
      for (const [lo, hi] of windows) {
        if (k <= hi - lo) {
          day = lo + k;
          break;
        }
        k -= hi - lo + 1;
      }
      if (days.every((d) => Math.abs(d - day) >= SIBLING_GAP)) {
        days.push(day);
        p.children.push(this.child(rng, day, p));
      }
    }
    p.children.sort((a, b) => (a.dateOfBirth < b.dateOfBirth ? -1 : a.dateOfBirth > b.dateOfBirth ? 1 : 0));
  }

  /** Parent 1 the mother, parent 2 the father whose surname the person carries. */
  private addParents(rng: Rng, p: Person, birth: Day) {
    const own: [string, string] = [p.person.prefix ?? '', p.person.lastName];
    for (const [gender, surname] of [
      ['V', undefined],
      ['M', own],
    ] as const) {
      const parentBirth = addYears(birth, -rng.int(18, 42)) - rng.int(0, 364);
      p.parents.push({
        ...this.name(rng, gender, surname),
        dateOfBirth: loDate(parentBirth),
        ...this.birthPlace(rng, parentBirth, rng.chance(0.08)),
        gender,
        familyLawDate: loDate(birth),
      });
    }
  }

  // ---------------------------------------------------------------- linked persons

  /**
   * The relatives of `p` as full person records of their own (option linkedPersons): each partner, each child and
   * (with includeParents) each parent, carrying the BSN, names and dates of p's relation block, and referring back:
   * a partner lists p as partner (the same start, type and dissolution; a partner who survives p has the
   * partnership dissolved by death, reason O, on p's death date; a partner who died, reason O on p's record, is
   * deceased on that date with the partnership in force), a child lists p and the partner at its birth as parents
   * (parent 1 the mother) and that partner lists the child too, a parent lists p as child. A minor lives at the
   * address of a living parent in the Netherlands, a partner in force at p's.
   */
  relatives(rng: Rng, p: Person): Person[] {
    const me = p.person;
    const meAlive = !p.death;
    const out: Person[] = [];
    const partners: Person[] = [];
    for (const x of p.partnerships) {
      const birth = fromLo(x['partner.dateOfBirth']);
      const q = this.relative(rng, pick(x, 'partner.'), x['partner.gender'], birth);
      const mirror: Block = {};
      for (const [k, v] of Object.entries(pick(me, ''))) mirror[`partner.${k}`] = v;
      mirror['partner.gender'] = me.gender;
      for (const k of ['startDate', 'startPlace', 'startCountry'] as const) mirror[k] = x[k];
      let lastDay = this.ref - 1;
      if (x.dissolutionReason === 'O') {
        lastDay = fromLo(x.dissolutionDate);
        q.death = { date: x.dissolutionDate, place: x.dissolutionPlace, country: x.dissolutionCountry };
      } else if (x.dissolutionDate) {
        for (const k of ['dissolutionDate', 'dissolutionPlace', 'dissolutionCountry', 'dissolutionReason'] as const) mirror[k] = x[k];
      } else if (p.death) {
        mirror['partner.dateOfDeath'] = p.death.date;
        mirror.dissolutionDate = p.death.date;
        mirror.dissolutionPlace = p.death.place;
        mirror.dissolutionCountry = p.death.country;
        mirror.dissolutionReason = 'O';
      }
      mirror.type = x.type;
      q.partnerships.push(mirror);
      const together = !x.dissolutionDate && meAlive && p.address.country === undefined;
      this.settle(rng, q, lastDay, together ? p.address : undefined, fromLo(x.startDate));
      partners.push(q);
    }
    out.push(...partners);

    for (const c of p.children) {
      const birth = fromLo(c.dateOfBirth);
      const k = this.relative(rng, pick(c, ''), c.gender ?? this.gender(rng), birth);
      const i = p.partnerships.indexOf(this.partnershipOn(p, birth)!);
      const other = i >= 0 ? partners[i] : undefined;
      const parents = [p, ...(other ? [other] : [])];
      // Parent 1 the mother: the other parent first only when p is a man and the other parent a woman.
      if (other && me.gender === 'M' && other.person.gender === 'V') parents.reverse();
      k.parents = parents.map((x) => ({ ...pick(x.person, ''), gender: x.person.gender, familyLawDate: c.dateOfBirth }));
      other?.children.push(pick(k.person, ''));
      const minor = birth > addYears(this.ref, -18);
      const home = minor ? parents.find((x) => !x.death && x.address.country === undefined && x.address.municipality) : undefined;
      this.settle(rng, k, this.ref - 1, home?.address, birth);
      out.push(k);
    }
    for (const other of partners)
      other.children.sort((a, b) => (a.dateOfBirth < b.dateOfBirth ? -1 : a.dateOfBirth > b.dateOfBirth ? 1 : 0));

    for (const o of p.parents) {
      const birth = fromLo(o.dateOfBirth);
      const q = this.relative(rng, pick(o, ''), o.gender, birth);
      q.children.push(pick(me, ''));
      let lastDay = this.ref - 1;
      // Old parents have died: after p's birth, aged 60 to 100.
      if (birth < addYears(this.ref, -85)) {
        const lo = Math.max(fromLo(me.dateOfBirth) + 1, addYears(birth, 60));
        lastDay = span(rng, Math.min(lo, this.ref - 1), Math.min(addYears(birth, 100), this.ref - 1));
        q.death = { date: loDate(lastDay), place: this.municipality(rng, lastDay)[0], country: NL };
      }
      this.settle(rng, q, lastDay, undefined, birth);
      out.push(q);
    }
    return out;
  }

  /** The record of a relative: the relation block's own data, a fresh A-nummer, birth place and nationality when the block has none. */
  private relative(rng: Rng, own: Block, gender: string, birth: Day): Person {
    const abroad = own.birthCountry !== undefined ? own.birthCountry !== NL : rng.chance(0.08);
    const place =
      own.birthPlace !== undefined ? { birthPlace: own.birthPlace, birthCountry: own.birthCountry } : this.birthPlace(rng, birth, abroad);
    return {
      lifeEvent: 'plain',
      person: { aNumber: this.pool.aNumber(rng), ...own, ...place, gender, nameUse: 'E' },
      parents: [],
      nationalities: [
        { nationality: own.birthCountry === undefined || abroad ? this.nationality(rng, abroad, birth) : this.data.nationalities.dutch },
      ],
      partnerships: [],
      registration: {},
      address: {},
      previousAddresses: [],
      children: [],
    };
  }

  /**
   * Address, registration and life event of a relative's record: `home` (from `since` at the latest, not before
   * the home's own start) or a Dutch address of its own; suspended on its death. The life event follows from the
   * record: deceased, minor, married / registeredPartnership, divorced / widowed, else plain.
   */
  private settle(rng: Rng, q: Person, lastDay: Day, home: Block | undefined, since: Day) {
    const birth = fromLo(q.person.dateOfBirth);
    if (home) {
      const start = loDate(Math.max(fromLo(home.startDate), since));
      q.address = { ...home, registrationDate: start > home.registrationDate ? start : home.registrationDate, startDate: start };
      delete q.address.investigationData;
      delete q.address.investigationStartDate;
    } else {
      const hi = Math.min(Math.max(birth, this.ref - DAYS_PER_YEAR - 1), lastDay);
      q.address = this.dutchAddress(rng, span(rng, Math.min(Math.max(birth, addYears(this.ref, -30)), hi), hi));
    }
    if (q.death) {
      q.registration.suspensionDate = q.death.date;
      q.registration.suspensionReason = 'O';
    }
    q.registration.firstRegistrationDate = loDate(birth >= GBA_START || GBA_START > lastDay ? birth : GBA_START);
    q.registration.confidentiality = '0';
    const x = q.partnerships[0];
    q.lifeEvent = q.death
      ? 'deceased'
      : birth > addYears(this.ref, -18)
        ? 'minor'
        : x && !x.dissolutionDate
          ? x.type === 'P'
            ? 'registeredPartnership'
            : 'married'
          : x
            ? x.dissolutionReason === 'O'
              ? 'widowed'
              : 'divorced'
            : 'plain';
  }

  private postcode(rng: Rng, from: number, to: number): string {
    const l1 = LETTERS[rng.int(0, 25)];
    let l2 = LETTERS[rng.int(0, 25)];
    if (l1 === 'S' && (l2 === 'A' || l2 === 'D' || l2 === 'S')) l2 = 'B'; // PostNL does not issue SA, SD, SS
    return `${rng.int(from, to)}${l1}${l2}`;
  }

  private dutchAddress(rng: Rng, start: Day): Block {
    const [code, city, pcFrom, pcTo] = this.municipality(rng, start);
    const full = rng.chance(this.exoticStreets) ? rng.pick(this.data.exoticStreets) : rng.pick(this.data.streets);
    const b: Block = {
      municipality: code,
      registrationDate: loDate(start),
      function: 'W',
      startDate: loDate(start),
      street: full.length > 24 ? full.slice(0, 24).trimEnd() : full,
      officialStreetName: full,
      houseNumber: String(rng.int(1, rng.chance(0.8) ? 60 : 400)),
    };
    if (rng.chance(this.houseAddition)) {
      const r = rng.next();
      if (r < 0.6) b.houseLetter = LETTERS[rng.int(0, 4)];
      if (r >= 0.4) b.houseNumberAddition = rng.pick(this.data.houseAdditions);
    }
    b.postcode = this.postcode(rng, pcFrom, pcTo);
    b.city = city;
    return b;
  }

  /**
   * Emigrated: three free-text lines and the Tabel 34 country valid on the emigration date; no Dutch postcode.
   * Registered in the RNI (municipality 1999) from its start on 6 January 2014; an earlier emigrant keeps the
   * last Dutch municipality and the date of registration there.
   */
  private abroadAddress(rng: Rng, since: Day, birth: Day): Block {
    const c = rng.pick(this.data.abroad);
    const n = rng.int(1, 250);
    const street = rng.pick(c.streets);
    let municipality = RNI_MUNICIPALITY;
    let registered = since;
    if (since < RNI_START) {
      registered = span(rng, Math.max(birth, addYears(since, -20)), since - 1);
      municipality = this.municipality(rng, registered)[0];
    }
    return {
      municipality,
      registrationDate: loDate(registered),
      country: countryOn(c.country, loDate(since)) ?? c.country,
      abroadStartDate: loDate(since),
      line1: c.iso2 === 'US' || c.iso2 === 'GB' || c.iso2 === 'FR' ? `${n} ${street}` : `${street} ${n}`,
      line2: rng.pick(c.cities),
      line3: c.region,
    };
  }
}

/**
 * `count` persons for the checked options; with linkedPersons, followed by the relatives of each (in the order of
 * the persons), drawn after all of them so the first `count` persons are the same with the option on or off.
 */
export function generatePeople(o: EffectiveOptions, events: LifeEvent[], weights: number[], progress?: BrpProgress): Person[] {
  const factory = new PersonFactory(o, events, weights);
  const out: Person[] = new Array<Person>(o.count);
  for (let i = 0; i < o.count; i++) {
    progress?.drawing(i);
    out[i] = factory.next();
  }
  if (o.linkedPersons) {
    const rng = createRng(o.seed).fork('linked');
    for (let i = 0; i < o.count; i++) {
      progress?.relatives(i);
      out.push(...factory.relatives(rng.fork('relatives'), out[i]));
    }
  }
  return out;
}
